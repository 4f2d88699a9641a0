/**
 * The column-producing counterparts of the transport's record readers: one response (or page) in,
 * its records as columns out. Records are JSON objects; any other value is a ResponseParseError.
 */
import { columnsFromRecords, tooSparseForColumns } from "../table/columns-from-records";
import { checkLine, readJsonBody, recordsOfDocument, sniffRecords, type BodyContext } from "./body-reader";
import type { Call } from "../http/call";
import type { TransportRequest } from "./types";
import { parseEnvelope, peekPagination, type Pagination } from "./envelope";
import type { Exchange } from "../http/exchange";
import { ndjsonColumns, parseBody, parseErrorOf, readBytes } from "./body-columns";
import type { ParsedColumns, ParsePool } from "./columnar/parse-pool";
import { GatheredParts, rowsOf, type RecordPart } from "./columnar/gathered-parts";
import { LinesInPlace } from "./columnar/lines-in-place";
import { EnvelopeInPlace } from "./columnar/envelope-in-place";

export { rowsOf, type RecordPart };

/** A v3 page as columns. */
export interface ColumnPage {
  data: RecordPart;
  rows: number;
  pagination?: Pagination;
}

export function contextOf(ex: Exchange, call: Call<TransportRequest>): BodyContext {
  return {
    status: ex.status,
    method: call.req.httpMethod,
    url: call.url,
    contentType: ex.contentType,
    serviceError: ex.serviceError,
    signal: call.signal,
    stopped: () => call.stopNow(),
    ...(call.req.bareValuesAs !== undefined ? { bareValuesAs: call.req.bareValuesAs } : {}),
    ...(call.req.rowsMayLookLikeErrors === true ? { rowsMayLookLikeErrors: true } : {}),
  };
}

/**
 * Reads and parses one envelope body (a v3 page).
 * @param bodyRead called once the bytes are in, before parsing (frees the page's network slot).
 * @param early called, once the bytes are in and before they are parsed, with the pagination object
 *   the body ends with (see {@link peekPagination}), when it ends with one: the next pages can be
 *   asked for while this one parses.
 */
export async function* envelopeColumns(
  ex: Exchange,
  call: Call<TransportRequest>,
  pool: ParsePool,
  bodyRead?: () => void,
  early?: (pagination: Pagination) => void,
): AsyncGenerator<ColumnPage, void, undefined> {
  const ctx = contextOf(ex, call);
  let parsed: ParsedColumns;
  if (pool.envelopesInPlace) {
    const inPlace = await envelopeInPlace(ex, pool, ctx);
    bodyRead?.();
    parsed = "whole" in inPlace ? await parseBody(pool, "envelope", inPlace.whole, ctx) : inPlace;
  } else {
    pool.prepare(ex.bodyBytes);
    const bytes = await readBytes(ex.chunks, { expectedBytes: ex.bodyBytes, buffers: pool.buffers });
    bodyRead?.();
    if (early !== undefined) {
      const pagination = peekPagination(bytes);
      if (pagination !== undefined) early(pagination);
    }
    parsed = await parseBody(pool, "envelope", bytes, ctx);
  }
  if ("value" in parsed) {
    const env = parseEnvelope(parsed.value, ctx);
    yield { data: columnsOrNot(env.data) ?? env.data, rows: env.data.length, ...(env.pagination ? { pagination: env.pagination } : {}) };
    return;
  }
  // Only the pagination member is checked: the records are already columns.
  const env = parseEnvelope({ data: [], pagination: parsed.rest?.pagination }, ctx);
  yield { data: parsed.columns, rows: parsed.columns.length, ...(env.pagination ? { pagination: env.pagination } : {}) };
}

/**
 * A page parsed as its chunks arrive (see envelope-in-place.ts): its columns, or the whole body when
 * it is of another shape (for {@link parseBody}).
 */
async function envelopeInPlace(ex: Exchange, pool: ParsePool, ctx: BodyContext): Promise<ParsedColumns | { whole: Uint8Array }> {
  const { memory, rowsHint } = pool.inPlaceMemory(ex.bodyBytes);
  const page = new EnvelopeInPlace(ex.bodyBytes, memory, rowsHint);
  let parsed: ParsedColumns | { whole: Uint8Array } | undefined;
  try {
    for await (const chunk of ex.chunks) page.push(chunk);
    parsed = page.end();
  } catch (err) {
    throw parseErrorOf(err, ctx, page.bytes, "envelope");
  } finally {
    pool.parsedInPlace(memory, parsed !== undefined && !("whole" in parsed) ? parsed : undefined, page.bytes);
  }
  // Parsed on this thread as it arrived: a deadline that passed meanwhile fails the call (see parseBody).
  const stop = ctx.stopped?.();
  if (stop !== undefined) {
    if ("columns" in parsed) pool.recycle(parsed.columns);
    throw stop;
  }
  return parsed;
}

