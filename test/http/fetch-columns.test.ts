import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PaginationError, ResponseParseError } from "../../src/errors";
import { ndjsonColumns } from "../../src/decode/body-columns";
import { ParsePool } from "../../src/decode/columnar/parse-pool";
import type { TransportMeta } from "../../src/http";
import { RecordColumns } from "../../src/table/record-columns";
import { makeTransport, postRequest, recordsOfPart } from "./helpers/make-transport";
import { expectNoToken, rejectionOf } from "./helpers/secrets";
import { sendJson, startServer, type SeenRequest, type TestServer } from "./helpers/test-server";
import { expectSameRecords } from "../helpers/same-records";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const row = (i: number) => ({ i, region: ["Permian", "Bakken", "Ünïcode ☃"][i % 3], gas: i % 7 === 0 ? null : i / 8, note: i % 5 === 0 ? 'q"uote\n' : "plain" });

function page(start: number, total: number, pageSize: number) {
  const data = [];
  for (let i = start; i < Math.min(total, start + pageSize); i++) data.push(row(i));
  return { data, pagination: { start, page_size: pageSize, total_count: total } };
}

const startOf = (req: SeenRequest) => ((req.json as { pagination?: { start?: number } }).pagination?.start ?? 0) as number;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const all = (n: number) => Array.from({ length: n }, (_, i) => row(i));

/** The columns of a whole answer (failing the test when the records came without columns). */
function columnsOf(data: unknown): RecordColumns {
  expect(data).toBeInstanceOf(RecordColumns);
  return data as RecordColumns;
}

/** Every batch of a column stream, joined, and the stream's meta. */
async function drainColumns(stream: AsyncGenerator<RecordColumns, TransportMeta, undefined>): Promise<{ columns: RecordColumns; meta: TransportMeta }> {
  const parts: RecordColumns[] = [];
  let step = await stream.next();
  while (step.done !== true) {
    parts.push(step.value);
    step = await stream.next();
  }
  return { columns: RecordColumns.concat(parts), meta: step.value };
}

