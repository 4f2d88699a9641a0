/**
 * What the read planner (`plan-scan.ts`) needs of one dataset folder: its month files, the columns each
 * holds (from the files' footers, read once when the lake opens), the catalog's schema and date column.
 */
import { join } from "node:path";
import { aggregatedSchema } from "../catalog/aggregated-schema";
import type { EndpointSpec } from "../catalog/types";
import { LNG_V1 } from "../lng/catalog/v1";
import { v3 as NATGAS_V3 } from "../natgas/catalog/v3";
import { v4 as NATGAS_V4 } from "../natgas/catalog/v4";
import type { RecordSchema } from "../table/schema";
import type { DuckDbConnection } from "../util/duckdb";
import type { LakeFile, LakeManifest } from "./lake-manifest";
import { globLiteral, type ScanDataset, type ScanFile } from "./plan-scan";

/** The catalog entry a manifest names (by service, version and path), or undefined for one gasframes does not know. */
export function catalogEntryOf(manifest: Pick<LakeManifest, "service" | "version" | "path">): EndpointSpec | undefined {
  const catalogs: readonly Record<string, EndpointSpec>[] = [NATGAS_V3 as Record<string, EndpointSpec>, NATGAS_V4 as Record<string, EndpointSpec>, LNG_V1 as Record<string, EndpointSpec>];
  for (const catalog of catalogs) {
    for (const spec of Object.values(catalog)) {
      if (spec.service === manifest.service && spec.version === manifest.version && spec.path === manifest.path) return spec;
    }
  }
  return undefined;
}

/** The schema of the rows a manifest's lake holds: the aggregated one when it was synced with `aggregate_by`. */
export function lakeSchemaOf(manifest: LakeManifest | undefined): RecordSchema | undefined {
  if (manifest === undefined) return undefined;
  const spec = catalogEntryOf(manifest);
  if (spec === undefined) return undefined;
  const by = manifest.params.aggregate_by;
  return by !== undefined && by !== null ? aggregatedSchema(spec, by) : spec.record;
}

/**
 * The dataset as the planner sees it: the committed snapshot's files (absolute paths), with the columns
 * each holds (recorded at commit; read from the footers by DuckDB for files committed without them).
 */
export async function scanDatasetOf(connection: DuckDbConnection, view: string, dir: string, manifest: LakeManifest, snapshot: readonly LakeFile[]): Promise<ScanDataset> {
  const listed = snapshot.map((f) => ({ month: f.month, path: join(dir, f.path), columns: f.columns }));
  listed.sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : a.path < b.path ? -1 : 1));
  const unknown = listed.filter((f) => f.columns === undefined).map((f) => f.path);
  const columns = await fileColumns(connection, unknown);
  const files: ScanFile[] = listed.map((f) => ({ month: f.month, path: f.path, columns: f.columns ?? columns.get(f.path) ?? [] }));
  const schema = lakeSchemaOf(manifest);
  return {
    view,
    files,
    ...(schema === undefined ? {} : { schema }),
    ...(manifest.axis === undefined ? {} : { dateField: manifest.axis.field, dateKind: manifest.axis.kind }),
  };
}

/** Each file's top-level columns, in order, from its Parquet footer. */
async function fileColumns(connection: DuckDbConnection, paths: readonly string[]): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  if (paths.length === 0) return out;
  const list = paths.map((p) => `'${globLiteral(p)}'`).join(", ");
  // The root element has children (num_children > 0); top-level columns are its direct children, and
  // gasframes writes no nested columns.
  const reader = await connection.runAndReadAll(`SELECT file_name, name FROM parquet_schema([${list}]) WHERE coalesce(num_children, 0) = 0`);
  const [files, names] = reader.getColumnsJson() as [unknown[], unknown[]];
  for (let i = 0; i < files.length; i++) {
    const key = String(files[i]);
    let cols = out.get(key);
    if (cols === undefined) out.set(key, (cols = []));
    cols.push(String(names[i]));
  }
  return out;
}
