/**
 * Moving a lake of the earlier layout (protocol files inside the dataset folder: `_log/`,
 * `_manifest.json`, `_lock`, `_tmp/`) to the metadata root, done by the next sync, under the
 * dataset's lock: after it the dataset folder holds month partitions only.
 */
import { randomBytes } from "node:crypto";
import { acquireLakeLock } from "./lake-lock";
import { commitKey, LOG_DIR, logVersions, MANIFEST_FILE, type LakeManifest, type LakePartition } from "./lake-manifest";
import { monthEndMs, type MonthKey } from "./lake-months";
import { toTimeMs } from "../table/dates";
import { localLakeStorage, renameInto, PROTOCOL_NAMES, STAGING_DIR, type LakeStorage } from "./lake-storage";

/**
 * Moves the protocol files left in `storage.root` (the dataset folder) to `storage.metaRoot`. The
 * caller holds the lock in the metadata root; this also takes the lock inside the dataset folder, the
 * one a writer of the earlier layout takes. The log is copied into a staging folder and renamed into
 * place in one step (readers switch layouts when `_log/` appears there), the manifest follows, the
 * staged months of a killed run move with their journal (it resumes), then the old files go. Idempotent:
 * a run killed part-way is finished by the next.
 */
export async function adoptEarlierLayout(storage: LakeStorage, label: string, now: () => number): Promise<void> {
  // Object storage never held a lake of the earlier layout.
  if (storage.kind !== "local" || storage.metaRoot === storage.root) return;
  const inside = localLakeStorage(storage.root, { layout: "inside" });
  let any = false;
  for (const n of PROTOCOL_NAMES) any ||= (await inside.stat(n)) !== undefined;
  if (!any) return;
  const lock = await acquireLakeLock(inside, label, now);
  try {
    if ((await storage.stat(LOG_DIR)) === undefined) {
      const versions = await logVersions(inside);
      if (versions.length > 0) {
        const folder = `${STAGING_DIR}/log-${process.pid}.${randomBytes(6).toString("hex")}`;
        for (const v of versions) {
          const bytes = await inside.read(commitKey(v));
          if (bytes !== undefined) await storage.writeIfAbsent(`${folder}/${commitKey(v).slice(LOG_DIR.length + 1)}`, bytes);
        }
        renameInto(storage.pathOf(folder), storage.pathOf(LOG_DIR));
      }
    }
    if ((await storage.stat(MANIFEST_FILE)) === undefined) {
      const latest = (await logVersions(storage)).at(-1);
      const bytes = latest === undefined ? await inside.read(MANIFEST_FILE) : await storage.read(commitKey(latest));
      if (bytes !== undefined) await storage.replace(MANIFEST_FILE, bytes);
    }
    // A killed run's staged months and journal, so the next run resumes them. A `.tmp` is a lock file another writer is staging:
    // not moved (that writer finds the lock held and backs off; its staging may fail as `_tmp/` goes, which it reports).
    for (const name of await inside.list(STAGING_DIR)) {
      const key = `${STAGING_DIR}/${name}`;
      if (!name.endsWith(".tmp") && (await inside.stat(key))?.kind === "file" && (await storage.stat(key)) === undefined) renameInto(inside.pathOf(key), storage.pathOf(key));
    }
    // A takeover guard left by a writer killed mid-takeover: while this run holds `_lock`, any other taker backs off anyway.
    for (const name of [LOG_DIR, MANIFEST_FILE, STAGING_DIR, "_lock.takeover"]) await inside.delete(name);
  } finally {
    await lock.release();
  }
}

/**
 * The key of a month's file in its dataset folder: `month=YYYY-MM/part-<first 20 hex of its SHA-256>.parquet`.
 * Content-addressed, so a revised month is a new file and the old one stays for earlier snapshots.
 */
export function monthFileKey(month: string, sha256: string): string {
  return `month=${month}/part-${sha256.slice(0, 20)}.parquet`;
}

/** Files of a dataset in the year layout: `year=YYYY/part-<hash>.parquet` (a closed year) or `year=YYYY/part-YYYY-MM-<hash>.parquet` (a month of an open year). */
export const YEAR_PARTITION = "year";

/**
 * The key of a file of the year layout. Its rows carry the `month` column themselves (`YYYY-MM`):
 * the folder names the year only.
 * @param year `YYYY`.
 * @param sha256 the file's SHA-256 (hex).
 * @param month the month, for the file of one month of a year still open; none for a closed year's file.
 */
export function yearFileKey(year: string, sha256: string, month?: MonthKey): string {
  return `${YEAR_PARTITION}=${year}/part-${month === undefined ? "" : `${month}-`}${sha256.slice(0, 20)}.parquet`;
}

