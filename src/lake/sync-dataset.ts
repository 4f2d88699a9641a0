/**
 * `syncDataset`: an endpoint's data downloaded into a local Parquet lake, one hive partition per
 * month (`<dir>/<service>/<version>/<endpoint>/month=YYYY-MM/part-00000.parquet`), incrementally and
 * crash-safely. See docs/lake.md.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { aggregatedSchema } from "../catalog/aggregated-schema";
import type { EndpointSpec } from "../catalog/types";
import { InvalidParamsError } from "../errors";
import { collectResult } from "../table/collect-result";
// Gives results their toParquet method.
import "../io/write-parquet";
import type { ResultMeta } from "../table/provenance";
import { lakeAxis } from "./lake-axis";
import { readLakeManifest, sameParams, writeLakeManifest, type LakeManifest, type LakePartition } from "./lake-manifest";
import { monthEndMs, monthFilter, monthsBetween, type MonthKey } from "./lake-months";
import { checkSyncOptions } from "./check-sync-options";
import { datasetFolder, removeLeftovers } from "./dataset-folder";
import { streamOf, type SyncClient } from "./stream-of";
import type { SyncDatasetOptions, SyncProgress, SyncReport } from "./sync-types";

export type { SyncDatasetOptions, SyncProgress, SyncReport };

const DAY_MS = 86_400_000;


/**
 * Downloads `endpoint`'s data for the months `from`..`to` into hive-partitioned Parquet under
 * `options.dir`, one request per month (the endpoint's own date filters: v3 `start_date`/`end_date`,
 * v4 `*_min`/`*_max`, LNG `from_timestamp`/`to_timestamp`), streamed: at most one month is held in
 * memory. A re-run fetches only months missing from the manifest, plus the months the service still
 * revises (see `reviseDays`). Each partition appears whole or not at all, and the manifest is updated
 * after it: a killed sync loses nothing already written, and the next run resumes.
 *
 * The client is the one whose method you would call (`NatGasClient`, `LngClient`, or `ng.v4`); the
 * endpoint is its catalog entry (`NATGAS_V4.rigs`), which names the date field the lake is cut by.
 * @param client a gasframes client: its `stream.<method>` does the requests (its URL, token, retries, cache).
 * @param endpoint the catalog entry (`NATGAS_V3.rigs`, `NATGAS_V4.productionByWell`, `LNG_V1.volumeFlows`).
 * @param params the endpoint's other filters (`{ region_natgas: ["west"] }`), without its date range.
 * @param options `dir` and `from` (required), `to`, `asOf`, `reviseDays`, `onProgress`...
 */
export async function syncDataset(client: SyncClient, endpoint: EndpointSpec, params: Record<string, unknown> | null | undefined, options: SyncDatasetOptions): Promise<SyncReport> {
  const checked = checkSyncOptions(endpoint, params, options);
  const axis = lakeAxis(endpoint);
  const label = `syncDataset ${endpoint.service} ${endpoint.version} ${endpoint.method}`;
  const userParams = { ...(params ?? {}) };
  for (const name of [axis.minParam, axis.maxParam]) {
    if (name in userParams) {
      throw new InvalidParamsError(label, [{ param: name, value: userParams[name], expected: `no ${name}: syncDataset sets it for each month; give the range as options.from and options.to (YYYY-MM)` }]);
    }
  }
  const stream = streamOf(client, endpoint);
  const datasetDir = datasetFolder(options.dir, endpoint);
  mkdirSync(datasetDir, { recursive: true });
  removeLeftovers(datasetDir);

  const previous = readLakeManifest(datasetDir);
  if (previous !== undefined && !sameParams(previous.params, userParams)) {
    throw new InvalidParamsError(label, [
      { param: "params", value: userParams, expected: `the parameters ${datasetDir} was synced with (${JSON.stringify(previous.params)}), or another dir` },
    ]);
  }
  const partitions: Record<MonthKey, LakePartition> = { ...(previous?.partitions ?? {}) };
  const manifest = (): LakeManifest => ({
    format: 1,
    service: endpoint.service,
    version: endpoint.version,
    endpoint: endpoint.method,
    path: endpoint.path,
    axis,
    params: userParams,
    partitions: Object.fromEntries(Object.entries(partitions).sort(([a], [b]) => a.localeCompare(b))),
  });

  const asOfMs = Date.parse(`${checked.asOf}T00:00:00Z`);
  const months = monthsBetween(checked.from, checked.to);
  const due = months.filter((month) => {
    const entry = partitions[month];
    if (entry === undefined) return true;
    if (entry.files.some((f) => !existsSync(join(datasetDir, f)))) return true;
    return Date.parse(`${entry.asOf}T00:00:00Z`) < monthEndMs(month) + checked.reviseDays * DAY_MS;
  });

  const startedAt = checked.clock();
  let rows = 0;
  let done = 0;
  const report = (phase: SyncProgress["phase"], month: MonthKey) => {
    if (options.onProgress === undefined) return;
    const seconds = Math.max(0.001, (checked.clock() - startedAt) / 1000);
    options.onProgress({ phase, month, partitionsDone: done, partitionsTotal: due.length, rows, rowsPerSecond: rows / seconds });
  };

  for (const month of due) {
    const query = { ...userParams, ...monthFilter(axis, month) };
    const callOptions = { ...(options.signal ? { signal: options.signal } : {}), ...(checked.batchSize !== undefined ? { batchSize: checked.batchSize } : {}) };
    const batches = counted(stream(query, callOptions), (n) => {
      rows += n;
      report("batch", month);
    });
    // The columns the rows carry: an aggregated answer's group columns and measures, never all-null catalog fields.
    const schema = userParams.aggregate_by !== undefined && userParams.aggregate_by !== null ? aggregatedSchema(endpoint, userParams.aggregate_by) : endpoint.record;
    const result = await collectResult(batches, schema);
    const file = `month=${month}/part-00000.parquet`;
    let bytes = Buffer.alloc(0);
    if (result.length > 0) {
      result.toParquet(join(datasetDir, file));
      bytes = readFileSync(join(datasetDir, file));
    } else {
      // The service now has no rows for a month that had some: the old file must go, or readers keep it.
      rmSync(join(datasetDir, `month=${month}`), { recursive: true, force: true });
    }
    partitions[month] = {
      query: result.meta.params,
      fetchedAt: result.meta.fetchedAt,
      asOf: checked.asOf,
      rows: result.length,
      files: result.length > 0 ? [file] : [],
      sha256: createHash("sha256").update(bytes).digest("hex"),
      bytes: bytes.byteLength,
    };
    writeLakeManifest(datasetDir, manifest());
    done += 1;
    report("partition", month);
  }
  return { datasetDir, fetched: due, kept: months.filter((m) => !due.includes(m)), rows, manifest: manifest() };
}

async function* counted<T extends readonly unknown[]>(source: AsyncGenerator<T, ResultMeta, undefined>, onBatch: (rows: number) => void): AsyncGenerator<T, ResultMeta, undefined> {
  let step = await source.next();
  while (step.done !== true) {
    onBatch(step.value.length);
    yield step.value;
    step = await source.next();
  }
  return step.value;
}
