/**
 * Reads response bodies: a whole JSON document, a JSON array element by element, or NDJSON line by
 * line. Bytes are decoded as a stream, so a UTF-8 character split across network chunks comes out
 * whole. Anything truncated or malformed is a ResponseParseError; no partial result is returned, and
 * a record is always a JSON object. Socket errors from `source` pass through untouched for the caller
 * to classify.
 */
import { ResponseParseError } from "../errors";
import { isServiceErrorBody } from "../http/http-errors";
import { ArraySyntaxError, JsonArraySplitter } from "./json-array-splitter";
import { firstNonBlankByte, peekChunks } from "../http/peek-chunks";

/** Where a body came from, for error messages. */
export interface BodyContext {
  status: number;
  method: string;
  url: string;
  /** The response's Content-Type, when known. */
  contentType?: string;
  /** The typed error of a 2xx body that is the service's `{"error": ...}`, built from its text. */
  serviceError?: (bodyText: string) => Error;
  /** The field a bare string or number becomes a record of; without it such a value is refused. */
  bareValuesAs?: string;
  /** A line `{"error": ...}` is a row, not the service's error (see `TransportRequest.rowsMayLookLikeErrors`). */
  rowsMayLookLikeErrors?: boolean;
  /** The call's signal (abort, deadline, a sibling page failed): stops a parse on a worker. */
  signal?: AbortSignal;
  /** The error that stops the call now, if any (looked at when a parse ends: see `Call.stopNow`). */
  stopped?: () => Error | undefined;
}

/** How an array-of-records body is written: a JSON array, NDJSON lines, or one JSON document (not an array). */
export type RecordsFormat = "array" | "lines" | "document";

/**
 * Decides how a body of records is written by what arrives, not by what was asked for (servers
 * ignore `Accept`, and mislabel NDJSON as `application/json`):
 * - first non-blank byte `[`: a JSON array, also when NDJSON was asked for;
 * - `{` with an NDJSON Content-Type: NDJSON;
 * - `{` otherwise: read up to the end of that first JSON value. Another value after it: NDJSON. The body
 *   ends with it: the body is ONE JSON document, however large and however many lines it spans (a
 *   proxy's `{"data": [...]}`, the service's `{"error": ...}`), which its reader turns into the typed
 *   error, never into one record, also when NDJSON was asked for (a one-record NDJSON answer must
 *   then be labelled NDJSON: a lone object under a JSON Content-Type is refused, not guessed at);
 * - anything else, or nothing: what was asked for, whose reader refuses it.
 * Only the first value is held to decide: an NDJSON body streams on after its first line.
 * @returns the format, and the whole body again.
 */
export async function sniffRecords(
  source: AsyncIterable<Uint8Array>,
  askedNdjson: boolean,
  ctx: BodyContext,
): Promise<{ format: RecordsFormat; chunks: AsyncIterable<Uint8Array> }> {
  const declaredLines = /ndjson|jsonl|json-seq|jsonlines/i.test(ctx.contentType ?? "");
  const scan = new FirstValueScan();
  let scanned = 0;
  const { head, body } = await peekChunks(source, (h) => {
    const first = firstNonBlankByte(h);
    if (first === undefined) return false;
    if (first !== 0x7b || declaredLines) return true;
    for (; scanned < h.length; scanned++) scan.feed(h[scanned]!);
    return scan.moreAfter;
  });
  const first = firstNonBlankByte(head);
  let format: RecordsFormat = askedNdjson ? "lines" : "array";
  if (first === 0x5b) format = "array";
  else if (first === 0x7b) {
    format = "lines";
    if (!declaredLines && !scan.moreAfter) {
      // The body ended within its first value (or never closed it: its reader reports the damage).
      format = "document";
    }
  }
  return { format, chunks: body };
}

/**
 * Follows a JSON text byte by byte to the end of its first value (strings and escapes skipped), then
 * notes whether anything but whitespace comes after it. The bytes must start with `{` or `[` after
 * optional whitespace.
 */
class FirstValueScan {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private closed = false;
  /** A non-blank byte follows the first value: the body holds more than one value. */
  moreAfter = false;

