/**
 * Response bodies into columns: whole bodies (v3 pages, JSON arrays) and NDJSON cut into pieces at
 * line ends, each parsed by the pool while the next bytes arrive.
 */
import { ResponseParseError } from "../errors";
import type { BodyContext } from "./body-reader";
import { ColumnParseError, TooManyFieldsError, TooSparseError } from "./columnar/parse-columns";
import type { PageBuffers } from "./columnar/page-buffers";
import { readIntoOf } from "../http/read-into";
import type { ParsedColumns, ParsePool } from "./columnar/parse-pool";

/** NDJSON bytes per piece handed to a worker. */
export const NDJSON_PIECE_BYTES = 4 * 1024 * 1024;

/** Bodies up to this size are read straight into a buffer of the size the server states. */
const PRESIZED_MAX_BYTES = 256 * 1024 * 1024;

/**
 * The whole body in one buffer of its own (never a view into a shared slab, so it can be moved to a
 * worker): one of `buffers` when given. When the server states the body's size (`expectedBytes`),
 * each chunk is copied in as it arrives, so the body is never held twice (as chunks and joined).
 */
export async function readBytes(source: AsyncIterable<Uint8Array>, opts: { expectedBytes?: number | undefined; buffers?: PageBuffers } = {}): Promise<Uint8Array> {
  const { expectedBytes, buffers } = opts;
  const alloc = (size: number): Uint8Array => (buffers !== undefined ? buffers.take(size) : ownBuffer(size));
  if (expectedBytes !== undefined && expectedBytes > 0 && expectedBytes <= PRESIZED_MAX_BYTES) {
    let out = alloc(expectedBytes);
    // The socket may write the rest of the body into `out` itself: a chunk already in place is not copied.
    const stopReading = readIntoOf(source)?.(out);
    let at = 0;
    try {
      for await (const chunk of source) {
        if (stopReading !== undefined && chunk.buffer === out.buffer && chunk.byteOffset === out.byteOffset + at) {
          at += chunk.byteLength;
          continue;
        }
        // More than stated (a server that got its Content-Length wrong): room is made as for any body.
        if (at + chunk.byteLength > out.byteLength) {
          // A source reading into `out` never hands more than it holds; `out` cannot be moved under it.
          if (stopReading !== undefined) throw new Error(`the body's source handed ${at + chunk.byteLength} bytes into a buffer of ${out.byteLength}`);
          const bigger = alloc(Math.max(at + chunk.byteLength, out.byteLength * 2));
          bigger.set(out.subarray(0, at));
          buffers?.give(out.buffer);
          out = bigger;
        }
        out.set(chunk, at);
        at += chunk.byteLength;
      }
    } catch (err) {
      // The socket must be done with `out` before anything else may have it.
      stopReading?.();
      buffers?.give(out.buffer);
      throw err;
    }
    return at === out.byteLength ? out : out.subarray(0, at);
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of source) {
    chunks.push(chunk);
    size += chunk.byteLength;
  }
  return joinChunks(chunks, size, alloc);
}

/** A buffer of its own (never a slice of Node's shared pool, so it can move to a worker), not zero-filled. */
function ownBuffer(size: number): Uint8Array {
  return Buffer.allocUnsafeSlow(size);
}

function joinChunks(chunks: readonly Uint8Array[], size: number, alloc: (size: number) => Uint8Array = ownBuffer): Uint8Array {
  const out = alloc(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}

/** Parses a whole body, turning malformed JSON into a ResponseParseError naming the request. */
export async function parseBody(pool: ParsePool, kind: "envelope" | "array" | "lines", bytes: Uint8Array, ctx: BodyContext): Promise<ParsedColumns> {
  if (bytes.byteLength === 0 || isBlank(bytes)) {
    pool.buffers.give(bytes.buffer);
    if (kind === "lines") return { value: [] };
    throw new ResponseParseError(`${ctx.method} ${ctx.url}: the ${ctx.status} response body is empty where JSON was expected`, { status: ctx.status, url: ctx.url });
  }
  const size = bytes.byteLength;
  let parsed: ParsedColumns;
  try {
    parsed = await pool.parse(kind, bytes, ctx.signal);
  } catch (err) {
    // A parse stopped by the call's signal is the call's abort or deadline, not a fault of the body.
    throw ctx.stopped?.() ?? parseErrorOf(err, ctx, size, kind);
  }
  const stop = ctx.stopped?.();
  if (stop !== undefined) {
    if ("columns" in parsed) pool.recycle(parsed.columns);
    throw stop;
  }
  return parsed;
}

function isBlank(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) return false;
  }
  return true;
}

