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

function line(i: number): string {
  return `${JSON.stringify({ i, operator: "Ölfeld Betrieb", gas_daily: i * 1.5 })}\n`;
}

describe("NDJSON and JSON-array streaming", () => {
  // The bound is on what the client takes from its socket, counted by the transport itself (its progress
  // hook's byte count, updated as each batch is handed out), not on the rows the server has written: the
  // kernel's socket buffers between the two are not the client's to bound (on Linux the receive buffer
  // grows up to net.ipv4.tcp_rmem's maximum, 32 MB on this machine, more than this whole 12 MB body), and a
  // row bound on the server's side failed once at load 24 (110,400 of 200,000 rows written at the 5th batch).
  it("reads an NDJSON body far larger than a batch while the server is still writing, with bounded read-ahead", async () => {
    const total = 200_000; // about 12 MB
    const batchSize = 1000;
    let written = 0;
    let finished = false;
    // Resolved when the server cannot write more now (it waits on 'drain') or has written everything.
    let stalled!: () => void;
    const serverStalled = new Promise<void>((r) => (stalled = r));
    let holding = false;
    let waiting = false;
    server.handle(async (req, res) => {
      expect(req.headers.accept).toBe("application/x-ndjson");
      res.writeHead(200, { "content-type": "application/x-ndjson" });
      while (written < total) {
        let chunk = "";
        for (let k = 0; k < 100 && written < total; k++) chunk += line(written++);
        if (!res.write(chunk)) {
          waiting = true;
          if (holding) stalled();
          await new Promise((r) => res.once("drain", r));
          waiting = false;
        }
      }
      res.end();
      finished = true;
      stalled();
    });
    // The transport's own count of the body bytes it has read, at each batch handed out.
    const bytesAtBatch: number[] = [];
    const progress = { update: (u: { bytes: number }) => void bytesAtBatch.push(u.bytes), done: () => undefined };
    const { transport } = makeTransport(server.url, { progress });
    const stream = transport.streamRecords<{ i: number }>(
      postRequest({ response: "array", ndjson: true }),
      { batchSize },
    );
    let seen = 0;
    let batches = 0;
    let sawBatchBeforeServerDone = false;
    let readAtHold = -1;
    let readAfterHold = -1;
    let step = await stream.next();
    while (step.done !== true) {
      const batch = step.value;
      expect(batch.length).toBeLessThanOrEqual(batchSize);
      expect(batch[0]?.i).toBe(seen);
      seen += batch.length;
      batches++;
      if (!finished) sawBatchBeforeServerDone = true;
      if (batches === 5) {
        // Hold the batch until the server can write no more (its socket is full, or it wrote everything):
        // all that time the body was there to read, and the client must not have read it.
        readAtHold = bytesAtBatch.at(-1)!;
        holding = true;
        if (!finished && !waiting) await serverStalled;
        // ...and then for 100 turns of the event loop, each of which polls the socket: a client reading
        // ahead of its caller would take in the bytes waiting in the kernel's buffers (megabytes) meanwhile.
        for (let turn = 0; turn < 100; turn++) await new Promise((r) => setImmediate(r));
        holding = false;
      }
      step = await stream.next();
      if (batches === 5) readAfterHold = bytesAtBatch.at(-1)!;
    }
    expect(seen).toBe(total);
    expect(batches).toBe(total / batchSize);
    expect(step.value.rows).toBe(total);
    expect(sawBatchBeforeServerDone).toBe(true);
    // Five batches of 1,000 rows are about 300 kB; the client read at most about one more batch and a chunk
    // (undici's and the decoder's) past them before and after the hold, far short of the 12 MB body.
    const bodyBytes = total * Buffer.byteLength(line(0)); // line(0) is the shortest line
    expect(readAtHold).toBeGreaterThan(0);
    expect(readAtHold).toBeLessThan(1_000_000);
    expect(readAfterHold - readAtHold).toBeLessThan(1_000_000);
    expect(bodyBytes).toBeGreaterThan(10_000_000);
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
    let onClosed!: () => void;
    const closedNow = new Promise<void>((resolve) => (onClosed = resolve));
    server.handle(async (_req, res) => {
      res.on("close", () => {
        closed = true;
        onClosed();
      });
      res.writeHead(200, { "content-type": "application/x-ndjson" });
      // An endless stream: only the client going away ends it. Each wait for drain removes what it added.
      for (let i = 0; !closed; i++) {
        if (!res.write(line(i))) {
          await new Promise<void>((resolve) => {
            const done = () => {
              res.off("drain", done).off("close", done);
              resolve();
            };
            res.once("drain", done).once("close", done);
          });
        }
      }
    });
    const { transport } = makeTransport(server.url);
    let batches = 0;
    for await (const batch of transport.streamRecords(postRequest({ response: "array", ndjson: true }), { batchSize: 100 })) {
      expect(batch).toHaveLength(100);
      if (++batches === 3) break;
    }
    // The server sees the close: a client that kept the connection open fails this test at its time limit.
    await closedNow;
  });
});
