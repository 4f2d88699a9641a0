/**
 * `syncDataset`: an endpoint's data downloaded into a local Parquet lake, one hive partition per
 * month (`<dir>/<service>/<version>/<endpoint>/month=YYYY-MM/part-<hash>.parquet`), incrementally,
 * under a one-writer lock, each run one atomic commit to the dataset's log (kept in the metadata root
 * `<dir>/_gasframes/<service>/<version>/<endpoint>`, so the dataset folder holds Parquet only). See docs/lake.md.
 */
import { createHash } from "node:crypto";
import { aggregatedSchema } from "../catalog/aggregated-schema";
import type { EndpointSpec } from "../catalog/types";
import { InvalidParamsError, LakeLockedError, redactValue, RowOutsideMonthError } from "../errors";
import { collectResult } from "../table/collect-result";
import { dayFromCivil, toDayNumber, toTimeMs } from "../table/dates";
import type { ResultMeta } from "../table/provenance";
import { lakeAxis, type LakeAxis } from "./lake-axis";
import { commitKey, logVersions, MANIFEST_FILE, readCommit, readSnapshot, sameParams, type LakeManifest, type LakePartition } from "./lake-manifest";
import { monthEndMs, monthFilter, monthsBetween, type MonthKey } from "./lake-months";
import { checkSyncOptions } from "./check-sync-options";
import { datasetFolder } from "./dataset-folder";
import { acquireLakeLock, type LakeLock } from "./lake-lock";
import { adoptEarlierLayout, monthFileKey, partitionOfKey, YEAR_PARTITION, yearFileKey } from "./lake-layout";
import { asLakeError, STAGING_DIR, type LakeStorage } from "./lake-storage";
import { fileProblems } from "./lake-verify";
import { lakeStorageOf } from "./storage-of";
import { streamOf, wholeCallOf, type SyncClient, type WholeCall } from "./stream-of";
import { monthFileInput } from "./month-parquet";
import { closeMonthWriter, OFF_THREAD_MIN_MONTHS, writeMonthFile } from "./month-writer";
import { monthContentSha256 } from "./month-content";
import type { Result } from "../table/result";
import type { RecordColumns } from "../table/record-columns";
import type { SyncDatasetOptions, SyncProgress, SyncReport } from "./sync-types";

export type { SyncDatasetOptions, SyncProgress, SyncReport };

const DAY_MS = 86_400_000;
const JOURNAL = `${STAGING_DIR}/journal.json`;
const EMPTY_SHA = createHash("sha256").digest("hex");
/** The shortest time between two writes of the journal of a run. */
const JOURNAL_EVERY_MS = 1_000;

/** A month fetched by the run, not yet committed: its entry, and where its new file waits. */
interface Staged {
  readonly entry: LakePartition;
  /** The staged file (`_tmp/...parquet`) moved to `entry.files[0]` at the commit; none when the file is kept. */
  readonly stagedAs?: string;
}

/** The journal of a run in progress (`_tmp/journal.json`): a run killed before its commit resumes from it. */
interface Journal {
  readonly params: Record<string, unknown>;
  readonly asOf: string;
  /** The snapshot the run started from. */
  readonly base: number;
  readonly staged: Record<MonthKey, Staged>;
}

