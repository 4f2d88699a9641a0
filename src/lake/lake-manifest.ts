/**
 * The manifest of one dataset in a lake (`<dataset>/_manifest.json`): what was asked, and per month
 * partition the query sent, when, how many rows and the file's SHA-256. Written atomically (temporary
 * name, fsync, rename), after the partition it describes, so it never names a file that is not whole.
 * It holds the request parameters as sent, never the access token (the token travels in a header).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DataError } from "../errors";
import { writeFileAtomic } from "../util/write-file-atomic";
import type { LakeAxis } from "./lake-axis";
import type { MonthKey } from "./lake-months";

/** The manifest's file name inside a dataset's folder (a leading `_` keeps Spark and Hive readers off it). */
export const MANIFEST_FILE = "_manifest.json";

/** One month partition as synced. */
export interface LakePartition {
  /** The request parameters as sent on the wire for this month (no token). */
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
}

/** The manifest of one dataset. */
export interface LakeManifest {
  readonly format: 1;
  readonly service: string;
  readonly version: string;
  /** The client method (`rigs`). */
  readonly endpoint: string;
  /** The endpoint's path (`/v4/rigs`). */
  readonly path: string;
  readonly axis: LakeAxis;
  /** The caller's parameters (the month filters excluded), canonical JSON: a lake holds one query. */
  readonly params: Record<string, unknown>;
  /** Month partitions by `YYYY-MM`. */
  readonly partitions: Record<MonthKey, LakePartition>;
}

/**
 * The manifest in `datasetDir`, or undefined when there is none yet. A damaged one is a DataError.
 * @example
 * const manifest = readLakeManifest("lake/natgas.v4.rigs");
 */
export function readLakeManifest(datasetDir: string): LakeManifest | undefined {
  const path = join(datasetDir, MANIFEST_FILE);
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (cause) {
    throw new DataError(`syncDataset: the manifest ${path} is not JSON; delete the dataset folder to sync it again`, { cause });
  }
  const m = parsed as Partial<LakeManifest> | null;
  if (m === null || typeof m !== "object" || m.format !== 1 || typeof m.partitions !== "object" || m.partitions === null || typeof m.params !== "object") {
    throw new DataError(`syncDataset: the manifest ${path} is not a gasframes lake manifest (format 1); delete the dataset folder to sync it again`);
  }
  return m as LakeManifest;
}

/** Writes the manifest: the old one or the new one is on disk at every moment, never half of one. */
export function writeLakeManifest(datasetDir: string, manifest: LakeManifest): void {
  writeFileAtomic(join(datasetDir, MANIFEST_FILE), Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, "utf8"));
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
