/**
 * gasframes' own HTTP/1.1 client, for the requests it sends with no dispatcher of the user's (see
 * network-send.ts). A paged download spends most of its socket time in the HTTP library, not the
 * socket: measured on the bench's v3 pages, undici's `request` read 370 MB/s where a reader on bare
 * sockets read 787 MB/s (docs/performance.md, thirteenth round). This one reads with `onread` into
 * large buffers of its own, so a read allocates nothing and a body chunk is a view of the bytes as the
 * socket delivered them (never copied, never overwritten: the consumer may keep it).
 *
 * It speaks the HTTP/1.1 a JSON API answers with: Content-Length, chunked and close-delimited bodies,
 * informational heads, keep-alive. Anything else a server sends is a {@link WireProtocolError}, never
 * a guess; a connection that ends early is an error naming how far it got.
 */
import * as net from "node:net";
import { CLIENT_HEADERS } from "./config";

/** The server broke HTTP/1.1 in a way this client does not guess around. */
export class WireProtocolError extends Error {
  readonly code = "GF_HTTP_PROTOCOL";
  override name = "WireProtocolError";
}

/** What to send: the subset of a request gasframes makes. */
export interface WireRequestOptions {
  method: "GET" | "POST";
  /** Sent as given (names in lower case; `host` and `content-length` are this module's). */
  headers: Record<string, string>;
  /** The request body (JSON text), or null for none. */
  body: string | null;
  /** Aborts the request: before the head, the promise rejects with the signal's reason; after, the body does. */
  signal?: AbortSignal;
  /** An extra certificate authority to trust for https (tests; users needing one pass a dispatcher). */
  ca?: string | Buffer;
}

/** A response body: its chunks stay valid after the next is read. */
export interface WireBody extends AsyncIterable<Uint8Array> {
  /** Stops reading: the connection is closed unless the whole body was already in. */
  destroy(): void;
  /**
   * Reads the body's bytes still to come straight into `target`, at their offset in the body (see
   * read-into.ts): only for a body of stated length, and `target` must hold exactly that many bytes.
   * Returns whether it will; chunks read from then on are views of `target`.
   */
  readInto(target: Uint8Array): boolean;
}

/** A response head and its body. */
export interface WireResponse {
  statusCode: number;
  /** Header names in lower case; a header given more than once is an array of its values. */
  headers: Record<string, string | string[]>;
  body: WireBody;
}

/** The biggest response head accepted (status line and headers). */
const MAX_HEAD_BYTES = 64 * 1024;
/** The biggest chunk-size line or trailer section of a chunked body. */
const MAX_CHUNK_LINE_BYTES = 4 * 1024;
/** Bytes a read may fill at most; a read buffer is renewed when less than this is left in it. */
const READ_BYTES = 64 * 1024;
/**
 * Bytes the read that brings a head may fill, and each read of a body of stated length before its
 * consumer has had the chance to have it read into a buffer of its own (see {@link Connection.readInto}):
 * the body bytes these reads bring are copied out of the read buffer, and a v3 download's pages used
 * about two 256 KiB read buffers each (49 MB made and dropped in a million-row download) when such
 * reads could fill what was left of one.
 */
const FIRST_READ_BYTES = 16 * 1024;
/**
 * The buffers reads land in: a read takes the next part of one, so reads share an allocation. A chunk
 * the consumer keeps holds its whole buffer: with 1 MiB buffers an NDJSON download's peak was 10-15 MB
 * higher than undici's, with 256 KiB the same (docs/performance.md, fourteenth round).
 */
const ARENA_BYTES = 256 * 1024;
/** Body bytes received and not yet taken by the consumer before the socket stops reading. */
const HIGH_WATER_BYTES = 1024 * 1024;
/**
 * What each queued chunk counts for beyond its bytes (its view object): a chunked body of 1-byte
 * chunks must stop the socket long before a million views pile up.
 */
const CHUNK_OVERHEAD_BYTES = 512;
/** How long an idle kept-alive socket is kept when the server gives no `keep-alive: timeout`. */
const DEFAULT_IDLE_MS = 4_000;
/** A server's keep-alive hint is shortened by this much, so the client always closes first. */
const IDLE_MARGIN_MS = 1_000;
const MAX_IDLE_MS = 600_000;

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const STATUS_LINE = /^HTTP\/1\.([01]) (\d{3})(?:[ \t].*)?$/;

