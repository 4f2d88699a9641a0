// What a paged download holds at once, on a 127.0.0.1 server: body buffers are reused page after page
// and none is pinned once the download is done, and a slow consumer never has more than
// `concurrency + 2` pages requested ahead of it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sharedParsePool } from "../../src/decode/columnar/parse-pool";
import type { TransportRequest } from "../../src/decode";
import { RecordColumns } from "../../src/table/record-columns";
import { makeTransport } from "./helpers/make-transport";
import { sendJson, startServer, type SeenRequest, type TestServer } from "./helpers/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const paged: TransportRequest = { endpoint: "productionbycountyandoperator", httpMethod: "POST", path: "/v3/productionbycountyandoperator", body: {}, response: "envelope-paged" };
const startOf = (req: SeenRequest) => ((req.json as { pagination?: { start?: number } }).pagination?.start ?? 0) as number;
const row = (i: number) => ({ county: `County ${i % 40}`, date: `2024-${String((i % 12) + 1).padStart(2, "0")}-01`, gas_monthly: i * 3, water_daily: i / 8 });

function page(start: number, total: number, pageSize: number) {
  const data = [];
  for (let i = start; i < Math.min(total, start + pageSize); i++) data.push(row(i));
  return { data, pagination: { start, page_size: pageSize, total_count: total } };
}

/** Resolves once the server has seen `n` requests. */
function seenAtLeast(n: number): Promise<void> {
  return new Promise((resolve) => {
    const check = (): void => {
      if (server.seen.length >= n) resolve();
      else setImmediate(check);
    };
    check();
  });
}

describe("memory held by a paged download", () => {
  it("reads 30 pages of 300 KB and more into a handful of reused buffers, and pins none once done", async () => {
    const total = 30 * 4000;
    server.handle((req, res) => sendJson(res, 200, page(startOf(req), total, 4000)));
    expect(JSON.stringify(page(0, total, 4000)).length).toBeGreaterThan(256 * 1024);
    const { transport } = makeTransport(server.url, { concurrency: 3 });
    const { data, meta } = await transport.fetchColumns(paged);
    expect(meta.pages).toBe(30);
    expect(data).toBeInstanceOf(RecordColumns);
    const columns = data as RecordColumns;
    expect(columns.length).toBe(total);
    expect(columns.record(0)).toEqual(row(0));
    expect(columns.record(total - 1)).toEqual(row(total - 1));
    expect(columns.numbers("gas_monthly")!.reduce((s, x) => s + x, 0)).toBe((3 * total * (total - 1)) / 2);
    const buffers = sharedParsePool().buffers;
    // One per page on the wire at most, not one per page.
    expect(buffers.allocated).toBeGreaterThan(0);
    expect(buffers.allocated).toBeLessThanOrEqual(3 + 2);
    expect(buffers.outstanding).toBe(0);
    expect(buffers.idleCount).toBe(0);
  });

  it("with a consumer that holds each page, requests at most concurrency + 2 pages ahead of it", async () => {
    const total = 40 * 10;
    server.handle((req, res) => sendJson(res, 200, page(startOf(req), total, 10)));
    const concurrency = 2;
    const ahead = concurrency + 2;
    const { transport } = makeTransport(server.url, { concurrency });
    const stream = transport.streamColumns(paged);
    let yielded = 0;
    let step = await stream.next();
    const firsts: unknown[] = [];
    while (step.done !== true) {
      firsts.push(step.value.valueAt("county", 0) === "County 0" ? step.value.record(0).gas_monthly : undefined);
      // Held: the pages the transport launched reach the server, and no more than these.
      const launched = Math.min(40, yielded === 0 ? 1 : yielded + ahead);
      await seenAtLeast(launched);
      expect(server.seen.length).toBeLessThanOrEqual(yielded === 0 ? 1 : yielded + ahead);
      yielded++;
      step = await stream.next();
    }
    expect(yielded).toBe(40);
    expect(server.seen).toHaveLength(40);
    expect(firsts[0]).toBe(0);
    expect(firsts[4]).toBe(3 * 40);
  });
});
