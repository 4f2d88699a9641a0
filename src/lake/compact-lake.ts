/**
 * `compactLake`: a synced dataset rewritten in the year layout (`year=YYYY/part-<hash>.parquet` per
 * closed year, `year=YYYY/part-YYYY-MM-<hash>.parquet` per month of a year still revised), committed
 * as one new snapshot under the dataset's lock. See docs/lake.md, "File sizes and compaction".
 */
import { createHash } from "node:crypto";
import { createReadStream, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EndpointSpec } from "../catalog/types";
import { DataError, GasframesError, InvalidParamsError, LakeLockedError } from "../errors";
import { isCalendarDate } from "../table/dates";
import { loadDuckDb, type DuckDbConnection } from "../util/duckdb";
import { datasetFolder } from "./dataset-folder";
import { acquireLakeLock } from "./lake-lock";
import { partitionOfKey, planCompaction, type CompactionPlan } from "./lake-layout";
import { storedSchemaIssues, selectWithWideIntegers } from "./file-schema";
import { commitKey, MANIFEST_FILE, readSnapshot, snapshotFiles, type LakeFile, type LakeManifest, type LakePartition } from "./lake-manifest";
import { asLakeError, STAGING_DIR, type LakeStorage } from "./lake-storage";
import { integrityError, verifySnapshot } from "./lake-verify";
import { lakeSortKey } from "./month-parquet";
import { globLiteral } from "./plan-scan";
import { catalogEntryOf, lakeSchemaOf } from "./scan-dataset";
import { isS3Url, parseS3Url } from "./s3-client";
import { cacheSnapshotFiles, defaultLakeCacheDir } from "./s3-lake-cache";
import { lakeStorageOf } from "./storage-of";
import { vacuum } from "./sync-dataset";

const DAY_MS = 86_400_000;

/** A memory size as DuckDB reads it ("1GB", "512 MiB"). */
const MEMORY_SIZE = /^\s*\d+(\.\d+)?\s*(B|KB|MB|GB|TB|KiB|MiB|GiB|TiB)\s*$/i;

/** Options of {@link compactLake}. */
export interface CompactLakeOptions {
  /** The day (`YYYY-MM-DD`) the revision rule counts from: a year is closed once its December is `reviseDays` old. Default: today (UTC, from `clock`). */
  readonly asOf?: string;
  /** Days a month is still revised by the service, as `syncDataset`'s. Default 60. */
  readonly reviseDays?: number;
  /** Days the snapshot before the compaction (and its month files) stays readable, as `syncDataset`'s. Default 7. */
  readonly retainDays?: number;
  /**
   * Pack consecutive closed years into one file (`year=YYYY-YYYY/part-<hash>.parquet`) of up to this
   * many bytes of sources, instead of one file per closed year. Default none (one file per closed year).
   * A file already holding at least half of it is kept as it is. See docs/lake.md, "File sizes and compaction".
   */
  readonly targetFileBytes?: number;
  /** The clock (epoch ms), for the commit time and the default `asOf`. Default `Date.now`. */
  readonly clock?: () => number;
  /** Where `@duckdb/node-api` is resolved from; default where gasframes is installed. */
  readonly from?: string;
  /**
   * DuckDB's memory limit while it merges (as `openLake`'s `maxMemory`). Default `"1GB"`: years are
   * merged one at a time (a packed file's too), and a year's sort that needs more spills to a folder in
   * the lake's staging folder (`_tmp/compact-spill-…`; for an `s3://` lake, under the system's temporary
   * directory), removed when the run ends. The `--size 1` bench lake packed to 128 MiB files compacts
   * in about 0.6 GB of RSS.
   */
  readonly maxMemory?: string;
  /**
   * A lake on object storage (`s3://…`): the folder its files to merge are downloaded into (and checked
   * against their SHA-256), as `openLake`'s `cacheDir`. Default `<os tmp>/gasframes-lake-cache`.
   */
  readonly cacheDir?: string;
  /**
   * Hears of each file written and staged (`file`: `filesDone` of `filesTotal`, `year` the year or span
   * it holds, `rows` written so far) and of the commit (`commit`). Called synchronously; what it returns
   * is ignored. If it throws at `file`, the run stops and commits nothing; at `commit` the snapshot is
   * already committed, and the error is passed on (the old files are then left to the next run's
   * vacuum). A compaction killed before its commit commits nothing; the next one starts again. Default: none.
   */
  readonly onProgress?: (progress: CompactProgress) => void;
}