  feed(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length && !this.moreAfter; i++) {
      const b = chunk[i]!;
      if (this.closed) {
        if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09) this.moreAfter = true;
      } else if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (b === 0x5c) this.escaped = true;
        else if (b === 0x22) this.inString = false;
      } else if (b === 0x22) this.inString = true;
      else if (b === 0x7b || b === 0x5b) this.depth++;
      else if (b === 0x7d || b === 0x5d) {
        this.depth--;
        if (this.depth <= 0) this.closed = true;
      }
    }
  }
}

/** A short name of a JSON value's type, for messages. */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return "a string";
  if (typeof value === "number") return "a number";
  return typeof value;
}

/** True for a JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/**
 * The values as records: each must be a JSON object, or (where `ctx.bareValuesAs` names a field) a
 * bare string or number, which becomes `{ [field]: value }`. Returns `values` itself when nothing
 * was wrapped. `where` names the values in a message ("element", "NDJSON line"), `first` is the
 * number of the first.
 */
export function checkRecords(values: readonly unknown[], ctx: BodyContext, where: string, first = 1): unknown[] {
  let out: unknown[] | undefined;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (isRecord(v)) continue;
    if (ctx.bareValuesAs !== undefined && (typeof v === "string" || typeof v === "number")) {
      out ??= values.slice();
      out[i] = { [ctx.bareValuesAs]: v };
      continue;
    }
    throw parseError(ctx, `${where} ${first + i} is ${jsonTypeOf(v)}, not a record (a JSON object): ${excerptOf(v)}`);
  }
  return out ?? (values as unknown[]);
}

/**
 * One NDJSON line's value as a record (see {@link checkRecords}), which must not be the service's
 * error (a stream that fails part way can end with an `{"error": ...}` line).
 */
export function checkLine(value: unknown, ctx: BodyContext, line: number, where = "NDJSON line"): unknown {
  if (ctx.rowsMayLookLikeErrors !== true && isServiceErrorBody(value, true)) throw serviceErrorOf(ctx, value);
  return checkRecords([value], ctx, where, line)[0];
}

/** The typed error of a body (or NDJSON line) that is the service's `{"error": ...}`. */
export function serviceErrorOf(ctx: BodyContext, body: unknown): Error {
  const text = JSON.stringify(body);
  return ctx.serviceError?.(text) ?? parseError(ctx, `is the service's error ${excerptOf(body)}`);
}

/**
 * The records of a body that is one JSON document where an array of records was expected: the
 * service's `{"error": ...}` is its typed error; anything else a ResponseParseError.
 */
export function recordsOfDocument(value: unknown, ctx: BodyContext): unknown[] {
  if (Array.isArray(value)) return checkRecords(value, ctx, "element");
  if (isServiceErrorBody(value, false)) throw serviceErrorOf(ctx, value);
  throw parseError(ctx, `is ${jsonTypeOf(value)} where an array of records was expected: ${excerptOf(value)}`);
}

function excerptOf(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 120 ? `${text.slice(0, 120)}...` : text;
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
  let seen = 0;
  for await (const text of decodeUtf8(source, ctx)) {
    let values: unknown[];
    try {
      values = splitter.push(text);
    } catch (err) {
      throw parseError(ctx, `is not a JSON array: ${(err as Error).message}`, err);
    }
    values = checkRecords(values, ctx, "element", seen + 1);
    seen += values.length;
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
    let value: unknown;
    try {
      value = JSON.parse(text) as unknown;
    } catch (err) {
      throw parseError(ctx, `has a malformed NDJSON line ${line}: ${(err as Error).message}`, err);
    }
    batch.push(checkLine(value, ctx, line));
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
    let value: unknown;
    try {
      value = JSON.parse(carry) as unknown;
    } catch (err) {
      throw parseError(ctx, `ends with an incomplete NDJSON line ${line + 1} (truncated)`, err);
    }
    batch.push(checkLine(value, ctx, line + 1));
  }
  if (batch.length > 0) yield batch;
}
