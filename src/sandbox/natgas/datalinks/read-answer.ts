/**
 * A data-links answer read chunk by chunk as DuckDB produces it, its size counted on the way: the
 * rows and bytes limits stop the read as soon as they are passed, before the rest is made or held.
 */
import { isExactDouble } from "../../../util/exact-decimal";
import { dedupeColumnNames } from "../../../util/dedupe-column-names";
import type { DuckDbChunk, DuckDbStreamedResult } from "../../../util/duckdb";
import { SandboxHttpError } from "../../core/types";

/** A query's answer: column names (unique) and JSON-safe values, column by column. */
export interface DatalinkAnswer {
  readonly names: readonly string[];
  readonly columns: readonly (readonly unknown[])[];
  readonly rows: number;
}

/** Limits of one read. */
export interface ReadLimits {
  readonly maxRows: number;
  readonly maxBytes: number;
  /** DuckDB's JSON value converter. */
  readonly converter: unknown;
}

/**
 * Reads `result` whole, or throws a 400 naming the limit passed. Bytes are those of the JSON array
 * answer, counted per value (a string's characters, a number's digits, each record's keys).
 */
export async function readAnswer(result: DuckDbStreamedResult, limits: ReadLimits): Promise<DatalinkAnswer> {
  const names = dedupeColumnNames(result.columnNames());
  const types = result.columnTypes().map(String);
  const columns: unknown[][] = names.map(() => []);
  const keyBytes = names.reduce((sum, n) => sum + JSON.stringify(n).length + 2, 2);
  let rows = 0;
  let bytes = 2;
  const tooBig = (): never => {
    throw new SandboxHttpError(400, `query_datalinks: the answer is larger than the sandbox's result limit of ${formatBytes(limits.maxBytes)} (maxResultBytes): select fewer rows or columns`);
  };
  for (;;) {
    const chunk = await result.fetchChunk();
    if (chunk === null || chunk.rowCount === 0) break;
    rows += chunk.rowCount;
    if (rows > limits.maxRows) throw new SandboxHttpError(400, `query_datalinks: the query returns more than ${limits.maxRows.toLocaleString("en-US")} rows: add a WHERE or a LIMIT`);
    bytes += keyBytes * chunk.rowCount + textBytes(chunk, types);
    if (bytes > limits.maxBytes) tooBig();
    let values: unknown[][];
    try {
      values = chunk.convertColumns(limits.converter);
    } catch (e) {
      // A value longer than V8's longest string (about 512 MiB) cannot even be made: it is too big by any limit.
      if (e instanceof Error && /longer than|Invalid string length/i.test(e.message)) tooBig();
      throw e;
    }
    for (let j = 0; j < names.length; j++) {
      const plain = plainColumn(types[j] ?? "", values[j] ?? []);
      bytes += valueBytes(plain, types[j] ?? "");
      if (bytes > limits.maxBytes) tooBig();
      for (const v of plain) columns[j]!.push(v);
    }
  }
  return { names, columns, rows };
}

/**
 * The bytes of a chunk's VARCHAR values read from DuckDB's string headers, before any is made a
 * JavaScript string: one huge value is refused without being copied. The vector's data view is not
 * public in @duckdb/node-api; without it nothing is counted here (the values are counted after).
 */
function textBytes(chunk: DuckDbChunk, types: readonly string[]): number {
  let sum = 0;
  types.forEach((type, j) => {
    if (type !== "VARCHAR") return;
    const view = (chunk.getColumnVector(j) as { dataView?: unknown }).dataView;
    if (!(view instanceof DataView)) return;
    for (let i = 0; i < chunk.rowCount && (i + 1) * 16 <= view.byteLength; i++) sum += view.getUint32(i * 16, true);
  });
  return sum;
}

/** The JSON bytes of converted values (VARCHAR columns' text is counted in {@link textBytes}). */
function valueBytes(values: readonly unknown[], type: string): number {
  let sum = 0;
  for (const v of values) {
    if (v === null || v === undefined) sum += 4;
    else if (typeof v === "string") sum += type === "VARCHAR" ? 2 : v.length + 2;
    else if (typeof v === "number" || typeof v === "boolean") sum += String(v).length;
    else sum += JSON.stringify(v)?.length ?? 4;
  }
  return sum;
}

function formatBytes(n: number): string {
  return n % (1024 * 1024) === 0 ? `${(n / (1024 * 1024)).toLocaleString("en-US")} MiB` : `${n.toLocaleString("en-US")} bytes`;
}

/**
 * DuckDB's JSON values made plain: integers and decimals as numbers where a double holds them exactly,
 * else as their exact decimal text; timestamps as ISO 8601.
 */
function plainColumn(type: string, values: unknown[]): unknown[] {
  if (/^(U?(TINY|SMALL|BIG|HUGE)?INT(EGER)?|DECIMAL.*)$/.test(type)) {
    const scale = Number(/,\s*(\d+)\)/.exec(type)?.[1] ?? 0);
    return values.map((v) => {
      if (typeof v !== "string") return v;
      const x = Number(v);
      return isExactDouble(v, x, scale) ? x : v;
    });
  }
  if (type.startsWith("TIMESTAMP")) {
    return values.map((v) => {
      const m = typeof v === "string" ? /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2}(?:\.\d+)?)(.*)$/.exec(v) : null;
      if (!m) return v;
      const zone = m[3] === "" || m[3] === "+00" ? "Z" : m[3];
      return `${m[1]}T${m[2]}${zone}`;
    });
  }
  return values;
}

