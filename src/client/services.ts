/**
 * The three services the clients talk to, as the transport needs to know them: a name for messages,
 * where the base URL and the token come from, and the header the token goes in for a request that
 * names none (the name lists; every catalog call names its API's). The transport itself knows none of them.
 */
import { tokenHeaderForPath } from "../catalog/token-headers";
import type { TransportService } from "../http/types";

/**
 * The documented live hosts, used when a token is set and no base URL is (docs/conformance.md#live-hosts):
 * natural gas v3 and v4 at the host of the vendor's own `curl` example for `/v4/beta/query_datalinks`
 * (blog.synmax.com, "Access Hyperion Data Like AI Does"); LNG v1 at the host every v1 reference page names
 * (leviaton.apidocs.synmax.com/v1/*.html); the old LNG API at the base the migration guide gives.
 */
export const LIVE_BASE_URLS = {
  natgas: "https://hyperion.api.synmax.com",
  lng: "https://leviaton.api.synmax.com",
  legacy: "https://api.leviaton.synmax.com/leviaton-be2",
} as const;

/** Where to get a base URL without an account: said when none is configured. */
const SANDBOX_HINT =
  "To try gasframes without an account, start the embedded sandbox (`npx gasframes sandbox`, or startSandbox() in code) and use its URL.";

/** The natural gas service (v3 and v4). */
export const NATGAS_SERVICE: TransportService = {
  service: "natgas",
  tokenHeaderFor: (path) => tokenHeaderForPath("natgas", path),
  baseUrlEnv: "GASFRAMES_NATGAS_URL",
  tokenEnv: ["GASFRAMES_NATGAS_TOKEN"],
  baseUrlHint: SANDBOX_HINT,
  liveBaseUrl: LIVE_BASE_URLS.natgas,
};

/** The LNG v1 service. */
export const LNG_SERVICE: TransportService = {
  service: "lng",
  tokenHeaderFor: (path) => tokenHeaderForPath("lng", path),
  baseUrlEnv: "GASFRAMES_LNG_URL",
  tokenEnv: ["GASFRAMES_LNG_TOKEN"],
  baseUrlHint: SANDBOX_HINT,
  liveBaseUrl: LIVE_BASE_URLS.lng,
};

/** The old job-based LNG API. */
export const LEGACY_SERVICE: TransportService = {
  service: "legacy",
  tokenHeaderFor: (path) => tokenHeaderForPath("legacy", path),
  baseUrlEnv: "GASFRAMES_LEGACY_URL",
  tokenEnv: ["GASFRAMES_LEGACY_TOKEN"],
  baseUrlHint: SANDBOX_HINT,
  liveBaseUrl: LIVE_BASE_URLS.legacy,
};