/** One step of {@link compactLake}, for `onProgress`. */
export interface CompactProgress {
  /** `file`: one file of the plan is written and staged (not yet visible); `commit`: the new snapshot is committed. */
  readonly phase: "file" | "commit";
  /** The year or span of years (`2019-2022`) of the file written; for `commit`, the last file's. */
  readonly year: string;
  readonly filesDone: number;
  readonly filesTotal: number;
  /** Rows in the files written so far. */
  readonly rows: number;
}

/** What {@link compactLake} did. */
export interface CompactReport {
  readonly datasetDir: string;
  /** The snapshot committed, or the one already there when nothing was to compact. */
  readonly snapshot: number;
  /** Distinct data files of the snapshot before, and of the one after. */
  readonly filesBefore: number;
  readonly filesAfter: number;
  /** The files written (keys relative to the dataset folder); none when the dataset was already compact. */
  readonly written: readonly string[];
  /**
   * Files of the snapshot before that were already compact but stored other column types than the
   * lake writes now (Int32 integers, dictionary text in `ARROW:schema`: files written before
   * 2026-11-28), and were rewritten with the lake's types. Their keys, relative to the dataset folder.
   */
  readonly upgraded: readonly string[];
  readonly manifest: LakeManifest;
}

/**
 * Rewrites the latest snapshot of `endpoint`'s dataset under `dir` in the year layout and commits it
 * as the next version, under the dataset's lock (a sync or compaction running meanwhile is a
 * `LakeLockedError`, and this one waits for no one). Each file is written by DuckDB from the
 * snapshot's files (checked against their SHA-256 first), rows sorted by the dataset's sort key, the
 * `month` column inside, row groups of 8,192 rows with statistics, the sources' `gasframes.*`
 * key-value metadata (units) carried over. The month files stay for the earlier snapshot until its
 * retention (`retainDays`) ends: a later sync or compaction removes them. A dataset already compact
 * commits nothing. Later syncs write new and revised months as `year=YYYY/part-YYYY-MM-<hash>.parquet`.
 * Files it would keep as they are are read for their stored types (footers only): one with Int32
 * integers or dictionary text in `ARROW:schema` (written before 2026-11-28) is rewritten in the same
 * commit with the lake's types (integers Int64, text plain), listed in the report's `upgraded`.
 * A lake on object storage (`s3://bucket/prefix`) is compacted the same way under its lock object: the
 * files to merge are downloaded into `cacheDir` (each checked against its recorded SHA-256), merged
 * there by DuckDB, uploaded under the dataset's staging prefix, moved in and committed as one version.
 * @param dir the lake folder (the `dir` given to `syncDataset`).
 * @param endpoint the dataset's catalog entry (`NATGAS_V4.rigs`).
 * @param options `asOf` (default today), `reviseDays` (60), `retainDays` (7), `cacheDir` (object storage), `maxMemory` ("1GB"), `targetFileBytes` (none), `onProgress`.
 * @example
 * const report = await compactLake("lake", NATGAS_V4.rigs);
 */
