/**
 * compactLake's crash safety: a child process compacting a lake of month files (built package, dist/)
 * is SIGKILLed at random steps of its progress output (never after a time): after a file is staged,
 * after the commit. After each kill the committed snapshot verifies and reads the same rows as before,
 * and no file outside `_` folders is half written or stray; the next run takes over the dead writer's
 * lock, sweeps what the killed run left in the staging folder (its staged files, its DuckDB spill
 * folder), and completes. Also: `onProgress` reports each file and the commit, and is checked before
 * any work.
 */
import { spawn } from "node:child_process";
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { budget } from "../helpers/budget";
import { duckDbScratch } from "../helpers/duckdb-scratch";
import { seeded } from "../helpers/seeded";
import { InvalidParamsError } from "../../src/errors";
import { compactLake, readLakeManifest, verifyLake } from "../../src/lake";
import type { CompactProgress } from "../../src/lake/compact-lake";
import { datasetFolder } from "../../src/lake/dataset-folder";
import { allFiles } from "./read-lake";
import { monthRigsLake, RIGS, rigsAnswer as answer } from "./rigs-lake";

const AS_OF = "2025-06-15";
const MONTHS: Record<string, number> = { "2019-01": 30, "2019-02": 31, "2020-01": 32, "2020-06": 33, "2021-05": 34, "2022-07": 35, "2025-03": 36, "2025-04": 37 };
const scratch = duckDbScratch("gasframes-compact-crash-");
const dist = join(__dirname, "..", "..", "dist");

function monthLake(name: string): string {
  return monthRigsLake(join(scratch.root(), name), MONTHS);
}

/**
 * The child: one compactLake of LAKE_DIR (one file per closed year: six files, then the commit). At each
 * progress step it prints the step as a JSON line and waits for a line on stdin before going on, so the
 * parent kills it exactly there.
 */
function writeCompactChild(folder: string): string {
  const script = join(folder, "compact-child.cjs");
  writeFileSync(
    script,
    `
const { compactLake } = require(${JSON.stringify(join(dist, "lake", "index.js"))});
const { NATGAS_V4 } = require(${JSON.stringify(join(dist, "natgas", "index.js"))});
compactLake(process.env.LAKE_DIR, NATGAS_V4.rigs, { asOf: ${JSON.stringify(AS_OF)}, retainDays: 0, targetFileBytes: 1,
  onProgress: (p) => { require("node:fs").writeSync(1, JSON.stringify(p) + "\\n"); require("node:fs").readSync(0, Buffer.alloc(1)); } })
  .then(() => process.stdout.write("done\\n"), (e) => { console.error(e.name + ": " + e.message); process.exit(1); });
`,
  );
  return script;
}

/** Runs the child on `dir`; SIGKILLs it at its `killAt`-th progress step (counted from 1), else lets each step go on. */
function runCompactChild(script: string, dir: string, killAt?: number): Promise<{ killed: boolean; code: number | null; steps: number; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script], { env: { ...process.env, LAKE_DIR: dir }, stdio: ["pipe", "pipe", "pipe"] });
    let steps = 0;
    let killed = false;
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    // A child killed while the parent writes its next go-ahead: the pipe's error is that, not a failure.
    child.stdin.on("error", () => undefined);
    createInterface({ input: child.stdout }).on("line", (line) => {
      if (line === "done" || killed) return;
      steps += 1;
      if (steps === killAt) killed = child.kill("SIGKILL");
      else child.stdin.write("\n");
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ killed, code, steps, stderr }));
  });
}

