/**
 * The three services the clients talk to, as the transport needs to know them: a name for messages,
 * and where the base URL and the token come from. The transport itself knows none of them.
 */
import type { TransportService } from "../http/types";

/** Where to get a base URL without an account: said when none is configured. */
const SANDBOX_HINT =
  "To try gasframes without an account, start the embedded sandbox (`npx gasframes sandbox`, or startSandbox() in code) and use its URL.";

/** The natural gas service (v3 and v4). */
export const NATGAS_SERVICE: TransportService = {
  service: "natgas",
  baseUrlEnv: "GASFRAMES_NATGAS_URL",
  tokenEnv: ["GASFRAMES_NATGAS_TOKEN"],
  baseUrlHint: SANDBOX_HINT,
};

/** The LNG v1 service. */
export const LNG_SERVICE: TransportService = {
  service: "lng",
  baseUrlEnv: "GASFRAMES_LNG_URL",
  tokenEnv: ["GASFRAMES_LNG_TOKEN"],
  baseUrlHint: SANDBOX_HINT,
};

/** The old job-based LNG API. */
export const LEGACY_SERVICE: TransportService = {
  service: "legacy",
  baseUrlEnv: "GASFRAMES_LEGACY_URL",
  tokenEnv: ["GASFRAMES_LEGACY_TOKEN"],
  baseUrlHint: SANDBOX_HINT,
};