/** A ColumnParseError as the ResponseParseError naming the request; any other error as it is. */
export function parseErrorOf(err: unknown, ctx: BodyContext, size: number, kind: string): unknown {
  if (!(err instanceof ColumnParseError)) return err;
  const what =
    err instanceof TooSparseError
      ? "holds records too sparse to keep as columns (a server fault: refused before the memory was asked for)"
      : err instanceof TooManyFieldsError
        ? "holds records with too many fields to keep as columns (a server fault: refused before the columns were made)"
        : `is not valid ${kind === "lines" ? "NDJSON" : "JSON"} (${size} bytes; truncated or malformed)`;
  return new ResponseParseError(`${ctx.method} ${ctx.url}: the ${ctx.status} response body ${what}: ${err.message}`, {
    status: ctx.status,
    url: ctx.url,
    cause: err,
  });
}

/** One NDJSON piece parsed, and its size in bytes. */
export type ParsedPiece = ParsedColumns & { bytes: number };

/**
 * NDJSON parsed piece by piece, in order: bytes are cut after the last line end once a piece is big
 * enough, and up to `inflight` pieces (default 3) parse at once. A body that does not end with a line
 * end still has its last line parsed, and a cut record there is a ResponseParseError.
 */
export async function* ndjsonColumns(
  source: AsyncIterable<Uint8Array>,
  pool: ParsePool,
  ctx: BodyContext,
  opts: { pieceBytes?: number; inflight?: number } = {},
): AsyncGenerator<ParsedPiece, void, undefined> {
  const pieceBytes = opts.pieceBytes ?? NDJSON_PIECE_BYTES;
  // Three: one on the parse worker, one waiting for it, and the next parsed on this thread meanwhile
  // (the pool parses here when its workers are busy and a body waits), so both cores parse.
  const inflight = Math.max(1, opts.inflight ?? 3);
  const queue: Promise<ParsedPiece>[] = [];
  let chunks: Uint8Array[] = [];
  let size = 0;
  const launch = (piece: Uint8Array): void => {
    // The piece moves to a worker: its size is taken first.
    const bytes = piece.byteLength;
    const p = parseBody(pool, "lines", piece, ctx).then((parsed) => ({ ...parsed, bytes }));
    // Awaited in order below; a failure is seen when its turn comes, not as an unhandled rejection.
    p.catch(() => undefined);
    queue.push(p);
  };
  try {
    for await (const chunk of source) {
      chunks.push(chunk);
      size += chunk.byteLength;
      if (size < pieceBytes) continue;
      const cut = lastLineEnd(chunks);
      if (cut === undefined) continue;
      const [piece, rest] = splitAt(chunks, size, cut);
      launch(piece);
      chunks = rest.byteLength > 0 ? [rest] : [];
      size = rest.byteLength;
      while (queue.length >= inflight) yield await queue.shift()!;
    }
    if (size > 0) launch(joinChunks(chunks, size));
    chunks = [];
    while (queue.length > 0) yield await queue.shift()!;
  } finally {
    for (const p of queue) await p.catch(() => undefined);
  }
}

/** Offset (in the joined chunks) just after the last line end, or undefined. */
function lastLineEnd(chunks: readonly Uint8Array[]): number | undefined {
  let end = chunks.reduce((s, c) => s + c.byteLength, 0);
  for (let k = chunks.length - 1; k >= 0; k--) {
    const c = chunks[k]!;
    end -= c.byteLength;
    const i = c.lastIndexOf(0x0a);
    if (i !== -1) return end + i + 1;
  }
  return undefined;
}

/** The joined bytes before `cut` (a fresh buffer) and after it. */
function splitAt(chunks: readonly Uint8Array[], size: number, cut: number): [Uint8Array, Uint8Array] {
  const head = ownBuffer(cut);
  const tail = ownBuffer(size - cut);
  let at = 0;
  for (const c of chunks) {
    const end = at + c.byteLength;
    if (end <= cut) head.set(c, at);
    else if (at >= cut) tail.set(c, at - cut);
    else {
      head.set(c.subarray(0, cut - at), at);
      tail.set(c.subarray(cut - at), 0);
    }
    at = end;
  }
  return [head, tail];
}
