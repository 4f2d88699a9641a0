/**
 * How the commit protocol reaches a dataset's files: a small asynchronous interface (list, read,
 * write-if-absent, replace, delete, stat, hash, and moving a staged file in), implemented here for a
 * local disk and in `s3/s3-lake-storage.ts` for S3-compatible object storage. The local backend writes every file through the staging folder `_tmp/`, flushes it, renames or links it
 * into place and flushes the folder, and turns file-system failures into LakeIoError.
 *
 * Two roots: the month partitions (`month=…` keys) live in the dataset folder
 * `<dir>/<service>/<version>/<endpoint>`, which then holds Parquet files only (so a reader of the
 * folder, nodejs-polars included, sees nothing else); the protocol's own files (`_log/`,
 * `_manifest.json`, `_lock`, `_tmp/`) live in its metadata root `<dir>/_gasframes/<service>/<version>/<endpoint>`,
 * under the same `<dir>`, so a staged file's rename into a month folder stays on one file system.
 * Lakes written before (metadata inside the dataset folder) are read where they are; a sync moves them.
 */
import { closeSync, fsyncSync, linkSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, rmSync, writeSync } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { createHash, randomBytes } from "node:crypto";
import { basename, dirname, join, resolve } from "node:path";
import { GasframesError, LakeIntegrityError, LakeIoError } from "../errors";

/** The staging folder of a dataset: temporary files, the journal of a sync in progress. */
export const STAGING_DIR = "_tmp";

/** The folder under the lake folder that holds every dataset's protocol files (a leading `_` keeps Spark, Hive and Polars walks of `<dir>` off it). */
export const META_DIR = "_gasframes";

/** The first segments of the keys that belong to the protocol (in the metadata root), not to the data. */
export const PROTOCOL_NAMES: readonly string[] = ["_log", "_manifest.json", "_lock", "_lock.takeover", STAGING_DIR];

/** Whether `key` is one of the protocol's (metadata root), not a month partition's (dataset folder). */
export function isProtocolKey(key: string): boolean {
  return PROTOCOL_NAMES.includes(key.split("/")[0]!);
}

/** `<dir>/_gasframes/<service>/<version>/<endpoint>`: the metadata root of the dataset folder `<dir>/<service>/<version>/<endpoint>`. */
export function metadataRootOf(datasetDir: string): string {
  const endpoint = resolve(datasetDir);
  const version = dirname(endpoint);
  const service = dirname(version);
  return join(dirname(service), META_DIR, basename(service), basename(version), basename(endpoint));
}

/** Whether `dir` is a metadata root itself (`…/_gasframes/<service>/<version>/<endpoint>`), which is never a dataset. */
export function isMetadataRoot(dir: string): boolean {
  return basename(dirname(dirname(dirname(resolve(dir))))) === META_DIR;
}

/**
 * Where a dataset's protocol files are: `"split"` (the metadata root; every lake written now) or
 * `"inside"` (the dataset folder, as gasframes wrote lakes before 2026-11-28): `"inside"` only when
 * the metadata root holds no log and no manifest and the dataset folder does.
 */
export function lakeLayoutOf(datasetDir: string): "split" | "inside" {
  const meta = metadataRootOf(datasetDir);
  const has = (dir: string) => ["_log", "_manifest.json"].some((n) => statOf(join(dir, n)) !== undefined);
  if (has(meta)) return "split";
  return has(datasetDir) ? "inside" : "split";
}

/** What a stored entry is. */
export interface LakeEntry {
  readonly kind: "file" | "dir" | "link" | "other";
  readonly size: number;
  readonly mtimeMs: number;
}

/**
 * A dataset's storage; keys are `/`-separated paths relative to the dataset folder (`month=…`) or,
 * for the protocol's keys (`_log/…`, `_manifest.json`, `_lock`, `_tmp/…`), to its metadata root.
 */
