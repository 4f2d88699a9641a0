/**
 * A child process that runs one `syncDataset` with the built package (dist/, which `npm test` builds
 * first) and prints each progress event as a JSON line, then `done`; the crash-safety tests kill it
 * with SIGKILL at a line of that output (never after a time).
 */
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";

const dist = join(__dirname, "..", "..", "dist");

/** One progress event of the child, as printed. */
export interface ChildProgress {
  readonly phase: string;
  readonly month?: string;
  readonly partitionsDone: number;
  readonly partitionsTotal: number;
}

/** How a child run ended: killed or its exit code, the progress lines it printed, its stderr, the months it staged. */
export interface ChildRun {
  readonly killed: boolean;
  readonly code: number | null;
  readonly lines: number;
  readonly stderr: string;
  readonly partitions: string[];
}

/**
 * Writes the child's script into `folder` (`child.cjs`): a sync of natgas v4 dailyProduction (no
 * params) from `baseUrl` into `dir` (both given at each run) with `options` (from, to, asOf, batchSize...).
 * @returns the script's path, for {@link runSyncChild}.
 */
export function writeSyncChild(folder: string, options: Record<string, unknown>): string {
  const script = join(folder, "child.cjs");
  writeFileSync(
    script,
    `
const { syncDataset } = require(${JSON.stringify(join(dist, "lake", "index.js"))});
const { NatGasClient, NATGAS_V4 } = require(${JSON.stringify(join(dist, "natgas", "index.js"))});
const ng = new NatGasClient({ baseUrl: process.env.LAKE_URL, token: "crash-test-token", progress: false, maxRetries: 0 });
syncDataset(ng, NATGAS_V4.dailyProduction, null, { dir: process.env.LAKE_DIR, ...${JSON.stringify(options)},
  onProgress: (p) => process.stdout.write(JSON.stringify(p) + "\\n") })
  .then(() => process.stdout.write("done\\n"), (e) => { console.error(e.name + ": " + e.message); process.exit(1); });
`,
  );
  return script;
}

/**
 * Runs the child script against `url` into `dir`; kills it with SIGKILL on the first progress line
 * `kill` accepts (lines counted from 1). Resolves how it ended.
 */
export function runSyncChild(script: string, url: string, dir: string, kill?: (line: number, p: ChildProgress) => boolean): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { env: { ...process.env, LAKE_URL: url, LAKE_DIR: dir }, stdio: ["ignore", "pipe", "pipe"] });
    let lines = 0;
    let killed = false;
    let stderr = "";
    const partitions: string[] = [];
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line === "done" || killed) return;
      lines += 1;
      const p = JSON.parse(line) as ChildProgress;
      if (p.phase === "partition" && p.month !== undefined) partitions.push(p.month);
      if (kill?.(lines, p)) killed = child.kill("SIGKILL");
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ killed, code, lines, stderr, partitions }));
  });
}
