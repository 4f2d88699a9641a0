/**
 * One writer per dataset: `_lock` in the dataset's metadata root (`<dir>/_gasframes/<service>/<version>/<endpoint>/_lock`), created exclusively, holding the writer's pid, host and
 * start time. A second writer gets a LakeLockedError naming the holder. A lock whose holder is a dead
 * process on this host is stale and is taken over; the takeover itself is guarded by a second
 * exclusive file (`_lock.takeover`), so two writers finding one stale lock cannot both win.
 */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import { LakeLockedError, type LakeLockHolder } from "../errors";
import type { LakeStorage } from "./lake-storage";

export const LOCK_FILE = "_lock";
const TAKEOVER_FILE = "_lock.takeover";

interface LockContent extends LakeLockHolder {
  readonly id: string;
  /** On object storage: when the lock counts as left by a dead writer (ISO 8601). */
  readonly expiresAt?: string;
}

/** A held lock; `release()` removes it when it is still ours. */
export interface LakeLock {
  readonly holder: LakeLockHolder;
  /**
   * On object storage, moves the lock's expiry to a full period from now (a long sync calls it after
   * each month, so it is not taken over while it runs); a no-op on a local disk.
   * @throws LakeLockedError when the lock is no longer this writer's (it expired and was taken over).
   */
  refresh(): Promise<void>;
  release(): Promise<void>;
}

/**
 * Takes the dataset's write lock.
 * @throws LakeLockedError naming the holder when a live process (or one on another host) holds it.
 */
export async function acquireLakeLock(storage: LakeStorage, label: string, now: () => number = Date.now): Promise<LakeLock> {
  const expiry = storage.lockExpirySeconds === undefined ? {} : { expiresAt: new Date(now() + storage.lockExpirySeconds * 1000).toISOString() };
  const mine: LockContent = { pid: process.pid, host: hostname(), since: new Date(now()).toISOString(), id: randomBytes(8).toString("hex"), ...expiry };
  const isAlive = (holder: LockContent) => holderRuns(holder, now());
  const bytes = Buffer.from(`${JSON.stringify(mine)}\n`, "utf8");
  for (let attempt = 0; attempt < 5; attempt++) {
    if (await storage.writeIfAbsent(LOCK_FILE, bytes)) return heldLock(storage, mine, label, now);
    const held = await readLock(storage, LOCK_FILE);
    if (held === undefined) continue; // released between our two steps
    if (isAlive(held)) throw lockedError(storage, label, held);
    // Stale: take it over under the takeover guard.
    const guard: LockContent = { ...mine, id: `${mine.id}-takeover` };
    if (!(await storage.writeIfAbsent(TAKEOVER_FILE, Buffer.from(JSON.stringify(guard), "utf8")))) {
      const other = await readLock(storage, TAKEOVER_FILE);
      if (other !== undefined && isAlive(other)) throw lockedError(storage, label, other);
      await storage.delete(TAKEOVER_FILE); // left by a writer killed mid-takeover
      continue;
    }
    try {
      const again = await readLock(storage, LOCK_FILE);
      if (again !== undefined && again.id !== held.id) {
        if (isAlive(again)) throw lockedError(storage, label, again);
        continue;
      }
      await storage.delete(LOCK_FILE);
      if (await storage.writeIfAbsent(LOCK_FILE, bytes)) return heldLock(storage, mine, label, now);
    } finally {
      await storage.delete(TAKEOVER_FILE);
    }
  }
  const last = await readLock(storage, LOCK_FILE);
  throw lockedError(storage, label, last);
}

function heldLock(storage: LakeStorage, mine: LockContent, label: string, now: () => number): LakeLock {
  return {
    holder: { pid: mine.pid, host: mine.host, since: mine.since },
    async refresh(): Promise<void> {
      if (storage.lockExpirySeconds === undefined) return;
      const current = await readLock(storage, LOCK_FILE);
      if (current?.id !== mine.id) throw lockedError(storage, label, current);
      const renewed: LockContent = { ...mine, expiresAt: new Date(now() + storage.lockExpirySeconds * 1000).toISOString() };
      await storage.replace(LOCK_FILE, Buffer.from(`${JSON.stringify(renewed)}\n`, "utf8"));
    },
    async release(): Promise<void> {
      if ((await readLock(storage, LOCK_FILE))?.id === mine.id) await storage.delete(LOCK_FILE);
    },
  };
}

async function readLock(storage: LakeStorage, key: string): Promise<LockContent | undefined> {
  const bytes = await storage.read(key);
  if (bytes === undefined) return undefined;
  try {
    const v = JSON.parse(bytes.toString("utf8")) as Partial<LockContent>;
    if (typeof v.pid === "number" && typeof v.host === "string" && typeof v.id === "string") return { pid: v.pid, host: v.host, since: String(v.since), id: v.id, ...(typeof v.expiresAt === "string" ? { expiresAt: v.expiresAt } : {}) };
  } catch {
    // A lock file that is not ours to read: treated as a dead writer's (written whole by a link, it cannot be half).
  }
  return { pid: -1, host: hostname(), since: "unknown", id: "unreadable" };
}

/**
 * Whether the holder may still run: a pid on this host answers signal 0; another host's is assumed
 * alive until the lock's expiry (object storage), or for ever (a local disk).
 */
function holderRuns(holder: LockContent, nowMs: number): boolean {
  if (holder.expiresAt !== undefined && Date.parse(holder.expiresAt) <= nowMs) return false;
  if (holder.host !== hostname()) return true;
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return false;
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function lockedError(storage: LakeStorage, label: string, holder: LockContent | undefined): LakeLockedError {
  const who = holder === undefined ? "another writer" : `process ${holder.pid} on ${holder.host} (since ${holder.since})`;
  const expires = holder?.expiresAt === undefined ? "" : ` (the lock is taken over after ${holder.expiresAt})`;
  const hint = holder !== undefined && holder.host !== hostname() ? `; if that process is gone, delete ${storage.pathOf(LOCK_FILE)}${expires}` : "; wait for it to finish";
  return new LakeLockedError(`${label}: ${storage.root} is being written by ${who}: one sync per dataset at a time${hint}`, {
    dir: storage.root,
    ...(holder === undefined ? {} : { holder: { pid: holder.pid, host: holder.host, since: holder.since } }),
  });
}
