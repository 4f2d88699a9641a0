/**
 * A natgas v4 rigs dataset made by hand, file by file: month files as the lake writes them now, as
 * gasframes wrote them before 2026-11-28 (integers Int32 where they fit, repeated text as an Arrow
 * dictionary in `ARROW:schema`), and year files as compactLake's DuckDB wrote them then (Int32 kept);
 * committed as snapshot 1 with the real catalog entry, so compactLake, openLake and verifyLake take it.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseLineColumns } from "../../src/decode/columnar/parse-columns";
import { loadArrow, tableToArrow } from "../../src/io/to-arrow";
import { openLake } from "../../src/lake";
import { datasetFolder } from "../../src/lake/dataset-folder";
import { lakeAxis } from "../../src/lake/lake-axis";
import { yearFileKey } from "../../src/lake/lake-layout";
import { metadataRootOf } from "../../src/lake/lake-storage";
import { lakeSortKey, monthFileBytes, monthKeyValues, type MonthFileInput } from "../../src/lake/month-parquet";
import { NATGAS_V4 } from "../../src/natgas";
import { CodedColumn, RecordColumns } from "../../src/table/record-columns";
import { codesFor } from "../../src/table/narrow-codes";
import type { DuckDbConnection } from "../../src/util/duckdb";

export const RIGS = NATGAS_V4.rigs;
const REGIONS = ["west", "gulf", "permian"];

/**
 * `rows` rig-days of `month`; `wellpadBase` is added to each wellpad_id (3e9 crosses 2^31); `withCount`
 * false makes every `count` null; `monthColumn` adds the `month` column (the year layout's files).
 */
export function rigsMonth(month: string, rows: number, options: { wellpadBase?: number; withCount?: boolean; monthColumn?: boolean } = {}): MonthFileInput {
  const lines: string[] = [];
  for (let i = 0; i < rows; i++) {
    const r: Record<string, unknown> = {
      county: `C${i % 4}`,
      date_observed: `${month}-${String((i % 28) + 1).padStart(2, "0")}`,
      lat: 31 + i / 1000,
      long: -102 - i / 1000,
      operator: `Op ${i % 3}`,
      region_natgas: REGIONS[i % REGIONS.length],
      rig_class: i % 2 === 0 ? "gas" : "oil",
      state_code: "TX",
      sub_region_natgas: "Delaware",
      wellpad_id: (options.wellpadBase ?? 0) + 1000 + (i % 7),
    };
    r.count = options.withCount === false ? null : 1;
    lines.push(JSON.stringify(r));
  }
  const columns = parseLineColumns(new TextEncoder().encode(lines.join("\n")));
  const input: MonthFileInput = { names: columns.names, columns, units: {}, schema: RIGS.record, meta: { endpoint: "rigs", month }, sortKey: lakeSortKey(RIGS, lakeAxis(RIGS)) };
  return options.monthColumn === true ? { ...input, month } : input;
}

/** A month file as gasframes wrote it before 2026-11-28: Int32 integers where they fit, repeated text a dictionary in `ARROW:schema`. */
export function oldMonthFileBytes(input: MonthFileInput): Uint8Array {
  const fields = new Map(input.schema.fields.map((f) => [f.name, f] as const));
  let names = input.names;
  let columns = input.columns;
  if (input.month !== undefined) {
    names = [...names, "month"];
    columns = new RecordColumns(names, new Map([...columns.columns, ["month", new CodedColumn(codesFor(1, columns.length), [input.month])]]), columns.length);
    fields.set("month", { name: "month", type: "string" });
  }
  const A = loadArrow();
  const P = require("parquet-wasm/node") as typeof import("parquet-wasm/node/parquet_wasm");
  const table = P.Table.fromIPCStream(A.tableToIPC(tableToArrow({ names, units: input.units, fields, columns, schemaName: input.schema.name }), "stream"));
  return P.writeParquet(table, new P.WriterPropertiesBuilder().setCompression(P.Compression.SNAPPY).setKeyValueMetadata(monthKeyValues(input.units, input.sortKey, input.schema.name)).build());
}

