/**
 * A dataset's log of snapshots (`_log/<version>.json` in its metadata root, `<dir>/_gasframes/<service>/<version>/<endpoint>/`), modelled on Delta Lake's: each sync
 * commits one numbered file, created exclusively (two writers cannot both commit a version), holding
 * the whole snapshot: what was asked, and per month the query sent, when, how many rows, the hash of
 * the rows' content, and each file with its size and SHA-256. Data files are immutable and named by
 * their hash. Readers read the highest version (or an earlier one within retention) and exactly the
 * files it lists. `_manifest.json` is a copy of the latest snapshot for tools that read one file; the
 * log is the record. Neither ever holds the access token: parameters are stored masked.
 */
import { DataError, LakeIntegrityError } from "../errors";
import { isCalendarDate } from "../table/dates";
import type { LakeAxis } from "./lake-axis";
import { isMonthKey, type MonthKey } from "./lake-months";
import type { LakeStorage } from "./lake-storage";
import { lakeStorageOf } from "./storage-of";
import { toTimeMs } from "../table/dates";

/** The copy of the latest snapshot (a leading `_` keeps Spark, Hive and Polars readers off it). */
export const MANIFEST_FILE = "_manifest.json";
/** The folder of numbered commits. */
export const LOG_DIR = "_log";

/** One month partition as synced. */
export interface LakePartition {
  /** The request parameters as sent on the wire for this month (token masked). */
  readonly query: Record<string, unknown>;
  /** ISO 8601 UTC time the month's request was sent. */
  readonly fetchedAt: string;
  /** The as-of date (YYYY-MM-DD) of the run that fetched it; the revision rule reads it. */
  readonly asOf: string;
  readonly rows: number;
  /** The partition's files, relative to the dataset folder (none for a month without rows). */
  readonly files: readonly string[];
  /** SHA-256 (hex) of the file's bytes; of nothing for a month without rows. */
  readonly sha256: string;
  readonly bytes: number;
  /** SHA-256 of the records as received (one JSON line each): equal when a re-fetch brought the same data. */
  readonly contentSha256?: string;
  /** The file's columns, in order. */
  readonly columns?: readonly string[];
}

/** The manifest of one dataset: one snapshot of its log. */
export interface LakeManifest {
  /** 2: a snapshot of the log (1: the single manifest of gasframes before the log, read as version 0). */
  readonly format: 1 | 2;
  /** The snapshot's number in the log (1, 2, ...); 0 for a format-1 manifest. */
  readonly snapshot?: number;
  /** ISO 8601 UTC time of the commit. */
  readonly committedAt?: string;
  readonly service: string;
  /** The service's API version (`v4`). */
  readonly version: string;
  /** The client method (`rigs`). */
  readonly endpoint: string;
  /** The endpoint's path (`/v4/rigs`). */
  readonly path: string;
  readonly axis: LakeAxis;
  /** The caller's parameters (the month filters excluded, token masked): a lake holds one query. */
  readonly params: Record<string, unknown>;
  /** Month partitions by `YYYY-MM`. */
  readonly partitions: Record<MonthKey, LakePartition>;
}

/** One file of a snapshot, as a reader needs it. */
export interface LakeFile {
  readonly month: MonthKey;
  /** Relative to the dataset folder, `/`-separated. */
  readonly path: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly columns?: readonly string[];
}

/** Every file of a snapshot, by month. */
export function snapshotFiles(manifest: LakeManifest): LakeFile[] {
  const out: LakeFile[] = [];
  for (const [month, p] of Object.entries(manifest.partitions).sort(([a], [b]) => (a < b ? -1 : 1))) {
    for (const path of p.files) out.push({ month, path, bytes: p.bytes, sha256: p.sha256, ...(p.columns === undefined ? {} : { columns: p.columns }) });
  }
  return out;
}

/** The commit file of `version`: 20 digits, so names sort as numbers. */
export function commitKey(version: number): string {
  return `${LOG_DIR}/${String(version).padStart(20, "0")}.json`;
}

/** The versions in the log, ascending. */
export async function logVersions(storage: LakeStorage): Promise<number[]> {
  return (await storage.list(LOG_DIR))
    .filter((n) => /^\d{20}\.json$/.test(n))
    .map((n) => Number(n.slice(0, 20)))
    .sort((a, b) => a - b);
}

/**
 * The manifest (the latest committed snapshot, or the one `choice` names) of the dataset in
 * `datasetDir`, or undefined when nothing was committed there yet.
 * @param datasetDir the dataset's folder (`<dir>/natgas/v4/rigs`, `report.datasetDir`), or its `s3://` address.
 * @param choice `{ version }` or `{ asOf }` for an earlier snapshot within retention; default the latest.
 * @example
 * const manifest = await readLakeManifest("lake/natgas/v4/rigs");
 */
export async function readLakeManifest(datasetDir: string, choice: SnapshotChoice = {}): Promise<LakeManifest | undefined> {
  return readSnapshot(await lakeStorageOf(datasetDir, { label: "readLakeManifest" }), choice);
}

/** Which snapshot to read: the latest (default), a version, or the latest committed at or before an instant. */
export interface SnapshotChoice {
  readonly version?: number;
  /** An instant (ISO 8601, or epoch ms). */
  readonly asOf?: string | number;
}