/** An error of a connection that ended before the response did. */
function closedError(message: string): Error {
  return Object.assign(new Error(message), { code: "GF_HTTP_CLOSED" });
}

const idle = new Map<string, Connection[]>();
let openCount = 0;
/** Body bytes this module has received, and those of them read straight into a consumer's buffer. */
const bodyBytes = { received: 0, inPlace: 0 };

/**
 * Response body bytes received since the process started, and how many of them the socket wrote
 * straight into a consumer's buffer (see {@link WireBody.readInto}) rather than into a read buffer.
 */
export function wireBodyBytes(): { received: number; inPlace: number } {
  return { ...bodyBytes };
}

/** Sockets this module holds now: all of them, and those idle (kept alive for the next request). */
export function wireSockets(): { open: number; idle: number } {
  let idleCount = 0;
  for (const list of idle.values()) idleCount += list.length;
  return { open: openCount, idle: idleCount };
}

/** Closes every idle kept-alive socket. */
export function closeIdleWire(): void {
  for (const list of [...idle.values()]) for (const conn of [...list]) conn.close();
  idle.clear();
}

/** Sends one request; resolves with the response head once it is in, the body following as it arrives. */
export function wireRequest(url: string, opts: WireRequestOptions): Promise<WireResponse> {
  const signal = opts.signal;
  if (signal?.aborted === true) return Promise.reject(reasonOf(signal));
  let target: URL;
  try {
    target = new URL(url);
  } catch (err) {
    return Promise.reject(err as Error);
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") return Promise.reject(new TypeError(`${target.protocol} is not http: or https:`));
  let request: Buffer;
  try {
    request = requestBytes(target, opts);
  } catch (err) {
    return Promise.reject(err as Error);
  }
  const key = `${target.protocol}//${target.host}${opts.ca !== undefined ? ` ca ${caId(opts.ca)}` : ""}`;
  return new Promise<WireResponse>((resolve, reject) => {
    const conn = takeIdle(key) ?? new Connection(key, target, opts.ca);
    conn.send(request, opts.method, { resolve, reject }, signal);
  });
}


function requestBytes(target: URL, opts: WireRequestOptions): Buffer {
  const body = opts.body === null ? undefined : Buffer.from(opts.body, "utf8");
  let fields = "";
  let host = target.host;
  for (const [name, value] of Object.entries(opts.headers)) {
    // The configuration refuses these first; a header must never be able to start another, nor
    // change how the message is framed (latin1 would turn U+010A into a line feed: ASCII only).
    const key = name.toLowerCase();
    if (!TOKEN.test(name) || /[^\t\x20-\x7e]/.test(value) || CLIENT_HEADERS.has(key)) throw new TypeError(`the header "${name}" cannot be sent`);
    if (key === "host") host = value;
    else fields += `${name}: ${value}\r\n`;
  }
  let head = `${opts.method} ${target.pathname}${target.search} HTTP/1.1\r\nhost: ${host}\r\n`;
  if (body !== undefined || opts.method === "POST") head += `content-length: ${body?.byteLength ?? 0}\r\n`;
  head += fields;
  head += "\r\n";
  const headBytes = Buffer.from(head, "latin1");
  return body === undefined ? headBytes : Buffer.concat([headBytes, body]);
}

/** Each certificate authority given, by identity (a Buffer) or value (a string): sockets trusting one are kept for it. */
const caIds = new Map<string | Buffer, number>();
function caId(ca: string | Buffer): number {
  let id = caIds.get(ca);
  if (id === undefined) caIds.set(ca, (id = caIds.size + 1));
  return id;
}

function takeIdle(key: string): Connection | undefined {
  const list = idle.get(key);
  while (list !== undefined && list.length > 0) {
    const conn = list.pop()!;
    if (list.length === 0) idle.delete(key);
    if (conn.usable()) return conn;
    conn.close();
  }
  return undefined;
}

/** Why the request stopped: the signal's reason, as it is (the caller's call layer names its own stops). */
function reasonOf(signal: AbortSignal): unknown {
  return signal.reason as unknown;
}

type Framing = { kind: "length"; left: number; total: number } | { kind: "chunked" } | { kind: "close" };

/** The chunked decoder's place: in a size line, in a chunk's data, after it (CRLF), or in the trailers. */
type ChunkState = "size" | "data" | "data-end" | "trailers";

/** One socket and the exchange on it (at most one at a time: no pipelining). */
class Connection {
  private readonly socket: net.Socket;
  private arena = Buffer.allocUnsafeSlow(ARENA_BYTES);
  private arenaAt = 0;
  /** Where the current body's bytes go instead of the arena (see {@link readInto}), and whether the pending read fills it. */
  private landing: Uint8Array | undefined;
  private readingLanding = false;
  private waiting: { resolve(res: WireResponse): void; reject(err: unknown): void } | undefined;
  private method = "GET";
  private signal: AbortSignal | undefined;
  private readonly onAbort = (): void => this.fail(reasonOf(this.signal!));
  private head = "";
  private body: Body | undefined;
  private framing: Framing | undefined;
  private received = 0;
  private chunkState: ChunkState = "size";
  private chunkLeft = 0;
  private line = "";
  private trailerBytes = 0;
  /** Whether the socket may carry another exchange after this one. */
  private reusable = true;
  private idleMs = DEFAULT_IDLE_MS;
  private idleTimer: NodeJS.Timeout | undefined;
  private closed = false;
  /** Exchanges this socket has carried, the current one included. */
  private exchanges = 0;
  /** A byte of the current exchange's response has arrived. */
  private heard = false;
  private request: Buffer | undefined;

  constructor(
    private readonly key: string,
    private readonly target: URL,
    private readonly ca: string | Buffer | undefined,
  ) {
    const host = target.hostname.startsWith("[") ? target.hostname.slice(1, -1) : target.hostname;
    const tls = target.protocol === "https:";
    const port = Number(target.port) || (tls ? 443 : 80);
    const onread = { buffer: () => this.nextReadBuffer(), callback: (n: number, buf: Uint8Array) => this.onRead(n, buf) };
    if (tls) {
      const tlsModule = require("node:tls") as typeof import("node:tls");
      this.socket = tlsModule.connect({
        host,
        port,
        ...(net.isIP(host) === 0 ? { servername: host } : {}),
        ALPNProtocols: ["http/1.1"],
        ...(ca !== undefined ? { ca } : {}),
        onread,
      } as import("node:tls").ConnectionOptions);
    } else {
      this.socket = net.connect({ host, port, onread, noDelay: true });
    }
    openCount++;
    this.socket.on("error", (err) => this.fail(err));
    this.socket.on("end", () => this.ended());
    this.socket.on("close", () => this.ended());
  }

  usable(): boolean {
    return !this.closed && !this.socket.destroyed && this.socket.writable;
  }

  send(request: Buffer, method: string, waiting: { resolve(res: WireResponse): void; reject(err: unknown): void }, signal: AbortSignal | undefined): void {
    if (this.idleTimer !== undefined) clearTimeout(this.idleTimer);
    this.idleTimer = undefined;
    this.socket.ref();
    this.exchanges++;
    this.heard = false;
    this.request = request;
    this.waiting = waiting;
    this.method = method;
    this.head = "";
    this.framing = undefined;
    this.body = undefined;
    this.received = 0;
    this.signal = signal;
    signal?.addEventListener("abort", this.onAbort, { once: true });
    this.socket.write(request);
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.landing = undefined;
    openCount--;
    if (this.idleTimer !== undefined) clearTimeout(this.idleTimer);
    this.socket.destroy();
  }

  /**
   * Asks that `body`'s bytes still to come be read into `target` at their offset in the body. The socket
   * takes a new buffer after each read, so the read after this one fills `target`, never beyond the
   * body's end: bytes after it (a server's mistake) land in the arena. Until the body ends or the
   * connection closes, the socket may write into `target`: the consumer must stop the body before
   * reusing it otherwise (Body.destroy closes the connection).
   */
  readInto(body: Body, target: Uint8Array): boolean {
    const framing = this.framing;
    if (this.body !== body || this.closed || framing?.kind !== "length" || framing.left === 0 || target.byteLength !== framing.total) return false;
    this.landing = target;
    return true;
  }

  /** The part of the current read buffer the next read fills (a new buffer when little is left). */
  private nextReadBuffer(): Uint8Array {
    const landing = this.landing;
    const framing = this.framing;
    if (landing !== undefined && framing?.kind === "length" && framing.left > 0) {
      this.readingLanding = true;
      return landing.subarray(framing.total - framing.left);
    }
    this.readingLanding = false;
    if (this.arena.byteLength - this.arenaAt < READ_BYTES) {
      this.arena = Buffer.allocUnsafeSlow(ARENA_BYTES);
      this.arenaAt = 0;
    }
    const first = framing === undefined || (framing.kind === "length" && this.received < FIRST_READ_BYTES);
    return this.arena.subarray(this.arenaAt, first ? this.arenaAt + FIRST_READ_BYTES : undefined);
  }

  private onRead(n: number, buf: Uint8Array): boolean {
    // Those bytes are the consumer's now: the next read goes past them.
    if (!this.readingLanding) this.arenaAt += n;
    try {
      this.take(buf.subarray(0, n));
    } catch (err) {
      this.fail(err);
    }
    return true;
  }

  private take(bytes: Uint8Array): void {
    this.heard = true;
    let at = 0;
    while (at < bytes.byteLength) {
      if (this.waiting === undefined && this.body === undefined) {
        // Bytes nobody asked for: the socket cannot be trusted with another exchange.
        this.close();
        return;
      }
      if (this.framing === undefined) at = this.takeHead(bytes, at);
      else at = this.takeBody(bytes, at);
    }
  }

  /** Reads head bytes from `at`; returns where the head ended (or the end of `bytes`). */
  private takeHead(bytes: Uint8Array, at: number): number {
    const before = this.head.length;
    // Only the head becomes text: the read that brings a head mostly brings body bytes with it (each
    // page of a v3 download turned 64 KiB into a string that was dropped at once).
    const stop = headStop(bytes, at, Math.min(bytes.byteLength, at + MAX_HEAD_BYTES + 4), this.head);
    this.head += Buffer.from(bytes.buffer, bytes.byteOffset + at, stop - at).toString("latin1");
    const from = Math.max(0, before - 3);
    let end = this.head.indexOf("\r\n\r\n", from);
    let sep = 4;
    const lf = this.head.indexOf("\n\n", from);
    if (lf !== -1 && (end === -1 || lf < end)) {
      end = lf;
      sep = 2;
    }
    if (end === -1) {
      if (this.head.length > MAX_HEAD_BYTES) throw new WireProtocolError(`the response head is over ${MAX_HEAD_BYTES} bytes`);
      return bytes.byteLength;
    }
    if (end > MAX_HEAD_BYTES) throw new WireProtocolError(`the response head is over ${MAX_HEAD_BYTES} bytes`);
    const text = this.head.slice(0, end);
    const used = end + sep - before;
    this.head = "";
    this.startResponse(text);
    return at + used;
  }

  private startResponse(text: string): void {
    const lines = text.split(/\r?\n/);
    const status = STATUS_LINE.exec(lines[0]!);
    if (status === null) throw new WireProtocolError(`the response does not start with an HTTP/1.x status line: ${JSON.stringify(lines[0]!.slice(0, 80))}`);
    const statusCode = Number(status[2]);
    // No prototype: a header named __proto__ is a header like any other.
    const headers = Object.create(null) as Record<string, string | string[]>;
    for (let i = 1; i < lines.length; i++) {
      const line = lines[i]!;
      const colon = line.indexOf(":");
      const name = colon > 0 ? line.slice(0, colon) : "";
      if (!TOKEN.test(name)) throw new WireProtocolError(`the response has a malformed header line: ${JSON.stringify(line.slice(0, 80))}`);
      const key = name.toLowerCase();
      const value = line.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, "");
      const had = headers[key];
      if (had === undefined) headers[key] = value;
      else if (Array.isArray(had)) had.push(value);
      else headers[key] = [had, value];
    }
    if (statusCode < 200) {
      if (statusCode === 101) throw new WireProtocolError("the server switched protocols (101), which was not asked for");
      return; // An informational head (100, 103): the real one follows.
    }
    const version = Number(status[1]);
    const connection = listOf(headers["connection"]);
    this.reusable = version === 1 ? !connection.includes("close") : connection.includes("keep-alive");
    const hint = /(?:^|[,;\s])timeout=(\d+)/i.exec(String(headers["keep-alive"] ?? ""));
    if (hint !== null) this.idleMs = Math.min(MAX_IDLE_MS, Number(hint[1]) * 1000 - IDLE_MARGIN_MS);
    this.framing = framingOf(statusCode, this.method, headers);
    if (this.framing.kind === "close") this.reusable = false;
    const body = new Body(this);
    this.body = body;
    const waiting = this.waiting!;
    this.waiting = undefined;
    waiting.resolve({ statusCode, headers, body });
    if (this.framing.kind === "length" && this.framing.left === 0) this.finish();
  }

  /** Reads body bytes from `at`; returns where the body ended (or the end of `bytes`). */
  private takeBody(bytes: Uint8Array, at: number): number {
    const framing = this.framing!;
    if (framing.kind === "close") {
      this.deliver(bytes.subarray(at));
      return bytes.byteLength;
    }
    if (framing.kind === "length") {
      const take = Math.min(bytes.byteLength - at, framing.left);
      framing.left -= take;
      this.deliver(bytes.subarray(at, at + take));
      if (framing.left === 0) {
        // Anything after the stated body was not asked for: the body is whole, the socket is not reused.
        if (at + take < bytes.byteLength) this.reusable = false;
        this.finish();
        return bytes.byteLength;
      }
      return at + take;
    }
    return this.takeChunked(bytes, at);
  }

  private takeChunked(bytes: Uint8Array, at: number): number {
    const n = bytes.byteLength;
    while (at < n && this.body !== undefined) {
      if (this.chunkState === "data") {
        const take = Math.min(n - at, this.chunkLeft);
        this.deliver(bytes.subarray(at, at + take));
        this.chunkLeft -= take;
        at += take;
        if (this.chunkLeft === 0) this.chunkState = "data-end";
        continue;
      }
      const lf = bytes.indexOf(0x0a, at);
      const end = lf === -1 ? n : lf;
      this.line += Buffer.from(bytes.buffer, bytes.byteOffset + at, end - at).toString("latin1");
      if (this.line.length > MAX_CHUNK_LINE_BYTES) throw new WireProtocolError(`a chunked body has a line over ${MAX_CHUNK_LINE_BYTES} bytes`);
      if (lf === -1) return n;
      at = lf + 1;
      const line = this.line.endsWith("\r") ? this.line.slice(0, -1) : this.line;
      this.line = "";
      if (this.chunkState === "data-end") {
        if (line !== "") throw new WireProtocolError("a chunk of a chunked body does not end where its size says");
        this.chunkState = "size";
      } else if (this.chunkState === "size") {
        const size = /^([0-9A-Fa-f]{1,12})[ \t]*(?:;.*)?$/.exec(line);
        if (size === null) throw new WireProtocolError(`a chunked body has a malformed chunk size: ${JSON.stringify(line.slice(0, 40))}`);
        this.chunkLeft = parseInt(size[1]!, 16);
        this.chunkState = this.chunkLeft === 0 ? "trailers" : "data";
        this.trailerBytes = 0;
      } else {
        // Trailers: read and dropped, up to the blank line that ends the body.
        this.trailerBytes += line.length;
        if (this.trailerBytes > MAX_CHUNK_LINE_BYTES) throw new WireProtocolError(`a chunked body's trailers are over ${MAX_CHUNK_LINE_BYTES} bytes`);
        if (line === "") {
          this.chunkState = "size";
          if (at < n) this.reusable = false;
          this.finish();
          return n;
        }
      }
    }
    return n;
  }

  private deliver(chunk: Uint8Array): void {
    if (chunk.byteLength === 0) return;
    this.received += chunk.byteLength;
    bodyBytes.received += chunk.byteLength;
    if (this.readingLanding) bodyBytes.inPlace += chunk.byteLength;
    this.body?.push(chunk);
  }

  /** The whole body is in: the consumer reads what is queued; the socket goes back to the pool. */
  private finish(): void {
    const body = this.body;
    this.body = undefined;
    this.landing = undefined;
    this.framing = undefined;
    this.chunkState = "size";
    this.signal?.removeEventListener("abort", this.onAbort);
    this.signal = undefined;
    this.request = undefined;
    body?.end();
    if (!this.reusable || this.closed || !this.usable() || this.idleMs <= 0) {
      this.close();
      return;
    }
    this.socket.unref();
    this.resumeReading();
    const list = idle.get(this.key) ?? [];
    list.push(this);
    idle.set(this.key, list);
    this.idleTimer = setTimeout(() => this.dropIdle(), this.idleMs);
    this.idleTimer.unref();
  }

  private dropIdle(): void {
    const list = idle.get(this.key);
    const at = list?.indexOf(this) ?? -1;
    if (at !== -1) list!.splice(at, 1);
    if (list?.length === 0) idle.delete(this.key);
    this.close();
  }

  /** The server ended the connection: the end of a close-delimited body, or else too early. */
  private ended(): void {
    if (this.body !== undefined && this.framing?.kind === "close") {
      this.reusable = false;
      this.finish();
      return;
    }
    if (this.waiting !== undefined || this.body !== undefined) {
      const framing = this.framing;
      const message =
        this.body === undefined
          ? "the server closed the connection before the whole response head"
          : framing?.kind === "length"
            ? `the server closed the connection after ${this.received} of ${framing.total} body bytes`
            : `the server closed the connection after ${this.received} body bytes, before the chunked body's end`;
      this.fail(closedError(message));
      return;
    }
    this.dropIdle();
  }

  /**
   * The exchange fails with `err` (a socket error, an abort, a protocol error); the socket is closed. A
   * kept-alive socket the server closed just as the request went out (nothing of an answer heard) is
   * not a failure: the request goes again on a new connection, once (as a browser does).
   */
  private fail(err: unknown): void {
    const signal = this.signal;
    signal?.removeEventListener("abort", this.onAbort);
    this.signal = undefined;
    const waiting = this.waiting;
    if (waiting !== undefined && this.exchanges > 1 && !this.heard && signal?.aborted !== true && isStaleSocketError(err)) {
      this.waiting = undefined;
      this.close();
      new Connection(this.key, this.target, this.ca).send(this.request!, this.method, waiting, signal);
      return;
    }
    const body = this.body;
    this.waiting = undefined;
    this.body = undefined;
    this.landing = undefined;
    this.framing = undefined;
    if (waiting === undefined && body === undefined) {
      this.dropIdle();
      return;
    }
    this.close();
    waiting?.reject(err);
    body?.fail(err);
  }

  /** The consumer left before the end: the socket cannot be reused. */
  abandon(body: Body): void {
    if (this.body !== body) return;
    this.signal?.removeEventListener("abort", this.onAbort);
    this.signal = undefined;
    this.body = undefined;
    this.landing = undefined;
    this.framing = undefined;
    this.close();
  }

  pauseReading(): void {
    if (!this.socket.destroyed) this.socket.pause();
  }

  resumeReading(): void {
    if (!this.socket.destroyed && this.socket.isPaused()) this.socket.resume();
  }
}

