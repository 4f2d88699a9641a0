import type { IncomingHttpHeaders } from "node:http";

/**
 * The access token of a request, on every path whatever the API: header `Access-Key` (what natural gas
 * v4 and LNG v1 document), `access_key` (natural gas v3 and the old LNG API: the vendor's Python
 * client), `x-api-key`, or `Authorization: Bearer <token>`. Node lowercases header names, so any
 * spelling of them counts. Undefined when none is non-empty.
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
