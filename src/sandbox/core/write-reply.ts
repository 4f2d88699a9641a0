import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { Writable } from "node:stream";
import { constants, createDeflate, createGzip, type Deflate, type Gzip } from "node:zlib";
import { SpareBuffers } from "./byte-chunks";
import type { RowJoin, SandboxReply } from "./types";
import type { FaultDecision } from "./faults";

const FLUSH_BYTES = 64 * 1024;
/**
 * Batches of rows written as bytes, uncompressed: each batch costs a write (and a wait for the socket),
 * and 1 MiB ones took clearly less of the sandbox's CPU than 64 or 256 KiB (bench sandbox-ndjson).
 */
const BYTE_BATCH = 1024 * 1024;
const NDJSON_JOIN: RowJoin = { before: "", after: "\n" };
const ARRAY_JOIN: RowJoin = { before: ",", after: "" };
/** A whole JSON reply shorter than this is sent as it is: compressing it would save next to nothing. */
export const MIN_COMPRESSED_BYTES = 1024;
/** zlib level 1: most of the size gain (JSON rows shrink about tenfold) for a fraction of the CPU of the default 6. */
const COMPRESSION_LEVEL = 1;

/** Thrown inside the writer to stop generating rows once the answer is cut short or the client left. */
class StopWriting extends Error {}

/**
 * Writes the body of a reply, honouring back-pressure (waits for 'drain' whenever `write()` returns
 * false) so a 1,000,000-row answer never sits in memory, and applying a reset or truncation fault
 * once `afterBytes` of body have been sent.
 */
class BodySink {
  private sent = 0;
  private pending = "";
  /** True when the body goes through a compressor. */
  readonly compressed: boolean;
  /** Where body bytes go: the compressor when the reply is compressed, else the response. */
  private readonly target: Writable;

  constructor(
    private readonly res: ServerResponse,
    private readonly fault: FaultDecision,
    private readonly encoder?: Gzip | Deflate,
  ) {
    this.target = encoder ?? res;
    this.compressed = encoder !== undefined;
    if (encoder !== undefined) {
      encoder.pipe(res);
      res.once("close", () => encoder.destroy());
    }
  }

  /**
   * Queues text; flushes when enough is queued. Returns a promise only when the caller must wait
   * (socket full, or a fault cut the answer): awaiting once per row would cost more than the row.
   */
  push(text: string): Promise<void> | undefined {
    this.pending += text;
    return this.pending.length >= FLUSH_BYTES ? this.flush() : undefined;
  }

  /** Sends bytes after what is queued, giving `chunk` back to `spare` once it is written. */
  async pushBytes(chunk: Buffer, spare?: SpareBuffers): Promise<void> {
    await this.flush();
    await this.send(chunk, spare);
  }

  /** Sends what is queued. */
  async flush(): Promise<void> {
    if (this.pending === "") return;
    const chunk = Buffer.from(this.pending, "utf8");
    this.pending = "";
    await this.send(chunk);
  }

  /** Sends a batch, cutting the answer short when a body fault is due. */
  private async send(chunk: Buffer, spare?: SpareBuffers): Promise<void> {
    const cut = this.fault.kind === "reset" || this.fault.kind === "truncate";
    if (cut && this.sent + chunk.length >= this.fault.afterBytes) {
      await this.write(chunk.subarray(0, Math.max(0, this.fault.afterBytes - this.sent)));
      this.breakConnection();
      throw new StopWriting();
    }
    await this.write(chunk, spare);
    // A sync flush hands every batch to the client now (a streamed answer stays streamed) and keeps the
    // compression window, so it costs a few bytes per batch, not the ratio.
    this.encoder?.flush(constants.Z_SYNC_FLUSH);
  }

  /** Ends the body. */
  async end(): Promise<void> {
    await this.flush();
    if (this.fault.kind === "reset" || this.fault.kind === "truncate") {
      // The whole body was shorter than the fault threshold: still break, so the fault always fires.
      this.breakConnection();
      return;
    }
    if (this.encoder === undefined) {
      await new Promise<void>((resolve) => this.res.end(resolve));
      return;
    }
    if (this.res.destroyed) return;
    // The pipe ends the response once the compressor has written its last bytes.
    await new Promise<void>((resolve) => {
      this.res.once("finish", resolve);
      this.res.once("close", resolve);
      this.encoder!.end();
    });
  }

  /** Writes a chunk, waiting for 'drain' when the target is full; `spare` gets the chunk back once written. */
  private async write(chunk: Buffer, spare?: SpareBuffers): Promise<void> {
    if (this.res.destroyed) throw new StopWriting();
    this.sent += chunk.length;
    if (chunk.length === 0) return;
    // The callback runs once the socket (or the compressor) has consumed the chunk: only then may its
    // memory take other rows. After an error it may still be held, so it is not given back.
    const written = spare && ((error?: Error | null) => error == null && spare.give(chunk));
    if (this.target.write(chunk, written)) return;
    await new Promise<void>((resolve, reject) => {
      const onDrain = () => {
        this.res.off("close", onClose);
        resolve();
      };
      const onClose = () => {
        this.target.off("drain", onDrain);
        reject(new StopWriting());
      };
      this.target.once("drain", onDrain);
      this.res.once("close", onClose);
    });
  }