/** How a kept-alive socket that the server had closed fails a request written to it. */
function isStaleSocketError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === "GF_HTTP_CLOSED" || code === "ECONNRESET" || code === "EPIPE";
}

/** How the body of a response is delimited (RFC 9112, section 6.3); a conflict is an error. */
function framingOf(statusCode: number, method: string, headers: Record<string, string | string[]>): Framing {
  if (statusCode === 204 || statusCode === 304 || method === "HEAD") return { kind: "length", left: 0, total: 0 };
  const te = headers["transfer-encoding"];
  const cl = headers["content-length"];
  if (te !== undefined) {
    if (cl !== undefined) throw new WireProtocolError("the response has both Transfer-Encoding and Content-Length");
    const codings = listOf(te);
    if (codings.length !== 1 || codings[0] !== "chunked") throw new WireProtocolError(`the transfer coding "${codings.join(", ")}" is not supported (only chunked is)`);
    return { kind: "chunked" };
  }
  if (cl !== undefined) {
    const values = new Set((Array.isArray(cl) ? cl : [cl]).flatMap((v) => v.split(",")).map((v) => v.trim()));
    const [value] = values;
    if (values.size !== 1 || !/^\d{1,15}$/.test(value!)) throw new WireProtocolError(`the response has an invalid Content-Length: ${JSON.stringify([...values].join(", ").slice(0, 60))}`);
    const total = Number(value);
    return { kind: "length", left: total, total };
  }
  return { kind: "close" };
}

