/**
 * The v3 envelope `{"data": [...], "pagination": {"start", "page_size", "total_count"}}`.
 */
import { ResponseParseError } from "../errors";
import { checkRecords, serviceErrorOf, type BodyContext } from "./body-reader";
import { isServiceErrorBody } from "../http/http-errors";

export interface Pagination {
  start: number;
  page_size: number;
  total_count: number;
}

export interface Envelope {
  data: unknown[];
  pagination?: Pagination;
}

/**
 * Checks that `body` is an envelope of records (JSON objects). The service's `{"error": ...}` is its
 * typed error (`ctx.serviceError`); anything else is a ResponseParseError naming what came.
 */
export function parseEnvelope(body: unknown, ctx: BodyContext): Envelope {
  const fail = (what: string): ResponseParseError =>
    new ResponseParseError(`${ctx.method} ${ctx.url}: expected {"data": [...]} but ${what}`, { status: ctx.status, url: ctx.url });
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw fail(`got ${Array.isArray(body) ? "an array" : body === null ? "null" : typeof body}`);
  }
  const o = body as Record<string, unknown>;
  if (!Array.isArray(o.data)) {
    if (isServiceErrorBody(o, false)) throw serviceErrorOf(ctx, o);
    throw fail(`"data" is ${o.data === undefined ? "missing" : typeof o.data}`);
  }
  const data = checkRecords(o.data, ctx, "data element");
  const p = o.pagination;
  if (p === undefined || p === null) return { data };
  if (typeof p !== "object") throw fail(`"pagination" is ${typeof p}`);
  const q = p as Record<string, unknown>;
  for (const field of ["start", "page_size", "total_count"]) {
    const v = q[field];
    if (typeof v !== "number" || !Number.isInteger(v) || v < 0) {
      throw fail(`"pagination.${field}" is ${JSON.stringify(v) ?? "undefined"}, not a whole number >= 0`);
    }
  }
  return { data, pagination: { start: q.start as number, page_size: q.page_size as number, total_count: q.total_count as number } };
}

/** Bytes at the end of a body searched by {@link peekPagination}. */
const PEEK_BYTES = 512;
/** `"pagination": {...}` as the body's last member: an object of no nested objects, then the envelope's `}`. */
const TAIL_PAGINATION = /[{,]\s*"pagination"\s*:\s*(\{[^{}]*\})\s*\}\s*$/;

/**
 * The pagination object of an envelope read from its last bytes, before the body is parsed: a hint
 * (the parse still checks the whole body, and the pages planned from the hint are checked against the
 * parsed pagination). Undefined when the body does not end with a `"pagination"` member of whole
 * numbers >= 0 (another shape, a cut body, an error body).
 */
export function peekPagination(bytes: Uint8Array): Pagination | undefined {
  const from = Math.max(0, bytes.byteLength - PEEK_BYTES);
  let tail = "";
  for (let i = from; i < bytes.byteLength; i++) tail += String.fromCharCode(bytes[i]!);
  const m = TAIL_PAGINATION.exec(tail);
  if (m === null) return undefined;
  let p: unknown;
  try {
    p = JSON.parse(m[1]!);
  } catch {
    return undefined;
  }
  const q = p as Record<string, unknown>;
  for (const field of ["start", "page_size", "total_count"]) {
    const v = q[field];
    if (typeof v !== "number" || !Number.isSafeInteger(v) || v < 0) return undefined;
  }
  return { start: q.start as number, page_size: q.page_size as number, total_count: q.total_count as number };
}