  private breakConnection(): void {
    const socket = this.res.socket as (Socket & { resetAndDestroy?: () => void }) | null;
    if (!socket) return;
    if (this.fault.kind === "reset") {
      // Reset only once the partial body has left the process: a reset discards unsent data, and the
      // client should see a status line and some body before the connection breaks.
      const reset = () => (typeof socket.resetAndDestroy === "function" ? socket.resetAndDestroy() : socket.destroy());
      socket.write(Buffer.alloc(0), () => setImmediate(reset));
    } else {
      // Let what was written reach the client, then close: the declared Content-Length is never met.
      socket.end();
    }
  }
}

/** Writes a whole reply. Resolves when the answer is complete, cut by a fault, or abandoned by the client. */
export async function writeReply(res: ServerResponse, reply: SandboxReply, fault: FaultDecision): Promise<void> {
  if (reply.kind === "json") {
    const body = Buffer.from(JSON.stringify(reply.body), "utf8");
    res.statusCode = reply.status;
    res.setHeader("content-type", "application/json; charset=utf-8");
    const encoder = body.length >= MIN_COMPRESSED_BYTES ? encoderFor(res, fault) : undefined;
    if (encoder === undefined) res.setHeader("content-length", fault.kind === "truncate" ? body.length + 1024 : body.length);
    const sink = new BodySink(res, fault, encoder);
    await run(async () => {
      await sink.push(body.toString("utf8"));
      await sink.end();
    });
    return;
  }
  res.statusCode = 200;
  const ndjson = reply.format === "ndjson";
  res.setHeader("content-type", ndjson ? "application/x-ndjson; charset=utf-8" : "application/json; charset=utf-8");
  // A streamed body has no known length; a truncation fault declares one it will not meet.
  if (fault.kind === "truncate") res.setHeader("content-length", fault.afterBytes + 1_000_000);
  const sink = new BodySink(res, fault, encoderFor(res, fault));
  await run(async () => {
    if (reply.format === "envelope") await sink.push('{"data":[');
    else if (reply.format === "array") await sink.push("[");
    const join = ndjson ? NDJSON_JOIN : ARRAY_JOIN;
    if (reply.bytes !== undefined) {
      const batch = sink.compressed ? FLUSH_BYTES : BYTE_BATCH;
      const spare = new SpareBuffers(batch);
      for (const chunk of reply.bytes(join, batch, spare)) await sink.pushBytes(chunk, spare);
    } else {
      for (const text of stringified(reply.rows, join)) {
        const wait = sink.push(text);
        if (wait) await wait;
      }
    }
    if (reply.format === "envelope") await sink.push(`],"pagination":${JSON.stringify(reply.pagination ?? null)}}`);
    else if (reply.format === "array") await sink.push("]");
    await sink.end();
  });
}

/** Each record as `JSON.stringify` text, joined by `join`. */
function* stringified(rows: Iterable<Record<string, unknown>>, join: RowJoin): Generator<string> {
  let first = true;
  for (const row of rows) {
    yield (first ? "" : join.before) + JSON.stringify(row) + join.after;
    first = false;
  }
}

/**
 * The compressor of a reply, when the request's `Accept-Encoding` takes gzip (preferred) or deflate,
 * with the headers saying so; undefined for an identity answer. A reply with a reset or truncation
 * fault is never compressed: the fault cuts it after a count of body bytes, which must be the bytes
 * the client reads.
 */
function encoderFor(res: ServerResponse, fault: FaultDecision): Gzip | Deflate | undefined {
  const header = res.req?.headers["accept-encoding"];
  if (header === undefined) return undefined;
  res.setHeader("vary", "Accept-Encoding");
  if (fault.kind === "reset" || fault.kind === "truncate") return undefined;
  const accepted = acceptedCodings(String(header));
  const coding = ["gzip", "deflate"].find((c) => accepted.has(c) || (accepted.has("*") && !accepted.has(`-${c}`)));
  if (coding === undefined) return undefined;
  res.setHeader("content-encoding", coding);
  return coding === "gzip" ? createGzip({ level: COMPRESSION_LEVEL }) : createDeflate({ level: COMPRESSION_LEVEL });
}

/** The codings an `Accept-Encoding` value takes (q > 0); one refused with q=0 is listed as `-name`. */
function acceptedCodings(header: string): Set<string> {
  const out = new Set<string>();
  for (const part of header.split(",")) {
    const [name = "", ...params] = part.split(";").map((x) => x.trim().toLowerCase());
    if (name === "") continue;
    const q = params.find((p) => p.startsWith("q="));
    const refused = q !== undefined && !(Number(q.slice(2)) > 0);
    out.add(refused ? `-${name}` : name);
  }
  return out;
}

async function run(body: () => Promise<void>): Promise<void> {
  try {
    await body();
  } catch (error) {
    if (!(error instanceof StopWriting)) throw error;
  }
}
