/**
 * The column-producing counterparts of the transport's record readers: one response (or page) in,
 * its records as columns out, or as records when the body holds something other than objects.
 */
import { ResponseParseError } from "../../errors";
import { columnsFromRecords } from "../../result/columns-from-records";
import type { RecordColumns } from "../../result/record-columns";
import type { BodyContext } from "../body-reader";
import type { Call } from "../call";
import { parseEnvelope, type Pagination } from "../envelope";
import type { Exchange } from "../exchange";
import { ndjsonColumns, parseBody, readBytes } from "./body-columns";
import type { ParsedColumns, ParsePool } from "./parse-pool";
import { GatheredParts } from "./gathered-parts";

/** Records of one page or piece: columns, or (for records that are not all objects) the records. */
export type RecordPart = RecordColumns | unknown[];

/** A v3 page as columns. */
export interface ColumnPage {
  data: RecordPart;
  rows: number;
  pagination?: Pagination;
}

export function contextOf(ex: Exchange, call: Call): BodyContext {
  return { status: ex.status, method: call.req.httpMethod, url: call.url };
}

/**
 * Reads and parses one envelope body (a v3 page).
 * @param bodyRead called once the bytes are in, before parsing (frees the page's network slot).
 */
export async function* envelopeColumns(ex: Exchange, call: Call, pool: ParsePool, bodyRead?: () => void): AsyncGenerator<ColumnPage, void, undefined> {
  const ctx = contextOf(ex, call);
  const bytes = await readBytes(ex.chunks);
  bodyRead?.();
  const parsed = await parseBody(pool, "envelope", bytes, ctx);
  if ("value" in parsed) {
    const env = parseEnvelope(parsed.value, ctx);
    yield { data: columnsFromRecords(env.data) ?? env.data, rows: env.data.length, ...(env.pagination ? { pagination: env.pagination } : {}) };
    return;
  }
  // Only the pagination member is checked: the records are already columns.
  const env = parseEnvelope({ data: [], pagination: parsed.rest?.pagination }, ctx);
  yield { data: parsed.columns, rows: parsed.columns.length, ...(env.pagination ? { pagination: env.pagination } : {}) };
}

/**
 * Reads and parses a whole JSON-array or NDJSON body.
 * @param whole gather NDJSON pieces into one part (sized from the body's length when the server
 *   gave it) instead of handing them out one by one.
 */
export async function* arrayColumns(ex: Exchange, call: Call, pool: ParsePool, ndjson: boolean, whole = false): AsyncGenerator<RecordPart, void, undefined> {
  const ctx = contextOf(ex, call);
  if (ndjson && whole) {
    const gathered = new GatheredParts();
    let rows = 0;
    let bytes = 0;
    for await (const piece of ndjsonColumns(ex.chunks, pool, ctx)) {
      const part = partOf(piece, ctx);
      rows += rowsOf(part);
      bytes += piece.bytes;
      // Rows so far per byte so far, times the body's length, 2% over: records of one answer are alike.
      const expected = ex.bodyBytes !== undefined && bytes > 0 ? Math.ceil(((ex.bodyBytes * rows) / bytes) * 1.02) : undefined;
      gathered.add(part, expected);
    }
    yield gathered.result();
    return;
  }
  if (ndjson) {
    for await (const piece of ndjsonColumns(ex.chunks, pool, ctx)) yield partOf(piece, ctx);
    return;
  }
  yield partOf(await parseBody(pool, "array", await readBytes(ex.chunks), ctx), ctx);
}

function partOf(parsed: ParsedColumns, ctx: BodyContext): RecordPart {
  if (!("value" in parsed)) return parsed.columns;
  if (!Array.isArray(parsed.value)) {
    throw new ResponseParseError(`${ctx.method} ${ctx.url}: expected a JSON array of records but the ${ctx.status} response body is ${typeof parsed.value}`, {
      status: ctx.status,
      url: ctx.url,
    });
  }
  return columnsFromRecords(parsed.value) ?? parsed.value;
}

/** The number of records in a part. */
export function rowsOf(part: RecordPart): number {
  return Array.isArray(part) ? part.length : (part as RecordColumns).length;
}
