import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ResponseParseError } from "../../src/errors";
import { jsonArrayBatches, ndjsonBatches, type ReaderStats } from "../../src/decode/body-reader";
import { makeTransport, postRequest } from "./helpers/make-transport";
import { rejectionOf } from "./helpers/secrets";
import { startServer, type TestServer } from "./helpers/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const ctx = { status: 200, method: "POST", url: "http://127.0.0.1/v4/x" };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function line(i: number): string {
  return `${JSON.stringify({ i, operator: "Ölfeld Betrieb", gas_daily: i * 1.5 })}\n`;
}

describe("NDJSON and JSON-array streaming", () => {
  it("reads an NDJSON body far larger than a batch while the server is still writing, with bounded read-ahead", async () => {
    const total = 200_000; // about 10 MB, far more than socket buffers hold
    const batchSize = 1000;
    let written = 0;
    let finished = false;
    server.handle(async (req, res) => {
      expect(req.headers.accept).toBe("application/x-ndjson");
      res.writeHead(200, { "content-type": "application/x-ndjson" });
      while (written < total) {
        let chunk = "";
        for (let k = 0; k < 100 && written < total; k++) chunk += line(written++);
        if (!res.write(chunk)) await new Promise((r) => res.once("drain", r));
      }
      res.end();
      finished = true;
    });
    const { transport } = makeTransport(server.url);
    const stream = transport.streamRecords<{ i: number }>(
      postRequest({ response: "array", ndjson: true }),
      { batchSize },
    );
    let seen = 0;
    let batches = 0;
    let sawBatchBeforeServerDone = false;
    let writtenAtPause = -1;
    let writtenAfterPause = -1;
    let step = await stream.next();
    while (step.done !== true) {
      const batch = step.value;
      expect(batch.length).toBeLessThanOrEqual(batchSize);
      expect(batch[0]?.i).toBe(seen);
      seen += batch.length;
      batches++;
      if (!finished) sawBatchBeforeServerDone = true;
      if (batches === 5) {
        // Hold the batch: with back-pressure the server must stall far short of the end.
        writtenAtPause = written;
        await pause(150);
        writtenAfterPause = written;
      }
      step = await stream.next();
    }
    expect(seen).toBe(total);
    expect(batches).toBe(total / batchSize);
    expect(step.value.rows).toBe(total);
    expect(sawBatchBeforeServerDone).toBe(true);
    expect(writtenAfterPause).toBeLessThan(total / 2);
    expect(writtenAtPause).toBeLessThan(total / 2);
  });

  it("never holds more than one batch of parsed records (reader counter, pull-driven source)", async () => {
    const batchSize = 500;
    let produced = 0;
    async function* source(): AsyncGenerator<Uint8Array> {
      for (let c = 0; c < 400; c++) {
        let text = "";
        for (let k = 0; k < 37; k++) text += line(produced++);
        yield Buffer.from(text);
      }
    }
    const stats: ReaderStats = { maxHeldRecords: 0 };
    let consumed = 0;
    let maxAhead = 0;
    for await (const batch of ndjsonBatches(source(), batchSize, ctx, stats)) {
      consumed += batch.length;
      maxAhead = Math.max(maxAhead, produced - consumed);
    }
    expect(consumed).toBe(400 * 37);
    expect(stats.maxHeldRecords).toBeLessThanOrEqual(batchSize);
    // Read-ahead is at most one source chunk past the batch handed out.
    expect(maxAhead).toBeLessThanOrEqual(37);
  });

  it("splits a JSON array into the same elements wherever the chunks are cut", async () => {
    await fc.assert(
      fc.asyncProperty(
        // Elements are records (JSON objects, any values inside); other elements are refused (#14).
        fc.array(fc.dictionary(fc.string(), fc.jsonValue()), { maxLength: 30 }),
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 20 }),
        fc.integer({ min: 1, max: 7 }),
        async (values, cuts, batchSize) => {
          const bytes = Buffer.from(JSON.stringify(values, null, cuts[0] === 1 ? 2 : undefined), "utf8");
          async function* source(): AsyncGenerator<Uint8Array> {
            let at = 0;
            let k = 0;
            while (at < bytes.length) {
              const n = cuts[k++ % cuts.length] as number;
              yield bytes.subarray(at, at + n);
              at += n;
            }
          }
          const out: unknown[] = [];
          for await (const batch of jsonArrayBatches(source(), batchSize, ctx)) {
            expect(batch.length).toBeLessThanOrEqual(batchSize);
            out.push(...batch);
          }
          // JSON round trip of the input is what the wire carried (-0 becomes 0).
          expect(out).toEqual(JSON.parse(JSON.stringify(values)));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("refuses what is not one whole JSON array", async () => {
    const bad = ['{"a":1}', "[1,,2]", "[1,2,]", "[1 2]", "[1,2] x", "[", "[{", '["abc'];
    for (const text of bad) {
      async function* source(): AsyncGenerator<Uint8Array> {
        yield Buffer.from(text);
      }
      const err = await rejectionOf(
        (async () => {
          for await (const _ of jsonArrayBatches(source(), 10, ctx)) void _;
        })(),
      );
      expect(err, text).toBeInstanceOf(ResponseParseError);
    }
  });

  it("reads NDJSON with CRLF line ends, blank lines and no final newline", async () => {
    async function* source(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('{"a":1}\r\n\r\n{"a"');
      yield Buffer.from(':2}\n{"a":3}');
    }
    const out: unknown[] = [];
    for await (const batch of ndjsonBatches(source(), 2, ctx)) out.push(...batch);
    expect(out).toEqual([{ a: 1 }, { a: 2 }, { a: 3 }]);
  });

  it("names the line of a malformed NDJSON record", async () => {
    async function* source(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('{"a":1}\n{"a":2}\n{oops}\n{"a":4}\n');
    }
    const err = await rejectionOf(
      (async () => {
        for await (const _ of ndjsonBatches(source(), 100, ctx)) void _;
      })(),
    );
    expect(err).toBeInstanceOf(ResponseParseError);
    expect(String(err)).toContain("line 3");
  });

  it("streams a plain JSON array response in batches", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify(Array.from({ length: 2500 }, (_, i) => ({ i }))));
    });
    const { transport } = makeTransport(server.url);
    const sizes: number[] = [];
    for await (const batch of transport.streamRecords(postRequest({ response: "array" }), { batchSize: 1000 })) {
      sizes.push(batch.length);
    }
    expect(sizes).toEqual([1000, 1000, 500]);
  });

  it("closes the connection when the consumer stops early", async () => {
    let closed = false;
    server.handle(async (_req, res) => {
      res.on("close", () => {
        closed = true;
      });
      res.writeHead(200, { "content-type": "application/x-ndjson" });
      // An endless stream: only the client going away ends it.
      for (let i = 0; !closed; i++) {
        if (!res.write(line(i))) await new Promise((r) => res.once("drain", r).once("close", r));
      }
    });
    const { transport } = makeTransport(server.url);
    let batches = 0;
    for await (const batch of transport.streamRecords(postRequest({ response: "array", ndjson: true }), { batchSize: 100 })) {
      expect(batch).toHaveLength(100);
      if (++batches === 3) break;
    }
    for (let i = 0; i < 200 && !closed; i++) await pause(10);
    expect(closed).toBe(true);
  });
});
