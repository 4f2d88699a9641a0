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