/**
 * Downloads `endpoint`'s data for the months `from`..`to` into hive-partitioned Parquet under
 * `options.dir`, one request per month (the endpoint's own date filters: v3 `start_date`/`end_date`,
 * v4 `*_min`/`*_max`, LNG `from_timestamp`/`to_timestamp`), parsed into columns as it arrives: at
 * most two months are held in memory. A re-run fetches only months missing from the last snapshot, months whose file is no longer
 * the one recorded, and the months the service still revises (see `reviseDays`).
 *
 * One writer per dataset: a second sync of the same dataset gets a `LakeLockedError` naming the
 * holder. The run's months are staged and committed together as one new snapshot of the dataset's
 * log: readers see the snapshot before the run or after it, never a mix. A killed run commits
 * nothing; the next run (same params and as-of) reuses the months it had staged. A row dated outside
 * the month asked for is a `RowOutsideMonthError` and nothing of the run is committed.
 *
 * @param client a gasframes client: its `<method>` does the requests (its URL, token, retries, cache), or
 *   its `stream.<method>` when `options.batchSize` is given or it has no `<method>`.
 * @param endpoint the catalog entry (`NATGAS_V3.rigs`, `NATGAS_V4.productionByWell`, `LNG_V1.volumeFlows`).
 * @param params the endpoint's other filters (`{ region_natgas: ["west"] }`), without its date range.
 * @param options `dir` and `from` (required), `to`, `asOf`, `reviseDays`, `retainDays`, `onProgress`...
 * @example
 * const report = await syncDataset(natgas, NATGAS_V4.rigs, { region_natgas: ["west"] }, { dir: "lake", from: "2026-07" });
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
  const whole = wholeCallOf(client, endpoint);
  const datasetDir = datasetFolder(options.dir, endpoint);
  // A token pasted into a filter is stored masked, as the query is.
  const storedParams = redactValue(userParams) as Record<string, unknown>;
  const storage = await lakeStorageOf(datasetDir, { create: true, layout: "split", label });
  const lock = await acquireLakeLock(storage, label, checked.clock);
  try {
    await adoptEarlierLayout(storage, label, checked.clock);
    return await syncLocked({ storage, endpoint, axis, label, userParams, storedParams, checked, options, stream, whole, lock });
  } catch (error) {
    throw asLakeError(error, "sync into", datasetDir);
  } finally {
    await lock.release();
  }
}

interface SyncContext {
  readonly storage: LakeStorage;
  readonly endpoint: EndpointSpec;
  readonly axis: LakeAxis;
  readonly label: string;
  readonly userParams: Record<string, unknown>;
  readonly storedParams: Record<string, unknown>;
  readonly checked: ReturnType<typeof checkSyncOptions>;
  readonly options: SyncDatasetOptions;
  readonly stream: ReturnType<typeof streamOf>;
  /** The client's whole call, used for each month unless `batchSize` asks for record batches. */
  readonly whole: WholeCall | undefined;
  readonly lock: LakeLock;
}

