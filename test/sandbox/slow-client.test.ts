/**
 * Back-pressure of a large NDJSON answer written as bytes (v4 productionbywell): a client that reads
 * slowly holds the sandbox back, so the sandbox never holds more than a few batches of the answer, and
 * the batches it writes again once sent (SpareBuffers) arrive intact; a client that stops reading and
 * a sandbox closed mid-answer both end cleanly.
 */
import { createHash } from "node:crypto";
import { request } from "node:http";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { ClientRequest, IncomingMessage } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox } from "../../src/sandbox";
import type { SandboxHandle } from "../../src/sandbox";
import { datasetOf } from "../../src/sandbox/natgas/model/dataset";
import { parseParams } from "../../src/sandbox/natgas/shared/params";
import { productionByWell } from "../../src/sandbox/natgas/v4/production-by-well";
import { post, TOKEN } from "./sandbox-http";

/**
 * 14 months of production by well, about 99 MB of NDJSON (18 months and 120 MB before): still more
 * than twice the 40 MB bound below, so a sandbox deaf to back-pressure, which holds what the slow
 * reader has not read yet, passes the bound at the first measure (16 MB read).
 */
const QUERY = { date_prod_min: "2024-04-01" };

setFlagsFromString("--expose-gc");
/** A full collection, so that memory figures count what is held, not garbage not yet collected. */
const collect = runInNewContext("gc") as () => void;

let s: SandboxHandle;
beforeAll(async () => {
  s = await startSandbox({ seed: 2, asOf: "2025-06-15", compression: false });
});
afterAll(async () => {
  await s.close();
});

/** Starts the NDJSON request; resolves with the response once its head is in. */
function open(base: string): Promise<{ req: ClientRequest; res: IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = request(
      { host: url.hostname, port: url.port, path: "/v4/productionbywell", method: "POST", headers: { access_key: TOKEN, accept: "application/x-ndjson", "content-type": "application/json" } },
      (res) => resolve({ req, res }),
    );
    req.on("error", reject);
    req.end(JSON.stringify(QUERY));
  });
}

/** A few turns of the event loop: the sandbox, in this process, gets to run in between. */
async function turns(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

/**
 * SHA-256 of the answer's NDJSON as the generator writes it, in this process and without HTTP, every
 * batch in a fresh buffer (no SpareBuffers): what the sandbox sends must be these bytes.
 */
function generatedDigest(): string {
  const params = parseParams("/v4/productionbywell", QUERY, productionByWell.params, { pagination: false });
  const request = { method: "POST", path: "/v4/productionbywell", query: new URLSearchParams(), body: QUERY, headers: {}, ndjson: true };
  const answer = productionByWell.answer(params, datasetOf({ seed: 2, asOf: "2025-06-15", pageSize: 10_000 }), request);
  if (!("rows" in answer) || answer.rows.byteChunks === undefined) throw new Error("productionbywell has no byte writer");
  const hash = createHash("sha256");
  for (const chunk of answer.rows.byteChunks(0, answer.rows.count, { before: "", after: "\n" }, 1 << 20)) hash.update(chunk);
  return hash.digest("hex");
}

describe("a slow client", () => {
  it("holds the sandbox back: the answer is never buffered whole, and arrives whole", async () => {
    const perMonth = (await post(s.url, "/v4/productionbywell", { ...QUERY, aggregate_by: ["date_prod"] })).body;
    const expected = perMonth.reduce((t: number, r: { count: number }) => t + r.count, 0);
    collect();
    const before = process.memoryUsage().arrayBuffers;
    const { res } = await open(s.url);
    expect(res.statusCode).toBe(200);
    let lines = 0;
    let bytes = 0;
    let peak = 0;
    let pieces = 0;
    const hash = createHash("sha256");
    // Reads one piece, then stops reading for a few turns of the loop: the socket fills, and the
    // sandbox must wait for it rather than queue the rest of the answer in memory. Memory is measured
    // every 256 pieces (16 MB read; about 5 times in the answer): a full collection in a worker that
    // other files filled costs a few hundred milliseconds, and every 64 pieces was most of the file's
    // time. A sandbox deaf to back-pressure writes faster than this reader reads, so what it holds grows
    // from one measure to the next: it passes the bound by the second measure at the latest.
    for await (const chunk of res as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      hash.update(chunk);
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines++;
      if (++pieces % 256 === 0) {
        collect();
        peak = Math.max(peak, process.memoryUsage().arrayBuffers - before);
      }
      await turns(3);
    }
    expect(lines).toBe(expected);
    expect(bytes).toBeGreaterThan(80_000_000);
    // Every byte as generated, through batches whose memory the sandbox fills again once they are sent.
    expect(hash.digest("hex")).toBe(generatedDigest());
    expect(pieces).toBeGreaterThan(1_000);
    // Buffers held by this process (sandbox and client) at the worst moment: about 20 MB here, against
    // the answer's 99 MB, all of which a sandbox deaf to back-pressure holds at once.
    expect(peak).toBeLessThan(40_000_000);
  });

  it("that stops reading and leaves, or a sandbox closed mid-answer, ends the answer cleanly", async () => {
    const own = await startSandbox({ seed: 2, asOf: "2025-06-15", compression: false });
    const { req, res } = await open(own.url);
    let bytes = 0;
    const ended = new Promise<string>((resolve) => {
      res.on("error", () => resolve("error"));
      res.on("close", () => resolve(res.complete ? "complete" : "cut"));
    });
    for await (const chunk of res as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > 4_000_000) break;
    }
    // The loop's break destroyed the response: the client has left mid-answer.
    expect(req.destroyed).toBe(true);
    expect(await ended).not.toBe("complete");
    const second = await open(own.url);
    second.res.pause();
    await own.close();
    const closed = await new Promise<string>((resolve) => {
      second.res.on("error", () => resolve("error"));
      second.res.on("close", () => resolve(second.res.complete ? "complete" : "cut"));
      second.res.resume();
    });
    expect(closed).not.toBe("complete");
  });
});