export async function compactLake(dir: string, endpoint: EndpointSpec, options: CompactLakeOptions = {}): Promise<CompactReport> {
  const label = `compactLake ${endpoint?.service} ${endpoint?.version} ${endpoint?.method}`;
  const clock = options.clock ?? Date.now;
  const issues = [];
  if (typeof dir !== "string" || dir.trim() === "") issues.push({ param: "dir", value: dir, expected: "the lake's folder (the dir given to syncDataset)" });
  if (endpoint === null || typeof endpoint !== "object" || typeof endpoint.path !== "string") issues.push({ param: "endpoint", value: endpoint, expected: "a catalog entry (NATGAS_V4.rigs)" });
  if (options.asOf !== undefined && (typeof options.asOf !== "string" || !isCalendarDate(options.asOf))) issues.push({ param: "asOf", value: options.asOf, expected: "a day, YYYY-MM-DD" });
  for (const name of ["reviseDays", "retainDays"] as const) {
    const v = options[name];
    if (v !== undefined && (typeof v !== "number" || !Number.isFinite(v) || v < 0)) issues.push({ param: name, value: v, expected: "a number of days, 0 or more" });
  }
  const target = options.targetFileBytes;
  if (target !== undefined && (typeof target !== "number" || !Number.isFinite(target) || target < 1)) issues.push({ param: "targetFileBytes", value: target, expected: "a number of bytes, 1 or more (134217728 for 128 MiB)" });
  if (options.maxMemory !== undefined && (typeof options.maxMemory !== "string" || !MEMORY_SIZE.test(options.maxMemory))) issues.push({ param: "maxMemory", value: options.maxMemory, expected: 'a size DuckDB reads, such as "1GB" or "512MB"' });
  if (options.cacheDir !== undefined && (typeof options.cacheDir !== "string" || options.cacheDir.trim() === "")) issues.push({ param: "cacheDir", value: options.cacheDir, expected: "a folder for the downloaded files of an s3:// lake" });
  if (options.onProgress !== undefined && typeof options.onProgress !== "function") issues.push({ param: "onProgress", value: options.onProgress, expected: "a function" });
  if (issues.length > 0) throw new InvalidParamsError(label, issues);
  if (isS3Url(dir)) parseS3Url(dir, label);
  const asOf = options.asOf ?? new Date(clock()).toISOString().slice(0, 10);
  const datasetDir = datasetFolder(dir, endpoint);
  const remote = isS3Url(dir);
  const storage = await lakeStorageOf(datasetDir, { label, ...(remote ? { create: true } : {}) });
  if ((await readSnapshot(storage)) === undefined) throw new DataError(`${label}: ${datasetDir} holds no committed snapshot (sync the dataset first)`);
  const lock = await acquireLakeLock(storage, label, clock);
  let instance: { closeSync(): void } | undefined;
  let c: DuckDbConnection | undefined;
  // On object storage: DuckDB writes each new file here, then it is uploaded.
  let scratch: string | undefined;
  // DuckDB's spill folder for a merge bigger than maxMemory, and the sorted years of a packed file.
  let spill: string | undefined;
  const staged: { staged: string; key: string }[] = [];
  try {
    // What a killed compaction left (its staged files, its spill folder): under the lock, no other runs.
    await sweepKilledCompactions(storage);
    const previous = (await readSnapshot(storage))!;
    const reviseDays = options.reviseDays ?? 60;
    const packing = options.targetFileBytes === undefined ? {} : { targetFileBytes: options.targetFileBytes };
    const byLayout = planCompaction(previous, { asOf, reviseDays, ...packing });
    const merged = new Set(byLayout.groups.flatMap((g) => g.sources));
    // The files a compaction by layout keeps: each is rewritten too when its stored types are not the
    // lake's (Int32 integers or dictionary text, written before 2026-11-28), so a folder reads whole.
    const kept = [...new Set(snapshotFiles(previous).map((f) => f.path))].filter((k) => !merged.has(k));
    if (byLayout.groups.length === 0 && kept.length === 0) return { datasetDir, snapshot: previous.snapshot ?? 0, filesBefore: byLayout.filesBefore, filesAfter: byLayout.filesBefore, written: [], upgraded: [], manifest: previous };
    const D = loadDuckDb("compactLake", options.from === undefined ? {} : { from: options.from });
    if (remote) spill = mkdtempSync(join(tmpdir(), "gasframes-compact-spill-"));
    else {
      // Inside the lake's staging folder (readers skip `_` folders): on the lake's disk, and swept by the
      // next compaction if this one is killed.
      mkdirSync(storage.pathOf(STAGING_DIR), { recursive: true });
      spill = mkdtempSync(storage.pathOf(`${STAGING_DIR}/${COMPACT_PREFIX}spill-${process.pid}.`));
    }
    const db = await D.DuckDBInstance.create(":memory:", { max_memory: options.maxMemory ?? "1GB", temp_directory: spill });
    instance = db;
    c = await db.connect();
    // A source is read once (once per year it holds, for a file packed before): DuckDB's cache of file
    // reads would only hold memory (it grows to the limit over a run: 1.0-1.1 GB of RSS for the bench
    // lake with it, against about 0.6 GB without).
    await c.run("SET enable_external_file_cache = false");
    // A damaged source would be copied into the new file with a fresh hash: refused first. On object
    // storage the download into the cache checks each file against its recorded size and SHA-256; the
    // files kept are downloaded too, to read their stored types.
    let sourcePath = (key: string) => storage.pathOf(key);
    if (remote) {
      const local = await cacheSnapshotFiles(storage, distinctSnapshotFiles(previous), options.cacheDir ?? defaultLakeCacheDir(), true, label);
      sourcePath = (key) => join(local, ...key.split("/"));
      scratch = mkdtempSync(join(tmpdir(), "gasframes-compact-"));
    }
    let stale: Map<string, string[]>;
    try {
      const issues = await storedSchemaIssues(c, kept.map(sourcePath));
      stale = new Map(kept.filter((k) => issues.has(sourcePath(k))).map((k) => [k, issues.get(sourcePath(k))!]));
    } catch (error) {
      // A footer DuckDB cannot read: a damaged file, reported as such when it is one.
      if (!remote) {
        const checked = await verifySnapshot(storage, previous, true);
        if (checked.problems.length > 0) throw integrityError(label, checked);
      }
      throw error;
    }
    const plan = stale.size === 0 ? byLayout : planCompaction(previous, { asOf, reviseDays, ...packing, rewrite: new Set(stale.keys()) });
    if (plan.groups.length === 0) return { datasetDir, snapshot: previous.snapshot ?? 0, filesBefore: plan.filesBefore, filesAfter: plan.filesBefore, written: [], upgraded: [], manifest: previous };
    if (!remote) {
      const checked = await verifySnapshot(storage, previous, true);
      if (checked.problems.length > 0) throw integrityError(label, checked);
    }
    const spec = catalogEntryOf(previous) ?? endpoint;
    const schema = lakeSchemaOf(previous) ?? spec.record;
    const partitions: Record<string, LakePartition> = { ...previous.partitions };
    let rowsWritten = 0;
    const report = (phase: CompactProgress["phase"], year: string, filesDone: number) => options.onProgress?.({ phase, year, filesDone, filesTotal: plan.groups.length, rows: rowsWritten });
    for (const [i, g] of plan.groups.entries()) {
      const staging = `${STAGING_DIR}/${COMPACT_PREFIX}${process.pid}.${Date.now().toString(36)}.${i}.parquet`;
      const out = scratch === undefined ? storage.pathOf(staging) : join(scratch, `${i}.parquet`);
      if (scratch === undefined) mkdirSync(storage.pathOf(STAGING_DIR), { recursive: true });
      const written = await writeGroup(c, sourcePath, out, g, previous, lakeSortKey(spec, previous.axis, schema), spill, label);
      // Uploaded under the staging prefix, as a sync stages its months: moved in at the commit only.
      if (scratch !== undefined) await storage.replace(staging, readFileSync(out));
      const key = g.target(written.sha256);
      staged.push({ staged: staging, key });
      for (const month of g.months) partitions[month] = { ...partitions[month]!, files: [key], sha256: written.sha256, bytes: written.bytes, columns: written.columns };
      await lock.refresh();
      rowsWritten += g.rows;
      report("file", g.year, i + 1);
    }
    for (const s of staged) await storage.moveIn(s.staged, s.key);
    const version = (previous.snapshot ?? 0) < 1 ? 1 : previous.snapshot! + 1;
    const manifest: LakeManifest = { ...previous, format: 2, snapshot: version, committedAt: new Date(clock()).toISOString(), partitions };
    const bytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, "utf8");
    if (!(await storage.writeIfAbsent(commitKey(version), bytes))) {
      throw new LakeLockedError(`${label}: another writer committed version ${version} of ${storage.root} during this run; nothing was committed, compact again`, { dir: storage.root });
    }
    await storage.replace(MANIFEST_FILE, bytes);
    report("commit", plan.groups.at(-1)!.year, plan.groups.length);
    await vacuum(storage, clock(), (options.retainDays ?? 7) * DAY_MS);
    return { datasetDir, snapshot: version, filesBefore: plan.filesBefore, filesAfter: distinctFiles(manifest), written: staged.map((s) => s.key), upgraded: [...stale.keys()], manifest };
  } catch (error) {
    // A failed run leaves no staged upload behind (a sync would sweep it, but only the next one).
    for (const s of staged) await storage.delete(s.staged).catch(() => undefined);
    if (error instanceof Error && !(error instanceof GasframesError) && /out of memory/i.test(error.message)) {
      throw new DataError(`${label}: DuckDB needed more than its memory limit (maxMemory ${options.maxMemory ?? "1GB"}) to merge ${datasetDir}; nothing was committed: compact again with a larger maxMemory`, { cause: error });
    }
    throw asLakeError(error, "compact", datasetDir);
  } finally {
    c?.closeSync();
    instance?.closeSync();
    if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
    if (spill !== undefined) rmSync(spill, { recursive: true, force: true });
    await lock.release();
  }
}

