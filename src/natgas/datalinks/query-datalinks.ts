/**
 * `NatGasClient.v4.queryDatalinks(sql)`: one read-only SQL query over the data-link tables, checked
 * before it is sent, answered as a Result whose columns are typed from the answer itself.
 */
import { callEndpoint, type CallOptions } from "../../client/call-endpoint";
import type { EndpointTransport } from "../../client/endpoint-transport";
import { ResponseParseError } from "../../errors";
import { inferFieldType } from "../../table/normalise";
import { Result } from "../../table/result";
import { MixedColumn, RecordColumns, type Column } from "../../table/record-columns";
import type { FieldSpec, FieldType, RecordSchema } from "../../table/schema";
import { snapshotCallOptions } from "../../validate/snapshot-options";
import { endpointLabel } from "../../validate/validate-params";
import { v4Datalinks } from "../catalog/v4/datalinks";
import { checkSelectOnly } from "./sql-guard";

/** More columns than this in one answer is not a query result but a hostile or broken answer. */
export const MAX_ANSWER_COLUMNS = 2_000;
/** Longest column name accepted in an answer, in characters. */
export const MAX_COLUMN_NAME_CHARS = 1_000;

/** Options of one data-links query. */
export interface QueryDatalinksOptions {
  /** Cancels the call (and any retry wait). Default: none. */
  signal?: AbortSignal;
  /** Ask for NDJSON and parse it line by line. Default: false. */
  ndjson?: boolean;
}

/** The data-links method of a client. */
export type QueryDatalinksMethod = (sql: string, options?: QueryDatalinksOptions) => Promise<Result<Record<string, unknown>>>;

const SPEC = v4Datalinks.queryDatalinks;
const LABEL = endpointLabel(SPEC);

/**
 * The `queryDatalinks(sql, options)` method of a client calling through `transport`.
 *
 * The SQL is checked first (see `checkSelectOnly`): anything but one read-only query calling only
 * value functions is a `SqlRefusedError` and nothing is sent. The answer's records become a Result
 * whose schema (`result.schema`) names each column with the type its values have (`inferFieldType`:
 * int, float, bool, date, timestamp, json or string), in the answer's column order; numbers JSON could
 * not carry come back whole (see `exactNumberColumn`: bigint, exact decimal text, NaN and ±Infinity).
 * An answer that is not a list of records, or whose columns are absurd in number or name, is a
 * `ResponseParseError`.
 * @param warn where one-time warnings go. Default: `console.warn`.
 */
export function queryDatalinksMethod(transport: EndpointTransport, warn?: CallOptions["warn"]): QueryDatalinksMethod {
  return async (sql, options) => {
    const opts = snapshotCallOptions(LABEL, options, ["signal", "ndjson"]) as QueryDatalinksOptions;
    checkSelectOnly(LABEL, sql);
    const raw = await callEndpoint(transport, SPEC, { query: sql }, { ...opts, ...(warn ? { warn } : {}) });
    return typedResult(raw);
  };
}

/** The answer with a schema read from its own values. */
function typedResult(raw: Result<Record<string, unknown>>): Result<Record<string, unknown>> {
  const names = raw.names;
  if (names.length > MAX_ANSWER_COLUMNS) {
    throw new ResponseParseError(`${LABEL}: the answer has ${names.length.toLocaleString("en-US")} columns, more than the ${MAX_ANSWER_COLUMNS.toLocaleString("en-US")} a query result can have`, { url: raw.meta.url });
  }
  const long = names.find((n) => n.length > MAX_COLUMN_NAME_CHARS);
  if (long !== undefined) {
    throw new ResponseParseError(`${LABEL}: the answer has a column name of ${long.length.toLocaleString("en-US")} characters (at most ${MAX_COLUMN_NAME_CHARS} accepted): "${long.slice(0, 40)}…"`, { url: raw.meta.url });
  }
  const given = raw.columns();
  const columns = new Map<string, Column>(given.columns);
  const fields: FieldSpec[] = names.map((name) => {
    const values = given.valuesView(name);
    const exact = exactNumberColumn(values);
    if (exact === undefined) return { name, type: inferFieldType(values) };
    columns.set(name, new MixedColumn(exact.values));
    return { name, type: exact.type };
  });
  const schema: RecordSchema = { name: SPEC.record.name, fields };
  return Result.fromColumns<Record<string, unknown>>(new RecordColumns(given.names, columns, given.length), raw.meta, schema);
}

const NON_FINITE: Readonly<Record<string, number>> = { NaN: NaN, Infinity: Infinity, "-Infinity": -Infinity };
const INTEGER_TEXT = /^-?\d+$/;
const DECIMAL_TEXT = /^-?\d+(\.\d+)?$/;

/**
 * A column of numbers that JSON could not carry as numbers, made whole again: NaN and ±Infinity come
 * as the strings "NaN", "Infinity", "-Infinity" (JSON has no such numbers) and become numbers again;
 * integers beyond 2^53 come as their digits, and the column becomes bigint values (every value, so the
 * column is of one kind); decimals a double cannot hold come as their exact text, and the column
 * becomes that text. Only for a column holding at least one JSON number: a column of text stays text.
 */
function exactNumberColumn(values: readonly unknown[]): { type: FieldType; values: unknown[] } | undefined {
  let numbers = 0;
  let nonFinite = 0;
  let integerText = 0;
  let decimalText = 0;
  for (const v of values) {
    if (typeof v === "number") numbers++;
    else if (typeof v === "string") {
      if (v in NON_FINITE) nonFinite++;
      else if (INTEGER_TEXT.test(v)) integerText++;
      else if (DECIMAL_TEXT.test(v)) decimalText++;
      else return undefined;
    } else if (v !== null && v !== undefined) return undefined;
  }
  if (numbers === 0 || nonFinite + integerText + decimalText === 0) return undefined;
  if (nonFinite > 0 && integerText + decimalText > 0) return undefined;
  if (nonFinite > 0) return { type: "float", values: values.map((v) => (typeof v === "string" ? NON_FINITE[v]! : (v ?? null))) };
  const allIntegers = decimalText === 0 && values.every((v) => typeof v !== "number" || Number.isInteger(v));
  if (allIntegers) return { type: "int", values: values.map((v) => (v === null || v === undefined ? null : BigInt(v as string | number))) };
  return { type: "string", values: values.map((v) => (v === null || v === undefined ? null : String(v))) };
}