/** A month file as the lake writes it now. */
export function newMonthFileBytes(input: MonthFileInput): Uint8Array {
  return monthFileBytes(input);
}

/** One file of a hand-made dataset: its key and the months (with rows) it holds. */
export interface HandFile {
  readonly key: string;
  readonly months: Readonly<Record<string, number>>;
}

const sha = (b: Uint8Array) => createHash("sha256").update(b).digest("hex");

/** Writes `bytes` under the dataset folder: `month=YYYY-MM/part-<hash>.parquet`, or `year=YYYY/…` with `year` (and `month` for a month of the year layout). */
export function putFile(datasetDir: string, bytes: Uint8Array, where: { month: string } | { year: string; month?: string }): string {
  const hash = sha(bytes);
  const key = "year" in where ? yearFileKey(where.year, hash, where.month) : `month=${where.month}/part-${hash.slice(0, 20)}.parquet`;
  mkdirSync(join(datasetDir, key, ".."), { recursive: true });
  writeFileSync(join(datasetDir, ...key.split("/")), bytes);
  return key;
}

/**
 * A year file as compactLake wrote it before 2026-11-28 (DuckDB from Int32 month files, no cast): the
 * `month` column inside, `gasframes.*` metadata left out (not needed by readers).
 */
export async function oldYearFile(c: DuckDbConnection, datasetDir: string, year: string, monthKeys: readonly string[]): Promise<string> {
  const out = join(datasetDir, `old-${year}.tmp`);
  const list = monthKeys.map((k) => `'${join(datasetDir, k)}'`).join(", ");
  await c.run(`COPY (SELECT * FROM read_parquet([${list}], hive_partitioning = true, hive_types = {'month': VARCHAR}, union_by_name = true) ORDER BY wellpad_id, date_observed) TO '${out}' (FORMAT parquet)`);
  const bytes = readFileSync(out);
  rmSync(out);
  return putFile(datasetDir, bytes, { year });
}

/** Commits `files` as snapshot 1 of the rigs dataset under `dir` (every month with rows listed, as a sync would). */
export function commitRigs(dir: string, files: readonly HandFile[]): string {
  const datasetDir = datasetFolder(dir, RIGS);
  const partitions: Record<string, unknown> = {};
  for (const f of files) {
    const bytes = readFileSync(join(datasetDir, ...f.key.split("/")));
    for (const [month, rows] of Object.entries(f.months)) {
      partitions[month] = { query: {}, fetchedAt: "2025-06-01T00:00:00.000Z", asOf: "2025-06-01", rows, files: [f.key], sha256: sha(bytes), bytes: bytes.byteLength };
    }
  }
  const snapshot = { format: 2, snapshot: 1, committedAt: "2025-06-01T00:00:00.000Z", service: RIGS.service, version: RIGS.version, endpoint: RIGS.method, path: RIGS.path, axis: lakeAxis(RIGS), params: {}, partitions };
  const log = join(metadataRootOf(datasetDir), "_log");
  mkdirSync(log, { recursive: true });
  writeFileSync(join(log, `${"1".padStart(20, "0")}.json`), JSON.stringify(snapshot));
  return datasetDir;
}

/** A rigs dataset under `dir` of one month file (as the lake writes them now) per month of `months` (month -> rows), committed as snapshot 1. */
export function monthRigsLake(dir: string, months: Readonly<Record<string, number>>): string {
  const datasetDir = datasetFolder(dir, RIGS);
  const files: HandFile[] = Object.entries(months).map(([month, rows]) => ({ key: putFile(datasetDir, newMonthFileBytes(rigsMonth(month, rows)), { month }), months: { [month]: rows } }));
  commitRigs(dir, files);
  return dir;
}

/** The rigs dataset under `dir` as `openLake` reads its snapshot: `columns`, every row in order, column by column. */
export async function rigsAnswer(dir: string, columns = "month, wellpad_id, date_observed, region_natgas, count"): Promise<unknown> {
  const lake = await openLake(dir);
  try {
    const r = await lake.query(`SELECT ${columns} FROM natgas_v4_rigs ORDER BY ALL`);
    return r.names.map((n) => r.column(n));
  } finally {
    lake.close();
  }
}