/** The names compactLake gives what it puts in the staging folder (`_tmp/compact-…`): its staged files and its spill folder. */
const COMPACT_PREFIX = "compact-";

/**
 * Removes what killed compactions left in the staging folder (files and spill folders named
 * `compact-…`). Called under the dataset's lock, so no other compaction is running; a killed sync's
 * staged months (named by month) are its journal's, kept for its next run.
 */
async function sweepKilledCompactions(storage: LakeStorage): Promise<void> {
  for (const name of await storage.list(STAGING_DIR)) if (name.startsWith(COMPACT_PREFIX)) await storage.delete(`${STAGING_DIR}/${name}`);
}

/** Each file of a snapshot once (a year file is listed under every month it holds). */
function distinctSnapshotFiles(m: LakeManifest): LakeFile[] {
  const seen = new Map<string, LakeFile>();
  for (const f of snapshotFiles(m)) if (!seen.has(f.path)) seen.set(f.path, f);
  return [...seen.values()];
}

function distinctFiles(m: LakeManifest): number {
  return new Set(Object.values(m.partitions).flatMap((p) => p.files)).size;
}

/**
 * One group's file, written by DuckDB at `path` (a local file) from the sources at `pathOf(key)`: its
 * SHA-256, size and columns. Rows are sorted year by year (by the sort key, then `month`) and the years
 * follow each other in order: a file packed from several years is merged one year at a time into
 * `scratch` and the sorted years then copied into one file in order, so DuckDB never sorts more than a
 * year (one sort over a 128 MiB pack of eleven years peaked at 1.2-1.7 GB of RSS and at times failed
 * its 1GB limit; a year at a time, 0.6 GB).
 */
