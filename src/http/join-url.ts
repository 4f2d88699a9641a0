/**
 * Joins a base URL and a path with exactly one slash between them, keeping any path prefix of the
 * base (`http://h/api/` + `/v3/rigs` = `http://h/api/v3/rigs`), then appends the query string.
 */
export function joinUrl(baseUrl: string, path: string, query?: Record<string, string>): string {
  const base = baseUrl.replace(/\/+$/, "");
  const tail = path.replace(/^\/+/, "");
  let url = tail === "" ? base : `${base}/${tail}`;
  if (query !== undefined) {
    const qs = new URLSearchParams(query).toString();
    if (qs !== "") url += (url.includes("?") ? "&" : "?") + qs;
  }
  return url;
}
