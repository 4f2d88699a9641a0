// v3 pages parsed as their bytes arrive on the calling thread (envelope-in-place.ts), chosen here by
// GASFRAMES_V3_IN_PLACE=1 (this file's shared parse pool is made after it is set): the same columns,
// checks and typed errors as pages read whole.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
process.env.GASFRAMES_V3_IN_PLACE = "1";
import { sharedParsePool } from "../../src/decode/columnar/parse-pool";
import { PaginationError, ResponseParseError } from "../../src/errors";
import { RecordColumns } from "../../src/table/record-columns";
import { makeTransport, postRequest } from "./helpers/make-transport";
import { expectNoToken, rejectionOf } from "./helpers/secrets";
import { startServer, type SeenRequest, type TestServer } from "./helpers/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const row = (i: number) => ({ i, region: ["Permian", "Bakken", "Ünïcode ☃"][i % 3], gas: i % 7 === 0 ? null : i / 8, note: i % 5 === 0 ? 'q"uote\n' : "x".repeat(40 + (i % 9)) });
const startOf = (req: SeenRequest) => ((req.json as { pagination?: { start?: number } }).pagination?.start ?? 0) as number;

function pageText(start: number, total: number, pageSize: number): Buffer {
  const data = [];
  for (let i = start; i < Math.min(total, start + pageSize); i++) data.push(row(i));
  return Buffer.from(JSON.stringify({ data, pagination: { start, page_size: pageSize, total_count: total } }));
}

/** Writes `body` in pieces of `step` bytes, one per turn of the event loop (cuts land inside records and characters). */
function writeInPieces(res: import("node:http").ServerResponse, body: Buffer, step: number, withLength = true): void {
  res.writeHead(200, { "content-type": "application/json", ...(withLength ? { "content-length": String(body.length) } : {}) });
  let at = 0;
  const next = (): void => {
    if (at >= body.length) return void res.end();
    res.write(body.subarray(at, at + step));
    at += step;
    setImmediate(next);
  };
  next();
}

describe("v3 pages parsed where they arrive (GASFRAMES_V3_IN_PLACE=1)", () => {
  it("the shared pool takes the setting", () => {
    expect(sharedParsePool().envelopesInPlace).toBe(true);
  });

  it.each([[97, true], [1000, false], [65536, true]])("gives every page's records, in order, written in pieces of %i bytes (Content-Length: %s)", async (step, withLength) => {
    server.handle((req, res) => writeInPieces(res, pageText(startOf(req), 2500, 1000), step, withLength));
    const { transport } = makeTransport(server.url, { concurrency: 2 });
    const { data, meta } = await transport.fetchColumns(postRequest({ response: "envelope-paged" }));
    expect(data).toBeInstanceOf(RecordColumns);
    expect((data as RecordColumns).toRecords()).toEqual(Array.from({ length: 2500 }, (_, i) => row(i)));
    expect(meta).toMatchObject({ pages: 3, rows: 2500 });
  });

  it("refuses a page cut short mid-record, or malformed, with a ResponseParseError naming the request", async () => {
    for (const damage of [(b: Buffer) => b.subarray(0, b.length - 700), (b: Buffer) => Buffer.from(b.toString().replace('"gas":', '"gas":--'))]) {
      server.handle((req, res) => {
        const start = startOf(req);
        const body = start === 1000 ? damage(pageText(start, 2500, 1000)) : pageText(start, 2500, 1000);
        writeInPieces(res, body, 4096, false);
      });
      const { transport } = makeTransport(server.url);
      const err = await rejectionOf(transport.fetchColumns(postRequest({ response: "envelope-paged" })));
      expect(err).toBeInstanceOf(ResponseParseError);
      expect(String(err)).toMatch(/\/v3\/rigs/);
      expectNoToken(err);
    }
  });

  it("checks every page: one with a missing row is a PaginationError", async () => {
    server.handle((req, res) => {
      const start = startOf(req);
      const body = JSON.parse(pageText(start, 2500, 1000).toString()) as { data: unknown[] };
      if (start === 2000) body.data.pop();
      writeInPieces(res, Buffer.from(JSON.stringify(body)), 5000);
    });
    const { transport } = makeTransport(server.url);
    await expect(transport.fetchColumns(postRequest({ response: "envelope-paged" }))).rejects.toBeInstanceOf(PaginationError);
  });

  it("reads a page of another shape (pagination first, elements that are not objects) as pages read whole do", async () => {
    server.handle((req, res) => {
      const start = startOf(req);
      const p = JSON.parse(pageText(start, 30, 10).toString()) as { data: unknown[]; pagination: unknown };
      writeInPieces(res, Buffer.from(JSON.stringify({ pagination: p.pagination, data: p.data })), 33);
    });
    const { transport } = makeTransport(server.url);
    const { data } = await transport.fetchColumns(postRequest({ response: "envelope-paged" }));
    expect((data as RecordColumns).toRecords()).toEqual(Array.from({ length: 30 }, (_, i) => row(i)));
    server.handle((_req, res) => writeInPieces(res, Buffer.from('{"data":[{"a":1},7],"pagination":{"start":0,"page_size":10,"total_count":2}}'), 5));
    await expect(transport.fetchColumns(postRequest({ response: "envelope-paged" }))).rejects.toBeInstanceOf(ResponseParseError);
  });
});
