/**
 * Reads response bodies: a whole JSON document, a JSON array element by element, or NDJSON line by
 * line. Bytes are decoded as a stream, so a UTF-8 character split across network chunks comes out
 * whole. Anything truncated or malformed is a ResponseParseError; no partial result is returned.
 * Socket errors from `source` pass through untouched for the caller to classify.
 */
import { ResponseParseError } from "../errors";
import { ArraySyntaxError, JsonArraySplitter } from "./json-array-splitter";

/** Where a body came from, for error messages. */
export interface BodyContext {
  status: number;
  method: string;
  url: string;
}

/** Optional counters of how much the reader holds at once (for tests and benchmarks). */
export interface ReaderStats {
  /** Most records held parsed and not yet handed out. */
  maxHeldRecords: number;
}

function parseError(ctx: BodyContext, what: string, cause?: unknown): ResponseParseError {
  return new ResponseParseError(`${ctx.method} ${ctx.url}: the ${ctx.status} response body ${what}`, {
    status: ctx.status,
    url: ctx.url,
    ...(cause !== undefined ? { cause } : {}),
  });
}

/** Decodes UTF-8 text pieces from byte chunks; invalid UTF-8 is a ResponseParseError. */
export async function* decodeUtf8(source: AsyncIterable<Uint8Array>, ctx: BodyContext): AsyncGenerator<string, void, undefined> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  for await (const chunk of source) {
    let text: string;
    try {
      text = decoder.decode(chunk, { stream: true });
    } catch (err) {
      throw parseError(ctx, "is not valid UTF-8", err);
    }
    if (text !== "") yield text;
  }
  let tail: string;
  try {
    tail = decoder.decode();
  } catch (err) {
    throw parseError(ctx, "ends inside a UTF-8 character (truncated)", err);
  }
  if (tail !== "") yield tail;
}

/** Reads a whole JSON body. Empty, truncated or malformed bodies are ResponseParseErrors. */
export async function readJsonBody(source: AsyncIterable<Uint8Array>, ctx: BodyContext): Promise<unknown> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of source) {
    chunks.push(chunk);
    size += chunk.byteLength;
  }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks, size));
  } catch (err) {
    throw parseError(ctx, "is not valid UTF-8", err);
  }
  if (text.trim() === "") throw parseError(ctx, "is empty where JSON was expected");
  try {
    return JSON.parse(text) as unknown;
  } catch (err) {
    const hint = size > 0 ? ` (${size} bytes; truncated or malformed)` : "";
    throw parseError(ctx, `is not valid JSON${hint}: ${(err as Error).message}`, err);
  }
}

/**
 * Yields the elements of a top-level JSON array in batches of at most `batchSize`, holding only the
 * current batch and the element being read.
 */
export async function* jsonArrayBatches(
  source: AsyncIterable<Uint8Array>,
  batchSize: number,
  ctx: BodyContext,
  stats?: ReaderStats,
): AsyncGenerator<unknown[], void, undefined> {
  const splitter = new JsonArraySplitter();
  let batch: unknown[] = [];
  for await (const text of decodeUtf8(source, ctx)) {
    let values: unknown[];
    try {
      values = splitter.push(text);
    } catch (err) {
      throw parseError(ctx, `is not a JSON array: ${(err as Error).message}`, err);
    }
    for (const v of values) {
      batch.push(v);
      if (stats !== undefined) stats.maxHeldRecords = Math.max(stats.maxHeldRecords, batch.length);
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
  }
  try {
    splitter.end();
  } catch (err) {
    throw parseError(ctx, err instanceof ArraySyntaxError ? err.message : "ended early", err);
  }
  if (batch.length > 0) yield batch;
}

/**
 * Yields NDJSON records (one JSON value per line; blank lines skipped) in batches of at most
 * `batchSize`. Reads at most one network chunk ahead of the batch it is filling.
 */
export async function* ndjsonBatches(
  source: AsyncIterable<Uint8Array>,
  batchSize: number,
  ctx: BodyContext,
  stats?: ReaderStats,
): AsyncGenerator<unknown[], void, undefined> {
  let carry = "";
  let line = 0;
  let batch: unknown[] = [];
  const parseLine = (text: string): void => {
    line++;
    if (text.trim() === "") return;
    try {
      batch.push(JSON.parse(text) as unknown);
    } catch (err) {
      throw parseError(ctx, `has a malformed NDJSON line ${line}: ${(err as Error).message}`, err);
    }
    if (stats !== undefined) stats.maxHeldRecords = Math.max(stats.maxHeldRecords, batch.length);
  };
  for await (const text of decodeUtf8(source, ctx)) {
    let start = 0;
    let nl = text.indexOf("\n");
    if (nl !== -1 && carry !== "") {
      parseLine(carry + text.slice(0, nl));
      carry = "";
      start = nl + 1;
      nl = text.indexOf("\n", start);
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    while (nl !== -1) {
      parseLine(text.slice(start, nl));
      start = nl + 1;
      nl = text.indexOf("\n", start);
      if (batch.length >= batchSize) {
        yield batch;
        batch = [];
      }
    }
    carry += text.slice(start);
  }
  if (carry.trim() !== "") {
    // A last line without its newline is complete only if it parses; a cut record does not.
    try {
      batch.push(JSON.parse(carry) as unknown);
    } catch (err) {
      throw parseError(ctx, `ends with an incomplete NDJSON line ${line + 1} (truncated)`, err);
    }
  }
  if (batch.length > 0) yield batch;
}
