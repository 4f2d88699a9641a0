// Bodies with a Content-Encoding (gzip, deflate, br) are decoded as they arrive; a corrupt one or an
// unknown encoding is one ResponseParseError (never retried), a decompression bomb is stopped before it
// fills memory, and a socket cut inside a compressed body is still a retried ConnectionError.
import { mkdtemp, rm } from "node:fs/promises";
import type { ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, createGzip, deflateRawSync, deflateSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BadRequestError, ConnectionError, ResponseParseError } from "../../src/errors";
import { MAX_INFLATION } from "../../src/http/content-encoding";
import type { TransportRequest } from "../../src/decode";
import { makeTransport, postRequest, recordsOfPart } from "./helpers/make-transport";
import { expectNoToken, rejectionOf } from "./helpers/secrets";
import { startServer, type TestServer } from "./helpers/test-server";

let server: TestServer;
let cacheDir: string;
beforeAll(async () => {
  server = await startServer();
  cacheDir = await mkdtemp(join(tmpdir(), "gasframes-encoding-"));
});
afterAll(async () => {
  await server.close();
  await rm(cacheDir, { recursive: true, force: true });
});

function sendEncoded(res: ServerResponse, body: Buffer, encoding: string, contentType = "application/json", status = 200): void {
  res.writeHead(status, { "content-type": contentType, "content-encoding": encoding, "content-length": body.byteLength });
  res.end(body);
}

const records = Array.from({ length: 3000 }, (_, i) => ({ i, region: i % 2 === 0 ? "Permian" : "Bakken", gas: i / 8 }));
const arrayText = JSON.stringify(records);
const ndjsonText = records.map((r) => JSON.stringify(r)).join("\n") + "\n";
const envelopeText = JSON.stringify({ data: records, pagination: { start: 0, page_size: 5000, total_count: records.length } });

const encoders: Record<string, (b: Buffer) => Buffer> = {
  gzip: (b) => gzipSync(b),
  "x-gzip": (b) => gzipSync(b),
  deflate: (b) => deflateSync(b),
  "deflate (raw)": (b) => deflateRawSync(b),
  br: (b) => brotliCompressSync(b),
  "gzip, gzip": (b) => gzipSync(gzipSync(b)),
  "deflate, gzip": (b) => gzipSync(deflateSync(b)),
};

const requests: [string, Partial<TransportRequest>, string, string][] = [
  ["a JSON array", { response: "array" }, arrayText, "application/json"],
  ["NDJSON", { response: "array", ndjson: true }, ndjsonText, "application/x-ndjson"],
  ["a paged v3 envelope", { response: "envelope-paged" }, envelopeText, "application/json"],
];

