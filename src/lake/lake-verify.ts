/**
 * Checks a snapshot's files against what its commit recorded: each is a regular file (not a folder,
 * not a link), of the recorded size, with the recorded SHA-256.
 */
import { resolve } from "node:path";
import { DataError, LakeIntegrityError, type LakeIntegrityReason } from "../errors";
import { findLakeDatasets, type FoundDataset } from "./dataset-folder";
import { partitionProblem, readSnapshot, snapshotFiles, type LakeManifest, type SnapshotChoice } from "./lake-manifest";
import type { LakeStorage } from "./lake-storage";
import { isS3Url, parseS3Url, s3ConfigFromEnv } from "./s3-client";
import { findS3Datasets } from "./s3-lake-storage";
import { lakeStorageOf } from "./storage-of";

/** One file that is not what the snapshot recorded. */
export interface LakeProblem {
  /** The file, relative to the dataset folder. */
  readonly file: string;
  readonly reason: LakeIntegrityReason;
  /** In words: what was recorded and what was found. */
  readonly detail: string;
}

/** The check of one dataset's snapshot. */
export interface DatasetVerification {
  readonly dir: string;
  /** The snapshot checked. */
  readonly snapshot: number;
  readonly files: number;
  readonly bytes: number;
  readonly problems: readonly LakeProblem[];
}

/** The check of a lake: `ok` when no file of any checked snapshot has a problem. */
export interface LakeVerification {
  readonly ok: boolean;
  readonly datasets: readonly DatasetVerification[];
}

/**
 * The problems of one month's files (none when whole). `hash: false` checks kind and size only.
 * `seen`: results by file, recorded size and SHA-256, so a year file listed under twelve months is read once.
 */
export async function fileProblems(storage: LakeStorage, month: string, entry: LakeManifest["partitions"][string], hash = true, seen?: Map<string, LakeProblem[]>): Promise<LakeProblem[]> {
  const wrong = partitionProblem(month, entry);
  if (wrong !== undefined) return [{ file: `month=${month}`, reason: "log", detail: wrong }];
  const out: LakeProblem[] = [];
  for (const file of entry.files) {
    const memo = `${file}\u0000${entry.bytes}\u0000${entry.sha256}\u0000${hash}`;
    const known = seen?.get(memo);
    if (known !== undefined) {
      out.push(...known);
      continue;
    }
    const found = await oneFileProblems(storage, file, entry, hash);
    seen?.set(memo, found);
    out.push(...found);
  }
  return out;
}

async function oneFileProblems(storage: LakeStorage, file: string, entry: LakeManifest["partitions"][string], hash: boolean): Promise<LakeProblem[]> {
  // `month=YYYY-MM` or `year=YYYY`. A link is a local disk's hazard; object storage has none, and one look fewer per file.
  const folderKey = file.slice(0, file.indexOf("/"));
  const folder = storage.kind === "local" ? await storage.stat(folderKey) : undefined;
  if (folder?.kind === "link") return [{ file, reason: "symlink", detail: `${folderKey} is a symbolic link` }];
  const st = await storage.stat(file);
  if (st === undefined) return [{ file, reason: "missing", detail: "no such file" }];
  if (st.kind !== "file") return [{ file, reason: st.kind === "link" ? "symlink" : "not-a-file", detail: `a ${st.kind === "dir" ? "folder" : st.kind === "link" ? "symbolic link" : "special file"} in place of the file` }];
  if (st.size !== entry.bytes) return [{ file, reason: "size", detail: `recorded ${entry.bytes} bytes, found ${st.size}` }];
  if (hash) {
    const sha = (await storage.sha256(file)) ?? "(gone while it was read)";
    if (sha !== entry.sha256) return [{ file, reason: "checksum", detail: `recorded SHA-256 ${entry.sha256.slice(0, 12)}…, found ${sha.slice(0, 12)}…` }];
  }
  return [];
}

/** Checks every file of a dataset's snapshot. */
export async function verifySnapshot(storage: LakeStorage, manifest: LakeManifest, hash = true): Promise<DatasetVerification> {
  const problems: LakeProblem[] = [];
  const seen = new Map<string, LakeProblem[]>();
  for (const [month, entry] of Object.entries(manifest.partitions)) {
    // A year file listed under several months is reported once.
    for (const p of await fileProblems(storage, month, entry, hash, seen)) if (!problems.includes(p)) problems.push(p);
  }
  // Each distinct file once (a year file is listed under every month it holds).
  const files = [...new Map(snapshotFiles(manifest).map((f) => [f.path, f])).values()];
  return { dir: storage.root, snapshot: manifest.snapshot ?? 0, files: files.length, bytes: files.reduce((s, f) => s + f.bytes, 0), problems };
}

/** Options of {@link verifyLake}. */
export interface VerifyLakeOptions extends SnapshotChoice {
  /** `false`: check kinds and sizes only, not the SHA-256 of every byte. Default true. */
  readonly hash?: boolean;
}

/**
 * Checks every dataset of a lake folder: every file of its current snapshot (or of `{ version }` /
 * `{ asOf }`) against the size and SHA-256 its commit recorded. Resolves a report; `ok` is false when
 * any file is missing, a folder, another size or other bytes. Files the snapshot does not list are
 * not read by gasframes and are not reported. On object storage every object is downloaded to be hashed.
 * @param dir the lake folder (the `dir` of `syncDataset`, a folder or `s3://bucket/prefix`), or one dataset's.
 * @param options `hash` (default true), `version` or `asOf`.
 * @example
 * const check = await verifyLake("lake");
 * if (!check.ok) console.log(check.datasets.filter((d) => !d.ok));
 */
export async function verifyLake(dir: string, options: VerifyLakeOptions = {}): Promise<LakeVerification> {
  if (typeof dir !== "string" || dir.trim() === "") throw new DataError(`verifyLake: expected the lake's folder, got ${JSON.stringify(dir)}`);
  const datasets: DatasetVerification[] = [];
  for (const d of await findDatasets(dir, "verifyLake")) {
    const storage = await lakeStorageOf(d.dir, { label: "verifyLake" });
    const manifest = await readSnapshot(storage, options);
    if (manifest !== undefined) datasets.push(await verifySnapshot(storage, manifest, options.hash !== false));
  }
  return { ok: datasets.every((d) => d.problems.length === 0), datasets };
}

/** The datasets of a lake folder or `s3://` prefix. */
export async function findDatasets(dir: string, label: string): Promise<FoundDataset[]> {
  if (isS3Url(dir)) {
    parseS3Url(dir, label);
    return findS3Datasets(dir.trim(), s3ConfigFromEnv(label));
  }
  return findLakeDatasets(resolve(dir));
}

/** The first problem as a LakeIntegrityError. */
export function integrityError(label: string, v: DatasetVerification): LakeIntegrityError {
  const p = v.problems[0]!;
  const more = v.problems.length > 1 ? ` (and ${v.problems.length - 1} more)` : "";
  return new LakeIntegrityError(`${label}: ${v.dir}/${p.file} is not the file snapshot ${v.snapshot} recorded: ${p.detail}${more}; sync the dataset again to repair it`, { reason: p.reason, file: `${v.dir}/${p.file}` });
}
