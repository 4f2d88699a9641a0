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