export interface LakeStorage {
  /** `"local"` (a folder) or `"s3"` (object storage). */
  readonly kind: "local" | "s3";
  /** Where the dataset's data is (a folder, or an `s3://` prefix). */
  readonly root: string;
  /** Where its protocol files are (`<dir>/_gasframes/…`, or `root` for a lake of the earlier layout). */
  readonly metaRoot: string;
  /** The names directly under `key` (none when it does not exist). */
  list(key: string): Promise<string[]>;
  /** The bytes at `key`, or undefined when there is none; object storage refuses more than `maxBytes` (default 256 MiB). */
  read(key: string, maxBytes?: number): Promise<Buffer | undefined>;
  /** What is at `key` (not following a link), or undefined. */
  stat(key: string): Promise<LakeEntry | undefined>;
  /** SHA-256 (hex) of the bytes at `key`, read in pieces; undefined when there is none. */
  sha256(key: string): Promise<string | undefined>;
  /** Writes `bytes` at `key` unless something is there: true when written, false when it existed. */
  writeIfAbsent(key: string, bytes: Uint8Array): Promise<boolean>;
  /** Replaces `key` with `bytes`: the old or the new content at every moment. */
  replace(key: string, bytes: Uint8Array): Promise<void>;
  /** Moves a staged file (a key under `_tmp/`) to `key`, which it replaces. */
  moveIn(staged: string, key: string): Promise<void>;
  /** Deletes `key` (a file, or a folder with what it holds); nothing when absent. */
  delete(key: string): Promise<void>;
  /** Where `key` is, for messages (and, for the local backend, for readers such as DuckDB). */
  pathOf(key: string): string;
  /**
   * Seconds after which a lock a writer of another host left is taken over (object storage, where no
   * process can be asked whether it runs); undefined: never (the local disk).
   */
  readonly lockExpirySeconds?: number;
}

/** Runs a file-system call; an errno failure becomes a LakeIoError naming the operation and path. */
export function fsCall<T>(what: string, path: string, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    throw asLakeError(error, what, path);
  }
}

/** `error` as a gasframes error: errno failures become LakeIoError; gasframes errors pass through. */
export function asLakeError(error: unknown, what: string, path: string): unknown {
  if (error instanceof GasframesError) return error;
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (typeof code === "string" && /^E[A-Z]+$/.test(code)) {
    const where = (error as NodeJS.ErrnoException).path ?? path;
    return new LakeIoError(`lake: cannot ${what} ${where}: ${code} (${HINT[code] ?? "a file-system error"})`, { errno: code, path: where, cause: error });
  }
  return error;
}

const HINT: Readonly<Record<string, string>> = {
  EACCES: "no permission",
  EPERM: "operation not permitted",
  ENOTDIR: "a file stands where a folder is expected",
  EISDIR: "a folder stands where a file is expected",
  ENOSPC: "the disk is full",
  EROFS: "the file system is read-only",
  ENOENT: "no such file or folder",
  EEXIST: "already exists",
  ELOOP: "too many symbolic links",
};

/**
 * The local-disk backend of the dataset folder `root` (created, with its metadata root and staging
 * folder, when `create`). `layout`: where the protocol files are; default as found (lakeLayoutOf).
 */