function listOf(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return (Array.isArray(value) ? value : [value])
    .flatMap((v) => v.split(","))
    .map((v) => v.trim().toLowerCase())
    .filter((v) => v !== "");
}

/** The body as the consumer reads it: chunks queue here until asked for (the socket pauses past a bound). */
class Body implements WireBody {
  private readonly chunks: Uint8Array[] = [];
  private head = 0;
  private queued = 0;
  private ended = false;
  private stopped = false;
  private failure: { error: unknown } | undefined;
  private waiter: { resolve(r: IteratorResult<Uint8Array>): void; reject(err: unknown): void } | undefined;

  constructor(private readonly conn: Connection) {}

  push(chunk: Uint8Array): void {
    if (this.stopped) return;
    const waiter = this.waiter;
    if (waiter !== undefined) {
      this.waiter = undefined;
      waiter.resolve({ value: chunk, done: false });
      return;
    }
    this.chunks.push(chunk);
    this.queued += chunk.byteLength + CHUNK_OVERHEAD_BYTES;
    if (this.queued > HIGH_WATER_BYTES) this.conn.pauseReading();
  }

  end(): void {
    this.ended = true;
    const waiter = this.waiter;
    if (waiter !== undefined && this.head === this.chunks.length) {
      this.waiter = undefined;
      waiter.resolve({ value: undefined, done: true });
    }
  }

