// A record of very many fields, as a broken or hostile server could send one: 3.2 MB, one record of
// 200,000 fields, took 31-36 s in a parse worker (Node checks each buffer of a transfer list against
// every other, and the worker moved one buffer per column) and 4.5 s on the calling thread, and the
// call's deadline and signal were ignored meanwhile: it resolved as if nothing had happened. Now such a
// record parses in time linear in its fields, a parse worker is terminated (and replaced) when the call
// is aborted, a deadline that passed during a parse fails the call, and more than MAX_FIELD_NAMES names
// in one body is refused as a ResponseParseError. The worker tests use the build (dist/), as
// parse-worker-failures.test.ts does: the TypeScript sources parse on the calling thread.
// The record here has 120,000 fields (1.8 MB): past the 100,000 that overflowed the stack when the record
// was built as one object literal, and far past MAX_TRANSFERRED_BUFFERS (64), so each defect above still
// fails the file; 200,000 cost about 5 s more CPU for no further case.
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budget } from "../helpers/budget";
import { ResponseParseError, TimeoutError, type GasframesError } from "../../src/errors";
import type { TransportOptions } from "../../src/http";
import type { Transport } from "../../src/decode";
import type { ParsePool, ParsePoolOptions } from "../../src/decode/columnar/parse-pool";
import { TooManyFieldsError } from "../../src/decode/columnar/parse-columns";
import { parseHere } from "../../src/decode/columnar/parse-pool";
import { MAX_TRANSFERRED_BUFFERS, columnsMessage } from "../../src/decode/columnar/wire";
import { MAX_FIELD_NAMES, columnsFromRecords, tooSparseForColumns } from "../../src/table/columns-from-records";
import { makeTransport, postRequest } from "./helpers/make-transport";
import { TOKEN, expectNoToken, rejectionOf } from "./helpers/secrets";
import { startServer, type TestServer } from "./helpers/test-server";

const require = createRequire(__filename);
const dist = join(__dirname, "..", "..", "dist");
// These tests are about the worker path: a worker whatever the cores (two or fewer have none by
// default). The built package's shared pool reads this when it is first made, in this file's process.
process.env.GASFRAMES_PARSE_WORKERS = "1";
const builtPool = require(join(dist, "decode", "columnar", "parse-pool.js")) as {
  ParsePool: new (workers: number, options?: ParsePoolOptions) => ParsePool;
  sharedParsePool(): ParsePool;
};
const builtHttp = require(join(dist, "decode", "index.js")) as {
  Transport: new (options: TransportOptions, service: { service: string; baseUrlEnv: string }) => Transport;
};

/** One record of `n` number fields, `{"f0":0,"f1":1,...}` (120,000 fields: 1.8 MB). */
function wideRecord(n: number): string {
  const parts = new Array<string>(n);
  for (let i = 0; i < n; i++) parts[i] = `"f${i}":${i}`;
  return `{${parts.join(",")}}`;
}
const bytesOf = (text: string) => new Uint8Array(Buffer.from(text));

const FIELDS = 120_000;
const WIDE = wideRecord(FIELDS);
const WIDE_ARRAY = `[${WIDE}]`;

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
  await builtPool.sharedParsePool().close();
});

function sendText(text: string) {
  server.handle((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
    res.end(text);
  });
}

function builtTransport(extra: Partial<TransportOptions> = {}): Transport {
  return new builtHttp.Transport(
    { baseUrl: server.url, token: TOKEN, progress: false, maxRetries: 2, sleep: async () => undefined, random: () => 0.5, ...extra },
    { service: "natgas", baseUrlEnv: "GASFRAMES_TEST_UNSET_URL" },
  );
}

/** The wide record parsed on this thread, once for the two tests that read it (a parse is seconds). */
let wide: ReturnType<typeof parseHere> | undefined;
const wideParsed = () => (wide ??= parseHere("array", bytesOf(WIDE_ARRAY)));