describe("Content-Encoding (#14 item 11)", () => {
  for (const [name, encode] of Object.entries(encoders)) {
    it(`decodes ${name} on every reading path`, async () => {
      const header = name.replace(" (raw)", "");
      for (const [what, req, text, contentType] of requests) {
        const body = encode(Buffer.from(text));
        server.handle((_req, res) => sendEncoded(res, body, header, contentType));
        const { transport } = makeTransport(server.url);
        const request = postRequest(req);
        const whole = await transport.fetchRecords(request);
        expect(whole.records, what).toEqual(records);
        expect(whole.meta.attempts, what).toBe(1);
        expect(recordsOfPart((await transport.fetchColumns(request)).data), what).toEqual(records);
        const streamed: unknown[] = [];
        for await (const batch of transport.streamRecords(request, { batchSize: 500 })) streamed.push(...batch);
        expect(streamed, what).toEqual(records);
      }
      // The client asks for gzip and deflate (compression on by default) and decodes whatever arrives.
      expect(server.seen[0]?.headers["accept-encoding"]).toBe("gzip, deflate");
    });
  }

  it("streams a gzip NDJSON body as it arrives (decoded batches before the body ends)", async () => {
    let finish: () => void = () => undefined;
    const canFinish = new Promise<void>((resolve) => (finish = resolve));
    server.handle(async (_req, res) => {
      res.writeHead(200, { "content-type": "application/x-ndjson", "content-encoding": "gzip" });
      const gzip = createGzip();
      gzip.pipe(res);
      gzip.write(ndjsonText);
      gzip.flush();
      await canFinish;
      gzip.end(ndjsonText);
    });
    const { transport } = makeTransport(server.url);
    const got: unknown[] = [];
    for await (const batch of transport.streamRecords(postRequest({ response: "array", ndjson: true }), { batchSize: 1000 })) {
      got.push(...batch);
      // The first batches arrived while the server still holds the rest back.
      if (got.length === records.length) finish();
    }
    expect(got).toEqual([...records, ...records]);
  });

  it("raises one ResponseParseError, not retried, for a corrupt compressed body", async () => {
    const good = gzipSync(Buffer.from(arrayText));
    const corrupt = Buffer.from(good);
    corrupt.fill(0x41, 40, 80);
    const cut = good.subarray(0, good.length - 30);
    for (const [what, body, encoding] of [
      ["corrupt gzip", corrupt, "gzip"],
      ["cut gzip", cut, "gzip"],
      ["plain text labelled gzip", Buffer.from(arrayText), "gzip"],
      ["plain text labelled deflate", Buffer.from(arrayText), "deflate"],
      ["plain text labelled br", Buffer.from(arrayText), "br"],
    ] as const) {
      for (const ndjson of [false, true]) {
        server.handle((_req, res) => sendEncoded(res, body, encoding));
        const { transport, logs } = makeTransport(server.url);
        const req = postRequest({ response: "array", ndjson });
        for (const run of [() => transport.fetchRecords(req), () => transport.streamRecords(req).next()]) {
          const before = server.seen.length;
          const err = await rejectionOf(run());
          expect(err, what).toBeInstanceOf(ResponseParseError);
          expect(String(err), what).toContain(`Content-Encoding ${encoding}`);
          expect((err as ResponseParseError).status).toBe(200);
          expect(server.seen.length - before, what).toBe(1);
          expectNoToken(err, logs.lines);
        }
      }
    }
  });

  it("reads an empty body labelled gzip as an empty body", async () => {
    server.handle((_req, res) => sendEncoded(res, Buffer.alloc(0), "gzip", "application/x-ndjson"));
    const { transport } = makeTransport(server.url);
    const { records, meta } = await transport.fetchRecords(postRequest({ response: "array", ndjson: true }));
    expect(records).toEqual([]);
    expect(meta.attempts).toBe(1);
  });

  it("raises a ResponseParseError naming an encoding it cannot decode", async () => {
    for (const encoding of ["x-foo", "compress", "gzip, zstd"]) {
      server.handle((_req, res) => sendEncoded(res, Buffer.from(arrayText), encoding));
      const { transport } = makeTransport(server.url);
      const err = await rejectionOf(transport.fetchRecords(postRequest({ response: "array" })));
      expect(err, encoding).toBeInstanceOf(ResponseParseError);
      expect(String(err), encoding).toContain(`Content-Encoding "${encoding.split(", ").pop()}"`);
      expect(server.seen, encoding).toHaveLength(1);
    }
  });

  it("stops a decompression bomb with a ResponseParseError, not out of memory", async () => {
    // 64 MiB of spaces inside a JSON array, gzipped to about 64 KB: the reader refuses it once it has
    // decoded more than 8 MiB (INFLATION_GRACE_BYTES) at more than 200 times the bytes read, long
    // before the end of the body, so a bomb of any size past that is stopped at the same point. (It
    // was 512 MiB: gzip -9 of that took most of the file's CPU, for a body never read past 8 MiB.)
    const gzip = createGzip({ level: 9 });
    const parts: Buffer[] = [];
    gzip.on("data", (c: Buffer) => parts.push(c));
    const done = new Promise((resolve) => gzip.on("end", resolve));
    gzip.write("[");
    const spaces = Buffer.alloc(1024 * 1024, 0x20);
    for (let i = 0; i < 64; i++) gzip.write(spaces);
    gzip.end("]");
    await done;
    const bomb = Buffer.concat(parts);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(bomb.length * MAX_INFLATION).toBeLessThan(64 * 1024 * 1024);
    for (const [response, ndjson] of [["array", false], ["array", true], ["envelope", false], ["object", false]] as const) {
      server.handle((_req, res) => sendEncoded(res, bomb, "gzip"));
      const { transport } = makeTransport(server.url);
      const err = await rejectionOf(transport.fetchRecords(postRequest({ response, ndjson })));
      expect(err, response).toBeInstanceOf(ResponseParseError);
      expect(String(err), response).toMatch(/decompression bomb/);
      expect(server.seen, response).toHaveLength(1);
    }
  });

  it("retries a connection cut inside a compressed body as a ConnectionError", async () => {
    const body = gzipSync(Buffer.from(arrayText));
    server.handle((_req, res, i) => {
      if (i > 0) return sendEncoded(res, body, "gzip");
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "content-length": body.byteLength });
      res.write(body.subarray(0, 100), () => res.socket?.destroy());
    });
    const { transport, logs } = makeTransport(server.url);
    const { records: got, meta } = await transport.fetchRecords(postRequest({ response: "array" }));
    expect(got).toEqual(records);
    expect(meta.attempts).toBe(2);
    expect(logs.lines.join("\n")).toMatch(/connection lost/);

    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip", "content-length": body.byteLength });
      res.write(body.subarray(0, 100), () => res.socket?.destroy());
    });
    const err = await rejectionOf(makeTransport(server.url, { maxRetries: 1 }).transport.fetchRecords(postRequest({ response: "array" })));
    expect(err).toBeInstanceOf(ConnectionError);
    expect(server.seen).toHaveLength(2);
  });

  it("raises one ResponseParseError for a body that is not UTF-8 (the symptom an undecoded gzip body had)", async () => {
    // Not columnar (data is not a list), so it is read by the ordinary parser, which once let the
    // decoder's TypeError pass for a socket failure that was retried five times.
    const body = Buffer.concat([Buffer.from('{"data": 5, "note": "'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
    server.handle((_req, res) => {
      res.writeHead(200, { "content-type": "application/json", "content-length": body.byteLength });
      res.end(body);
    });
    const { transport } = makeTransport(server.url);
    const err = await rejectionOf(transport.fetchRecords(postRequest({ response: "envelope" })));
    expect(err).toBeInstanceOf(ResponseParseError);
    expect(String(err)).toMatch(/UTF-8/);
    expect(server.seen).toHaveLength(1);
  });

  it("reads the service's message from a compressed error body", async () => {
    const text = JSON.stringify({ error: "start_date must be YYYY-MM-DD" });
    for (const encoding of ["gzip", "deflate", "br"]) {
      server.handle((_req, res) => sendEncoded(res, encoders[encoding]!(Buffer.from(text)), encoding, "application/json", 400));
      const { transport } = makeTransport(server.url);
      const err = await rejectionOf(transport.fetchRecords(postRequest({ response: "envelope" })));
      expect(err, encoding).toBeInstanceOf(BadRequestError);
      expect((err as BadRequestError).serviceMessage, encoding).toBe("start_date must be YYYY-MM-DD");
    }
  });

  it("records the decoded body in the cache, so replay reads it without the encoding", async () => {
    server.handle((_req, res) => sendEncoded(res, gzipSync(Buffer.from(arrayText)), "gzip"));
    const req = postRequest({ response: "array" });
    const recorded = await makeTransport(server.url, { cache: { mode: "readwrite", dir: cacheDir } }).transport.fetchRecords(req);
    expect(recorded.records).toEqual(records);
    expect(recorded.meta.bytes).toBe(Buffer.byteLength(arrayText));
    const replayed = await makeTransport(server.url, { cache: { mode: "replay", dir: cacheDir } }).transport.fetchRecords(req);
    expect(replayed.records).toEqual(records);
    expect(replayed.meta.fromCache).toBe(true);
    expect(server.seen).toHaveLength(1);
  });
});