/**
 * Reads and parses a whole JSON-array or NDJSON body. Which of the two it is is decided by what
 * arrives (see {@link sniffRecords}), not by `ndjson`.
 * @param ndjson whether NDJSON was asked for.
 * @param whole gather NDJSON pieces into one part (sized from the body's length when the server
 *   gave it) instead of handing them out one by one.
 */
export async function* arrayColumns(ex: Exchange, call: Call<TransportRequest>, pool: ParsePool, ndjson: boolean, whole = false): AsyncGenerator<RecordPart, void, undefined> {
  const ctx = contextOf(ex, call);
  const { format, chunks } = await sniffRecords(ex.chunks, ndjson, ctx);
  if (format === "document") {
    yield partOf({ value: recordsOfDocument(await readJsonBody(chunks, ctx), ctx) }, ctx);
    return;
  }
  if (format === "lines" && whole && pool.linesInPlace) {
    yield await linesInPlace(chunks, ex.bodyBytes, ctx);
    return;
  }
  if (format === "lines" && whole) {
    const gathered = new GatheredParts((part) => pool.recycle(part));
    let rows = 0;
    let bytes = 0;
    for await (const piece of ndjsonColumns(chunks, pool, ctx)) {
      const part = linesPartOf(piece, ctx, rows);
      rows += rowsOf(part);
      bytes += piece.bytes;
      // Rows so far per byte so far, times the body's length, 2% over: records of one answer are alike.
      const expected = ex.bodyBytes !== undefined && bytes > 0 ? Math.ceil(((ex.bodyBytes * rows) / bytes) * 1.02) : undefined;
      gathered.add(part, expected);
    }
    yield gathered.result();
    return;
  }
  if (format === "lines") {
    let rows = 0;
    for await (const piece of ndjsonColumns(chunks, pool, ctx)) {
      const part = linesPartOf(piece, ctx, rows);
      rows += rowsOf(part);
      yield part;
    }
    return;
  }
  yield partOf(await parseBody(pool, "array", await readBytes(chunks, { expectedBytes: ex.bodyBytes, buffers: pool.buffers }), ctx), ctx);
}

/**
 * A whole NDJSON body parsed as it arrives (see lines-in-place.ts), every record checked as
 * {@link linesPartOf} checks a piece's.
 */
async function linesInPlace(chunks: AsyncIterable<Uint8Array>, bodyBytes: number | undefined, ctx: BodyContext): Promise<RecordPart> {
  const lines = new LinesInPlace(bodyBytes);
  let parsed;
  try {
    for await (const chunk of chunks) lines.push(chunk);
    parsed = lines.end();
  } catch (err) {
    throw parseErrorOf(err, ctx, lines.bytes, "lines");
  }
  // Parsed on this thread as it arrived: a deadline that passed meanwhile fails the call (see parseBody).
  const stop = ctx.stopped?.();
  if (stop !== undefined) throw stop;
  return linesPartOf("columns" in parsed ? parsed : { value: parsed.values }, ctx, 0);
}

/** The records of a parsed JSON-array body (or a document's records): columns, checked to be objects. */
function partOf(parsed: ParsedColumns, ctx: BodyContext): RecordPart {
  if (!("value" in parsed)) return parsed.columns;
  const records = recordsOfDocument(parsed.value, ctx);
  return columnsOrNot(records) ?? records;
}

/**
 * The records of one parsed NDJSON piece, every line checked: a record, and not the service's
 * `{"error": ...}` line. Columns hold only objects, so only pieces with an `error` column need a look.
 * @param before records in the pieces before this one (to number them in messages).
 */
function linesPartOf(parsed: ParsedColumns, ctx: BodyContext, before: number): RecordPart {
  if (!("value" in parsed)) {
    if (parsed.columns.names.includes("error")) parsed.columns.toRecords().forEach((r, i) => checkLine(r, ctx, before + i + 1, "NDJSON record"));
    return parsed.columns;
  }
  const lines = (parsed.value as unknown[]).map((r, i) => checkLine(r, ctx, before + i + 1, "NDJSON record"));
  return columnsOrNot(lines) ?? lines;
}

/**
 * A server's records as columns, or undefined to keep them as records: when one is not an object, or
 * when they are too sparse for columns (see {@link tooSparseForColumns}; the byte parser refuses such
 * records, but these reached JSON.parse for another reason, and are already held as objects).
 */
function columnsOrNot(records: readonly unknown[]) {
  return tooSparseForColumns(records) ? undefined : columnsFromRecords(records);
}