describe("a record of 120,000 fields", () => {
  it("parses to what JSON.parse gives, as columns and as a record object", () => {
    expect(WIDE_ARRAY.length).toBeGreaterThan(1_800_000);
    const parsed = wideParsed();
    if (!("columns" in parsed)) throw new Error("expected columns");
    expect(parsed.columns.names).toHaveLength(FIELDS);
    expect(parsed.columns.length).toBe(1);
    // Building the record compiled one object literal of every field: 100,000 overflowed the stack.
    // (Compared as JSON text: same keys in the same order, same numbers.)
    expect(JSON.stringify(parsed.columns.toRecords())).toBe(WIDE_ARRAY);
    // The records path (records that arrived as objects) gives the same columns.
    const fromObjects = columnsFromRecords(JSON.parse(WIDE_ARRAY) as unknown[]);
    expect(fromObjects?.names).toEqual(parsed.columns.names);
    expect(JSON.stringify(fromObjects?.toRecords())).toBe(WIDE_ARRAY);
  }, budget(120_000));

  it("goes back from a parse worker with a bounded number of moved buffers (Node checks a transfer list pairwise)", () => {
    const parsed = wideParsed();
    if (!("columns" in parsed)) throw new Error("expected columns");
    const message = columnsMessage(parsed.columns);
    // One buffer per column was 200,000 buffers for 200,000 fields: 25 s in postMessage alone.
    expect(message.transfer.length).toBeLessThanOrEqual(MAX_TRANSFERRED_BUFFERS);
    // The biggest are the ones moved; an ordinary page moves all of its few.
    const ordinary = parseHere("array", bytesOf(JSON.stringify(Array.from({ length: 100 }, (_, i) => ({ a: i, b: `s${i % 7}`, c: i % 3 === 0 ? null : i })))));
    if (!("columns" in ordinary)) throw new Error("expected columns");
    expect(columnsMessage(ordinary.columns).transfer).toHaveLength(3);
  });

  it("parses on a worker over HTTP (127.0.0.1), and the worker stays", async () => {
    sendText(WIDE_ARRAY);
    const { data } = await builtTransport().fetchColumns(postRequest({ response: "array" }));
    const columns = data as { names: readonly string[]; record(i: number): unknown };
    expect(columns.names).toHaveLength(FIELDS);
    expect(JSON.stringify(columns.record(0))).toBe(WIDE);
    expect(builtPool.sharedParsePool().size).toBeGreaterThan(0);
  }, budget(120_000));
});

describe(`more than ${MAX_FIELD_NAMES} field names in one body`, () => {
  const tooWide = `[${wideRecord(MAX_FIELD_NAMES + 1)}]`;

  it("is a TooManyFieldsError from the byte parser, and kept as records on the records path", () => {
    const err = (() => {
      try {
        parseHere("array", bytesOf(tooWide));
      } catch (e) {
        return e as Error;
      }
      return undefined;
    })();
    expect(err).toBeInstanceOf(TooManyFieldsError);
    expect(err?.message).toContain(`more than ${MAX_FIELD_NAMES} distinct field names (record 1, field ${MAX_FIELD_NAMES + 1})`);
    // Spread over records too (each brings its own names).
    const spread = `[${wideRecord(MAX_FIELD_NAMES - 1)},{"g1":1,"g2":2}]`;
    expect(() => parseHere("array", bytesOf(spread))).toThrow(TooManyFieldsError);
    expect(tooSparseForColumns(JSON.parse(tooWide) as unknown[])).toBe(true);
    expect(tooSparseForColumns(JSON.parse(WIDE_ARRAY) as unknown[])).toBe(false);
  }, budget(120_000));

  it("is one ResponseParseError over HTTP, not retried", async () => {
    sendText(tooWide);
    const { transport, logs } = makeTransport(server.url);
    const err = await rejectionOf(transport.fetchColumns(postRequest({ response: "array" })));
    expect(err).toBeInstanceOf(ResponseParseError);
    expect(String(err)).toMatch(/too many fields to keep as columns/);
    expect(server.seen).toHaveLength(1);
    expectNoToken(err, logs.lines);
  }, budget(120_000));
});