describe("compactLake crash safety", () => {
  it("killed at random steps, the committed snapshot verifies and reads the same rows; the next run sweeps what was left and completes", { timeout: budget(300_000) }, async () => {
    const dir = monthLake("killed");
    const datasetDir = datasetFolder(dir, RIGS);
    const metaRoot = join("_gasframes", "natgas", "v4", "rigs");
    const before = await answer(dir);
    const script = writeCompactChild(scratch.root());
    const seed = Number(process.env.GASFRAMES_CRASH_SEED ?? 30);
    const random = seeded(seed);
    let staged = 0;
    // Steps 1-6: a file staged (1-4 the closed years, 5-6 the months of 2025); 7: the commit. Three kills
    // before the commit, at random steps, then one just after it (before the vacuum and the lock's release).
    const killSteps = [1 + Math.floor(random() * 6), 1 + Math.floor(random() * 6), 1 + Math.floor(random() * 6), 7];
    for (const [i, killAt] of killSteps.entries()) {
      const run = await runCompactChild(script, dir, killAt);
      expect(run.killed, `seed ${seed}, run ${i + 1}: ${run.stderr}`).toBe(true);
      const files = allFiles(dir);
      staged += files.filter((f) => f.startsWith(`${metaRoot}/_tmp/compact-`)).length;
      // Outside `_` folders: only whole files, each in a month or year partition.
      for (const f of files.filter((f) => !f.split("/").some((s) => s.startsWith("_")))) expect(f, `seed ${seed}`).toMatch(/^natgas\/v4\/rigs\/(month=\d{4}-\d{2}|year=\d{4})\/part-(\d{4}-\d{2}-)?[0-9a-f]{20}\.parquet$/);
      expect((await verifyLake(dir)).ok, `seed ${seed}, after kill ${i + 1} at step ${killAt}`).toBe(true);
      expect(await answer(dir), `seed ${seed}, after kill ${i + 1} at step ${killAt}`).toEqual(before);
    }
    // The kills left staged files and spill folders behind (else the sweep below is untested).
    expect(staged, `seed ${seed}`).toBeGreaterThan(0);
    // After the kill at the commit, the snapshot is the compacted one.
    expect(Object.values((await readLakeManifest(datasetDir))!.partitions).every((p) => p.files.every((f) => f.startsWith("year=")))).toBe(true);

    const last = await runCompactChild(script, dir);
    expect(last.code, last.stderr).toBe(0);
    expect((await verifyLake(dir)).ok).toBe(true);
    expect(await answer(dir)).toEqual(before);
    const manifest = (await readLakeManifest(datasetDir))!;
    expect([...new Set(Object.values(manifest.partitions).flatMap((p) => p.files))].every((f) => f.startsWith("year="))).toBe(true);
    // Nothing of the killed runs is left: no staged file, no spill folder, no lock.
    expect(allFiles(dir).filter((f) => f.startsWith(`${metaRoot}/_tmp/`) || f.endsWith("_lock") || f.endsWith(".tmp"))).toEqual([]);
    const staging = join(dir, metaRoot, "_tmp");
    expect(existsSync(staging) ? readdirSync(staging) : []).toEqual([]);
  });

  it("reports each file staged and then the commit, in order", { timeout: budget(120_000) }, async () => {
    const dir = monthLake("progress");
    const steps: CompactProgress[] = [];
    const report = await compactLake(dir, RIGS, { asOf: AS_OF, retainDays: 0, targetFileBytes: 1, onProgress: (p) => steps.push(p) });
    const rows = Object.values(MONTHS).reduce((s, n) => s + n, 0);
    expect(steps.map((p) => [p.phase, p.year, p.filesDone, p.filesTotal])).toEqual([
      ["file", "2019", 1, 6],
      ["file", "2020", 2, 6],
      ["file", "2021", 3, 6],
      ["file", "2022", 4, 6],
      ["file", "2025", 5, 6],
      ["file", "2025", 6, 6],
      ["commit", "2025", 6, 6],
    ]);
    expect(steps.at(-1)!.rows).toBe(rows);
    expect(steps.map((p) => p.rows)).toEqual([61, 126, 160, 195, 231, 268, 268]);
    expect(report.written).toHaveLength(6);
  });

  it("refuses an onProgress that is not a function before reading anything", async () => {
    await expect(compactLake(join(scratch.root(), "none"), RIGS, { onProgress: "yes" as never })).rejects.toBeInstanceOf(InvalidParamsError);
  });
});
