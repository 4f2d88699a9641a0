/**
 * A lake as an independent reader sees it: every `**\/*.parquet` under a folder (dot folders included,
 * `_` folders skipped as Spark and Polars skip them), each read whole with hyparquet, rows grouped by
 * the hive `month=` folder; or exactly the files the latest committed snapshot lists.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { parquetReadObjects } from "hyparquet";

/** Every file under `dir`, relative to it, `/`-separated. */
export function allFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join("/"))
    .sort();
}

/** The rows of each month partition of a dataset (`month` -> rows), read back with hyparquet. */
export async function readLake(datasetDir: string): Promise<Map<string, Record<string, unknown>[]>> {
  const months = new Map<string, Record<string, unknown>[]>();
  // Folders starting with `_` (the staging folder) are skipped, as Spark and Polars skip them.
  for (const file of allFiles(datasetDir).filter((f) => f.endsWith(".parquet") && !f.split("/").some((s) => s.startsWith("_")))) {
    const month = /(?:^|\/)month=(\d{4}-\d{2})\//.exec(file)?.[1];
    if (month === undefined) throw new Error(`a Parquet file outside any month partition: ${file}`);
    const bytes = readFileSync(join(datasetDir, file));
    const rows = (await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer })) as Record<string, unknown>[];
    months.set(month, [...(months.get(month) ?? []), ...rows]);
  }
  return months;
}

/**
 * The rows of each month as the dataset's latest committed snapshot lists them (`_log/` in the metadata
 * root `<dir>/_gasframes/<service>/<version>/<endpoint>`, or inside the dataset folder in the earlier layout; read here
 * without gasframes), each file checked against its recorded SHA-256: what every reader must see.
 */
export async function readSnapshotLake(datasetDir: string): Promise<Map<string, Record<string, unknown>[]>> {
  const [service, version, endpoint] = datasetDir.split(sep).slice(-3) as [string, string, string];
  const split = join(datasetDir, "..", "..", "..", "_gasframes", service, version, endpoint, "_log");
  const log = existsSync(split) ? split : join(datasetDir, "_log");
  const commits = readdirSync(log).filter((n) => /^\d{20}\.json$/.test(n)).sort();
  const snapshot = JSON.parse(readFileSync(join(log, commits.at(-1)!), "utf8")) as { partitions: Record<string, { files: string[]; sha256: string }> };
  const months = new Map<string, Record<string, unknown>[]>();
  for (const [month, p] of Object.entries(snapshot.partitions).sort(([a], [b]) => a.localeCompare(b))) {
    for (const file of p.files) {
      const bytes = readFileSync(join(datasetDir, file));
      if (createHash("sha256").update(bytes).digest("hex") !== p.sha256) throw new Error(`${file} is not the file the snapshot recorded`);
      const rows = (await parquetReadObjects({ file: bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer })) as Record<string, unknown>[];
      months.set(month, [...(months.get(month) ?? []), ...rows]);
    }
  }
  return months;
}

/** Per month: rows and the sum of `field`, rounded to 6 decimals. */
export function monthTotals(months: Map<string, Record<string, unknown>[]>, field: string): Record<string, { rows: number; sum: number }> {
  const out: Record<string, { rows: number; sum: number }> = {};
  for (const [month, rows] of [...months].sort(([a], [b]) => a.localeCompare(b))) {
    const sum = rows.reduce((s, r) => s + Number(r[field] ?? 0), 0);
    out[month] = { rows: rows.length, sum: Math.round(sum * 1e6) / 1e6 };
  }
  return out;
}
