/**
 * A raw JSON POST to the sandbox over node:http, independent of the gasframes clients (tests that compare
 * the toolkit with the service must not go through the toolkit). Each call opens a fresh connection.
 */
import { request } from "node:http";

/** POSTs `body` as JSON to `url` with a token header; resolves the parsed answer, rejects on status >= 300. */
export function rawPost<T = unknown>(url: string, body: unknown): Promise<T> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", agent: false, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), access_key: "any-token" } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          if ((res.statusCode ?? 0) >= 300) reject(new Error(`${url}: ${res.statusCode} ${text.slice(0, 300)}`));
          else resolve(JSON.parse(text) as T);
        });
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** POSTs `body` as JSON to `url` and resolves the status and the body's text, whatever the status; `signal` aborts the request. */
export function rawPostStatus(url: string, body: unknown, options: { signal?: AbortSignal } = {}): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: "POST", agent: false, signal: options.signal, headers: { "content-type": "application/json", "content-length": Buffer.byteLength(payload), access_key: "any-token" } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString("utf8") }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}