describe("a deadline or abort while a body parses", () => {
  it("a deadline that passes during a parse on this thread fails the call (TimeoutError), not a normal result", async () => {
    // The call's clock passes the deadline while the answer is sent (as a long parse would let it):
    // the deadline timer (60 s of real time) has not fired, and the call used to resolve normally.
    let now = 1_000_000;
    server.handle((_req, res) => {
      now += 120_000;
      const text = `[${wideRecord(2000)}]`;
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
      res.end(text);
    });
    const { transport } = makeTransport(server.url, { deadlineMs: 60_000, clock: () => now });
    const err = (await rejectionOf(transport.fetchColumns(postRequest({ response: "array" })))) as GasframesError;
    expect(err).toBeInstanceOf(TimeoutError);
    expect((err as TimeoutError).which).toBe("deadline");
    expect(server.seen).toHaveLength(1);
  });

  it("an abort once the whole body is sent rejects with AbortError, and the next call parses on a fresh worker", async () => {
    const controller = new AbortController();
    server.handle((_req, res) => {
      res.on("finish", () => controller.abort());
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(WIDE_ARRAY) });
      res.end(WIDE_ARRAY);
    });
    const t = builtTransport();
    const err = (await rejectionOf(t.fetchColumns(postRequest({ response: "array", signal: controller.signal })))) as GasframesError;
    expect(err.name).toBe("AbortError");
    expect(err.code).toBe("ABORTED");
    expect(server.seen).toHaveLength(1);

    sendText(WIDE_ARRAY);
    const { data } = await t.fetchColumns(postRequest({ response: "array" }));
    expect((data as { names: readonly string[] }).names).toHaveLength(FIELDS);
    const pool = builtPool.sharedParsePool();
    expect(pool.size).toBe((pool as unknown as { workers: number }).workers);
  }, budget(120_000));

  describe("the parse pool", () => {
    const pool = new builtPool.ParsePool(1, { maxWaiting: 8 });
    afterAll(() => pool.close());
    const workerOf = () => (pool as unknown as { slots: { worker: unknown }[] }).slots[0]!.worker;
    const fine = JSON.stringify(Array.from({ length: 20_000 }, (_, i) => ({ i, s: `v${i % 11}` })));

    it("terminates the worker parsing a body whose signal fired, rejects with its reason, and starts a new worker", async () => {
      expect(fine.length).toBeGreaterThan(256 * 1024);
      await pool.parse("array", bytesOf(fine));
      const before = workerOf();
      const controller = new AbortController();
      const parsing = pool.parse("array", bytesOf(WIDE_ARRAY), controller.signal);
      // The body went to the worker when parse() returned (one worker, idle).
      controller.abort(new Error("stop parsing"));
      await expect(parsing).rejects.toThrow("stop parsing");
      expect(workerOf()).not.toBe(before);
      expect(pool.size).toBe(1);
      const after = await pool.parse("array", bytesOf(fine));
      expect("columns" in after && after.columns.toRecords()).toEqual(JSON.parse(fine));
    });

    it("drops a body still waiting for the worker when its signal fires; the body being parsed is not disturbed", async () => {
      const before = workerOf();
      const first = pool.parse("array", bytesOf(fine));
      const controller = new AbortController();
      const waiting = pool.parse("array", bytesOf(WIDE_ARRAY), controller.signal);
      controller.abort(new Error("not wanted"));
      await expect(waiting).rejects.toThrow("not wanted");
      const parsed = await first;
      expect("columns" in parsed && parsed.columns.toRecords()).toEqual(JSON.parse(fine));
      expect(workerOf()).toBe(before);
    });

    it("refuses at once a body whose signal already fired", async () => {
      const controller = new AbortController();
      controller.abort(new Error("too late"));
      await expect(pool.parse("array", bytesOf(fine), controller.signal)).rejects.toThrow("too late");
    });
  });
});
