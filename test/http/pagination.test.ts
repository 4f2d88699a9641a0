import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaginationError, ServerError } from "../../src/errors";
import type { ProgressUpdate } from "../../src/http";
import { makeTransport, postRequest } from "./helpers/make-transport";
import { expectNoToken, rejectionOf } from "./helpers/secrets";
import { sendJson, startServer, type SeenRequest, type TestServer } from "./helpers/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The honest page of a table of `total` rows `{i}`. */
function page(start: number, total: number, pageSize: number) {
  const data = [];
  for (let i = start; i < Math.min(total, start + pageSize); i++) data.push({ i });
  return { data, pagination: { start, page_size: pageSize, total_count: total } };
}

function startOf(req: SeenRequest): number {
  return ((req.json as { pagination?: { start?: number } }).pagination?.start ?? 0) as number;
}

const paged = postRequest({ response: "envelope-paged" });

describe("v3 pagination", () => {
  it("fetches every page concurrently and keeps rows in offset order", async () => {
    let inFlight = 0;
    let maxInFlight = 0;
    server.handle(async (req, res) => {
      inFlight++;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const start = startOf(req);
      // Later pages answer sooner, so order must come from offsets, not arrival.
      await pause(start === 0 ? 0 : 40 - (start / 10) * 3);
      inFlight--;
      sendJson(res, 200, page(start, 95, 10));
    });
    const updates: ProgressUpdate[] = [];
    const { transport } = makeTransport(server.url, {
      concurrency: 3,
      progress: { update: (p) => updates.push(p), done: () => undefined },
    });
    const { records, meta } = await transport.fetchRecords<{ i: number }>(paged);
    expect(records.map((r) => r.i)).toEqual(Array.from({ length: 95 }, (_, i) => i));
    expect(meta.pages).toBe(10);
    expect(meta.rows).toBe(95);
    expect(meta.attempts).toBe(10);
    expect(server.seen).toHaveLength(10);
    expect(server.seen.map(startOf).sort((a, b) => a - b)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    expect(maxInFlight).toBeLessThanOrEqual(3);
    expect(maxInFlight).toBeGreaterThan(1);
    // Every page carries the user's filters too.
    for (const req of server.seen) expect((req.json as { region: string }).region).toBe("west");
    expect(meta.params).toEqual({ region: "west", operator_name: null });
    const last = updates[updates.length - 1] as ProgressUpdate;
    expect(last).toMatchObject({ endpoint: "rigs", pages: 10, totalPages: 10, rows: 95, totalRows: 95 });
  });

  it("answers an empty table with one request and no rows", async () => {
    server.handle((req, res) => sendJson(res, 200, page(startOf(req), 0, 10)));
    const { transport } = makeTransport(server.url);
    const { records, meta } = await transport.fetchRecords(paged);
    expect(records).toEqual([]);
    expect(meta.pages).toBe(1);
    expect(server.seen).toHaveLength(1);
  });

  it("re-fetches a short page once and accepts the good second answer", async () => {
    let shortOnce = true;
    server.handle((req, res) => {
      const start = startOf(req);
      const body = page(start, 30, 10);
      if (start === 10 && shortOnce) {
        shortOnce = false;
        body.data = body.data.slice(0, 7);
      }
      sendJson(res, 200, body);
    });
    const { transport } = makeTransport(server.url);
    const { records } = await transport.fetchRecords<{ i: number }>(paged);
    expect(records.map((r) => r.i)).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(server.seen.filter((r) => startOf(r) === 10)).toHaveLength(2);
  });

  it("raises PaginationError for a page that stays short (rows missing)", async () => {
    server.handle((req, res) => {
      const start = startOf(req);
      const body = page(start, 30, 10);
      if (start === 20) body.data = body.data.slice(0, 9);
      sendJson(res, 200, body);
    });
    const { transport, logs } = makeTransport(server.url);
    const err = await rejectionOf(transport.fetchRecords(paged));
    expect(err).toBeInstanceOf(PaginationError);
    expect((err as PaginationError).code).toBe("PAGINATION");
    expect(String(err)).toContain("start=20");
    expect(server.seen.filter((r) => startOf(r) === 20)).toHaveLength(2);
    expectNoToken(err, logs.lines);
  });

  it("raises PaginationError for a duplicated page (the server sends an earlier page again)", async () => {
    server.handle((req, res) => {
      const start = startOf(req);
      sendJson(res, 200, start === 20 ? page(10, 40, 10) : page(start, 40, 10));
    });
    const { transport } = makeTransport(server.url);
    const err = await rejectionOf(transport.fetchRecords(paged));
    expect(err).toBeInstanceOf(PaginationError);
    expect(String(err)).toContain("echoes start 10");
  });

  it("raises PaginationError when total_count changes during the download", async () => {
    server.handle((req, res) => {
      const start = startOf(req);
      sendJson(res, 200, page(start, start >= 20 ? 41 : 40, 10));
    });
    const { transport } = makeTransport(server.url);
    const err = await rejectionOf(transport.fetchRecords(paged));
    expect(err).toBeInstanceOf(PaginationError);
    expect(String(err)).toContain("total_count 41");
  });

  it("retries a failing page on its own, then fails the call with that page's error", async () => {
    server.handle((req, res) => {
      const start = startOf(req);
      if (start === 10) sendJson(res, 503, { error: "page shard down" });
      else sendJson(res, 200, page(start, 30, 10));
    });
    const { transport } = makeTransport(server.url, { maxRetries: 2 });
    const err = await rejectionOf(transport.fetchRecords(paged));
    expect(err).toBeInstanceOf(ServerError);
    expect(server.seen.filter((r) => startOf(r) === 10)).toHaveLength(3);
  });

  it("streams pages in offset order, holding at most `concurrency` pages", async () => {
    server.handle((req, res) => sendJson(res, 200, page(startOf(req), 50, 10)));
    const { transport } = makeTransport(server.url, { concurrency: 2 });
    const stream = transport.streamRecords<{ i: number }>(paged);
    const firsts: number[] = [];
    let step = await stream.next();
    while (step.done !== true) {
      firsts.push(step.value[0]?.i ?? -1);
      // While the consumer holds a page, the transport may only have `concurrency` more requested.
      expect(server.seen.length).toBeLessThanOrEqual(firsts.length + 2);
      step = await stream.next();
    }
    expect(firsts).toEqual([0, 10, 20, 30, 40]);
    expect(step.value.rows).toBe(50);
  });

  it("accepts an envelope without pagination as one whole page", async () => {
    server.handle((_req, res) => sendJson(res, 200, { data: [{ a: 1 }, { a: 2 }] }));
    const { transport } = makeTransport(server.url);
    const { records, meta } = await transport.fetchRecords(paged);
    expect(records).toHaveLength(2);
    expect(meta.pages).toBe(1);
  });
});

describe("many pages at once", () => {
  it("runs 16 pages concurrently, each retried once, all rows in order and no listener-leak warning", async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on("warning", onWarning);
    const failedOnce = new Set<number>();
    server.handle((req, res) => {
      const start = startOf(req);
      if (start > 0 && !failedOnce.has(start)) {
        failedOnce.add(start);
        sendJson(res, 503, { error: "busy" });
      } else sendJson(res, 200, page(start, 400, 10));
    });
    const { transport } = makeTransport(server.url, {
      concurrency: 16,
      sleep: (ms) => new Promise<void>((resolve) => setTimeout(resolve, 1 + (ms % 3))),
    });
    const { records, meta } = await transport.fetchRecords(paged);
    await pause(10);
    process.off("warning", onWarning);
    expect(records).toHaveLength(400);
    expect(meta.attempts).toBe(40 + 39);
    expect(warnings).not.toContain("MaxListenersExceededWarning");
  });
});
