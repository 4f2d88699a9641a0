/**
 * The old API's base URL. The migration guide writes the old endpoints as
 * `https://api.leviaton.synmax.com/leviaton-be2/api/v2/analysis_report`, while the spec's paths (and
 * the catalog's) start with `/api/v2/`: a base given either way reaches the same URLs.
 */
import { LEGACY_SERVICE } from "../../client/services";
import type { TransportService } from "../../http/types";
import { LEGACY_DOCUMENTED_BASE_URL } from "../catalog/doc-pages";

/**
 * The base URL the catalog's `/api/v2/...` paths are joined to: `raw` without trailing slashes and
 * without one trailing `/api/v2` (`https://host/leviaton-be2/api/v2/` -> `https://host/leviaton-be2`).
 * Anything else is kept as given (the transport checks that it is a URL).
 * @param raw the base URL as the user or `GASFRAMES_LEGACY_URL` gave it.
 */
export function legacyBaseUrl(raw: string): string {
  const trimmed = raw.trim().replace(/\/+$/, "");
  return trimmed.replace(/\/api\/v2$/i, "");
}

/**
 * The old API as the transport knows it: the shared legacy service, whose error for a missing base URL
 * also names the base the migration guide documents, which is the default when a token is set.
 */
export const LEGACY_LNG_SERVICE: TransportService = {
  ...LEGACY_SERVICE,
  baseUrlHint:
    `The migration guide documents the old API at ${LEGACY_DOCUMENTED_BASE_URL} (give it with or without /api/v2; gasframes uses it when a token is set and no base URL is).` +
    (LEGACY_SERVICE.baseUrlHint === undefined ? "" : ` ${LEGACY_SERVICE.baseUrlHint}`),
};

/** The base URL option or `GASFRAMES_LEGACY_URL` (blank counts as unset), normalised by {@link legacyBaseUrl}; undefined when neither is set. */
export function resolveLegacyBaseUrl(option: string | undefined, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const raw = option ?? env[LEGACY_SERVICE.baseUrlEnv];
  return raw === undefined || raw.trim() === "" ? undefined : legacyBaseUrl(raw);
}
