/**
 * Removes a test's scratch folder in a detached Node process that outlives the test's own. A folder of
 * an npm install (hundreds of megabytes, tens of thousands of files) takes 20 s to remove on a busy disk
 * mounted with `discard`, nearly all of it waiting on the disk: the worker goes on to its next file
 * meanwhile instead of waiting in afterAll.
 */
import { spawn } from "node:child_process";
import { tmpdir } from "node:os";
import { relative, resolve, sep } from "node:path";

const REMOVE = "require('node:fs').rmSync(process.argv[1], { recursive: true, force: true })";

/** Removes `dir`, a folder made under the system's temporary folder (anything else is refused), after this process has gone on. */
export function removeLater(dir: string): void {
  const inside = relative(resolve(tmpdir()), resolve(dir));
  if (inside === "" || inside.startsWith("..") || inside.split(sep).includes("..")) throw new Error(`removeLater: ${dir} is not inside ${tmpdir()}`);
  spawn(process.execPath, ["-e", REMOVE, resolve(dir)], { detached: true, stdio: "ignore" }).unref();
}
