/**
 * The share done and the time left of a download, where the service tells the total: an NDJSON body
 * sent without compression has a Content-Length (its bytes are the total); a compressed one does not
 * say what it decodes to, so only the bytes and the rate are shown. Against a real server on 127.0.0.1.
 */
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ProgressUpdate } from "../../src/http";
import { formatProgress, ProgressTracker } from "../../src/http/progress";
import { makeTransport, postRequest } from "./helpers/make-transport";
import { startServer, type TestServer } from "./helpers/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const body = Buffer.from(Array.from({ length: 5000 }, (_, i) => JSON.stringify({ i, region: "west", gas_daily: i / 7 })).join("\n") + "\n");

function serve(compress: boolean): void {
  server.handle((_req, res) => {
    const payload = compress ? gzipSync(body) : body;
    res.writeHead(200, { "content-type": "application/x-ndjson", "content-length": String(payload.byteLength), ...(compress ? { "content-encoding": "gzip" } : {}) });
    res.end(payload);
  });
}

async function download(): Promise<ProgressUpdate[]> {
  const updates: ProgressUpdate[] = [];
  let now = 0;
  const { transport } = makeTransport(server.url, {
    // Every reading of the clock is 400 ms on: the estimate needs a second gone, on any machine.
    clock: () => (now += 400),
    progress: { update: (p) => updates.push(p), done: () => undefined },
  });
  const out = await transport.fetchRecords(postRequest({ endpoint: "productionByCounty", httpMethod: "GET", body: undefined, path: "/v4/production", response: "array", ndjson: true }));
  expect(out.records).toHaveLength(5000);
  return updates;
}

describe("progress with a known total", () => {
  it("an uncompressed NDJSON body: its Content-Length is the total; the share reaches 100% with a time left", async () => {
    serve(false);
    const updates = await download();
    expect(updates.length).toBeGreaterThan(0);
    const last = updates.at(-1)!;
    expect(last.totalBytes).toBe(body.byteLength);
    expect(last.bytes).toBe(body.byteLength);
    expect(last.fraction).toBe(1);
    expect(last.etaMs).toBe(0);
    expect(formatProgress(last)).toMatch(/^gasframes productionByCounty: 100%, .*rows, [\d.]+ kB of [\d.]+ kB, .*\/s, about 0 s left$/);
  });

  it("a compressed body: no total, no share, no time left; bytes and rate only", async () => {
    serve(true);
    const updates = await download();
    const last = updates.at(-1)!;
    expect(last.totalBytes).toBeUndefined();
    expect(last.fraction).toBeUndefined();
    expect(last.etaMs).toBeUndefined();
    expect(formatProgress(last)).not.toMatch(/%|left| of /);
  });
});

describe("the share and the time left", () => {
  function tracker(): { t: ProgressTracker; updates: ProgressUpdate[]; at: (ms: number) => void } {
    const updates: ProgressUpdate[] = [];
    let now = 0;
    const t = new ProgressTracker("volumeFlows", () => now, 0, { sink: { update: (p) => updates.push(p), done: () => undefined }, automatic: false });
    return { t, updates, at: (ms) => (now = ms) };
  }

  it("estimates the time left from the bytes of a body whose length is known", () => {
    const { t, updates, at } = tracker();
    t.expectBody(12_000_000);
    at(2000);
    t.addBytes(3_000_000);
    t.addPage(0);
    const u = updates.at(-1)!;
    expect(u.fraction).toBe(0.25);
    expect(u.etaMs).toBe(6000); // a quarter in 2 s: 6 s more at the same rate
    expect(formatProgress(u)).toBe("gasframes volumeFlows: 25%, 1 batch, 0 rows, 2.9 MB of 11.4 MB, 1.4 MB/s, about 6 s left");
  });

  it("prefers the announced records (v3's total_count) to the bytes, and pages to the bytes", () => {
    const { t, updates, at } = tracker();
    t.totalRows = 10_000;
    t.totalPages = 10;
    at(4000);
    t.addPage(2000);
    expect(updates.at(-1)!.fraction).toBe(0.2);
    expect(updates.at(-1)!.etaMs).toBe(16_000);
    expect(formatProgress(updates.at(-1)!)).toBe("gasframes volumeFlows: 20%, page 1/10, 2,000/10,000 rows, 0 B, 0 B/s, about 16 s left");
  });

  it("counts a retried body's bytes on top of what came before; estimates nothing in the first second", () => {
    const { t, updates, at } = tracker();
    t.addBytes(500);
    t.expectBody(1000);
    expect(t.totalBytes).toBe(1500);
    at(900);
    t.addPage(1);
    expect(updates.at(-1)!.fraction).toBeCloseTo(1 / 3);
    expect(updates.at(-1)!.etaMs).toBeUndefined();
  });

  it("shows no zero counts of batches and rows before the first is decoded", () => {
    expect(formatProgress({ endpoint: "productionByCounty", pages: 0, rows: 0, bytes: 12_688_000, rateBytesPerSec: 2_000_000 })).toBe("gasframes productionByCounty: 12.1 MB, 1.9 MB/s");
  });
});