async function writeGroup(
  c: DuckDbConnection,
  pathOf: (key: string) => string,
  path: string,
  g: CompactionPlan["groups"][number],
  previous: LakeManifest,
  sortKey: readonly string[],
  scratch: string,
  label: string,
): Promise<{ sha256: string; bytes: number; columns: string[] }> {
  const layouts = new Set(g.sources.map(partitionOfKey));
  if (layouts.size !== 1 || layouts.has(undefined)) throw new DataError(`${label}: the files of ${g.year} mix month= and year= folders (${g.sources.join(", ")})`);
  const listOf = (sources: readonly string[]) => `[${sources.map((s) => `'${globLiteral(pathOf(s))}'`).join(", ")}]`;
  // Month files take `month` from their folder; year files hold it.
  const readOf = (sources: readonly string[]) =>
    layouts.has("month") ? `read_parquet(${listOf(sources)}, hive_partitioning = true, hive_types = {'month': VARCHAR}, union_by_name = true)` : `read_parquet(${listOf(sources)}, hive_partitioning = false, union_by_name = true)`;
  const kv = await keyValues(c, listOf(g.sources));
  const kvSql = kv.size === 0 ? "" : `, KV_METADATA {${[...kv].map(([k, v]) => `'${k.replace(/'/g, "''")}': '${v.replace(/'/g, "''")}'`).join(", ")}}`;
  const quoted = (file: string) => `'${file.replace(/'/g, "''")}'`;
  const name = (column: string) => `"${column.replace(/"/g, '""')}"`;
  // The group's months by year, each year with the files that hold its months (a file of several
  // years, packed before, is read once per year, its other months filtered out).
  const years = new Map<string, { months: string[]; sources: Set<string> }>();
  for (const m of [...g.months].sort()) {
    const y = m.slice(0, 4);
    if (!years.has(y)) years.set(y, { months: [], sources: new Set() });
    years.get(y)!.months.push(m);
    for (const f of previous.partitions[m]?.files ?? []) years.get(y)!.sources.add(f);
  }
  const sortedYear = async ({ months, sources }: { months: readonly string[]; sources: ReadonlySet<string> }) => {
    // The sort key's columns this year's files hold: a column added in a later year is not in an
    // earlier year's read (it is NULL there once the years are put together).
    const held = new Set(months.flatMap((m) => previous.partitions[m]?.columns ?? []));
    const order = [...sortKey.filter((k) => held.size === 0 || held.has(k)).map(name), "month"].join(", ");
    // Integers as BIGINT (Parquet INT64) whatever the sources stored: one type per column in the folder.
    const select = await selectWithWideIntegers(c, readOf([...sources]));
    return `${select} WHERE month IN (${months.map(quoted).join(", ")}) ORDER BY ${order}`;
  };
  const options = `FORMAT parquet, COMPRESSION snappy, ROW_GROUP_SIZE 8192`;
  if (years.size <= 1) {
    const year = [...years.values()][0] ?? { months: [...g.months], sources: new Set(g.sources) };
    await c.run(`COPY (${await sortedYear(year)}) TO ${quoted(path)} (${options}${kvSql})`);
  } else {
    // The columns in the order one read of every source gives them (as a single sort wrote them).
    const columns = (await c.runAndReadAll(`SELECT * FROM ${readOf(g.sources)} LIMIT 0`)).columnNames();
    const parts: string[] = [];
    try {
      for (const [y, year] of years) {
        // Not named .parquet: a folder reader globbing the lake never takes it for data.
        const part = join(scratch, `year-${y}.${parts.length}.part`);
        await c.run(`COPY (${await sortedYear(year)}) TO ${quoted(part)} (${options})`);
        parts.push(part);
      }
      // The sorted years one after the other: DuckDB keeps the files' order and their rows' (insertion
      // order is preserved by default), so this copy streams and sorts nothing. By name: a column added
      // in a later year is NULL in the earlier ones.
      await c.run(`COPY (SELECT ${columns.map(name).join(", ")} FROM read_parquet([${parts.map((p) => `'${globLiteral(p)}'`).join(", ")}], union_by_name = true)) TO ${quoted(path)} (${options}${kvSql})`);
    } finally {
      for (const part of parts) rmSync(part, { force: true });
    }
    // That order is DuckDB's behaviour, not a contract: checked on the row groups' month statistics
    // (footer only; rows within one row group are not seen), so a DuckDB that reorders its batches fails
    // here instead of committing years out of order.
    const stats = (await c.runAndReadAll(`SELECT stats_min_value AS lo, stats_max_value AS hi FROM parquet_metadata('${globLiteral(path)}') WHERE path_in_schema = 'month' ORDER BY row_group_id`)).getColumnsJson() as [unknown[]?, unknown[]?];
    const [lows = [], highs = []] = stats;
    for (let i = 1; i < lows.length; i++) {
      const lo = lows[i];
      const hi = highs[i - 1];
      if (typeof lo === "string" && typeof hi === "string" && lo.slice(0, 4) < hi.slice(0, 4)) {
        throw new DataError(`${label}: the file written for ${g.year} holds its years out of order (row group ${i} starts in ${lo} after one that reached ${hi}); nothing was committed`);
      }
    }
  }
  const file = `'${globLiteral(path)}'`;
  const rows = Number((await c.runAndReadAll(`SELECT count(*)::BIGINT AS n FROM read_parquet(${file})`)).getColumnsJson()[0]![0]);
  if (rows !== g.rows) throw new DataError(`${label}: the file written for ${g.year} holds ${rows} rows, the snapshot lists ${g.rows}; nothing was committed`);
  const columns = (await c.runAndReadAll(`SELECT name FROM parquet_schema(${file}) WHERE coalesce(num_children, 0) = 0`)).getColumnsJson()[0]!.map(String);
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return { sha256: hash.digest("hex"), bytes: statSync(path).size, columns };
}

/** The sources' `gasframes.*` key-value metadata: units merged over the files, the rest from the first file that has it. */
async function keyValues(c: DuckDbConnection, list: string): Promise<Map<string, string>> {
  const reader = await c.runAndReadAll(`SELECT decode(key) AS k, decode(value) AS v FROM parquet_kv_metadata(${list}) WHERE starts_with(decode(key), 'gasframes.')`);
  // No row: DuckDB gives no columns at all (sources without gasframes metadata).
  const [keys = [], values = []] = reader.getColumnsJson() as [unknown[]?, unknown[]?];
  const out = new Map<string, string>();
  const units: Record<string, string> = {};
  for (let i = 0; i < keys.length; i++) {
    const k = String(keys[i]);
    const v = String(values[i]);
    if (k === "gasframes.units") {
      try {
        Object.assign(units, JSON.parse(v) as Record<string, string>);
      } catch {
        // A file without readable units adds none.
      }
    } else if (!out.has(k)) out.set(k, v);
  }
  if (keys.some((k) => String(k) === "gasframes.units")) out.set("gasframes.units", JSON.stringify(units));
  return out;
}