  fail(err: unknown): void {
    if (this.stopped || this.ended) return;
    this.failure = { error: err };
    const waiter = this.waiter;
    if (waiter !== undefined) {
      this.waiter = undefined;
      waiter.reject(err);
    }
  }

  next(): Promise<IteratorResult<Uint8Array>> {
    if (this.head < this.chunks.length) {
      const value = this.chunks[this.head]!;
      this.chunks[this.head++] = EMPTY;
      if (this.head === this.chunks.length) {
        this.chunks.length = 0;
        this.head = 0;
      }
      this.queued -= value.byteLength + CHUNK_OVERHEAD_BYTES;
      if (this.queued <= HIGH_WATER_BYTES / 2 && !this.ended) this.conn.resumeReading();
      return Promise.resolve({ value, done: false });
    }
    if (this.failure !== undefined) return Promise.reject(this.failure.error);
    if (this.ended || this.stopped) return Promise.resolve({ value: undefined, done: true });
    this.conn.resumeReading();
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  return(): Promise<IteratorResult<Uint8Array>> {
    this.destroy();
    return Promise.resolve({ value: undefined, done: true });
  }

  destroy(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.chunks.length = 0;
    this.head = 0;
    this.queued = 0;
    if (!this.ended) this.conn.abandon(this);
    // A read waiting for the next chunk ends: nothing more will come.
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.resolve({ value: undefined, done: true });
  }

  readInto(target: Uint8Array): boolean {
    return !this.stopped && !this.ended && this.failure === undefined && this.conn.readInto(this, target);
  }

  [Symbol.asyncIterator](): AsyncIterator<Uint8Array> {
    return this;
  }
}

const EMPTY = new Uint8Array(0);

const LF = 10;
const CR = 13;

/**
 * Where the head text to take from `bytes[at, limit)` ends: just past the line feed that ends the head
 * (`\n\n` or `\r\n\r\n`), or `limit` when no head ends there.
 * `before` is the head text taken from earlier reads (a head's end may straddle two reads).
 */
export function headStop(bytes: Uint8Array, at: number, limit: number, before: string): number {
  // The byte k before position i, from `bytes` or from the end of `before` (-1 before both).
  const back = (i: number, k: number): number => (i - k >= at ? bytes[i - k]! : before.length - (at - (i - k)) >= 0 ? before.charCodeAt(before.length - (at - (i - k))) : -1);
  const view = bytes.subarray(0, limit);
  for (let i = view.indexOf(LF, at); i !== -1; i = view.indexOf(LF, i + 1)) {
    const p = back(i, 1);
    if (p === LF || (p === CR && back(i, 2) === LF && back(i, 3) === CR)) return i + 1;
  }
  return limit;
}
