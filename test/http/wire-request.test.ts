/**
 * gasframes' own HTTP/1.1 client (src/http/wire-request.ts) against real servers on 127.0.0.1: node:http
 * for well-formed answers, raw node:net servers for the exact bytes of a request and for broken answers.
 * Connections are counted on the server ("connection" events) and their ends awaited on the server's
 * sockets ("close" events), never timed.
 */
import { createHash, randomBytes } from "node:crypto";
import { getEventListeners } from "node:events";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { createServer as createHttpsServer } from "node:https";
import { createServer as createNetServer, type AddressInfo, type Server as NetServer, type Socket } from "node:net";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { closeIdleWire, headStop, WireProtocolError, wireRequest, wireSockets, type WireBody, type WireRequestOptions } from "../../src/http/wire-request";
import { budget } from "../helpers/budget";
import { listenLocal } from "../helpers/listen-local";
import { runNode } from "../helpers/run-script";

const ROOT = join(__dirname, "..", "..");
const TLS_CERT = readFileSync(join(__dirname, "..", "fixtures", "tls", "cert.pem"));
const TLS_KEY = readFileSync(join(__dirname, "..", "fixtures", "tls", "key.pem"));

/** A server-side socket and the promise of its end. */
interface Conn {
  socket: Socket;
  closed: Promise<void>;
}
/** A request as a raw server read it: the head's exact text (through its blank line) and the body's bytes. */
interface RawRequest {
  head: string;
  body: Buffer;
  conn: Conn;
}
interface Served {
  url: string;
  port: number;
  conns: Conn[];
}
interface RawServed extends Served {
  requests: RawRequest[];
}

const closers: Array<() => Promise<void>> = [];

afterEach(async () => {
  closeIdleWire();
  for (const close of closers.splice(0)) await close();
});

function track(server: NetServer): Conn[] {
  const conns: Conn[] = [];
  server.on("connection", (socket: Socket) => {
    socket.on("error", () => {});
    conns.push({ socket, closed: new Promise((resolve) => socket.once("close", () => resolve())) });
  });
  return conns;
}

