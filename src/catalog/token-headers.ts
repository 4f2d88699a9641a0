/**
 * The header each API documents for the access token. The newer APIs send `Access-Key`: natural gas
 * v4's examples, and LNG v1's OpenAPI document in the vendor's Python client (synmax-api-python-client
 * 4.6.0, synmax/leviaton/v1/openapi.yaml: `securitySchemes.ApiKeyAuth`, header `Access-Key`; a scratch
 * script elsewhere sends `x-api-key` to the same host, which this document outranks). The
 * older ones are only known through the vendor's public Python client, which sends `access_key` (a
 * name with an underscore, which nginx and other proxies drop by default, so it must not be sent to
 * an API that documents the other). The user's `tokenHeader` option overrides all of them.
 */
import type { EndpointSpec } from "./types";

/** `Access-Key`: natural gas v4 and LNG v1. */
export const ACCESS_KEY_HEADER = "Access-Key";
/** `access_key`: natural gas v3 and the old job-based LNG API (the public Python client's). */
export const LEGACY_ACCESS_KEY_HEADER = "access_key";

type Service = EndpointSpec["service"];

/** Service -> API version -> header. */
const TOKEN_HEADERS: Readonly<Record<Service, Readonly<Record<string, string>>>> = {
  natgas: { v3: LEGACY_ACCESS_KEY_HEADER, v4: ACCESS_KEY_HEADER },
  lng: { v1: ACCESS_KEY_HEADER },
  legacy: { legacy: LEGACY_ACCESS_KEY_HEADER },
};

/**
 * What a service uses for a version it has no entry for: a new natural gas or LNG version follows the
 * newer APIs; the old LNG API has one version.
 */
const SERVICE_DEFAULT: Readonly<Record<Service, string>> = {
  natgas: ACCESS_KEY_HEADER,
  lng: ACCESS_KEY_HEADER,
  legacy: LEGACY_ACCESS_KEY_HEADER,
};

/** The header carrying the token to `version` of `service` (`natgas`/`v3` -> `access_key`). */
export function tokenHeaderFor(service: Service, version: string): string {
  return TOKEN_HEADERS[service]?.[version] ?? SERVICE_DEFAULT[service] ?? ACCESS_KEY_HEADER;
}

/**
 * The header of a request to `path` of `service`, from the path's first segment (`/v3/rigs` -> `v3`),
 * for requests built outside a catalog entry (the name lists). The old LNG API's paths (`/api/v2/...`)
 * name no version of their own: the service decides.
 */
export function tokenHeaderForPath(service: Service, path: string): string {
  if (service === "legacy") return SERVICE_DEFAULT.legacy;
  const version = /^\/*(v\d+)(?:\/|$)/.exec(path)?.[1];
  return version === undefined ? SERVICE_DEFAULT[service] : tokenHeaderFor(service, version);
}
