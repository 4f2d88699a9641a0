// The next v3 pages are asked for while the first one parses: the pagination its body ends with is read
// before the parse (peekPagination), and the pages planned from it are checked against the parse.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaginationError } from "../../src/errors";
import { peekPagination, type Pagination } from "../../src/decode/envelope";
import { paginate, type Page } from "../../src/decode/paginate";
import { budget } from "../helpers/budget";
import { makeTransport, postRequest } from "./helpers/make-transport";
import { sendJson, startServer, type SeenRequest, type TestServer } from "./helpers/test-server";

const bytes = (s: string): Uint8Array => new TextEncoder().encode(s);

describe("peekPagination", () => {
  it("reads the pagination member an envelope ends with", () => {
    const p = { start: 0, page_size: 10000, total_count: 1000000 };
    expect(peekPagination(bytes(JSON.stringify({ data: [{ a: 1 }], pagination: p })))).toEqual(p);
    expect(peekPagination(bytes(`{"data":[{"a":"é"}] ,\n "pagination" : { "total_count": 5, "start": 0, "page_size": 2, "more": true } }\n`))).toEqual({
      start: 0,
      page_size: 2,
      total_count: 5,
    });
    // Only the last 512 bytes are read: a long body is no slower.
    const long = JSON.stringify({ data: Array.from({ length: 5000 }, (_, i) => ({ i })), pagination: p });
    expect(peekPagination(bytes(long))).toEqual(p);
  });

  it("gives nothing for any other ending", () => {
    const p = { start: 0, page_size: 10, total_count: 50 };
    for (const body of [
      JSON.stringify({ pagination: p, data: [] }), // pagination first
      JSON.stringify({ data: [], x: { pagination: p } }), // nested one level down
      JSON.stringify({ data: [{ pagination: p }] }), // inside a record
      JSON.stringify({ data: [], pagination: { ...p, inner: {} } }), // an object inside it
      JSON.stringify({ data: [], pagination: p }).slice(0, -1), // cut short
      JSON.stringify({ data: [], pagination: { ...p, total_count: -1 } }),
      JSON.stringify({ data: [], pagination: { ...p, page_size: 2.5 } }),
      JSON.stringify({ data: [], pagination: { start: 0, page_size: 10 } }),
      JSON.stringify({ data: [], note: '"pagination":{"start":0,"page_size":10,"total_count":50}}' }), // in a string
      `{"data":[],"pagination":{"start":0,"page_size":10,"total_count":50,}}`, // not JSON
      JSON.stringify({ error: "bad key" }),
      "",
    ]) {
      expect(peekPagination(bytes(body)), body).toBeUndefined();
    }
  });
});

/** The page at `start` of a table of `total` rows `{i}` in pages of `size`. */
function pageOf(start: number, total: number, size: number): Page<number[]> {
  const data: number[] = [];
  for (let i = start; i < Math.min(total, start + size); i++) data.push(i);
  return { data, rows: data.length, pagination: { start, page_size: size, total_count: total } };
}

const options = { concurrency: 3, url: "http://127.0.0.1/test", endpoint: "test", cancel: () => undefined };

async function all<T>(gen: AsyncGenerator<T[], void, undefined>): Promise<T[]> {
  const out: T[] = [];
  for await (const part of gen) out.push(...part);
  return out;
}