/**
 * The chosen snapshot of the dataset in `storage`, or undefined when it has none (no commit yet, or
 * none at or before `asOf`). A damaged commit is a LakeIntegrityError; a version not in the log a DataError.
 */
export async function readSnapshot(storage: LakeStorage, choice: SnapshotChoice = {}): Promise<LakeManifest | undefined> {
  const versions = await logVersions(storage);
  if (versions.length === 0) {
    const legacy = await storage.read(MANIFEST_FILE);
    if (legacy === undefined) return undefined;
    const m = parseSnapshot(legacy, storage.pathOf(MANIFEST_FILE));
    return choice.version !== undefined && choice.version !== 0 ? missingVersion(storage, choice.version, [0]) : { ...m, snapshot: 0 };
  }
  if (choice.version !== undefined) {
    if (!versions.includes(choice.version)) return missingVersion(storage, choice.version, versions);
    return readCommit(storage, choice.version);
  }
  if (choice.asOf !== undefined) {
    const limit = typeof choice.asOf === "number" ? choice.asOf : toTimeMs(choice.asOf);
    for (const v of [...versions].reverse()) {
      const m = await readCommit(storage, v);
      if (toTimeMs(m.committedAt ?? "") <= limit) return m;
    }
    return undefined;
  }
  return readCommit(storage, versions.at(-1)!);
}

function missingVersion(storage: LakeStorage, version: number, versions: readonly number[]): never {
  throw new DataError(`lake: ${storage.root} has no version ${version} (kept: ${versions.join(", ")}; earlier versions are removed after the retention period)`);
}

export async function readCommit(storage: LakeStorage, version: number): Promise<LakeManifest> {
  const key = commitKey(version);
  const bytes = await storage.read(key);
  if (bytes === undefined) throw new DataError(`lake: ${storage.pathOf(key)} was removed (retention) while it was read`);
  const m = parseSnapshot(bytes, storage.pathOf(key));
  if (m.snapshot !== version) throw new LakeIntegrityError(`lake: ${storage.pathOf(key)} says it is version ${String(m.snapshot)}`, { reason: "log", file: storage.pathOf(key) });
  return m;
}

function parseSnapshot(bytes: Buffer, path: string): LakeManifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString("utf8"));
  } catch (cause) {
    throw new LakeIntegrityError(`lake: ${path} is not JSON; delete the dataset folder to sync it again`, { reason: "log", file: path, cause });
  }
  const m = parsed as Partial<LakeManifest> | null;
  const ok = m !== null && typeof m === "object" && (m.format === 1 || m.format === 2) && typeof m.partitions === "object" && m.partitions !== null && !Array.isArray(m.partitions) && typeof m.params === "object" && m.params !== null;
  if (!ok) throw new LakeIntegrityError(`lake: ${path} is not a gasframes lake snapshot (format 1 or 2); delete the dataset folder to sync it again`, { reason: "log", file: path });
  return m as LakeManifest;
}

/**
 * What is wrong with a partition entry as recorded (a hand-edited or damaged snapshot), or undefined
 * when it is well formed. A sync fetches such a month again; a reader refuses it.
 */
export function partitionProblem(month: string, p: unknown): string | undefined {
  if (!isMonthKey(month)) return `the month ${JSON.stringify(month)} is not YYYY-MM`;
  if (p === null || typeof p !== "object") return "the entry is not an object";
  const e = p as Partial<LakePartition>;
  if (typeof e.asOf !== "string" || !isCalendarDate(e.asOf)) return `asOf ${JSON.stringify(e.asOf)} is not a day`;
  if (!Array.isArray(e.files) || e.files.some((f) => typeof f !== "string" || !isPartitionFile(month, f))) return "files is not a list of this month's Parquet files";
  if (e.files.length > 1) return "more than one file";
  if (typeof e.rows !== "number" || !Number.isInteger(e.rows) || e.rows < 0) return "rows is not a count";
  if (typeof e.bytes !== "number" || !Number.isInteger(e.bytes) || e.bytes < 0) return "bytes is not a size";
  if (typeof e.sha256 !== "string" || !/^[0-9a-f]{64}$/.test(e.sha256)) return "sha256 is not a SHA-256";
  if (e.files.length === 0 && e.rows !== 0) return "rows without a file";
  return undefined;
}

/** `month=YYYY-MM/<name>.parquet` of this month, or `year=YYYY/<name>.parquet` of its year (the year layout; `year=YYYY-YYYY/` for a span holding it), with no other folder in it. */
function isPartitionFile(month: string, path: string): boolean {
  if (path.includes("..")) return false;
  if (/^month=\d{4}-\d{2}\/[A-Za-z0-9._-]+\.parquet$/.test(path)) return path.startsWith(`month=${month}/`);
  // `year=YYYY/` or, for closed years packed together, `year=YYYY-YYYY/` spanning the month's year.
  const m = /^year=(\d{4})(?:-(\d{4}))?\/[A-Za-z0-9._-]+\.parquet$/.exec(path);
  if (m === null) return false;
  const year = month.slice(0, 4);
  return m[2] === undefined ? m[1] === year : m[1]! <= year && year <= m[2];
}

/** Whether two parameter objects are the same query (keys in any order). */
export function sameParams(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  return canonical(a) === canonical(b);
}

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    return `{${entries.sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}
