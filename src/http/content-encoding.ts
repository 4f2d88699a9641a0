/**
 * Decodes a body by its `Content-Encoding` (gzip, deflate, br; several in a row), as a stream: the
 * decoded bytes come out while the compressed ones arrive, with back-pressure. What the readers and
 * parsers see, count and cache is always the decoded body.
 *
 * A compressed body that does not decode is a ResponseParseError (asking again brings the same bytes),
 * and so is an encoding this client does not know. A body that inflates more than
 * {@link MAX_INFLATION} times its compressed size (past the first {@link INFLATION_GRACE_BYTES}) is a
 * ResponseParseError as well: that is a decompression bomb, and it is stopped before it fills memory.
 */
import { Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from "node:zlib";
import { ResponseParseError } from "../errors";
import { peekChunks } from "./peek-chunks";

/** Decoded bytes may be at most this many times the compressed bytes read... */
export const MAX_INFLATION = 200;
/** ...once more than this many decoded bytes have come out (small bodies may inflate more). */
export const INFLATION_GRACE_BYTES = 8 * 1024 * 1024;

/** Where a body came from, for error messages. */
export interface EncodingContext {
  status: number;
  method: string;
  url: string;
}

// Decoded pieces of 64 KiB, not zlib's 16: JSON inflates about tenfold, and each piece is a trip to the
// thread pool and through the readers, which at 16 KiB cost about as much as the inflating itself.
const DECODER = { chunkSize: 64 * 1024 };

type Coding = "gzip" | "deflate" | "br";

const CODINGS: Record<string, Coding> = { gzip: "gzip", "x-gzip": "gzip", deflate: "deflate", br: "br" };

/**
 * The codings of a `Content-Encoding` header, in the order they were applied; `identity` and empty
 * entries dropped. An unknown coding is a ResponseParseError naming it.
 */
export function codingsOf(header: string | undefined, ctx: EncodingContext): Coding[] {
  if (header === undefined) return [];
  const out: Coding[] = [];
  for (const raw of header.split(",")) {
    const name = raw.trim().toLowerCase();
    if (name === "" || name === "identity") continue;
    const coding = CODINGS[name];
    if (coding === undefined) {
      throw new ResponseParseError(
        `${ctx.method} ${ctx.url}: the ${ctx.status} response body has Content-Encoding ${JSON.stringify(raw.trim())}, ` +
          `which gasframes cannot decode (it decodes gzip, deflate and br)`,
        { status: ctx.status, url: ctx.url },
      );
    }
    out.push(coding);
  }
  return out;
}

/** The decoded body of `source` (returned as is when `codings` is empty). */
export function decodeBody(source: AsyncIterable<Uint8Array>, codings: readonly Coding[], ctx: EncodingContext): AsyncIterable<Uint8Array> {
  if (codings.length === 0) return source;
  const counts = { wire: 0 };
  let body: AsyncIterable<Uint8Array> = countWire(source, counts);
  // Codings are listed in the order they were applied: undone last first.
  for (let i = codings.length - 1; i >= 0; i--) body = decodeOne(body, codings[i]!, ctx);
  return guardInflation(body, counts, codings, ctx);
}

async function* countWire(source: AsyncIterable<Uint8Array>, counts: { wire: number }): AsyncGenerator<Uint8Array, void, undefined> {
  for await (const chunk of source) {
    counts.wire += chunk.byteLength;
    yield chunk;
  }
}

async function* guardInflation(
  body: AsyncIterable<Uint8Array>,
  counts: { wire: number },
  codings: readonly Coding[],
  ctx: EncodingContext,
): AsyncGenerator<Uint8Array, void, undefined> {
  let decoded = 0;
  for await (const chunk of body) {
    decoded += chunk.byteLength;
    if (decoded > INFLATION_GRACE_BYTES && decoded > MAX_INFLATION * counts.wire) {
      throw new ResponseParseError(
        `${ctx.method} ${ctx.url}: the ${ctx.status} response body (Content-Encoding ${codings.join(", ")}) inflated to ` +
          `${decoded} bytes from ${counts.wire}, more than ${MAX_INFLATION} times its compressed size: refused as a decompression bomb`,
        { status: ctx.status, url: ctx.url },
      );
    }
    yield chunk;
  }
}

async function* decodeOne(source: AsyncIterable<Uint8Array>, coding: Coding, ctx: EncodingContext): AsyncGenerator<Uint8Array, void, undefined> {
  let sourceFailure: { error: unknown } | undefined;
  let input = source;
  let decoder;
  if (coding === "deflate") {
    // "deflate" is meant to be zlib-wrapped (RFC 9110), but some servers send raw deflate: the first
    // two bytes tell (a zlib header is method 8 and a multiple of 31).
    const peeked = await peekChunks(source, (head) => head.reduce((n, c) => n + c.byteLength, 0) >= 2);
    const first = Buffer.concat(peeked.head as Uint8Array[]);
    const zlibWrapped = first.length >= 2 && (first[0]! & 0x0f) === 8 && (first[0]! * 256 + first[1]!) % 31 === 0;
    decoder = zlibWrapped ? createInflate(DECODER) : createInflateRaw(DECODER);
    input = peeked.body;
  } else decoder = coding === "gzip" ? createGunzip(DECODER) : createBrotliDecompress(DECODER);
  let received = 0;
  async function* guarded(): AsyncGenerator<Uint8Array, void, undefined> {
    try {
      for await (const chunk of input) {
        received += chunk.byteLength;
        yield chunk;
      }
    } catch (error) {
      sourceFailure = { error };
      throw error;
    }
  }
  const readable = Readable.from(guarded(), { objectMode: false });
  readable.on("error", (err) => decoder.destroy(err));
  readable.pipe(decoder);
  try {
    for await (const chunk of decoder) yield chunk as Uint8Array;
  } catch (err) {
    // A socket failure keeps its own type (it is retried); only the bytes' own fault is a parse error.
    if (sourceFailure !== undefined) throw sourceFailure.error;
    // An empty body labelled compressed (some servers do) is an empty body, not a corrupt one.
    if (received === 0) return;
    throw new ResponseParseError(
      `${ctx.method} ${ctx.url}: the ${ctx.status} response body does not decode as Content-Encoding ${coding} ` +
        `(corrupt or truncated): ${(err as Error).message}`,
      { status: ctx.status, url: ctx.url, cause: err },
    );
  } finally {
    readable.destroy();
    decoder.destroy();
  }
}