describe("Transport.fetchColumns (records as columns)", () => {
  it("fetches every v3 page, in offset order, into columns equal to fetchRecords' records", async () => {
    server.handle(async (req, res) => {
      const start = startOf(req);
      await pause(start === 0 ? 0 : 30 - start / 10);
      sendJson(res, 200, page(start, 95, 10));
    });
    const { transport } = makeTransport(server.url, { concurrency: 3 });
    const { data, meta } = await transport.fetchColumns(postRequest({ response: "envelope-paged" }));
    const columns = columnsOf(data);
    expect(columns.length).toBe(95);
    expect(meta).toMatchObject({ pages: 10, rows: 95, attempts: 10 });
    expect(columns.coded("region")!.dict).toEqual(["Permian", "Bakken", "Ünïcode ☃"]);
    expect(columns.toRecords()).toEqual(all(95));
    const viaRecords = await transport.fetchRecords(postRequest({ response: "envelope-paged" }));
    expect(viaRecords.records).toEqual(columns.toRecords());
  });

  it("checks every page as fetchRecords does: a page with missing rows is a PaginationError", async () => {
    server.handle((req, res) => {
      const start = startOf(req);
      const p = page(start, 30, 10);
      if (start === 20) p.data.pop();
      sendJson(res, 200, p);
    });
    const { transport } = makeTransport(server.url);
    const err = await rejectionOf(transport.fetchColumns(postRequest({ response: "envelope-paged" })));
    expect(err).toBeInstanceOf(PaginationError);
    expect(String(err)).toMatch(/start=20/);
    expectNoToken(err);
  });

  it("refuses a malformed page with a ResponseParseError naming the request, never a partial result", async () => {
    server.handle((req, res) => {
      const start = startOf(req);
      const text = JSON.stringify(page(start, 20, 10));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(start === 10 ? text.replace('"gas":', '"gas":--') : text);
    });
    const { transport } = makeTransport(server.url);
    const err = await rejectionOf(transport.fetchColumns(postRequest({ response: "envelope-paged" })));
    expect(err).toBeInstanceOf(ResponseParseError);
    expect(String(err)).toMatch(/\/v3\/rigs/);
    expectNoToken(err);
  });

  it("reads a JSON array and an NDJSON answer into the same columns", async () => {
    const records = all(50);
    server.handle((req, res) => {
      if (String(req.headers.accept).includes("ndjson")) {
        res.writeHead(200, { "content-type": "application/x-ndjson" });
        // Written in small pieces, one cut inside a multi-byte character.
        const text = Buffer.from(records.map((r) => JSON.stringify(r)).join("\n") + "\n");
        let at = 0;
        const step = () => {
          if (at >= text.length) return res.end();
          res.write(text.subarray(at, at + 37));
          at += 37;
          setImmediate(step);
        };
        step();
        return;
      }
      sendJson(res, 200, records);
    });
    const { transport } = makeTransport(server.url);
    const req = postRequest({ response: "array", path: "/v4/rigs" });
    expect(columnsOf((await transport.fetchColumns(req)).data).toRecords()).toEqual(records);
    const nd = columnsOf((await transport.fetchColumns({ ...req, ndjson: true })).data);
    expect(nd.toRecords()).toEqual(records);
    const streamed = await drainColumns(transport.streamColumns({ ...req, ndjson: true }));
    expect(streamed.columns.toRecords()).toEqual(records);
    expect(streamed.meta.rows).toBe(50);
  });

  it("sizes a long NDJSON answer from its Content-Length, whether the records grow, shrink or it has none", async () => {
    // Over two 4 MB pieces, so the first piece's rows per byte estimate the rest: here badly (row
    // sizes change half way), so the columns must grow or be trimmed, losing nothing.
    const long = (i: number, wide: boolean) => ({ i, region: ["Permian", "Bakken"][i % 2], note: wide ? "x".repeat(300 + (i % 7)) : `n${i % 11}` });
    const records = (wideFirst: boolean) => Array.from({ length: 60_000 }, (_, i) => long(i, (i < 30_000) === wideFirst));
    for (const wideFirst of [true, false]) {
      const want = records(wideFirst);
      const body = Buffer.from(want.map((r) => JSON.stringify(r)).join("\n") + "\n");
      for (const withLength of [true, false]) {
        server.handle((_req, res) => {
          res.writeHead(200, { "content-type": "application/x-ndjson", ...(withLength ? { "content-length": String(body.length) } : {}) });
          res.end(body);
        });
        const { transport } = makeTransport(server.url);
        const nd = columnsOf((await transport.fetchColumns(postRequest({ response: "array", path: "/v4/rigs", ndjson: true }))).data);
        expect(nd.length).toBe(60_000);
        expectSameRecords(nd.toRecords(), want);
      }
    }
  });

  it("retries a whole answer cut mid-body, and refuses records that are not objects", async () => {
    let calls = 0;
    server.handle((_req, res) => {
      calls++;
      if (calls === 1) {
        res.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
        res.write('[{"t":"2024-01-01T00:00:00Z"},');
        setTimeout(() => res.destroy(), 5);
        return;
      }
      if (calls === 2) sendJson(res, 200, [{ t: "2024-01-01T00:00:00Z" }, { t: "2024-01-04T00:00:00Z" }]);
      else sendJson(res, 200, ["2024-01-01T00:00:00Z", "2024-01-04T00:00:00Z"]);
    });
    const { transport } = makeTransport(server.url);
    const result = await transport.fetchColumns(postRequest({ response: "array" }));
    expect(columnsOf(result.data).toRecords()).toEqual([{ t: "2024-01-01T00:00:00Z" }, { t: "2024-01-04T00:00:00Z" }]);
    expect(result.meta.attempts).toBe(2);
    // A record is a JSON object: a list of strings is not a list of records (#14).
    const err = await transport.fetchColumns(postRequest({ response: "array" })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseParseError);
    expect(String(err)).toMatch(/element 1 is a string, not a record/);
    expect(calls).toBe(3);
  });

  it("gives single-object answers as one record", async () => {
    server.handle((_req, res) => sendJson(res, 200, { a: 1 }));
    const { transport } = makeTransport(server.url);
    expect(recordsOfPart((await transport.fetchColumns(postRequest())).data)).toEqual([{ a: 1 }]);
  });
});

describe("NDJSON pieces", () => {
  async function* chunked(text: string, size: number): AsyncGenerator<Uint8Array> {
    const b = new TextEncoder().encode(text);
    for (let i = 0; i < b.length; i += size) yield b.slice(i, i + size);
  }
  const ctx = { status: 200, method: "POST", url: "http://127.0.0.1/v4/rigs" };

  it("cuts at line ends only, parses pieces in order, and the records come out whole", async () => {
    const records = all(300);
    const text = records.map((r) => JSON.stringify(r)).join("\n");
    const parts: RecordColumns[] = [];
    for await (const p of ndjsonColumns(chunked(text, 53), new ParsePool(0), ctx, { pieceBytes: 500, inflight: 2 })) {
      if ("value" in p) throw new Error("expected columns");
      parts.push(p.columns);
    }
    expect(parts.length).toBeGreaterThan(10);
    expect(RecordColumns.concat(parts).toRecords()).toEqual(records);
  });

  it("refuses a last line cut inside a record", async () => {
    const text = '{"a":1}\n{"a":2}\n{"a":';
    const run = async () => {
      for await (const _ of ndjsonColumns(chunked(text, 4), new ParsePool(0), ctx, { pieceBytes: 8 })) void _;
    };
    await expect(run()).rejects.toBeInstanceOf(ResponseParseError);
  });
});