async function syncLocked(ctx: SyncContext): Promise<SyncReport> {
  const { storage, endpoint, axis, label, userParams, storedParams, checked, options, stream, whole } = ctx;
  const previous = await readSnapshot(storage);
  if (previous !== undefined && !sameParams(redactValue(previous.params) as Record<string, unknown>, storedParams)) {
    throw new InvalidParamsError(label, [
      { param: "params", value: userParams, expected: `the parameters ${storage.root} was synced with (${JSON.stringify(previous.params)}), or another dir` },
    ]);
  }
  const base = previous?.snapshot ?? -1;
  const journal = await resumable(storage, storedParams, checked.asOf, base);
  await sweepStaging(storage, journal);
  const staged: Record<MonthKey, Staged> = { ...(journal?.staged ?? {}) };
  const partitions: Record<MonthKey, LakePartition> = { ...(previous?.partitions ?? {}) };

  const months = monthsBetween(checked.from, checked.to);
  // A compacted dataset (compactLake) stays in the year layout: new and revised months are written as `year=YYYY/part-YYYY-MM-<hash>.parquet`.
  const yearLayout = Object.values(partitions).some((p) => Array.isArray(p.files) && p.files.some((f) => partitionOfKey(f) === "year"));
  const seen = new Map<string, Awaited<ReturnType<typeof fileProblems>>>();
  const dueSet = new Set<MonthKey>();
  for (const month of months) {
    const entry = partitions[month];
    // A damaged entry, or a file that is not the one recorded (truncated, flipped, replaced, a folder): fetched again.
    const isDue = staged[month] !== undefined || entry === undefined || (await fileProblems(storage, month, entry, true, seen)).length > 0 || toTimeMs(entry.asOf) < monthEndMs(month) + checked.reviseDays * DAY_MS;
    if (isDue) dueSet.add(month);
  }
  // A file listed under several months (a compacted year) holds them all: when one of them is fetched
  // again, so are the others, each into a file of its own, and the shared file is listed no more
  // (else a revised month's old rows would still be read from it).
  const sharers = sharedFiles(partitions);
  for (const month of [...dueSet]) for (const f of Array.isArray(partitions[month]?.files) ? partitions[month]!.files : []) for (const m of sharers.get(f) ?? []) dueSet.add(m);
  const due = [...dueSet].sort();

  const startedAt = checked.clock();
  let rows = 0;
  let done = 0;
  const report = (phase: SyncProgress["phase"], month: MonthKey) => {
    if (options.onProgress === undefined) return;
    const seconds = Math.max(0.001, (checked.clock() - startedAt) / 1000);
    options.onProgress({ phase, month, partitionsDone: done, partitionsTotal: due.length, rows, rowsPerSecond: rows / seconds });
  };
  const schema = userParams.aggregate_by !== undefined && userParams.aggregate_by !== null ? aggregatedSchema(endpoint, userParams.aggregate_by) : endpoint.record;

  // The next month is fetched while this one is sorted, written and hashed (the server and the
  // socket work meanwhile); at most two months are held. A failure aborts the fetch ahead.
  const callOptionsOf = (signal: AbortSignal) => ({ signal, ...(checked.batchSize !== undefined ? { batchSize: checked.batchSize } : {}) });
  const fetchMonth = async (month: MonthKey, signal: AbortSignal): Promise<Result<unknown>> => {
    const guard = monthGuard(axis, month, label);
    const query = { ...userParams, ...monthFilter(axis, month) };
    if (whole !== undefined && checked.batchSize === undefined) {
      // The month in one call: its NDJSON parsed from bytes straight into columns, no object per
      // record (JSON.parse per line and the records' columns were a third of a sync's CPU time).
      const result = await whole(query, { signal, ...(endpoint.decoder === "array" ? { ndjson: true } : {}) });
      guardColumns(result.columns(), axis.field, guard);
      rows += result.length;
      report("batch", month);
      return result;
    }
    const batches = counted(stream(query, callOptionsOf(signal)), (batch) => {
      for (const r of batch) guard(r[axis.field]);
      rows += batch.length;
      report("batch", month);
    });
    return collectResult(batches, schema);
  };
  const ahead = new Map<MonthKey, { promise: Promise<Result<unknown>>; controller: AbortController }>();
  const start = (month: MonthKey) => {
    const controller = new AbortController();
    const signal = options.signal === undefined ? controller.signal : anySignal(options.signal, controller.signal);
    const promise = fetchMonth(month, signal);
    // Awaited when its turn comes; a failure before then is not an unhandled rejection.
    promise.catch(() => undefined);
    ahead.set(month, { promise, controller });
  };
  const toFetch = due.filter((m) => staged[m] === undefined);
  // The journal (every staged month so far) is rewritten at most once a second: written after each
  // month, it was 250 MB of writes and a flush per month for a 973-month lake. A run killed in between
  // fetches again the months of its last second.
  let savedAt = performance.now();
  let unsaved = false;
  const saveJournal = async () => {
    await storage.replace(JOURNAL, Buffer.from(JSON.stringify({ params: storedParams, asOf: checked.asOf, base, staged } satisfies Journal), "utf8"));
    savedAt = performance.now();
    unsaved = false;
  };
  try {
    for (const month of due) {
      const resumed = staged[month];
      if (resumed !== undefined) {
        rows += resumed.entry.rows;
        done += 1;
        report("partition", month);
        continue;
      }
      if (!ahead.has(month)) start(month);
      const result = await ahead.get(month)!.promise;
      ahead.delete(month);
      const next = toFetch[toFetch.indexOf(month) + 1];
      if (next !== undefined) start(next);
      const old = partitions[month];
      // A shared file is never kept for one month: see above.
      const keepable = old !== undefined && !old.files.some((f) => sharers.has(f)) ? old : undefined;
      staged[month] = await stageMonth(storage, month, result, keepable, endpoint, axis, checked.asOf, yearLayout, toFetch.length >= OFF_THREAD_MIN_MONTHS);
      unsaved = true;
      if (performance.now() - savedAt >= JOURNAL_EVERY_MS) await saveJournal();
      done += 1;
      // Before the month's progress event: a caller that sees the month done sees the lock's new expiry.
      await ctx.lock.refresh();
      report("partition", month);
    }
  } catch (error) {
    // A run that fails (a row outside its month, a write error) leaves what it staged for the next run.
    if (unsaved) {
      try {
        await saveJournal();
      } catch {
        // The run's own error is the one to report.
      }
    }
    throw error;
  } finally {
    for (const { promise, controller } of ahead.values()) {
      controller.abort();
      await promise.catch(() => undefined);
    }
    await closeMonthWriter();
  }

  let manifest: LakeManifest = previous ?? emptyManifest(endpoint, axis, storedParams);
  if (due.length > 0) {
    for (const [month, s] of Object.entries(staged)) {
      if (s.stagedAs !== undefined && (await storage.stat(s.stagedAs)) !== undefined) await storage.moveIn(s.stagedAs, s.entry.files[0]!);
      partitions[month] = s.entry;
    }
    const version = base < 1 ? 1 : base + 1;
    manifest = {
      format: 2,
      snapshot: version,
      committedAt: new Date(checked.clock()).toISOString(),
      service: endpoint.service,
      version: endpoint.version,
      endpoint: endpoint.method,
      path: endpoint.path,
      axis,
      params: storedParams,
      partitions: Object.fromEntries(Object.entries(partitions).sort(([a], [b]) => (a < b ? -1 : 1))),
    };
    const bytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, "utf8");
    if (!(await storage.writeIfAbsent(commitKey(version), bytes))) {
      throw new LakeLockedError(`${label}: another writer committed version ${version} of ${storage.root} during this run; nothing of this run was committed, sync again`, { dir: storage.root });
    }
    await storage.replace(MANIFEST_FILE, bytes);
    await storage.delete(JOURNAL);
    await vacuum(storage, checked.clock(), checked.retainDays * DAY_MS);
    report("commit", checked.to);
  }
  return { datasetDir: storage.root, fetched: due, kept: months.filter((m) => !due.includes(m)), rows, snapshot: manifest.snapshot ?? 0, manifest };
}

