/**
 * Bodies read by the socket straight into the consumer's buffer (src/http/read-into.ts): the own HTTP
 * client's `readInto` against real servers on 127.0.0.1, `readBytes` using it, and a paged download
 * through the transport's layers, which pass it on only where chunks go up unchanged.
 */
import { createHash, randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from "node:net";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { readBytes } from "../../src/decode/body-columns";
import { PageBuffers } from "../../src/decode/columnar/page-buffers";
import type { TransportRequest } from "../../src/decode";
import { readIntoOf, withReadInto } from "../../src/http/read-into";
import { closeIdleWire, wireBodyBytes, wireRequest, wireSockets, type WireBody } from "../../src/http/wire-request";
import { RecordColumns } from "../../src/table/record-columns";
import { makeTransport } from "./helpers/make-transport";
import { startServer, type SeenRequest } from "./helpers/test-server";

const TLS_CERT = readFileSync(join(__dirname, "..", "fixtures", "tls", "cert.pem"));
const TLS_KEY = readFileSync(join(__dirname, "..", "fixtures", "tls", "key.pem"));
/** What reads before the consumer's buffer is known may bring at most: the head's read and the one after. */
const FIRST_READS = 2 * 16 * 1024;

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  closeIdleWire();
  for (const close of closers.splice(0)) await close();
});

