/**
 * Checks a snapshot's files against what its commit recorded: each is a regular file (not a folder,
 * not a link), of the recorded size, with the recorded SHA-256.
 */
import { createHash } from "node:crypto";
import { closeSync, openSync, readSync } from "node:fs";
import { resolve } from "node:path";
import { DataError, LakeIntegrityError, type LakeIntegrityReason } from "../errors";
import { findLakeDatasets } from "./dataset-folder";
import { partitionProblem, readSnapshot, snapshotFiles, type LakeManifest, type SnapshotChoice } from "./lake-manifest";
import { asLakeError, localLakeStorage, type LakeStorage } from "./lake-storage";

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

/** SHA-256 (hex) of a file, read in 1 MiB pieces. */
export function sha256OfFile(path: string): string {
  const hash = createHash("sha256");
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.allocUnsafe(1 << 20);
    for (let n = readSync(fd, buffer, 0, buffer.length, null); n > 0; n = readSync(fd, buffer, 0, buffer.length, null)) hash.update(buffer.subarray(0, n));
  } finally {
    closeSync(fd);
  }
  return hash.digest("hex");
}

/**
 * The problems of one month's files (none when whole). `hash: false` checks kind and size only.
 */
export function fileProblems(storage: LakeStorage, month: string, entry: LakeManifest["partitions"][string], hash = true): LakeProblem[] {
  const wrong = partitionProblem(month, entry);
  if (wrong !== undefined) return [{ file: `month=${month}`, reason: "log", detail: wrong }];
  const out: LakeProblem[] = [];
  for (const file of entry.files) {
    const folder = storage.stat(`month=${month}`);
    if (folder?.kind === "link") {
      out.push({ file, reason: "symlink", detail: `month=${month} is a symbolic link` });
      continue;
    }
    const st = storage.stat(file);
    if (st === undefined) out.push({ file, reason: "missing", detail: "no such file" });
    else if (st.kind !== "file") out.push({ file, reason: st.kind === "link" ? "symlink" : "not-a-file", detail: `a ${st.kind === "dir" ? "folder" : st.kind === "link" ? "symbolic link" : "special file"} in place of the file` });
    else if (st.size !== entry.bytes) out.push({ file, reason: "size", detail: `recorded ${entry.bytes} bytes, found ${st.size}` });
    else if (hash) {
      let sha: string;
      try {
        sha = sha256OfFile(storage.pathOf(file));
      } catch (error) {
        throw asLakeError(error, "read", storage.pathOf(file));
      }
      if (sha !== entry.sha256) out.push({ file, reason: "checksum", detail: `recorded SHA-256 ${entry.sha256.slice(0, 12)}…, found ${sha.slice(0, 12)}…` });
    }
  }
  return out;
}

/** Checks every file of a dataset's snapshot. */
export function verifySnapshot(storage: LakeStorage, manifest: LakeManifest, hash = true): DatasetVerification {
  const problems: LakeProblem[] = [];
  for (const [month, entry] of Object.entries(manifest.partitions)) problems.push(...fileProblems(storage, month, entry, hash));
  const files = snapshotFiles(manifest);
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
 * not read by gasframes and are not reported.
 * @param dir the lake folder (the `dir` of `syncDataset`), or one dataset's folder.
 * @param options `hash` (default true), `version` or `asOf`.
 * @example
 * const check = await verifyLake("lake");
 * if (!check.ok) console.log(check.datasets.filter((d) => !d.ok));
 */
export function verifyLake(dir: string, options: VerifyLakeOptions = {}): LakeVerification {
  if (typeof dir !== "string" || dir.trim() === "") throw new DataError(`verifyLake: expected the lake's folder, got ${JSON.stringify(dir)}`);
  const datasets: DatasetVerification[] = [];
  for (const d of findLakeDatasets(resolve(dir))) {
    const storage = localLakeStorage(d.dir);
    const manifest = readSnapshot(storage, options);
    if (manifest !== undefined) datasets.push(verifySnapshot(storage, manifest, options.hash !== false));
  }
  return { ok: datasets.every((d) => d.problems.length === 0), datasets };
}

/** The first problem as a LakeIntegrityError. */
export function integrityError(label: string, v: DatasetVerification): LakeIntegrityError {
  const p = v.problems[0]!;
  const more = v.problems.length > 1 ? ` (and ${v.problems.length - 1} more)` : "";
  return new LakeIntegrityError(`${label}: ${v.dir}/${p.file} is not the file snapshot ${v.snapshot} recorded: ${p.detail}${more}; sync the dataset again to repair it`, { reason: p.reason, file: `${v.dir}/${p.file}` });
}
