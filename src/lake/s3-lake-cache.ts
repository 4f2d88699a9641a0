/**
 * How `openLake` reads a lake on object storage: DuckDB here cannot load `httpfs`, so the snapshot's
 * files are downloaded into a local cache folder, checked against the size and SHA-256 the commit
 * recorded, and read there. Files are named by their hash, so a cached file is reused by every later
 * snapshot that lists it; one that no longer matches is downloaded again.
 */
import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LakeIntegrityError } from "../errors";
import { fsCall, type LakeStorage } from "./lake-storage";
import type { LakeFile } from "./lake-manifest";
import { s3DatasetPrefixes } from "./s3-lake-storage";

/** The default cache folder of downloaded lake files: `<os tmp>/gasframes-lake-cache`. */
export function defaultLakeCacheDir(): string {
  return join(tmpdir(), "gasframes-lake-cache");
}

/**
 * The local folder holding `files` of the dataset in `storage` (object storage), downloading what is
 * missing or differs. `hash`: a cached file is hashed before it is reused (a download always is).
 * @throws LakeIntegrityError when a downloaded object is not the file the snapshot recorded.
 */
export async function cacheSnapshotFiles(storage: LakeStorage, files: readonly LakeFile[], cacheDir: string, hash: boolean, label = "openLake"): Promise<string> {
  const { bucket, data } = s3DatasetPrefixes(storage.root);
  const local = join(cacheDir, bucket, ...data.split("/"));
  for (const f of files) {
    const path = join(local, ...f.path.split("/"));
    if (cachedMatches(path, f, hash)) continue;
    const bytes = await storage.read(f.path, f.bytes);
    const where = storage.pathOf(f.path);
    if (bytes === undefined) throw new LakeIntegrityError(`${label}: ${where} is not the file its snapshot recorded: no such object; sync the dataset again to repair it`, { reason: "missing", file: where });
    if (bytes.length !== f.bytes) throw new LakeIntegrityError(`${label}: ${where} is not the file its snapshot recorded: recorded ${f.bytes} bytes, found ${bytes.length}; sync the dataset again to repair it`, { reason: "size", file: where });
    const sha = createHash("sha256").update(bytes).digest("hex");
    if (sha !== f.sha256) throw new LakeIntegrityError(`${label}: ${where} is not the file its snapshot recorded: recorded SHA-256 ${f.sha256.slice(0, 12)}…, found ${sha.slice(0, 12)}…; sync the dataset again to repair it`, { reason: "checksum", file: where });
    const folder = join(path, "..");
    fsCall("create the folder", folder, () => mkdirSync(folder, { recursive: true }));
    // Written beside and renamed, so a reader of the cache never sees half a file.
    const temporary = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
    fsCall("write", temporary, () => writeFileSync(temporary, bytes));
    try {
      fsCall("move a file into", path, () => renameSync(temporary, path));
    } finally {
      rmSync(temporary, { force: true });
    }
  }
  return local;
}

function cachedMatches(path: string, f: LakeFile, hash: boolean): boolean {
  let size: number;
  try {
    const st = statSync(path);
    if (!st.isFile()) return false;
    size = st.size;
  } catch {
    return false;
  }
  if (size !== f.bytes) return false;
  if (!hash) return true;
  return fsCall("read", path, () => createHash("sha256").update(readFileSync(path)).digest("hex")) === f.sha256;
}