function emptyManifest(endpoint: EndpointSpec, axis: LakeAxis, params: Record<string, unknown>): LakeManifest {
  return { format: 2, snapshot: 0, service: endpoint.service, version: endpoint.version, endpoint: endpoint.method, path: endpoint.path, axis, params, partitions: {} };
}

/** A fetched month staged: its file written under `_tmp/` (or the snapshot's file kept, or no file for no rows) and its entry. */
async function stageMonth(storage: LakeStorage, month: MonthKey, result: Result<unknown>, old: LakePartition | undefined, endpoint: EndpointSpec, axis: LakeAxis, asOf: string, yearLayout: boolean, offThread: boolean): Promise<Staged> {
  const held = result.columns();
  const contentSha256 = monthContentSha256(held);
  const fetched = { query: redactValue(result.meta.params) as Record<string, unknown>, fetchedAt: result.meta.fetchedAt, asOf, rows: result.length, contentSha256 };
  if (old !== undefined && old.contentSha256 === contentSha256 && old.rows === result.length && (await fileProblems(storage, month, old)).length === 0) {
    // The same records as the snapshot's file: the file is kept (its bytes differ only in the fetch time).
    return { entry: { ...old, ...fetched } };
  }
  if (result.length === 0) return { entry: { ...fetched, files: [], sha256: EMPTY_SHA, bytes: 0 } };
  const temporary = `${STAGING_DIR}/${month}.${process.pid}.${Date.now().toString(36)}.parquet`;
  // The bytes (sort order, statistics, metadata) are month-parquet.ts's; where they go is this function's.
  // On the writer thread (month-writer.ts) while this thread parses the month fetched ahead.
  const written = await writeMonthFile(monthFileInput(result, endpoint, axis, yearLayout ? month : undefined), offThread);
  // Hashed from memory: the file is not read back.
  const sha256 = createHash("sha256").update(written).digest("hex");
  await storage.replace(temporary, written);
  // Content-addressed and immutable: a revised month is a new file; the old one stays for earlier snapshots.
  const file = yearLayout ? yearFileKey(month.slice(0, 4), sha256, month) : monthFileKey(month, sha256);
  const columns = yearLayout ? [...result.names.filter((n) => n !== "month"), "month"] : [...result.names];
  return { entry: { ...fetched, files: [file], sha256, bytes: written.byteLength, columns }, stagedAs: temporary };
}

