/**
 * Raw HTTP helpers for the sandbox tests: fetch and node:http only, never the gasframes clients, so a
 * misunderstanding of the service is not hidden on both sides at once.
 */
import { request } from "node:http";

export const TOKEN = "test-token";

/** A JSON answer: status, headers and parsed body. */
export interface JsonAnswer {
  status: number;
  headers: Headers;
  body: any;
}

/** POSTs a JSON body (objects are serialised; strings are sent as they are). */
export async function post(base: string, path: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<JsonAnswer> {
  const res = await fetch(base + path, {
    method: "POST",
    headers: { access_key: TOKEN, "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text === "" ? undefined : JSON.parse(text) };
}

/** GETs a path. */
export async function get(base: string, path: string, headers: Record<string, string> = { access_key: TOKEN }): Promise<JsonAnswer> {
  const res = await fetch(base + path, { headers });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text === "" ? undefined : JSON.parse(text) };
}

/** Fetches every page of a v3 POST query (pagination.start), returning rows and the first page's total. */
export async function allPages(base: string, path: string, body: Record<string, unknown>): Promise<{ rows: any[]; total: number }> {
  const rows: any[] = [];
  let total = Infinity;
  while (rows.length < total) {
    const page = await post(base, path, { ...body, pagination: { start: rows.length } });
    if (page.status !== 200) throw new Error(`page at ${rows.length}: ${page.status} ${JSON.stringify(page.body)}`);
    total = page.body.pagination.total_count;
    if (page.body.data.length === 0) break;
    rows.push(...page.body.data);
  }
  return { rows, total };
}

/** Sends a raw request over node:http (for paths fetch would normalise, and for broken answers). */
export function rawRequest(
  url: string,
  options: { method?: string; path: string; headers?: Record<string, string | number>; body?: string | Buffer },
): Promise<{ status: number; headers: Record<string, unknown>; body: string; error?: Error }> {
  return new Promise((resolve) => {
    const target = new URL(url);
    const req = request(
      { host: target.hostname, port: target.port, method: options.method ?? "GET", path: options.path, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", (error) => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8"), error }));
        res.on("aborted", () => undefined);
      },
    );
    req.on("error", (error) => resolve({ status: 0, headers: {}, body: "", error }));
    req.end(options.body);
  });
}