/** The hive partition a file key sits in: `month` (`month=YYYY-MM/...`), `year` (`year=YYYY/...`), or undefined. */
export function partitionOfKey(key: string): "month" | "year" | undefined {
  if (/^(?:.*\/)?month=\d{4}-\d{2}\/[^/]+$/.test(key)) return "month";
  if (/^(?:.*\/)?year=\d{4}(?:-\d{4})?\/[^/]+$/.test(key)) return "year";
  return undefined;
}

/** One file a compaction writes, and what it is made of. */
export interface CompactionGroup {
  /** The year, `YYYY`. */
  readonly year: string;
  /** The months whose rows the file holds, in order (months without rows are left out). */
  readonly months: readonly MonthKey[];
  /** The snapshot's files it is made of (keys relative to the dataset folder), in month order. */
  readonly sources: readonly string[];
  readonly rows: number;
  /** Bytes of the sources (the new file is about as big, often a little smaller). */
  readonly bytes: number;
  /** True: every month of the year is settled (past `reviseDays`), merged into one file. False: one month of a year still revised, a file of its own. */
  readonly closed: boolean;
  /** The new file's key once its SHA-256 is known ({@link yearFileKey}). */
  target(sha256: string): string;
}

/** What {@link planCompaction} proposes. */
export interface CompactionPlan {
  /** One entry per file to write, oldest first; empty when the dataset is already in the year layout with each closed year in one file. */
  readonly groups: readonly CompactionGroup[];
  readonly filesBefore: number;
  readonly filesAfter: number;
  readonly bytes: number;
}

/**
 * Which files a compaction of a dataset's snapshot writes, as a compact command runs it (read each
 * group's sources, sorted by the dataset's sort key, written with the `month` column inside, then
 * one commit that lists each new file under every month it holds).
 *
 * The layout after it is the year layout, for the whole dataset folder at once (hive readers such as
 * Spark refuse `month=` and `year=` folders side by side): `year=YYYY/part-<hash>.parquet` per closed
 * year, and, for a year with a month still within `reviseDays` of `asOf`, one
 * `year=YYYY/part-YYYY-MM-<hash>.parquet` per month (a revision rewrites one month's file; the year
 * is merged once it closes). A dataset already in the year layout has only its newly closed years
 * planned, and the files of `rewrite` (files whose stored column types differ from what the lake
 * writes now, rewritten as they are). See docs/lake.md, "File sizes and compaction".
 * @param manifest the snapshot to compact.
 * @param options `asOf` (`YYYY-MM-DD`, the service's as-of; default today), `reviseDays` (default 60, as sync's),
 * `rewrite` (keys of year-layout files to write again though already compact; default none),
 * `targetFileBytes` (default none: one file per closed year; with it, consecutive closed years are
 * packed into one file of `year=YYYY-YYYY/` up to that many bytes of sources, see {@link packClosedYears}).
 */
export function planCompaction(manifest: LakeManifest, options: { asOf?: string; reviseDays?: number; rewrite?: ReadonlySet<string>; targetFileBytes?: number } = {}): CompactionPlan {
  const rewrite = options.rewrite ?? new Set<string>();
  const compact = (sources: readonly string[]) => sources.length === 1 && partitionOfKey(sources[0]!) === "year" && !rewrite.has(sources[0]!);
  const asOfMs = toTimeMs(options.asOf ?? new Date().toISOString().slice(0, 10));
  const reviseMs = (options.reviseDays ?? 60) * 86_400_000;
  const settled = (month: MonthKey) => monthEndMs(month) + reviseMs <= asOfMs;
  const byYear = new Map<string, [MonthKey, LakePartition][]>();
  for (const [month, p] of Object.entries(manifest.partitions).sort(([a], [b]) => (a < b ? -1 : 1))) {
    const year = month.slice(0, 4);
    if (!byYear.has(year)) byYear.set(year, []);
    byYear.get(year)!.push([month, p]);
  }
  const allFiles = new Set(Object.values(manifest.partitions).flatMap((p) => p.files));
  const groups: CompactionGroup[] = [];
  let filesAfter = 0;
  let totalBytes = 0;
  const closedYears: ClosedYear[] = [];
  for (const [year, entries] of byYear) {
    const withRows = entries.filter(([, p]) => p.files.length > 0 && p.rows > 0);
    if (withRows.length === 0) continue;
    const closed = settled(`${year}-12`);
    const sourcesOf = (list: [MonthKey, LakePartition][]) => [...new Set(list.flatMap(([, p]) => p.files))];
    const bytesOf = (sources: readonly string[]) => sources.reduce((s, f) => s + (entries.find(([, p]) => p.files.includes(f))?.[1].bytes ?? 0), 0);
    const rowsOf = (list: [MonthKey, LakePartition][]) => list.reduce((s, [, p]) => s + p.rows, 0);
    if (closed) {
      const sources = sourcesOf(withRows);
      if (options.targetFileBytes !== undefined) {
        closedYears.push({ year, months: withRows.map(([m]) => m), sources, rows: rowsOf(withRows) });
        continue;
      }
      filesAfter += 1;
      totalBytes += bytesOf(sources);
      // Already one file of the year layout: nothing to do.
      if (compact(sources)) continue;
      groups.push({ year, months: withRows.map(([m]) => m), sources, rows: rowsOf(withRows), bytes: bytesOf(sources), closed: true, target: (sha) => yearFileKey(year, sha) });
      continue;
    }
    for (const entry of withRows) {
      const sources = sourcesOf([entry]);
      filesAfter += 1;
      totalBytes += bytesOf(sources);
      if (compact(sources)) continue;
      const month = entry[0];
      groups.push({ year, months: [month], sources, rows: entry[1].rows, bytes: bytesOf(sources), closed: false, target: (sha) => yearFileKey(year, sha, month) });
    }
  }
  if (options.targetFileBytes !== undefined) {
    const fileBytes = new Map<string, number>();
    for (const p of Object.values(manifest.partitions)) for (const f of p.files) fileBytes.set(f, p.bytes);
    const packed = packClosedYears(closedYears, fileBytes, options.targetFileBytes, compact);
    filesAfter += packed.files;
    totalBytes += packed.bytes;
    // Closed years first, as the groups of one file per closed year are.
    groups.unshift(...packed.groups);
  }
  return { groups, filesBefore: allFiles.size, filesAfter, bytes: totalBytes };
}

