/**
 * A span (several consecutive months fetched by one request) cut back into months: each row placed by
 * its date in one pass, then each month's columns made the ones a request for that month alone would
 * have given, so that its content hash and file do not depend on how many months shared its request.
 */
import { RowOutsideMonthError } from "../errors";
import { CodedColumn, dictionaryKey, MixedColumn, NumberColumn, type Column } from "../table/column";
import { RecordColumns } from "../table/record-columns";
import { dayFromCivil, toDayNumber, toTimeMs } from "../table/dates";
import type { LakeAxis } from "./lake-axis";
import { monthEndMs, type MonthKey } from "./lake-months";

const DAY_MS = 86_400_000;

/** How a span is named in errors: `2025-01`, or `2025-01..2025-03`. */
export function spanLabel(months: readonly MonthKey[]): string {
  return months.length === 1 ? months[0]! : `${months[0]}..${months[months.length - 1]}`;
}

/**
 * A check of one value of the axis field: the index of its month in `months` (consecutive), or a
 * RowOutsideMonthError. An absent date (an aggregated answer without the date) belongs to a lone month.
 */
export function spanGuard(axis: LakeAxis, months: readonly MonthKey[], label: string): (value: unknown) => number {
  const bounds = new Float64Array(months.length + 1);
  for (let i = 0; i < months.length; i++) {
    const [y, m] = months[i]!.split("-").map(Number) as [number, number];
    bounds[i] = axis.kind === "date" ? dayFromCivil(y, m, 1) : dayFromCivil(y, m, 1) * DAY_MS;
  }
  const endMs = monthEndMs(months[months.length - 1]!);
  bounds[months.length] = axis.kind === "date" ? endMs / DAY_MS : endMs;
  const asked = spanLabel(months);
  // A month's rows share a few dates: the last one placed is not parsed again.
  let lastValue: unknown;
  let lastIndex = -1;
  return (value) => {
    if (value === lastValue && typeof value === "string") return lastIndex;
    if (value === undefined && months.length === 1) return 0;
    const x = value === undefined ? NaN : axis.kind === "date" ? toDayNumber(value) : toTimeMs(value);
    let index = -1;
    if (x >= bounds[0]! && x < bounds[months.length]!) {
      index = 0;
      while (x >= bounds[index + 1]!) index++;
    }
    if (index < 0) {
      const shown = value instanceof Date ? value.toISOString() : value;
      const what = value === undefined ? `a row without ${axis.field}, whose month cannot be told` : `a row whose ${axis.field} is ${JSON.stringify(shown)}, outside ${asked}`;
      throw new RowOutsideMonthError(`${label}: the service answered the request for ${asked} with ${what} (its date filter is off or ignored); nothing of this run was committed`, {
        month: asked,
        field: axis.field,
        value: shown,
      });
    }
    lastValue = value;
    lastIndex = index;
    return index;
  };
}

/**
 * The rows of each month of a span, in arrival order (a counting sort on each row's month; a coded
 * date column is placed once per distinct date). A row outside the span is a RowOutsideMonthError.
 */
export function splitSpan(columns: RecordColumns, axis: LakeAxis, months: readonly MonthKey[], label: string): Uint32Array[] {
  const n = columns.length;
  const guard = spanGuard(axis, months, label);
  const monthOfRow = new Uint16Array(n);
  const col = columns.columns.get(axis.field);
  if (col === undefined) {
    if (n > 0) guard(undefined);
  } else if (col.kind === "coded") {
    const { codes, dict, absent } = col;
    const placed = new Int32Array(dict.length).fill(-1);
    for (let i = 0; i < n; i++) {
      if (absent?.[i] === 1) {
        monthOfRow[i] = guard(undefined);
        continue;
      }
      const c = codes[i]!;
      let m = placed[c]!;
      if (m < 0) m = placed[c] = guard(dict[c]);
      monthOfRow[i] = m;
    }
  } else {
    for (let i = 0; i < n; i++) monthOfRow[i] = guard(col.absent?.[i] === 1 ? undefined : col.at(i));
  }
  const counts = new Uint32Array(months.length);
  for (let i = 0; i < n; i++) counts[monthOfRow[i]!]!++;
  const out = Array.from(counts, (c) => new Uint32Array(c));
  const filled = new Uint32Array(months.length);
  for (let i = 0; i < n; i++) {
    const m = monthOfRow[i]!;
    out[m]![filled[m]!++] = i;
  }
  return out;
}

/**
 * The columns of `rows` of a span as a request for their month alone gives them: the span's own columns
 * when every row is the month's; else taken (dictionaries of the month's values, in first-seen order),
 * without columns no row of the month has, without an absent mask that marks nothing, and each column of
 * the kind the parser would have chosen from the month's values in order (numbers, then text: mixed;
 * only nulls: a coded null).
 */
export function monthColumnsOf(columns: RecordColumns, rows: Uint32Array): RecordColumns {
  if (rows.length === columns.length) return columns;
  const taken = rows.length === 0 ? RecordColumns.empty() : columns.take(rows);
  const n = taken.length;
  const names: string[] = [];
  const out = new Map<string, Column>();
  for (const name of taken.names) {
    let col = taken.columns.get(name)!;
    let absent = col.absent;
    if (absent !== undefined) {
      let marked = 0;
      for (let i = 0; i < n; i++) marked += absent[i]!;
      // A field no row of the month has: a request for the month alone never sees it.
      if (marked === n) continue;
      if (marked === 0) absent = undefined;
    }
    col = parsedKind(col, absent);
    names.push(name);
    out.set(name, col);
  }
  return new RecordColumns(names, out, n);
}

/** `col` (with `absent`) as the byte parser builds it from these values in order (column-builder.ts). */
function parsedKind(col: Column, absent: Uint8Array | undefined): Column {
  const n = col.length;
  if (col.kind === "number") {
    for (let i = 0; i < n; i++) if (col.values[i] === col.values[i]) return new NumberColumn(col.values, absent);
    return new CodedColumn(new Int32Array(n), [null], absent);
  }
  if (col.kind === "coded" && !col.dict.some((v) => typeof v === "number")) return new CodedColumn(col.codes, col.dict, absent);
  // Rare (a field of numbers and other values): replayed value by value, as the builder sees them.
  const values: unknown[] = new Array(n);
  for (let i = 0; i < n; i++) values[i] = absent?.[i] === 1 ? null : col.kind === "coded" ? col.dict[col.codes[i]!] : col.values[i];
  let kind: "pending" | "number" | "coded" | "mixed" = "pending";
  for (const v of values) {
    if (v === null) continue;
    if (typeof v === "number") {
      if (kind === "pending") kind = "number";
    } else if (kind === "pending") kind = "coded";
    else if (kind === "number") kind = "mixed";
    if (kind === "mixed") break;
  }
  if (kind === "number") return new NumberColumn(Float64Array.from(values, (v) => (v === null ? NaN : (v as number))), absent);
  if (kind === "mixed") return new MixedColumn(values, absent);
  const codes = new Int32Array(n);
  const dict: unknown[] = [];
  const seen = new Map<unknown, number>();
  for (let i = 0; i < n; i++) {
    const v = values[i];
    const key = v !== null && typeof v === "object" ? undefined : dictionaryKey(v);
    let c = key === undefined ? undefined : seen.get(key);
    if (c === undefined) {
      c = dict.push(v) - 1;
      if (key !== undefined) seen.set(key, c);
    }
    codes[i] = c;
  }
  return new CodedColumn(codes, dict, absent);
}
