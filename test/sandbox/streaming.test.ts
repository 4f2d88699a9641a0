import { request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox } from "../../src/sandbox";
import type { SandboxHandle } from "../../src/sandbox";
import { post, TOKEN } from "./sandbox-http";

let s: SandboxHandle;
beforeAll(async () => {
  s = await startSandbox({ seed: 2, asOf: "2025-06-15" });
});
afterAll(async () => {
  await s.close();
});

/** Streams an NDJSON answer, counting lines and sampling the heap, never keeping the body. */
function countLines(path: string, body: unknown): Promise<{ lines: number; bytes: number; peakHeap: number; lastRow: string }> {
  return new Promise((resolve, reject) => {
    const url = new URL(s.url);
    const req = request(
      { host: url.hostname, port: url.port, path, method: "POST", headers: { access_key: TOKEN, accept: "application/x-ndjson", "content-type": "application/json" } },
      (res) => {
        let lines = 0;
        let bytes = 0;
        let peakHeap = 0;
        let tail = "";
        let chunks = 0;
        res.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
          for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
          tail = (tail + chunk.toString("utf8")).slice(-2000);
          if (++chunks % 16 === 0) peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
        });
        res.on("end", () => {
          const rows = tail.trim().split("\n");
          resolve({ lines, bytes, peakHeap, lastRow: rows[rows.length - 1] });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

describe("streaming with bounded memory", () => {
  it("streams a ~300,000-row v4 NDJSON answer without holding it (heap grows far less than the body)", async () => {
    const query = { date_prod_min: "2024-01-01" };
    const perMonth = (await post(s.url, "/v4/productionbywell", { ...query, aggregate_by: ["date_prod"] })).body;
    const expected = perMonth.reduce((t: number, r: any) => t + r.count, 0);
    expect(expected).toBeGreaterThan(200_000);
    const before = process.memoryUsage().heapUsed;
    const got = await countLines("/v4/productionbywell", query);
    expect(got.lines).toBe(expected);
    expect(JSON.parse(got.lastRow).date_prod).toBe("2025-05-01");
    expect(got.bytes).toBeGreaterThan(80_000_000);
    const growth = got.peakHeap - before;
    expect(growth).toBeLessThan(Math.min(150_000_000, got.bytes / 2));
  });
});