export function localLakeStorage(root: string, options: { create?: boolean; layout?: "split" | "inside" } = {}): LakeStorage {
  const metaRoot = (options.layout ?? lakeLayoutOf(root)) === "inside" ? root : metadataRootOf(root);
  const pathOf = (key: string): string => join(isProtocolKey(key) ? metaRoot : root, ...key.split("/"));
  if (options.create === true) {
    fsCall("create the folder", root, () => mkdirSync(root, { recursive: true }));
    if (metaRoot !== root) {
      // `<dir>/_gasframes/<service>/<version>/<endpoint>`, none of them a link (it could point outside the lake).
      let at = dirname(dirname(dirname(resolve(root))));
      for (const part of [META_DIR, ...metaRoot.split(/[\\/]/).slice(-3)]) {
        at = join(at, part);
        folderAt(at);
      }
    }
    fsCall("create the folder", pathOf(STAGING_DIR), () => mkdirSync(pathOf(STAGING_DIR), { recursive: true }));
  }
  /** Creates the folders between the dataset folder (or metadata root) and `key`, refusing any that is a link. */
  const ensureParent = (key: string): void => {
    const parts = key.split("/").slice(0, -1);
    for (let i = 1; i <= parts.length; i++) {
      const sub = parts.slice(0, i).join("/");
      folderAt(pathOf(sub));
    }
  };
  const stageSync = (bytes: Uint8Array): string => {
    const name = `${STAGING_DIR}/${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    ensureParent(name);
    const p = pathOf(name);
    fsCall("write", p, () => {
      const fd = openSync(p, "wx");
      try {
        let at = 0;
        while (at < bytes.byteLength) at += writeSync(fd, bytes, at, bytes.byteLength - at);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    });
    return name;
  };
  // For `replace`: written and flushed through the thread pool (a month file's flush held this thread
  // for about 8 ms while the next month's bytes waited to be parsed). `writeIfAbsent` stages on this
  // thread: the lock and the log are created in the order their writers asked, within a process too.
  const stage = async (bytes: Uint8Array): Promise<string> => {
    const name = `${STAGING_DIR}/${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
    ensureParent(name);
    const p = pathOf(name);
    try {
      const handle = await open(p, "wx");
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
    } catch (error) {
      throw asLakeError(error, "write", p);
    }
    return name;
  };
  const storage: LakeStorage = {
    kind: "local",
    root,
    metaRoot,
    pathOf,
    async list(key) {
      const p = pathOf(key);
      try {
        return readdirSync(p).sort();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw asLakeError(error, "list", p);
      }
    },
    async read(key) {
      const p = pathOf(key);
      try {
        return readFileSync(p);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw asLakeError(error, "read", p);
      }
    },
    async stat(key) {
      return statOf(pathOf(key));
    },
    async sha256(key) {
      const p = pathOf(key);
      const hash = createHash("sha256");
      let fd: number;
      try {
        fd = openSync(p, "r");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw asLakeError(error, "read", p);
      }
      try {
        const buffer = Buffer.allocUnsafe(1 << 20);
        for (let n = readSync(fd, buffer, 0, buffer.length, null); n > 0; n = readSync(fd, buffer, 0, buffer.length, null)) hash.update(buffer.subarray(0, n));
      } catch (error) {
        throw asLakeError(error, "read", p);
      } finally {
        closeSync(fd);
      }
      return hash.digest("hex");
    },
    async writeIfAbsent(key, bytes) {
      ensureParent(key);
      const staged = stageSync(bytes);
      try {
        // A hard link fails when the name exists: create-exclusive, and the content is whole before the name appears.
        linkSync(pathOf(staged), pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
        throw asLakeError(error, "write", pathOf(key));
      } finally {
        rmSync(pathOf(staged), { force: true });
      }
      syncFolder(dirname(pathOf(key)));
      return true;
    },
    async replace(key, bytes) {
      ensureParent(key);
      const staged = await stage(bytes);
      await storage.moveIn(staged, key);
    },
    async moveIn(staged, key) {
      ensureParent(key);
      const target = pathOf(key);
      const entry = statOf(target);
      if (entry !== undefined && entry.kind === "dir") fsCall("remove the folder", target, () => rmSync(target, { recursive: true, force: true }));
      fsCall("move a file into", target, () => renameSync(pathOf(staged), target));
      await syncFolderAsync(dirname(target));
    },
    async delete(key) {
      const p = pathOf(key);
      fsCall("delete", p, () => rmSync(p, { force: true, recursive: statOf(p)?.kind === "dir" }));
    },
  };
  return storage;
}

function refusedLink(p: string): LakeIntegrityError {
  return new LakeIntegrityError(`lake: ${p} is a symbolic link; a sync never writes through one (it could point outside the lake). Remove it and sync again`, { reason: "symlink", file: p });
}

/** Renames the file or folder `from` to `to` (absent), flushing the parent: the whole of it appears at once. */
export function renameInto(from: string, to: string): void {
  fsCall("move a folder into", to, () => renameSync(from, to));
  syncFolder(dirname(to));
}

/**
 * Makes the folder `p` unless it is there; a link there is refused (it could point outside the lake).
 * Another writer may make it between the look and the making (two syncs started together on one
 * folder): a folder that appeared meanwhile is as good as one made here.
 */
function folderAt(p: string): void {
  const entry = statOf(p);
  if (entry?.kind === "link") throw refusedLink(p);
  if (entry !== undefined) return;
  try {
    mkdirSync(p);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw asLakeError(error, "create the folder", p);
    const now = statOf(p);
    if (now?.kind === "link") throw refusedLink(p);
    if (now?.kind !== "dir") throw asLakeError(error, "create the folder", p);
  }
}

function statOf(p: string): LakeEntry | undefined {
  try {
    const s = lstatSync(p);
    const kind = s.isSymbolicLink() ? "link" : s.isFile() ? "file" : s.isDirectory() ? "dir" : "other";
    return { kind, size: s.size, mtimeMs: s.mtimeMs };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return undefined;
    throw asLakeError(error, "look at", p);
  }
}

/** {@link syncFolder} through the thread pool. */
async function syncFolderAsync(p: string): Promise<void> {
  let handle: FileHandle | undefined;
  try {
    handle = await open(p, "r");
    await handle.sync();
  } catch {
    // Windows cannot open a folder; its renames are durable on return.
  } finally {
    await handle?.close();
  }
}

/** Flushes a folder's entries (the rename or link just made) to disk; a no-op where folders cannot be opened. */
function syncFolder(p: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(p, "r");
    fsyncSync(fd);
  } catch {
    // Windows cannot open a folder; its renames are durable on return.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
