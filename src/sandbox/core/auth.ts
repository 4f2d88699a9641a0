import type { IncomingHttpHeaders } from "node:http";

/**
 * The access token of a request: header `access_key` (the service's Python client), `Access-Key`
 * (newer clients), `x-api-key`, or `Authorization: Bearer <token>`. Undefined when none is non-empty.
 */
export function extractToken(headers: IncomingHttpHeaders): string | undefined {
  for (const name of ["access_key", "access-key", "x-api-key"]) {
    const value = Object.hasOwn(headers, name) ? headers[name] : undefined;
    const text = Array.isArray(value) ? value[0] : value;
    if (text && text.trim() !== "") return text.trim();
  }
  const auth = Object.hasOwn(headers, "authorization") ? headers.authorization : undefined;
  if (auth) {
    const m = /^Bearer\s+(\S+)\s*$/i.exec(auth);
    if (m) return m[1];
  }
  return undefined;
}