/** The files listed under more than one month (compacted years), with those months. */
function sharedFiles(partitions: Readonly<Record<MonthKey, LakePartition>>): Map<string, MonthKey[]> {
  const by = new Map<string, MonthKey[]>();
  for (const [month, p] of Object.entries(partitions)) for (const f of Array.isArray(p.files) ? p.files : []) by.set(f, [...(by.get(f) ?? []), month]);
  for (const [f, list] of by) if (list.length < 2) by.delete(f);
  return by;
}

/** AbortSignal.any where Node has it (20.3 on), else a signal aborted by either. */
function anySignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  const any = (AbortSignal as { any?: (signals: AbortSignal[]) => AbortSignal }).any;
  if (any !== undefined) return any([a, b]);
  const c = new AbortController();
  for (const s of [a, b]) {
    if (s.aborted) c.abort(s.reason);
    else s.addEventListener("abort", () => c.abort(s.reason), { once: true });
  }
  return c.signal;
}

/** The journal of a killed run of the same query, as-of and base snapshot, with only the months whose files are whole. */
async function resumable(storage: LakeStorage, params: Record<string, unknown>, asOf: string, base: number): Promise<Journal | undefined> {
  const bytes = await storage.read(JOURNAL);
  if (bytes === undefined) return undefined;
  let j: Journal;
  try {
    j = JSON.parse(bytes.toString("utf8")) as Journal;
  } catch {
    return undefined;
  }
  if (j === null || typeof j !== "object" || j.asOf !== asOf || j.base !== base || typeof j.params !== "object" || !sameParams(j.params, params) || typeof j.staged !== "object" || j.staged === null) return undefined;
  const staged: Record<MonthKey, Staged> = {};
  for (const [month, s] of Object.entries(j.staged)) {
    if (s === null || typeof s !== "object" || s.entry === undefined) continue;
    const st = typeof s.stagedAs === "string" && /^_tmp\/[\w.-]+\.parquet$/.test(s.stagedAs) ? await storage.stat(s.stagedAs) : undefined;
    if (st?.kind === "file") {
      if (st.size === s.entry.bytes && (await storage.sha256(s.stagedAs!)) === s.entry.sha256) staged[month] = s;
    } else if ((await fileProblems(storage, month, s.entry)).length === 0) {
      // Moved into its month folder by a commit that was killed before its log entry: whole where it is.
      staged[month] = { entry: s.entry };
    }
  }
  return { ...j, staged };
}