/** A closed year of a snapshot, as {@link packClosedYears} reads it. */
interface ClosedYear {
  readonly year: string;
  readonly months: readonly MonthKey[];
  readonly sources: readonly string[];
  readonly rows: number;
}

/**
 * Closed years packed into files of up to `target` bytes (of their sources), oldest first, each file
 * a run of consecutive closed years in `year=<first>-<last>/` (`year=YYYY/` for one year). A file
 * already holding several years is one unit, never split; a file of the year layout already at least
 * half the target is kept as it is (so a compacted lake is not rewritten by the next run), and a
 * smaller one is packed again with the years closed after it. A pack that is one existing file
 * (`compact`) is not written again.
 */
function packClosedYears(years: readonly ClosedYear[], fileBytes: ReadonlyMap<string, number>, target: number, compact: (sources: readonly string[]) => boolean): { groups: CompactionGroup[]; files: number; bytes: number } {
  type Unit = { years: string[]; months: MonthKey[]; sources: string[]; rows: number; bytes: number };
  const bytesOf = (sources: readonly string[]) => sources.reduce((s, f) => s + (fileBytes.get(f) ?? 0), 0);
  const units: Unit[] = [];
  for (const y of years) {
    const last = units.at(-1);
    // A year whose files another year's unit holds (a file of several years) joins that unit.
    if (last !== undefined && y.sources.some((f) => last.sources.includes(f))) {
      last.years.push(y.year);
      last.months.push(...y.months);
      for (const f of y.sources) if (!last.sources.includes(f)) last.sources.push(f);
      last.rows += y.rows;
      last.bytes = bytesOf(last.sources);
      continue;
    }
    units.push({ years: [y.year], months: [...y.months], sources: [...y.sources], rows: y.rows, bytes: bytesOf(y.sources) });
  }
  const packs: Unit[][] = [];
  let open: Unit[] = [];
  let openBytes = 0;
  for (const u of units) {
    const full = compact(u.sources) && u.bytes * 2 >= target;
    if (full || (open.length > 0 && openBytes + u.bytes > target)) {
      if (open.length > 0) packs.push(open);
      open = [];
      openBytes = 0;
    }
    if (full) {
      packs.push([u]);
      continue;
    }
    open.push(u);
    openBytes += u.bytes;
  }
  if (open.length > 0) packs.push(open);
  const groups: CompactionGroup[] = [];
  let bytes = 0;
  for (const pack of packs) {
    const sources = pack.flatMap((u) => u.sources);
    bytes += bytesOf(sources);
    if (compact(sources)) continue;
    const first = pack[0]!.years[0]!;
    const last = pack.at(-1)!.years.at(-1)!;
    const span = first === last ? first : `${first}-${last}`;
    groups.push({ year: span, months: pack.flatMap((u) => u.months), sources, rows: pack.reduce((s, u) => s + u.rows, 0), bytes: bytesOf(sources), closed: true, target: (sha) => yearFileKey(span, sha) });
  }
  return { groups, files: packs.length, bytes };
}
