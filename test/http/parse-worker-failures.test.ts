// What happens when a body is more than a parse worker can take: the built pool (dist/, which
// `npm test` builds first; the TypeScript sources alone parse on the calling thread), fed over real HTTP
// by a test server. A body nested too deeply is refused as a ResponseParseError (never a
// ConnectionError, never retried) on the worker path and on the calling-thread path; a worker that
// dies anyway (here: out of memory) is replaced, so the pool keeps its size.
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GasframesError } from "../../src/errors";
import type { TransportOptions } from "../../src/http";
import type { Transport } from "../../src/decode";
import type { ParsePool, ParsePoolOptions } from "../../src/decode/columnar/parse-pool";
import { TOKEN, rejectionOf } from "./helpers/secrets";
import { postRequest } from "./helpers/make-transport";
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
const { MAX_JSON_DEPTH } = require(join(dist, "decode", "columnar", "parse-columns.js")) as { MAX_JSON_DEPTH: number };
const builtHttp = require(join(dist, "decode", "index.js")) as {
  Transport: new (options: TransportOptions, service: { service: string; baseUrlEnv: string }) => Transport;
};

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
  await builtPool.sharedParsePool().close();
});

function transport(): Transport {
  return new builtHttp.Transport(
    { baseUrl: server.url, token: TOKEN, progress: false, maxRetries: 3, sleep: async () => undefined, random: () => 0.5 },
    { service: "natgas", baseUrlEnv: "GASFRAMES_TEST_UNSET_URL" },
  );
}

const nested = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
const listNested = (depth: number) => "[".repeat(depth) + "1" + "]".repeat(depth);

/** Bodies nested 100,000 deep (about 600 KB: the worker path) and 30,000 deep (under 256 KB: this thread). */
const deepBodies: [string, "envelope" | "array", string][] = [
  ["an envelope whose record nests objects 100,000 deep (worker)", "envelope", `{"data":[{"x":${nested(100_000)}}],"pagination":{"start":0,"page_size":1,"total_count":1}}`],
  ["an array of records nesting arrays 100,000 deep (worker)", "array", `[{"x":${listNested(100_000)}},{"x":${listNested(100_000)}}]`],
  ["a top-level array nested 100,000 deep (worker, not records at all)", "array", listNested(100_000)],
  ["an envelope whose record nests objects 30,000 deep (calling thread)", "envelope", `{"data":[{"x":${nested(30_000)}}]}`],
  ["a top-level array nested 30,000 deep (calling thread)", "array", listNested(30_000)],
];

describe("a body nested too deeply", () => {
  it.each(deepBodies)("%s is one ResponseParseError, not retried, and the pool keeps its workers", async (_name, response, body) => {
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(body);
    });
    const err = (await rejectionOf(transport().fetchRecords(postRequest({ response })))) as GasframesError;
    expect(err.name).toBe("ResponseParseError");
    expect(err.code).toBe("RESPONSE_PARSE");
    expect(err.message).toContain(`nested deeper than ${MAX_JSON_DEPTH} levels`);
    expect(server.seen).toHaveLength(1);
    // The shared pool started its workers for the big bodies, and none of them died.
    const pool = builtPool.sharedParsePool();
    if (body.length >= 256 * 1024) expect(pool.size).toBeGreaterThan(0);
    // Either never started (only small bodies so far) or at full size: never shrunk.
    expect([0, (pool as unknown as { workers: number }).workers]).toContain(pool.size);
  });

  it("still parses nesting up to the limit, as JSON.parse does", async () => {
    const body = `{"data":[{"x":${nested(MAX_JSON_DEPTH - 3)}}],"pad":"${" ".repeat(300 * 1024)}"}`;
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(body);
    });
    const { records } = await transport().fetchRecords(postRequest({ response: "envelope" }));
    expect(records).toEqual((JSON.parse(body) as { data: unknown[] }).data);
  });
});

describe("a parse worker that dies", () => {
  // Workers with a small heap: a body of 1,000,000 distinct strings fills it, and the worker is killed.
  // (600,000 in 32 MB did until the dictionaries kept new ASCII strings as bytes until the end of the
  // parse: each is then a slice of one string, 20 bytes, and the parse fitted.)
  const pool = new builtPool.ParsePool(2, { resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 } });
  afterAll(() => pool.close());
  const records = (n: number, tag: string) => Array.from({ length: n }, (_, i) => ({ s: `${tag} distinct value ${i}`, t: `${tag} another ${i}` }));
  const bytes = (value: unknown) => new Uint8Array(Buffer.from(JSON.stringify(value)));

  it("fails only the body it was parsing, as a parse error, and is replaced", async () => {
    const fine = records(6000, "fine");
    expect(JSON.stringify(fine).length).toBeGreaterThan(256 * 1024);
    await pool.parse("array", bytes(fine));
    expect(pool.size).toBe(2);

    const err = await pool.parse("array", bytes(records(500_000, "huge"))).then(
      () => undefined,
      (e: Error) => e,
    );
    expect(err?.name).toBe("ColumnParseError");
    expect(err?.message).toMatch(/parse worker failed on this body .*memory/);
    expect(pool.size).toBe(2);

    // Both workers (the survivor and the replacement) parse, several bodies at once.
    const results = await Promise.all([1, 2, 3, 4].map((k) => pool.parse("array", bytes(records(6000, `after ${k}`)))));
    for (const [k, parsed] of results.entries()) {
      expect("columns" in parsed && parsed.columns.toRecords()).toEqual(records(6000, `after ${k + 1}`));
    }
    expect(pool.size).toBe(2);
  });
});