/** Sockets the server accepted, with the promise of each one's close. */
function track(server: NetServer): Array<{ socket: Socket; closed: Promise<void> }> {
  const conns: Array<{ socket: Socket; closed: Promise<void> }> = [];
  server.on("connection", (socket: Socket) => {
    socket.on("error", () => {});
    conns.push({ socket, closed: new Promise((resolve) => socket.once("close", () => resolve())) });
  });
  closers.push(async () => {
    for (const c of conns) c.socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return conns;
}

async function listen(server: NetServer): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

/** A node:http server answering every request with `bytes` (Content-Length), written in 40 KB pieces. */
async function serveBytes(bytes: Buffer, https = false): Promise<{ url: string; conns: ReturnType<typeof track> }> {
  const handler = (_req: IncomingMessage, res: ServerResponse): void => {
    res.writeHead(200, { "content-length": bytes.length });
    for (let at = 0; at < bytes.length; at += 40_000) res.write(bytes.subarray(at, at + 40_000));
    res.end();
  };
  const server = https ? createHttpsServer({ cert: TLS_CERT, key: TLS_KEY }, handler) : createServer(handler);
  server.keepAliveTimeout = 120_000;
  const conns = track(server);
  const port = await listen(server);
  return { url: `${https ? "https" : "http"}://127.0.0.1:${port}`, conns };
}

/** A raw server that answers a request's first bytes with `pieces`, written in turn: the exact bytes a test needs. */
async function serveRaw(pieces: Buffer[]): Promise<{ url: string; conns: ReturnType<typeof track> }> {
  const server = createNetServer((socket) => socket.once("data", () => pieces.forEach((p) => socket.write(p))));
  const conns = track(server);
  return { url: `http://127.0.0.1:${await listen(server)}`, conns };
}

const get = (extra: { ca?: Buffer } = {}) => ({ method: "GET" as const, headers: {}, body: null, ...extra });
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** Reads `body` after asking for it in `target`; the chunks, and how many bytes of them were already in place. */
async function readIntoTarget(body: WireBody, target: Uint8Array): Promise<{ whole: Buffer; inPlace: number; accepted: boolean }> {
  const accepted = body.readInto(target);
  const chunks: Uint8Array[] = [];
  let at = 0;
  let inPlace = 0;
  for await (const chunk of body) {
    if (chunk.buffer === target.buffer) {
      // A chunk in the target is at its own place in the body.
      expect(chunk.byteOffset).toBe(target.byteOffset + at);
      inPlace += chunk.byteLength;
    }
    chunks.push(chunk);
    at += chunk.byteLength;
  }
  return { whole: Buffer.concat(chunks), inPlace, accepted };
}

describe("WireBody.readInto", () => {
  it.each([false, true])("reads all but the first reads of a 3 MB body straight into the target (https: %s)", async (https) => {
    const bytes = randomBytes(3 * 1024 * 1024);
    const srv = await serveBytes(bytes, https);
    const before = wireBodyBytes();
    const res = await wireRequest(`${srv.url}/big`, get(https ? { ca: TLS_CERT } : {}));
    const target = new Uint8Array(bytes.length);
    const { whole, inPlace, accepted } = await readIntoTarget(res.body, target);
    expect(accepted).toBe(true);
    expect(sha256(whole)).toBe(sha256(bytes));
    expect(inPlace).toBeGreaterThanOrEqual(bytes.length - FIRST_READS);
    // The bytes read in place are the body's own, where they belong.
    expect(sha256(target.subarray(bytes.length - inPlace))).toBe(sha256(bytes.subarray(bytes.length - inPlace)));
    const after = wireBodyBytes();
    expect(after.received - before.received).toBe(bytes.length);
    expect(after.inPlace - before.inPlace).toBe(inPlace);
  });

  it("keeps the socket for the next request, whose body is read into read buffers again", async () => {
    const bytes = randomBytes(400_000);
    const srv = await serveBytes(bytes);
    const first = await wireRequest(`${srv.url}/1`, get());
    expect((await readIntoTarget(first.body, new Uint8Array(bytes.length))).inPlace).toBeGreaterThan(0);
    const before = wireBodyBytes();
    const second = await wireRequest(`${srv.url}/2`, get());
    const chunks: Uint8Array[] = [];
    for await (const chunk of second.body) chunks.push(chunk);
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(bytes));
    expect(wireBodyBytes().inPlace - before.inPlace).toBe(0);
    expect(srv.conns).toHaveLength(1);
  });

  it("refuses a target of another size, a chunked body and a body already read, and reads as before", async () => {
    const bytes = randomBytes(200_000);
    const srv = await serveBytes(bytes);
    const res = await wireRequest(`${srv.url}/a`, get());
    const wrong = await readIntoTarget(res.body, new Uint8Array(bytes.length + 1));
    expect(wrong.accepted).toBe(false);
    expect(wrong.inPlace).toBe(0);
    expect(sha256(wrong.whole)).toBe(sha256(bytes));
    expect(res.body.readInto(new Uint8Array(bytes.length))).toBe(false);

    const chunked = createServer((_req, res2) => {
      res2.write(bytes.subarray(0, 100_000));
      res2.end(bytes.subarray(100_000));
    });
    track(chunked);
    const port = await listen(chunked);
    const res2 = await wireRequest(`http://127.0.0.1:${port}/c`, get());
    expect(res2.headers["transfer-encoding"]).toBe("chunked");
    const read = await readIntoTarget(res2.body, new Uint8Array(bytes.length));
    expect(read.accepted).toBe(false);
    expect(sha256(read.whole)).toBe(sha256(bytes));
  });

  it("never writes past the stated length: bytes after the body stay out of the target, and the socket is not reused", async () => {
    const length = 300_000;
    const body = randomBytes(length);
    const { url, conns } = await serveRaw([
      Buffer.from(`HTTP/1.1 200 OK\r\ncontent-length: ${length}\r\n\r\n`),
      body.subarray(0, 50_000),
      // The rest of the body and 5,000 bytes nobody asked for, in one write.
      Buffer.concat([body.subarray(50_000), Buffer.alloc(5_000, 0x41)]),
    ]);
    const res = await wireRequest(`${url}/x`, get());
    // The target is a view into a bigger buffer whose bytes after it are marked.
    const backing = new Uint8Array(length + 8_000).fill(0xee);
    const target = backing.subarray(0, length);
    const { whole, accepted } = await readIntoTarget(res.body, target);
    expect(accepted).toBe(true);
    expect(sha256(whole)).toBe(sha256(body));
    expect(backing.subarray(length).every((b) => b === 0xee)).toBe(true);
    await conns[0]!.closed;
    expect(wireSockets().open).toBe(0);
  });

  it("closes the connection when the body is stopped while the socket reads into the target", async () => {
    const length = 2_000_000;
    const body = randomBytes(length);
    // A quarter of the body, and the rest never: only the client can end this exchange.
    const { url, conns } = await serveRaw([Buffer.from(`HTTP/1.1 200 OK\r\ncontent-length: ${length}\r\n\r\n`), body.subarray(0, 500_000)]);
    const res = await wireRequest(`${url}/x`, get());
    const target = new Uint8Array(length);
    expect(res.body.readInto(target)).toBe(true);
    let inPlace = 0;
    for await (const chunk of res.body) {
      if (chunk.buffer !== target.buffer) continue;
      inPlace = chunk.byteLength;
      break;
    }
    expect(inPlace).toBeGreaterThan(0);
    // `break` ended the body: the socket that could still write into the target is closed.
    await conns[0]!.closed;
    expect(wireSockets().open).toBe(0);
  });
});

describe("readBytes with a source that reads into its buffer", () => {
  /** A source that writes its bytes into the target it is given (as the socket does), or yields copies. */
  function source(bytes: Uint8Array, piece: number, fail?: Error) {
    let target: Uint8Array | undefined;
    const calls: string[] = [];
    async function* chunks(): AsyncGenerator<Uint8Array> {
      for (let at = 0; at < bytes.length; at += piece) {
        const part = bytes.subarray(at, at + piece);
        if (fail !== undefined && at > 0) throw fail;
        // The first piece comes before the target is known, as a head's read does.
        if (target === undefined || at === 0) yield part.slice();
        else {
          target.set(part, at);
          yield target.subarray(at, at + part.length);
        }
      }
    }
    const it = withReadInto(chunks(), (t) => {
      target = t;
      calls.push("read into");
      return () => calls.push("stopped");
    });
    return { it, calls };
  }

  it("takes chunks already in place as they are and copies the others", async () => {
    const bytes = randomBytes(100_000);
    const buffers = new PageBuffers();
    const { it, calls } = source(bytes, 7_000);
    const out = await readBytes(it, { expectedBytes: bytes.length, buffers });
    expect(sha256(out)).toBe(sha256(bytes));
    expect(calls).toEqual(["read into"]);
    expect(buffers.owns(out.buffer)).toBe(true);
  });

  it("stops the source's reading before it gives the buffer back when the body fails", async () => {
    const bytes = randomBytes(50_000);
    const buffers = new PageBuffers();
    const { it, calls } = source(bytes, 10_000, new Error("socket hang up"));
    await expect(readBytes(it, { expectedBytes: bytes.length, buffers })).rejects.toThrow("socket hang up");
    expect(calls).toEqual(["read into", "stopped"]);
    expect(buffers.outstanding).toBe(0);
  });

  it("is an error, not a buffer moved under the socket, when such a source hands more than it holds", async () => {
    const bytes = randomBytes(30_000);
    async function* tooMany(): AsyncGenerator<Uint8Array> {
      yield bytes;
      yield bytes.subarray(0, 10);
    }
    const calls: string[] = [];
    const it = withReadInto(tooMany(), () => () => calls.push("stopped"));
    await expect(readBytes(it, { expectedBytes: bytes.length, buffers: new PageBuffers() })).rejects.toThrow(/30010 bytes into a buffer of 30000/);
    expect(calls).toEqual(["stopped"]);
  });
});

describe("a paged download through the layers", () => {
  const paged: TransportRequest = { endpoint: "productionbycountyandoperator", httpMethod: "POST", path: "/v3/productionbycountyandoperator", body: {}, response: "envelope-paged" };
  const startOf = (req: SeenRequest) => ((req.json as { pagination?: { start?: number } }).pagination?.start ?? 0) as number;
  const row = (i: number) => ({ county: `County ${i % 40}`, date: `2024-${String((i % 12) + 1).padStart(2, "0")}-01`, gas_monthly: i * 3 });
  const TOTAL = 12 * 5000;
  function page(start: number): string {
    const data = [];
    for (let i = start; i < Math.min(TOTAL, start + 5000); i++) data.push(row(i));
    return JSON.stringify({ data, pagination: { start, page_size: 5000, total_count: TOTAL } });
  }

  async function download(gzip: boolean, extra: Parameters<typeof makeTransport>[1] = {}): Promise<{ inPlace: number; received: number }> {
    const server = await startServer((req, res) => {
      const text = page(startOf(req));
      const body = gzip ? gzipSync(text) : Buffer.from(text);
      res.writeHead(200, { "content-type": "application/json", "content-length": body.length, ...(gzip ? { "content-encoding": "gzip" } : {}) });
      res.end(body);
    });
    closers.push(() => server.close());
    expect(page(0).length).toBeGreaterThan(200_000);
    const before = wireBodyBytes();
    const { transport } = makeTransport(server.url, { concurrency: 3, ...extra });
    const { data, meta } = await transport.fetchColumns(paged);
    expect(meta.pages).toBe(12);
    const columns = data as RecordColumns;
    expect(columns).toBeInstanceOf(RecordColumns);
    expect(columns.length).toBe(TOTAL);
    expect(columns.record(TOTAL - 1)).toEqual(row(TOTAL - 1));
    expect(columns.numbers("gas_monthly")!.reduce((s, x) => s + x, 0)).toBe((3 * TOTAL * (TOTAL - 1)) / 2);
    const after = wireBodyBytes();
    return { inPlace: after.inPlace - before.inPlace, received: after.received - before.received };
  }

  it("has each page's bytes read into its page buffer, all but the first reads of each", async () => {
    const { inPlace, received } = await download(false);
    expect(received).toBe(Array.from({ length: 12 }, (_, i) => page(i * 5000).length).reduce((s, n) => s + n, 0));
    expect(inPlace).toBeGreaterThanOrEqual(received - 12 * FIRST_READS);
  });

  it("copies when a layer transforms the chunks (gzip) or keeps them (the cache)", async () => {
    expect((await download(true)).inPlace).toBe(0);
    const dir = mkdtempSync(join(tmpdir(), "gf-read-into-"));
    try {
      const recorded = await download(false, { cache: { mode: "readwrite", dir } });
      expect(recorded.received).toBeGreaterThan(0);
      expect(recorded.inPlace).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("leaves the capability behind with a generator that does not pass it on", () => {
    async function* plain(): AsyncGenerator<Uint8Array> {}
    const withIt = withReadInto(plain(), () => undefined);
    expect(readIntoOf(withIt)).toBeTypeOf("function");
    async function* wrapper(): AsyncGenerator<Uint8Array> {
      yield* withIt;
    }
    expect(readIntoOf(wrapper())).toBeUndefined();
  });
});