/** Removes what killed runs left in `_tmp/`, except the files of the journal being resumed. */
async function sweepStaging(storage: LakeStorage, journal: Journal | undefined): Promise<void> {
  const keep = new Set(Object.values(journal?.staged ?? {}).flatMap((s) => (s.stagedAs === undefined ? [] : [s.stagedAs.slice(STAGING_DIR.length + 1)])));
  keep.add("journal.json");
  for (const name of await storage.list(STAGING_DIR)) {
    // A writer waiting for the lock stages its lock file here too (`<pid>.<random>.tmp`): kept while that process runs.
    const pid = /^(\d+)\.[0-9a-f]+\.tmp$/.exec(name)?.[1];
    if (pid !== undefined && Number(pid) !== process.pid && processRuns(Number(pid))) continue;
    if (!keep.has(name)) await storage.delete(`${STAGING_DIR}/${name}`);
  }
  if (journal === undefined) await storage.delete(JOURNAL);
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Drops commits superseded more than `retainMs` ago (the latest always stays), then every Parquet
 * file in a `month=` or `year=` folder that no remaining commit lists, and such folders left empty.
 */
export async function vacuum(storage: LakeStorage, now: number, retainMs: number): Promise<void> {
  const versions = await logVersions(storage);
  const snapshots: LakeManifest[] = [];
  for (const v of versions) snapshots.push(await readCommit(storage, v));
  const kept: LakeManifest[] = [];
  for (const [i, s] of snapshots.entries()) {
    const supersededAt = i + 1 < snapshots.length ? toTimeMs(snapshots[i + 1]!.committedAt ?? "") : Infinity;
    // `<=`: with retainDays 0 the snapshot superseded by this very commit goes too, even within the same millisecond.
    if (!(supersededAt <= now - retainMs)) kept.push(s);
    else await storage.delete(commitKey(versions[i]!));
  }
  const listed = new Set(kept.flatMap((s) => Object.values(s.partitions).flatMap((p) => p.files)));
  for (const folder of await storage.list("")) {
    if (!(folder.startsWith("month=") || folder.startsWith(`${YEAR_PARTITION}=`)) || (await storage.stat(folder))?.kind !== "dir") continue;
    for (const name of await storage.list(folder)) {
      const key = `${folder}/${name}`;
      if (name.endsWith(".parquet") && !listed.has(key) && (await storage.stat(key))?.kind === "file") await storage.delete(key);
    }
    if ((await storage.list(folder)).length === 0) await storage.delete(folder);
  }
}

/** Runs `guard` over a column's values in row order, each distinct value of a coded column once. */
function guardColumns(columns: RecordColumns, field: string, guard: (value: unknown) => void): void {
  if (!columns.columns.has(field)) return;
  const coded = columns.coded(field);
  if (coded === undefined) {
    for (const v of columns.valuesView(field)) guard(v);
    return;
  }
  const checked = new Uint8Array(coded.dict.length);
  const { codes, dict, absent } = coded;
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i]!;
    if (checked[c] === 1 || absent?.[i] === 1) continue;
    guard(dict[c]);
    checked[c] = 1;
  }
}

/** A check of one record's date on `axis`: it lies in `month`, or a RowOutsideMonthError. */
function monthGuard(axis: LakeAxis, month: MonthKey, label: string): (value: unknown) => void {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const firstDay = dayFromCivil(y, m, 1);
  const endMs = monthEndMs(month);
  const startMs = firstDay * DAY_MS;
  const lastDay = endMs / DAY_MS - 1;
  // A month's rows share a few dates: the last one found inside is not parsed again.
  let lastInside: unknown;
  return (value) => {
    // An aggregated answer without the date among its group columns carries no date to check.
    if (value === undefined || (value === lastInside && typeof value === "string")) return;
    const inside = axis.kind === "date" ? ((d) => d >= firstDay && d <= lastDay)(toDayNumber(value)) : ((t) => t >= startMs && t < endMs)(toTimeMs(value));
    if (!inside) {
      const shown = value instanceof Date ? value.toISOString() : value;
      throw new RowOutsideMonthError(
        `${label}: the service answered the request for ${month} with a row whose ${axis.field} is ${JSON.stringify(shown)}, outside ${month} (its date filter is off or ignored); nothing of this run was committed`,
        { month, field: axis.field, value: shown },
      );
    }
    lastInside = value;
  };
}

async function* counted<T extends readonly unknown[]>(source: AsyncGenerator<T, ResultMeta, undefined>, onBatch: (batch: readonly Record<string, unknown>[]) => void): AsyncGenerator<T, ResultMeta, undefined> {
  let step = await source.next();
  try {
    while (step.done !== true) {
      const batch = step.value as unknown;
      const records = Array.isArray(batch) ? (batch as Record<string, unknown>[]) : typeof (batch as { toRecords?: unknown }).toRecords === "function" ? (batch as { toRecords(): Record<string, unknown>[] }).toRecords() : [];
      onBatch(records);
      yield step.value;
      step = await source.next();
    }
  } finally {
    // A refused batch ends the request too, so the rest of an unbounded answer is not downloaded.
    if (step.done !== true) await source.return(undefined as never).catch(() => undefined);
  }
  return step.value;
}
