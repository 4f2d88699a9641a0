/**
 * Commits Parquet files written by hand (by DuckDB, in a test) as snapshot 1 of a dataset, the way a
 * sync commits them: readers read only what a committed snapshot lists.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { metadataRootOf } from "../../src/lake/lake-storage";

/** Writes `_log/…1.json` (in the metadata root, `<dir>/_gasframes/…`) listing every `month=*\/*.parquet` of `datasetDir`, with sizes and SHA-256. */
export function commitHandLake(datasetDir: string): void {
  const partitions: Record<string, unknown> = {};
  for (const folder of readdirSync(datasetDir).filter((n) => n.startsWith("month=")).sort()) {
    const files = readdirSync(join(datasetDir, folder)).filter((n) => n.endsWith(".parquet"));
    for (const name of files) {
      const bytes = readFileSync(join(datasetDir, folder, name));
      partitions[folder.slice(6)] = { query: {}, fetchedAt: "2025-01-01T00:00:00.000Z", asOf: "2025-01-01", rows: 1, files: [`${folder}/${name}`], sha256: createHash("sha256").update(bytes).digest("hex"), bytes: bytes.byteLength };
    }
  }
  const snapshot = { format: 2, snapshot: 1, committedAt: new Date().toISOString(), service: "x", version: "v1", endpoint: "x", path: "/x", axis: { field: "date", minParam: "a", maxParam: "b", kind: "date" }, params: {}, partitions };
  const log = join(metadataRootOf(datasetDir), "_log");
  mkdirSync(log, { recursive: true });
  writeFileSync(join(log, `${"1".padStart(20, "0")}.json`), JSON.stringify(snapshot));
}
