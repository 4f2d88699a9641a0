// The sandbox compresses when asked (issue 17): gzip or deflate by the request's Accept-Encoding,
// streamed, NDJSON flushed batch by batch, `Vary: Accept-Encoding`; never for small JSON answers or
// answers cut by a fault; never at all with `compression: false`. Raw node:http, no gasframes client.
import { request } from "node:http";
import { gunzipSync, inflateSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidParamsError } from "../../src/errors";
import { startSandbox } from "../../src/sandbox";
import type { SandboxHandle } from "../../src/sandbox";
import { TOKEN } from "./sandbox-http";

let on: SandboxHandle;
let off: SandboxHandle;
let faulty: SandboxHandle;
beforeAll(async () => {
  on = await startSandbox({ seed: 3, asOf: "2025-06-15" });
  off = await startSandbox({ seed: 3, asOf: "2025-06-15", compression: false });
  faulty = await startSandbox({ seed: 3, asOf: "2025-06-15", faults: { truncateEvery: 1, faultAfterBytes: 5000 } });
});
afterAll(async () => {
  await Promise.all([on.close(), off.close(), faulty.close()]);
});

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  wire: Buffer;
  /** The body decoded by its Content-Encoding. */
  text: string;
}

/** One POST over node:http, which (unlike fetch) never asks for or decodes an encoding by itself. */
function postRaw(base: string, path: string, body: unknown, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = request(
      { host: url.hostname, port: url.port, path, method: "POST", headers: { access_key: TOKEN, "content-type": "application/json", ...headers } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const wire = Buffer.concat(chunks);
          const coding = res.headers["content-encoding"];
          const decoded = coding === "gzip" ? gunzipSync(wire) : coding === "deflate" ? inflateSync(wire) : wire;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, wire, text: decoded.toString("utf8") });
        });
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

const V3 = "/v3/productionbycountyandoperator";
const V3_QUERY = { start_date: "2025-01-01", pagination: { start: 0 } };
const V4 = "/v4/productionbywell";
const V4_QUERY = { date_prod_min: "2025-05-01", region_natgas: ["west"] };

describe("sandbox compression", () => {
  it("answers gzip or deflate as asked, decoding to the same bytes as an identity answer", async () => {
    for (const [path, body, accept] of [
      [V3, V3_QUERY, "application/json"],
      [V4, V4_QUERY, "application/json"],
      [V4, V4_QUERY, "application/x-ndjson"],
    ] as const) {
      const plain = await postRaw(on.url, path, body, { accept });
      expect(plain.status, path).toBe(200);
      expect(plain.headers["content-encoding"], path).toBeUndefined();
      expect(plain.wire.length, path).toBeGreaterThan(100_000);
      for (const [asked, coding] of [
        ["gzip, deflate", "gzip"],
        ["deflate", "deflate"],
        ["gzip;q=0, deflate;q=0.5", "deflate"],
        ["*", "gzip"],
      ]) {
        const packed = await postRaw(on.url, path, body, { accept, "accept-encoding": asked });
        expect(packed.headers["content-encoding"], `${path} ${asked}`).toBe(coding);
        expect(packed.headers.vary, `${path} ${asked}`).toBe("Accept-Encoding");
        expect(packed.headers["content-length"], `${path} ${asked}`).toBeUndefined();
        expect(packed.text, `${path} ${asked}`).toBe(plain.text);
        // JSON rows compress far more than fourfold even at level 1.
        expect(packed.wire.length * 4, `${path} ${asked}`).toBeLessThan(plain.wire.length);
      }
    }
  });

  it("answers identity to a client that takes neither gzip nor deflate", async () => {
    for (const asked of ["identity", "br", "gzip;q=0", "*;q=0"]) {
      const answer = await postRaw(on.url, V4, V4_QUERY, { "accept-encoding": asked });
      expect(answer.status, asked).toBe(200);
      expect(answer.headers["content-encoding"], asked).toBeUndefined();
      expect(JSON.parse(answer.text).length, asked).toBeGreaterThan(1000);
    }
  });

  it("flushes a compressed NDJSON answer batch by batch (a sync-flush marker per 64 KiB of rows)", async () => {
    const answer = await postRaw(on.url, V4, V4_QUERY, { accept: "application/x-ndjson", "accept-encoding": "gzip" });
    expect(answer.headers["content-encoding"]).toBe("gzip");
    // A zlib sync flush ends with an empty stored block, the bytes 00 00 FF FF: one per batch handed to
    // the client. A compressor left to itself would emit them nowhere (a random match is a 1 in 2^32 event).
    let markers = 0;
    for (let i = answer.wire.indexOf("0000ffff", 0, "hex"); i >= 0; i = answer.wire.indexOf("0000ffff", i + 4, "hex")) markers++;
    const batches = Math.floor(Buffer.byteLength(answer.text) / (64 * 1024));
    expect(batches).toBeGreaterThan(3);
    expect(markers).toBeGreaterThanOrEqual(batches);
  });

  it("sends small JSON answers as they are, with their length", async () => {
    const answer = await postRaw(on.url, "/v3/no_such_endpoint", {}, { "accept-encoding": "gzip" });
    expect(answer.status).toBe(404);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(Number(answer.headers["content-length"])).toBe(answer.wire.length);
    expect(JSON.parse(answer.text).error).toContain("no such endpoint");
  });

  it("never compresses an answer cut by a truncation fault, so the cut is at the body byte it names", async () => {
    const answer = await new Promise<{ encoding: unknown; bytes: number }>((resolve) => {
      const url = new URL(faulty.url);
      const req = request(
        { host: url.hostname, port: url.port, path: V4, method: "POST", headers: { access_key: TOKEN, "content-type": "application/json", "accept-encoding": "gzip" } },
        (res) => {
          let bytes = 0;
          res.on("data", (c: Buffer) => (bytes += c.length));
          res.on("error", () => resolve({ encoding: res.headers["content-encoding"], bytes }));
          res.on("aborted", () => resolve({ encoding: res.headers["content-encoding"], bytes }));
          res.on("end", () => resolve({ encoding: res.headers["content-encoding"], bytes }));
        },
      );
      req.on("error", () => resolve({ encoding: "request failed", bytes: -1 }));
      req.end(JSON.stringify(V4_QUERY));
    });
    expect(answer.encoding).toBeUndefined();
    expect(answer.bytes).toBe(5000);
  });

  it("with compression: false, answers identity whatever the client asks, without Vary", async () => {
    const answer = await postRaw(off.url, V4, V4_QUERY, { accept: "application/x-ndjson", "accept-encoding": "gzip, deflate" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
    expect(answer.text).toBe((await postRaw(on.url, V4, V4_QUERY, { accept: "application/x-ndjson" })).text);
  });

  it("refuses a compression option that is not a boolean", async () => {
    await expect(startSandbox({ compression: "no" as unknown as boolean })).rejects.toThrow(InvalidParamsError);
    await expect(startSandbox({ compression: "no" as unknown as boolean })).rejects.toThrow(/compression.*"no".*true or false/);
  });
});