/** A promise and the function that settles it. */
function later(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe("paginate with the first page's early pagination", () => {
  it("asks for the next pages before the first page is parsed", { timeout: budget(10_000) }, async () => {
    const second = later();
    const asked: number[] = [];
    const fetch = async (start: number, early?: (p: Pagination) => void): Promise<Page<number[]>> => {
      asked.push(start);
      if (start === 10) second.resolve();
      if (start !== 0) return pageOf(start, 35, 10);
      early?.({ start: 0, page_size: 10, total_count: 35 });
      // The first page "parses" until the second page has been asked for: without the early plan
      // this would never end.
      await second.promise;
      return pageOf(0, 35, 10);
    };
    expect(await all(paginate(fetch, options))).toEqual(Array.from({ length: 35 }, (_, i) => i));
    expect(asked.slice(0, 4)).toEqual([0, 10, 20, 30]);
    expect(asked).toHaveLength(4);
  });

  it("drops the early pages when the parsed first page tells another plan", async () => {
    const early: number[] = [];
    const planned: number[] = [];
    let parsed = false;
    const fetch = async (start: number, onEarly?: (p: Pagination) => void): Promise<Page<number[]>> => {
      if (start === 0) {
        onEarly?.({ start: 0, page_size: 10, total_count: 45 });
        parsed = true;
        return pageOf(0, 25, 10);
      }
      // The early pages (asked for before the first page's parse) are of the early plan's table.
      (parsed ? planned : early).push(start);
      return pageOf(start, parsed ? 25 : 45, 10);
    };
    const totals: number[] = [];
    const out = await all(paginate(fetch, { ...options, onTotals: (rows) => totals.push(rows) }));
    expect(out).toEqual(Array.from({ length: 25 }, (_, i) => i));
    expect(totals).toEqual([25]);
    expect(early).toEqual([10, 20, 30]);
    expect(planned.sort((a, b) => a - b)).toEqual([10, 20]);
  });

  it("fails with the early pages' error once the first page confirms their plan", async () => {
    const fetch = async (start: number, early?: (p: Pagination) => void): Promise<Page<number[]>> => {
      if (start === 0) {
        early?.({ start: 0, page_size: 10, total_count: 30 });
        return pageOf(0, 30, 10);
      }
      // Page 20 holds a row too few, also when fetched again.
      const page = pageOf(start, 30, 10);
      return start === 20 ? { ...page, data: page.data.slice(1), rows: 9 } : page;
    };
    await expect(all(paginate(fetch, options))).rejects.toThrow(PaginationError);
    await expect(all(paginate(fetch, options))).rejects.toThrow(/start=20 holds 9 rows where 10 were expected/);
  });

  it("ignores an early plan that is unusable or given twice, and one for another start", async () => {
    for (const hint of [
      { start: 0, page_size: 0, total_count: 30 },
      { start: 5, page_size: 10, total_count: 30 },
    ]) {
      const asked: number[] = [];
      const fetch = async (start: number, early?: (p: Pagination) => void): Promise<Page<number[]>> => {
        asked.push(start);
        if (start === 0) early?.(hint);
        return pageOf(start, 30, 10);
      };
      expect(await all(paginate(fetch, options))).toEqual(Array.from({ length: 30 }, (_, i) => i));
      expect(asked.sort((a, b) => a - b)).toEqual([0, 10, 20]);
    }
  });
});

describe("v3 pages over HTTP, asked for early", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());
  const startOf = (req: SeenRequest): number => ((req.json as { pagination?: { start?: number } }).pagination?.start ?? 0) as number;

  it("gives the same columns and asks for each page once, whatever the envelope's member order", async () => {
    for (const paginationFirst of [false, true]) {
      server.handle((req, res) => {
        const start = startOf(req);
        const data = Array.from({ length: Math.min(10, 95 - start) }, (_, k) => ({ i: start + k, name: `n${(start + k) % 7}` }));
        const pagination = { start, page_size: 10, total_count: 95 };
        sendJson(res, 200, paginationFirst ? { pagination, data } : { data, pagination });
      });
      const { transport } = makeTransport(server.url, { concurrency: 3 });
      const { data, meta } = await transport.fetchColumns(postRequest({ response: "envelope-paged" }));
      const records = Array.isArray(data) ? data : data.toRecords();
      expect(records).toEqual(Array.from({ length: 95 }, (_, i) => ({ i, name: `n${i % 7}` })));
      expect(meta.pages).toBe(10);
      expect(meta.attempts).toBe(10);
      expect(server.seen.map(startOf).sort((a, b) => a - b)).toEqual([0, 10, 20, 30, 40, 50, 60, 70, 80, 90]);
    }
  });
});
