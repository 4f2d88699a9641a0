/**
 * A file that appears whole or not at all: the bytes go to a temporary name beside it, are flushed to
 * disk, and are renamed over the target (a rename within a folder is atomic). A reader, or a process
 * killed mid-write, sees the old file or the new one, never half of one.
 */
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from "node:fs";

/**
 * Writes `bytes` to `path` atomically. The temporary file is `<path>.<pid>.<time>.tmp`; it is removed if
 * the write fails, and left behind only if the process dies (callers sweep `*.tmp` on their next run).
 * @param path the file to write (its folder must exist).
 * @param bytes the content.
 */
export function writeFileAtomic(path: string, bytes: Uint8Array): void {
  const temporary = `${path}.${process.pid}.${Date.now().toString(36)}.tmp`;
  const fd = openSync(temporary, "w");
  try {
    let at = 0;
    while (at < bytes.byteLength) at += writeSync(fd, bytes, at, bytes.byteLength - at);
    fsyncSync(fd);
  } catch (error) {
    closeSync(fd);
    rmSync(temporary, { force: true });
    throw error;
  }
  closeSync(fd);
  renameSync(temporary, path);
}
