/**
 * Moving a lake of the earlier layout (protocol files inside the dataset folder: `_log/`,
 * `_manifest.json`, `_lock`, `_tmp/`) to the metadata root, done by the next sync, under the
 * dataset's lock: after it the dataset folder holds month partitions only.
 */
import { randomBytes } from "node:crypto";
import { acquireLakeLock } from "./lake-lock";
import { commitKey, LOG_DIR, logVersions, MANIFEST_FILE } from "./lake-manifest";
import { localLakeStorage, renameInto, PROTOCOL_NAMES, STAGING_DIR, type LakeStorage } from "./lake-storage";

/**
 * Moves the protocol files left in `storage.root` (the dataset folder) to `storage.metaRoot`. The
 * caller holds the lock in the metadata root; this also takes the lock inside the dataset folder, the
 * one a writer of the earlier layout takes. The log is copied into a staging folder and renamed into
 * place in one step (readers switch layouts when `_log/` appears there), the manifest follows, the
 * staged months of a killed run move with their journal (it resumes), then the old files go. Idempotent:
 * a run killed part-way is finished by the next.
 */
export function adoptEarlierLayout(storage: LakeStorage, label: string, now: () => number): void {
  if (storage.metaRoot === storage.root) return;
  const inside = localLakeStorage(storage.root, { layout: "inside" });
  if (!PROTOCOL_NAMES.some((n) => inside.stat(n) !== undefined)) return;
  const lock = acquireLakeLock(inside, label, now);
  try {
    if (storage.stat(LOG_DIR) === undefined) {
      const versions = logVersions(inside);
      if (versions.length > 0) {
        const folder = `${STAGING_DIR}/log-${process.pid}.${randomBytes(6).toString("hex")}`;
        for (const v of versions) {
          const bytes = inside.read(commitKey(v));
          if (bytes !== undefined) storage.writeIfAbsent(`${folder}/${commitKey(v).slice(LOG_DIR.length + 1)}`, bytes);
        }
        renameInto(storage.pathOf(folder), storage.pathOf(LOG_DIR));
      }
    }
    if (storage.stat(MANIFEST_FILE) === undefined) {
      const latest = logVersions(storage).at(-1);
      const bytes = latest === undefined ? inside.read(MANIFEST_FILE) : storage.read(commitKey(latest));
      if (bytes !== undefined) storage.replace(MANIFEST_FILE, bytes);
    }
    // A killed run's staged months and journal, so the next run resumes them. A `.tmp` is a lock file another writer is staging:
    // not moved (that writer finds the lock held and backs off; its staging may fail as `_tmp/` goes, which it reports).
    for (const name of inside.list(STAGING_DIR)) {
      const key = `${STAGING_DIR}/${name}`;
      if (!name.endsWith(".tmp") && inside.stat(key)?.kind === "file" && storage.stat(key) === undefined) renameInto(inside.pathOf(key), storage.pathOf(key));
    }
    // A takeover guard left by a writer killed mid-takeover: while this run holds `_lock`, any other taker backs off anyway.
    for (const name of [LOG_DIR, MANIFEST_FILE, STAGING_DIR, "_lock.takeover"]) inside.delete(name);
  } finally {
    lock.release();
  }
}

/**
 * The key of a month's file in its dataset folder: `month=YYYY-MM/part-<first 20 hex of its SHA-256>.parquet`.
 * Content-addressed, so a revised month is a new file and the old one stays for earlier snapshots.
 */
export function monthFileKey(month: string, sha256: string): string {
  return `month=${month}/part-${sha256.slice(0, 20)}.parquet`;
}