function closeLater(server: NetServer, conns: Conn[]): void {
  closers.push(async () => {
    for (const c of conns) c.socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
}

async function serveHttp(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<Served> {
  const server = createServer(handler);
  const conns = track(server);
  const port = await listenLocal(server);
  closeLater(server, conns);
  return { url: `http://127.0.0.1:${port}`, port, conns };
}

/** A server on raw sockets: `answer` writes whatever bytes the test needs once a whole request is in. */
async function serveRaw(answer: (req: RawRequest) => void): Promise<RawServed> {
  const requests: RawRequest[] = [];
  const server = createNetServer();
  const conns = track(server);
  server.on("connection", (socket: Socket) => {
    const conn = conns.find((c) => c.socket === socket)!;
    let pending = Buffer.alloc(0);
    socket.on("data", (data: Buffer) => {
      pending = Buffer.concat([pending, data]);
      for (;;) {
        const end = pending.indexOf("\r\n\r\n");
        if (end < 0) return;
        const head = pending.subarray(0, end + 4).toString("latin1");
        const length = Number(/\r\ncontent-length: *(\d+)\r\n/i.exec(head)?.[1] ?? 0);
        if (pending.length < end + 4 + length) return;
        const req = { head, body: Buffer.from(pending.subarray(end + 4, end + 4 + length)), conn };
        pending = pending.subarray(end + 4 + length);
        requests.push(req);
        answer(req);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  closeLater(server, conns);
  return { url: `http://127.0.0.1:${port}`, port, conns, requests };
}

/** Which connection of the server a request came on: 0 for the first. */
function connIndex(srv: Served, req: RawRequest): number {
  return srv.conns.indexOf(req.conn);
}

/** Writes the pieces one by one, each after the last was handed to the kernel, so they tend to arrive in separate reads. */
async function writeApart(socket: Socket, pieces: Array<string | Buffer>): Promise<void> {
  socket.setNoDelay(true);
  for (const piece of pieces) {
    await new Promise<void>((resolve) => socket.write(piece, () => resolve()));
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** Cuts `bytes` into pieces of 1, 2, 3, 5, 7, 11 bytes (again and again): cuts at every kind of place. */
function cutSmall(bytes: Buffer): Buffer[] {
  const sizes = [1, 2, 3, 5, 7, 11];
  const out: Buffer[] = [];
  for (let at = 0, k = 0; at < bytes.length; k++) {
    out.push(bytes.subarray(at, at + sizes[k % sizes.length]!));
    at += sizes[k % sizes.length]!;
  }
  return out;
}

function get(headers: Record<string, string> = {}, extra: Partial<WireRequestOptions> = {}): WireRequestOptions {
  return { method: "GET", headers, body: null, ...extra };
}

async function readAll(body: WireBody): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function fetchText(url: string, opts: WireRequestOptions = get()): Promise<string> {
  const res = await wireRequest(url, opts);
  return (await readAll(res.body)).toString("utf8");
}

/** The error the whole exchange (head, then body) ends with. */
async function failureOf(url: string, opts: WireRequestOptions = get()): Promise<unknown> {
  try {
    const res = await wireRequest(url, opts);
    await readAll(res.body);
  } catch (err) {
    return err;
  }
  throw new Error("the request and its body ended without an error");
}

async function bodyFailure(body: WireBody): Promise<{ err: unknown; got: Buffer }> {
  const chunks: Uint8Array[] = [];
  try {
    for await (const chunk of body) chunks.push(chunk);
  } catch (err) {
    return { err, got: Buffer.concat(chunks) };
  }
  throw new Error("the body ended without an error");
}

function expectProtocolError(err: unknown): void {
  expect(err).toBeInstanceOf(WireProtocolError);
  expect((err as { code?: string }).code).toBe("GF_HTTP_PROTOCOL");
}

function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Waits, a turn of the event loop at a time, for a state only the module can reach (no time limit but the test's). */
async function until(cond: () => boolean): Promise<void> {
  while (!cond()) await new Promise((resolve) => setImmediate(resolve));
}

const OK = (text: string) => `HTTP/1.1 200 OK\r\ncontent-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;
/** OK with a keep-alive hint far longer than any test: an idle socket that goes away was not dropped by its timer. */
const OK_LONG = (text: string) => `HTTP/1.1 200 OK\r\nkeep-alive: timeout=600\r\ncontent-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`;

describe("wireRequest: what it sends", () => {
  it("sends a GET's exact head: path and query, host with port, then the given headers", async () => {
    const srv = await serveRaw((req) =>
      req.conn.socket.write("HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\nContent-Length: 5\r\n\r\nhello"),
    );
    const res = await wireRequest(`${srv.url}/v3/rigs?x=1&y=a%20b`, get({ accept: "application/json", "x-trace": "t1" }));
    expect(res.statusCode).toBe(200);
    expect(res.headers).toEqual({ "content-type": "text/plain", "set-cookie": ["a=1", "b=2"], "content-length": "5" });
    expect((await readAll(res.body)).toString("latin1")).toBe("hello");
    expect(srv.requests.map((r) => r.head)).toEqual([
      `GET /v3/rigs?x=1&y=a%20b HTTP/1.1\r\nhost: 127.0.0.1:${srv.port}\r\naccept: application/json\r\nx-trace: t1\r\n\r\n`,
    ]);
    expect(srv.requests[0]!.body.length).toBe(0);
  });

  it("asks for / when the URL has no path, and never sends the fragment", async () => {
    const srv = await serveRaw((req) => req.conn.socket.write(OK("x")));
    expect(await fetchText(srv.url)).toBe("x");
    expect(await fetchText(`${srv.url}/a?b=1#frag`)).toBe("x");
    expect(srv.requests.map((r) => r.head.split("\r\n")[0])).toEqual(["GET / HTTP/1.1", "GET /a?b=1 HTTP/1.1"]);
  });

  it("sends a POST's exact head with its content-length in bytes, and the body's exact bytes", async () => {
    const srv = await serveRaw((req) => req.conn.socket.write("HTTP/1.1 201 Created\r\ncontent-length: 2\r\n\r\n{}"));
    const body = JSON.stringify({ hub: "Zürich €", note: "😀", n: [1, 2] });
    const res = await wireRequest(`${srv.url}/v3/pages?p=2`, { method: "POST", headers: { "content-type": "application/json", "x-api-key": "k1" }, body });
    expect(res.statusCode).toBe(201);
    expect((await readAll(res.body)).toString()).toBe("{}");
    const length = Buffer.byteLength(body, "utf8");
    expect(length).toBeGreaterThan(body.length);
    expect(srv.requests.map((r) => r.head)).toEqual([
      `POST /v3/pages?p=2 HTTP/1.1\r\nhost: 127.0.0.1:${srv.port}\r\ncontent-length: ${length}\r\ncontent-type: application/json\r\nx-api-key: k1\r\n\r\n`,
    ]);
    expect(srv.requests[0]!.body.equals(Buffer.from(body, "utf8"))).toBe(true);
  });

  it("sends a caller's host header in place of its own, once", async () => {
    const srv = await serveRaw((req) => req.conn.socket.write(OK("ok")));
    expect(await fetchText(`${srv.url}/a`, get({ Host: "api.internal" }))).toBe("ok");
    expect(srv.requests[0]!.head).toBe("GET /a HTTP/1.1\r\nhost: api.internal\r\n\r\n");
  });

  it("refuses, before connecting, a header that frames the message or holds a character outside printable ASCII", async () => {
    const srv = await serveRaw((req) => req.conn.socket.write(OK("ok")));
    for (const headers of [{ "Transfer-Encoding": "chunked" } as Record<string, string>, { "content-length": "5" }, { connection: "close" }, { x: "a\u010d\u010ab: c" }, { x: "a\r\nb: c" }]) {
      await expect(wireRequest(srv.url, get(headers))).rejects.toThrow(TypeError);
    }
    expect(srv.conns).toHaveLength(0);
  });

  it("sends content-length: 0 for a POST with an empty body", async () => {
    const srv = await serveRaw((req) => req.conn.socket.write(OK("ok")));
    expect(await fetchText(`${srv.url}/p`, { method: "POST", headers: { "x-a": "b" }, body: "" })).toBe("ok");
    expect(srv.requests.map((r) => r.head)).toEqual([`POST /p HTTP/1.1\r\nhost: 127.0.0.1:${srv.port}\r\ncontent-length: 0\r\nx-a: b\r\n\r\n`]);
  });
});

describe("wireRequest: response bodies", () => {
  it("gives a 5 MB Content-Length body's exact bytes", async () => {
    const bytes = randomBytes(5 * 1024 * 1024);
    const srv = await serveHttp((_req, res) => {
      res.writeHead(200, { "content-type": "application/octet-stream", "content-length": bytes.length });
      res.end(bytes);
    });
    const res = await wireRequest(`${srv.url}/big`, get());
    expect(res.headers["content-length"]).toBe(String(bytes.length));
    const hash = createHash("sha256");
    let size = 0;
    for await (const chunk of res.body) {
      expect(chunk).toBeInstanceOf(Uint8Array);
      hash.update(chunk);
      size += chunk.length;
    }
    expect(size).toBe(bytes.length);
    expect(hash.digest("hex")).toBe(sha256(bytes));
  });

  it.each(["content-length", "chunked"])("keeps every chunk intact after later reads (%s body): all kept, then joined", async (framing) => {
    const bytes = randomBytes(5 * 1024 * 1024);
    const srv = await serveHttp((_req, res) => {
      if (framing === "content-length") res.writeHead(200, { "content-length": bytes.length });
      else res.writeHead(200, { "content-type": "application/octet-stream" });
      for (let at = 0; at < bytes.length; at += 40_000) res.write(bytes.subarray(at, at + 40_000));
      res.end();
    });
    const res = await wireRequest(`${srv.url}/kept`, get());
    if (framing === "chunked") expect(res.headers["transfer-encoding"]).toBe("chunked");
    const chunks: Uint8Array[] = [];
    for await (const chunk of res.body) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(bytes));
  });

  it("gives a 20 MB body's exact bytes to a consumer slower than the socket", async () => {
    const bytes = randomBytes(20 * 1024 * 1024);
    const srv = await serveHttp((req, res) => {
      if (req.url !== "/slow") return void res.end("after");
      res.writeHead(200, { "content-length": bytes.length });
      res.end(bytes);
    });
    const res = await wireRequest(`${srv.url}/slow`, get());
    const chunks: Uint8Array[] = [];
    for await (const chunk of res.body) {
      chunks.push(chunk);
      // One chunk per turn of the event loop: the socket delivers many per turn, so they queue up.
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(bytes));
    expect(await fetchText(`${srv.url}/after`)).toBe("after");
    expect(srv.conns).toHaveLength(1);
  });

  it("reads a chunked body written in many small pieces, skipping chunk extensions and trailers, then reuses the socket", async () => {
    const binary = randomBytes(3000);
    const stream = Buffer.concat([
      Buffer.from("5;name=value\r\nhello\r\n1A;q=\"a;b\"\r\nabcdefghijklmnopqrstuvwxyz\r\n", "latin1"),
      Buffer.from(`${binary.length.toString(16)}\r\n`, "latin1"),
      binary,
      Buffer.from("\r\n1\r\n!\r\n0;end=yes\r\nx-trailer: 1\r\nx-checksum: abc\r\n\r\n", "latin1"),
    ]);
    const expected = Buffer.concat([Buffer.from("helloabcdefghijklmnopqrstuvwxyz", "latin1"), binary, Buffer.from("!")]);
    const srv = await serveRaw((req) => {
      if (srv.requests.length === 1) void writeApart(req.conn.socket, [Buffer.from("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"), ...cutSmall(stream)]);
      else req.conn.socket.write(OK("second"));
    });
    const res = await wireRequest(`${srv.url}/chunked`, get());
    expect(sha256(await readAll(res.body))).toBe(sha256(expected));
    expect(res.headers["x-trailer"]).toBeUndefined();
    expect(await fetchText(`${srv.url}/after`)).toBe("second");
    expect(srv.conns).toHaveLength(1);
  });

  it("reads a body without length or chunking until the server closes, and does not reuse that socket", async () => {
    const srv = await serveRaw((req) => {
      if (connIndex(srv, req) === 0) {
        void writeApart(req.conn.socket, ["HTTP/1.1 200 OK\r\ncontent-type: text/plain\r\n\r\n", "part one, ", "part two, ", "the end"]).then(() => req.conn.socket.end());
      } else req.conn.socket.write(OK("next"));
    });
    expect(await fetchText(`${srv.url}/a`)).toBe("part one, part two, the end");
    expect(await fetchText(`${srv.url}/b`)).toBe("next");
    expect(srv.conns).toHaveLength(2);
  });

  it.each([
    ["204", "HTTP/1.1 204 No Content\r\nx-a: 1\r\n\r\n"],
    ["304 with a content-length", 'HTTP/1.1 304 Not Modified\r\ncontent-length: 10\r\netag: "v1"\r\n\r\n'],
  ])("gives an empty body for a %s, and reuses the socket", async (_name, answer) => {
    const srv = await serveRaw((req) => req.conn.socket.write(srv.requests.length === 1 ? answer : OK("next")));
    const res = await wireRequest(`${srv.url}/x`, get());
    expect(res.statusCode).toBe(Number(answer.slice(9, 12)));
    expect((await readAll(res.body)).length).toBe(0);
    expect(await fetchText(`${srv.url}/y`)).toBe("next");
    expect(srv.conns).toHaveLength(1);
  });

  it("keeps a response header named __proto__ as a header", async () => {
    const srv = await serveRaw((req) => req.conn.socket.write("HTTP/1.1 200 OK\r\n__proto__: x\r\ncontent-length: 2\r\n\r\nok"));
    const res = await wireRequest(srv.url, get());
    expect(res.headers["__proto__"]).toBe("x");
    expect(Object.keys(res.headers)).toEqual(["__proto__", "content-length"]);
    expect((await readAll(res.body)).toString()).toBe("ok");
  });

  it("accepts the same Content-Length given twice", async () => {
    const srv = await serveRaw((req) => req.conn.socket.write("HTTP/1.1 200 OK\r\ncontent-length: 3\r\nContent-Length: 3\r\n\r\nabc"));
    expect(await fetchText(srv.url)).toBe("abc");
  });

  it("accepts a head of 60,000 bytes", async () => {
    const pad = Array.from({ length: 1000 }, (_, k) => `x-pad-${String(k).padStart(4, "0")}: ${"a".repeat(46)}\r\n`).join("");
    const srv = await serveRaw((req) => req.conn.socket.write(`HTTP/1.1 200 OK\r\n${pad}content-length: 2\r\n\r\nok`));
    expect(pad.length).toBe(60_000);
    const res = await wireRequest(srv.url, get());
    expect(res.headers["x-pad-0999"]).toBe("a".repeat(46));
    expect((await readAll(res.body)).toString()).toBe("ok");
  });
});

describe("wireRequest: where a head ends", () => {
  const heads = [
    "HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\n",
    "HTTP/1.1 200 OK\ncontent-length: 5\n\n",
    // A line feed, carriage return, line feed without the carriage return before it ends nothing.
    "HTTP/1.1 200 OK\r\nx-a: 1\n\r\ncontent-length: 5\r\n\r\n",
  ];

  it.each(heads.map((h) => [JSON.stringify(h)] as const))("finds the end of %s however two reads split it, and takes no body byte as head", (quoted) => {
    const head: string = JSON.parse(quoted);
    const bytes = Buffer.from(`${head}{"a"}\n\n`, "latin1");
    expect(headStop(bytes, 0, bytes.length, "")).toBe(head.length);
    for (let cut = 0; cut < head.length; cut++) {
      // A first read that ends inside the head is all head text.
      expect(headStop(bytes.subarray(0, cut), 0, cut, "")).toBe(cut);
      const before = bytes.subarray(0, cut).toString("latin1");
      const rest = bytes.subarray(cut);
      const stop = headStop(rest, 0, rest.length, before);
      expect(before + rest.subarray(0, stop).toString("latin1")).toBe(head);
    }
  });

  it("stops at the limit when no head ends before it, and reads from `at`", () => {
    const bytes = Buffer.from("xx\r\nHTTP/1.1 200 OK\r\nlong: header", "latin1");
    expect(headStop(bytes, 4, 20, "")).toBe(20);
    expect(headStop(bytes, 4, bytes.length, "")).toBe(bytes.length);
    // A blank line before `at` is not this head's end.
    expect(headStop(Buffer.from("\r\n\r\nab", "latin1"), 4, 6, "")).toBe(6);
  });

  it.each(["\r\n", "\n"])("reads the exact body when the head (lines ending %j) arrives in small pieces and the body with its last one", async (eol) => {
    const body = Buffer.from(`${"x".repeat(70_000)}\r\n\r\nafter`, "latin1");
    const head = Buffer.from(`HTTP/1.1 200 OK${eol}x-a: 1${eol}content-length: ${body.length}${eol}${eol}`, "latin1");
    const srv = await serveRaw((req) => {
      const pieces = cutSmall(head);
      const last = pieces.pop()!;
      void writeApart(req.conn.socket, [...pieces, Buffer.concat([last, body])]);
    });
    const res = await wireRequest(srv.url, get());
    expect(res.headers).toEqual({ "x-a": "1", "content-length": String(body.length) });
    expect(sha256(await readAll(res.body))).toBe(sha256(body));
  });
});

describe("wireRequest: informational heads", () => {
  const interim = ["HTTP/1.1 100 Continue\r\n\r\n", "HTTP/1.1 103 Early Hints\r\nlink: </a.css>; rel=preload\r\n\r\n"];
  const final = "HTTP/1.1 200 OK\r\nx-final: 1\r\ncontent-length: 3\r\n\r\nabc";

  it.each(["one write", "separate writes"])("skips 100 and 103 heads before the real one (%s)", async (how) => {
    const srv = await serveRaw((req) => {
      if (how === "one write") req.conn.socket.write(interim.join("") + final);
      else void writeApart(req.conn.socket, [...interim, final]);
    });
    const res = await wireRequest(srv.url, get());
    expect(res.statusCode).toBe(200);
    expect(res.headers).toEqual({ "x-final": "1", "content-length": "3" });
    expect((await readAll(res.body)).toString()).toBe("abc");
  });
});

describe("wireRequest: kept-alive sockets", () => {
  it("sends 3 sequential requests over 1 connection", async () => {
    const srv = await serveHttp((req, res) => res.end(`seen ${req.url}`));
    for (let i = 0; i < 3; i++) expect(await fetchText(`${srv.url}/s/${i}`)).toBe(`seen /s/${i}`);
    expect(srv.conns).toHaveLength(1);
    expect(wireSockets()).toEqual({ open: 1, idle: 1 });
  });

  it("uses 4 connections for 4 concurrent requests, then reuses them, and closeIdleWire closes them", async () => {
    const srv = await serveHttp((req, res) => res.end(`seen ${req.url}`));
    const all = (tag: string) => Promise.all([0, 1, 2, 3].map((i) => fetchText(`${srv.url}/${tag}/${i}`)));
    expect(await all("c")).toEqual([0, 1, 2, 3].map((i) => `seen /c/${i}`));
    expect(srv.conns).toHaveLength(4);
    expect(wireSockets()).toEqual({ open: 4, idle: 4 });
    for (let i = 0; i < 4; i++) expect(await fetchText(`${srv.url}/s/${i}`)).toBe(`seen /s/${i}`);
    expect(srv.conns).toHaveLength(4);
    expect(await all("again")).toEqual([0, 1, 2, 3].map((i) => `seen /again/${i}`));
    expect(srv.conns).toHaveLength(4);
    closeIdleWire();
    expect(wireSockets().idle).toBe(0);
    await Promise.all(srv.conns.map((c) => c.closed));
    expect(wireSockets()).toEqual({ open: 0, idle: 0 });
  });

  it.each([
    ["connection: close", "HTTP/1.1 200 OK\r\nConnection: close\r\ncontent-length: 2\r\n\r\nok"],
    ["an HTTP/1.0 answer", "HTTP/1.0 200 OK\r\ncontent-length: 2\r\n\r\nok"],
  ])("does not reuse a socket after %s (even if the server leaves it open)", async (_name, answer) => {
    const srv = await serveRaw((req) => req.conn.socket.write(answer));
    expect(await fetchText(`${srv.url}/1`)).toBe("ok");
    expect(await fetchText(`${srv.url}/2`)).toBe("ok");
    expect(srv.conns).toHaveLength(2);
    expect(srv.requests.map((r) => connIndex(srv, r))).toEqual([0, 1]);
  });

  it("reuses a socket after an HTTP/1.0 answer with connection: keep-alive", async () => {
    const srv = await serveRaw((req) => req.conn.socket.write("HTTP/1.0 200 OK\r\nConnection: keep-alive\r\ncontent-length: 2\r\n\r\nok"));
    expect(await fetchText(`${srv.url}/1`)).toBe("ok");
    expect(await fetchText(`${srv.url}/2`)).toBe("ok");
    expect(srv.conns).toHaveLength(1);
  });

  it("drops an idle socket the server closed, and the next request succeeds on a new connection", async () => {
    const srv = await serveRaw((req) => req.conn.socket.write(OK_LONG(`conn ${connIndex(srv, req)}`)));
    expect(await fetchText(`${srv.url}/1`)).toBe("conn 0");
    srv.conns[0]!.socket.end();
    await srv.conns[0]!.closed;
    await until(() => wireSockets().open === 0);
    expect(await fetchText(`${srv.url}/2`)).toBe("conn 1");
    expect(srv.conns).toHaveLength(2);
  });

  it("sends again, once, on a new connection a request the server closed a kept-alive socket under", async () => {
    // The server closes each socket right after its answer without saying so: the client may pick the
    // idle socket before it has read the close. The answer must still come, from a new connection.
    const srv = await serveRaw((req) => req.conn.socket.end(OK(`conn ${connIndex(srv, req)}`)));
    for (let i = 0; i < 30; i++) expect(await fetchText(`${srv.url}/${i}`)).toBe(`conn ${srv.conns.length - 1}`);
    expect(srv.conns).toHaveLength(30);
  });

  it("does not send again a request whose answer had begun, nor one sent on a new connection", async () => {
    const cut = await serveRaw((req) => req.conn.socket.end(connIndex(cut, req) === 0 ? OK_LONG("first") : "HTTP/1.1 200 OK\r\ncontent-le"));
    expect(await fetchText(`${cut.url}/1`)).toBe("first");
    await expect(failureOf(`${cut.url}/2`)).resolves.toMatchObject({ code: "GF_HTTP_CLOSED" });
    const fresh = await serveRaw((req) => req.conn.socket.end(""));
    await expect(failureOf(`${fresh.url}/1`)).resolves.toMatchObject({ code: "GF_HTTP_CLOSED" });
    expect(fresh.requests).toHaveLength(1);
  });

  it("does not reuse a socket that sent bytes beyond the stated body (in the same write)", async () => {
    const srv = await serveRaw((req) => req.conn.socket.write(connIndex(srv, req) === 0 ? `${OK("hello")}EXTRA` : OK("world")));
    expect(await fetchText(`${srv.url}/1`)).toBe("hello");
    expect(await fetchText(`${srv.url}/2`)).toBe("world");
    expect(srv.conns).toHaveLength(2);
  });

  it("drops an idle socket that sends bytes after the body", async () => {
    const srv = await serveRaw((req) => req.conn.socket.write(OK_LONG(connIndex(srv, req) === 0 ? "hello" : "world")));
    expect(await fetchText(`${srv.url}/1`)).toBe("hello");
    expect(wireSockets()).toEqual({ open: 1, idle: 1 });
    srv.conns[0]!.socket.write("HTTP/1.1 200 OK\r\n");
    await until(() => wireSockets().open === 0);
    expect(await fetchText(`${srv.url}/2`)).toBe("world");
    expect(srv.conns).toHaveLength(2);
  });

  it("closes an idle socket after the server's keep-alive timeout hint minus 1 s", async () => {
    const srv = await serveRaw((req) => req.conn.socket.write("HTTP/1.1 200 OK\r\nKeep-Alive: timeout=7, max=100\r\ncontent-length: 2\r\n\r\nok"));
    expect(await fetchText(srv.url)).toBe("ok");
    const idleSince = performance.now();
    await srv.conns[0]!.closed;
    // A lower bound only (a busy machine can only make it later): 6 s, not the 4 s default.
    expect(performance.now() - idleSince).toBeGreaterThan(5_500);
  }, budget(60_000));

  it("closes an idle socket after 4 s when the server gives no hint", async () => {
    const srv = await serveRaw((req) => req.conn.socket.write(OK("ok")));
    expect(await fetchText(srv.url)).toBe("ok");
    const idleSince = performance.now();
    await srv.conns[0]!.closed;
    expect(performance.now() - idleSince).toBeGreaterThan(3_500);
  }, budget(60_000));

  it(
    "lets the process exit while it holds an idle socket",
    async () => {
      const srv = await serveHttp((_req, res) => res.end("ok"));
      // The server's hint (keep-alive: timeout=120 from listenLocal) keeps the socket idle far longer than
      // the child's time-out: a socket or timer that holds the process makes the child hang.
      const script = `
        const ts = require("typescript");
        const fs = require("node:fs");
        require.extensions[".ts"] = (mod, file) => mod._compile(ts.transpileModule(fs.readFileSync(file, "utf8"), {
          compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true }, fileName: file }).outputText, file);
        const { wireRequest, wireSockets } = require("./src/http/wire-request");
        (async () => {
          const res = await wireRequest(process.argv[1], { method: "GET", headers: {}, body: null });
          let text = "";
          for await (const chunk of res.body) text += Buffer.from(chunk).toString();
          console.log(JSON.stringify({ text, sockets: wireSockets() }));
        })();
      `;
      const run = await runNode(["-e", script, `${srv.url}/child`], { cwd: ROOT, timeoutMs: budget(60_000) });
      expect(run.hung).toBe(false);
      expect(run.stderr).toBe("");
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual({ text: "ok", sockets: { open: 1, idle: 1 } });
      expect(srv.conns).toHaveLength(1);
    },
    budget(120_000),
  );
});

describe("wireRequest: answers that break HTTP/1.1", () => {
  /** Each answer is written whole and the socket ended: a client that misses the fault fails on something else. */
  const broken = (answer: string | Buffer) => serveRaw((req) => req.conn.socket.end(answer));

  it.each([
    ["two different Content-Length values", "HTTP/1.1 200 OK\r\ncontent-length: 3\r\ncontent-length: 4\r\n\r\nabcd"],
    ["both Content-Length and Transfer-Encoding", "HTTP/1.1 200 OK\r\ncontent-length: 5\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"],
    ["a Content-Length with a letter", "HTTP/1.1 200 OK\r\ncontent-length: 5x\r\n\r\nhello"],
    ["a negative Content-Length", "HTTP/1.1 200 OK\r\ncontent-length: -1\r\n\r\nhello"],
    ["a Content-Length with a sign", "HTTP/1.1 200 OK\r\ncontent-length: +5\r\n\r\nhello"],
    ["a transfer-coding other than chunked", "HTTP/1.1 200 OK\r\ntransfer-encoding: gzip\r\n\r\nhello"],
    ["another transfer-coding before chunked", "HTTP/1.1 200 OK\r\ntransfer-encoding: gzip, chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n"],
    ["a 101 Switching Protocols", "HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\nconnection: upgrade\r\n\r\n"],
    ["a status line that is not HTTP", "SPDY/3 200 OK\r\ncontent-length: 2\r\n\r\nok"],
  ])("rejects %s with a WireProtocolError", async (_name, answer) => {
    const srv = await broken(answer);
    const err = await wireRequest(srv.url, get()).then(
      () => "resolved",
      (e: unknown) => e,
    );
    expectProtocolError(err);
  });

  it.each([
    ["letters", "zz\r\nhello\r\n0\r\n\r\n"],
    ["a negative size", "-5\r\nhello\r\n0\r\n\r\n"],
    ["an empty size line", "\r\nhello\r\n0\r\n\r\n"],
  ])("fails a chunked body whose size line holds %s with a WireProtocolError", async (_name, body) => {
    const srv = await broken(`HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n${body}`);
    expectProtocolError(await failureOf(srv.url));
  });

  it("rejects a head over 64 KiB with a WireProtocolError, even one that never ends", async () => {
    const pad = Array.from({ length: 2000 }, (_, k) => `x-pad-${k}: ${"a".repeat(40)}\r\n`).join("");
    const whole = await broken(`HTTP/1.1 200 OK\r\n${pad}content-length: 2\r\n\r\nok`);
    expectProtocolError(await failureOf(whole.url));
    const endless = await serveRaw((req) => void req.conn.socket.write(`HTTP/1.1 200 OK\r\n${pad}`));
    expectProtocolError(await failureOf(endless.url));
    await endless.conns[0]!.closed;
  });

  it("does not reuse the socket after a protocol error", async () => {
    const srv = await serveRaw((req) =>
      req.conn.socket.write(connIndex(srv, req) === 0 ? "HTTP/1.1 200 OK\r\ncontent-length: 2\r\ncontent-length: 3\r\n\r\nabc" : OK("fine")),
    );
    expectProtocolError(await failureOf(`${srv.url}/1`));
    expect(await fetchText(`${srv.url}/2`)).toBe("fine");
    expect(srv.conns).toHaveLength(2);
    await srv.conns[0]!.closed;
  });
});

describe("wireRequest: connections that fail", () => {
  it("rejects a refused connection with Node's ECONNREFUSED", async () => {
    const server = createNetServer();
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    await expect(wireRequest(`http://127.0.0.1:${port}/x`, get())).rejects.toMatchObject({ code: "ECONNREFUSED", syscall: "connect" });
  });

  it.each([
    ["before any byte", ""],
    ["mid-head", "HTTP/1.1 200 OK\r\ncontent-le"],
  ])("rejects with GF_HTTP_CLOSED when the server closes %s", async (_name, partial) => {
    const srv = await serveRaw((req) => req.conn.socket.end(partial));
    const err = await wireRequest(srv.url, get()).then(
      () => "resolved",
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(Error);
    expect((err as { code?: string }).code).toBe("GF_HTTP_CLOSED");
  });

  it("fails the body with GF_HTTP_CLOSED, naming the bytes that arrived of how many, when the server closes mid-body", async () => {
    const sent = randomBytes(700);
    const srv = await serveRaw((req) => req.conn.socket.end(Buffer.concat([Buffer.from("HTTP/1.1 200 OK\r\ncontent-length: 900\r\n\r\n"), sent])));
    const res = await wireRequest(srv.url, get());
    const { err, got } = await bodyFailure(res.body);
    expect(err).toBeInstanceOf(Error);
    expect((err as { code?: string }).code).toBe("GF_HTTP_CLOSED");
    expect((err as Error).message).toMatch(/\b700\b[\s\S]*\b900\b/);
    expect(got.equals(sent.subarray(0, got.length))).toBe(true);
  });

  it("fails a chunked body with GF_HTTP_CLOSED when the server closes before the last chunk", async () => {
    const srv = await serveRaw((req) => req.conn.socket.end("HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n5\r\nhello\r\n"));
    const res = await wireRequest(srv.url, get());
    const { err } = await bodyFailure(res.body);
    expect((err as { code?: string }).code).toBe("GF_HTTP_CLOSED");
  });
});

describe("wireRequest: abort, destroy and break", () => {
  it("rejects with the reason of a signal aborted before the call", async () => {
    const srv = await serveRaw((req) => req.conn.socket.write(OK("ok")));
    const reason = new Error("stopped before");
    await expect(wireRequest(srv.url, get({}, { signal: AbortSignal.abort(reason) }))).rejects.toBe(reason);
  });

  it("rejects with the signal's reason as it is, also one that is not an Error", async () => {
    const srv = await serveRaw((req) => req.conn.socket.write(OK("ok")));
    await expect(wireRequest(srv.url, get({}, { signal: AbortSignal.abort("a plain string") }))).rejects.toBe("a plain string");
  });

  it("rejects with the reason when aborted while waiting for the head, and closes the socket", async () => {
    let arrived!: () => void;
    const requested = new Promise<void>((resolve) => (arrived = resolve));
    const srv = await serveRaw(() => arrived());
    const controller = new AbortController();
    const reason = new Error("stopped while waiting");
    const pending = wireRequest(srv.url, get({}, { signal: controller.signal }));
    await requested;
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
    await srv.conns[0]!.closed;
  });

  it("fails the body with the reason when aborted mid-body, and closes the socket", async () => {
    const srv = await serveRaw((req) => req.conn.socket.write(`HTTP/1.1 200 OK\r\ncontent-length: 100000\r\n\r\n${"a".repeat(1000)}`));
    const controller = new AbortController();
    const reason = new Error("stopped mid-body");
    const res = await wireRequest(srv.url, get({}, { signal: controller.signal }));
    const it = res.body[Symbol.asyncIterator]();
    let got = 0;
    while (got < 1000) got += ((await it.next()).value as Uint8Array).length;
    const next = it.next();
    controller.abort(reason);
    await expect(next).rejects.toBe(reason);
    await srv.conns[0]!.closed;
  });

  it("ends a read already waiting for the next chunk when the body is destroyed", async () => {
    const srv = await serveRaw((req) => req.conn.socket.write("HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\nfirst"));
    const res = await wireRequest(srv.url, get());
    const it = res.body[Symbol.asyncIterator]();
    expect(Buffer.from((await it.next()).value as Uint8Array).toString()).toBe("first");
    const waiting = it.next();
    res.body.destroy();
    await expect(waiting).resolves.toEqual({ value: undefined, done: true });
    await srv.conns[0]!.closed;
  });

  it("leaves no abort listener on the signal once the body ended", async () => {
    const srv = await serveRaw((req) => req.conn.socket.write(OK("ok")));
    const controller = new AbortController();
    expect(await fetchText(srv.url, get({}, { signal: controller.signal }))).toBe("ok");
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
  });

  it("keeps reusing the socket when the signal is aborted after the body ended", async () => {
    const srv = await serveRaw((req) => req.conn.socket.write(OK("ok")));
    const controller = new AbortController();
    expect(await fetchText(`${srv.url}/1`, get({}, { signal: controller.signal }))).toBe("ok");
    controller.abort(new Error("too late"));
    expect(await fetchText(`${srv.url}/2`)).toBe("ok");
    expect(srv.conns).toHaveLength(1);
  });

  it.each(["destroy()", "break"])("closes the socket on %s mid-body; the next request opens a new connection", async (how) => {
    const srv = await serveRaw((req) =>
      req.conn.socket.write(connIndex(srv, req) === 0 ? `HTTP/1.1 200 OK\r\ncontent-length: 1000000\r\n\r\n${"b".repeat(100_000)}` : OK("new")),
    );
    const res = await wireRequest(`${srv.url}/1`, get());
    for await (const chunk of res.body) {
      expect(chunk.length).toBeGreaterThan(0);
      if (how === "destroy()") res.body.destroy();
      break;
    }
    await srv.conns[0]!.closed;
    expect(wireSockets()).toEqual({ open: 0, idle: 0 });
    expect(await fetchText(`${srv.url}/2`)).toBe("new");
    expect(srv.conns).toHaveLength(2);
  });
});

describe("wireRequest: https", () => {
  const warnings: Error[] = [];
  const onWarning = (w: Error) => warnings.push(w);
  beforeAll(() => void process.on("warning", onWarning));
  afterAll(() => void process.off("warning", onWarning));

  async function serveHttps(): Promise<Served> {
    const server = createHttpsServer({ cert: TLS_CERT, key: TLS_KEY, ALPNProtocols: ["http/1.1"] }, (req, res) =>
      res.end(JSON.stringify({ url: req.url, host: req.headers.host, alpn: (req.socket as import("node:tls").TLSSocket).alpnProtocol })),
    );
    server.keepAliveTimeout = 120_000;
    const conns = track(server);
    server.on("tlsClientError", () => {});
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    closeLater(server, conns);
    return { url: `https://127.0.0.1:${port}`, port, conns };
  }

  it("rejects an untrusted self-signed certificate with the TLS error code", async () => {
    const srv = await serveHttps();
    await expect(wireRequest(`${srv.url}/x`, get())).rejects.toMatchObject({ code: "DEPTH_ZERO_SELF_SIGNED_CERT" });
  });

  it.each(["string", "Buffer"])("trusts the certificate given as ca (%s), over ALPN http/1.1, and reuses the socket", async (kind) => {
    const srv = await serveHttps();
    const ca = kind === "string" ? TLS_CERT.toString("utf8") : TLS_CERT;
    for (const path of ["/a?b=1", "/c"]) {
      expect(JSON.parse(await fetchText(`${srv.url}${path}`, get({}, { ca })))).toEqual({ url: path, host: `127.0.0.1:${srv.port}`, alpn: "http/1.1" });
    }
    expect(srv.conns).toHaveLength(1);
  });

  it("keeps every chunk of a 5 MB https body intact after later reads", async () => {
    const bytes = randomBytes(5 * 1024 * 1024);
    const server = createHttpsServer({ cert: TLS_CERT, key: TLS_KEY }, (_req, res) => {
      res.writeHead(200, { "content-length": bytes.length });
      for (let at = 0; at < bytes.length; at += 40_000) res.write(bytes.subarray(at, at + 40_000));
      res.end();
    });
    const conns = track(server);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closeLater(server, conns);
    const res = await wireRequest(`https://127.0.0.1:${(server.address() as AddressInfo).port}/big`, get({}, { ca: TLS_CERT }));
    const chunks: Uint8Array[] = [];
    for await (const chunk of res.body) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(1);
    expect(sha256(Buffer.concat(chunks))).toBe(sha256(bytes));
  });

  it("sends no IP address as the TLS server name (Node warns DEP0123)", async () => {
    const srv = await serveHttps();
    expect(await fetchText(`${srv.url}/x`, get({}, { ca: TLS_CERT }))).toContain('"alpn":"http/1.1"');
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => (w as { code?: string }).code === "DEP0123").map((w) => w.message)).toEqual([]);
  });
});
