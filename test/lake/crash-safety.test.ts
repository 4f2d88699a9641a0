/**
 * Crash safety: a child process syncing from the sandbox is SIGKILLed at several random moments,
 * chosen by its progress output (never by time). After each kill, the lake verifies (every file of
 * its committed snapshot has the recorded size and SHA-256), a reader globbing `**\/*.parquet` outside
 * `_` folders (as Spark and Polars do) reads every file whole, and the snapshot holds the clean
 * sync's rows for each month it lists; then a last run completes, and the lake holds exactly what a
 * clean sync holds, with no temporary file left. Two children started together on one folder: one
 * writes, the other gets a LakeLockedError, and the lake verifies. The child uses the built package
 * (dist/, which `npm test` builds first).
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budget } from "../helpers/budget";
import { seeded } from "../helpers/seeded";
import { runSyncChild, writeSyncChild } from "../helpers/sync-child";
import { readLakeManifest, syncDataset, verifyLake } from "../../src/lake";
import { NatGasClient, NATGAS_V4 } from "../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { allFiles, monthTotals, readLake, readSnapshotLake } from "./read-lake";

const AS_OF = "2025-06-15";
const RANGE = { from: "2024-10", to: "2025-03", asOf: AS_OF, batchSize: 50 };
let sandbox: SandboxHandle;
let root: string;
let script: string;
/** Each month's totals after a clean sync of RANGE (one, for both tests). */
let expected: ReturnType<typeof monthTotals>;

beforeAll(async () => {
  sandbox = await startSandbox({ asOf: AS_OF });
  root = mkdtempSync(join(tmpdir(), "gasframes-lake-crash-"));
  script = writeSyncChild(root, RANGE);
  const clean = await syncDataset(NatGasClient.forSandbox(sandbox, { progress: false }), NATGAS_V4.dailyProduction, null, { dir: join(root, "clean"), ...RANGE });
  expected = monthTotals(await readLake(clean.datasetDir), "prod_dry_gas_bcf_day");
}, budget(300_000));
afterAll(async () => {
  await sandbox.close();
  rmSync(root, { recursive: true, force: true });
});

/** Runs the child; kills it with SIGKILL on its `killAt`-th progress line. Resolves how it ended. */
const runChild = (dir: string, killAt?: number) => runSyncChild(script, sandbox.natgasUrl, dir, killAt === undefined ? undefined : (line) => line === killAt);

describe("syncDataset crash safety", () => {
  it("loses nothing and shows no half partition when killed at random points, and the next run completes it", { timeout: budget(300_000) }, async () => {
    expect(Object.keys(expected)).toHaveLength(6);

    const seed = Number(process.env.GASFRAMES_CRASH_SEED ?? 19);
    const random = seeded(seed);
    const dir = join(root, "killed");
    const datasetDir = join(dir, "natgas", "v4", "dailyproduction");
    let kills = 0;
    for (let i = 0; i < 4; i++) {
      const killAt = 1 + Math.floor(random() * 20);
      const run = await runChild(dir, killAt);
      if (run.killed) kills += 1;
      else expect(run.code, `seed ${seed}: ${run.stderr}`).toBe(0);

      // What a reader sees now: every Parquet file outside `_` folders whole and in a month partition;
      // the committed snapshot verifies and holds the clean sync's rows for each month it lists.
      const visible = allFiles(dir).filter((f) => f.endsWith(".parquet") && !f.split("/").some((s) => s.startsWith("_")));
      for (const f of visible) expect(f, `seed ${seed}`).toMatch(/^natgas\/v4\/dailyproduction\/month=\d{4}-\d{2}\/part-[0-9a-f]{20}\.parquet$/);
      if (existsSync(datasetDir)) await readLake(datasetDir);
      const manifest = existsSync(datasetDir) ? (await readLakeManifest(datasetDir)) : undefined;
      if (manifest !== undefined) {
        expect((await verifyLake(dir)).ok, `seed ${seed}, after kill ${i + 1}`).toBe(true);
        const seen = monthTotals(await readSnapshotLake(datasetDir), "prod_dry_gas_bcf_day");
        for (const [month, totals] of Object.entries(seen)) expect(totals, `seed ${seed}, ${month} after kill ${i + 1}`).toEqual(expected[month]);
        for (const [month, part] of Object.entries(manifest.partitions)) expect(seen[month]?.rows ?? 0, `seed ${seed}, ${month}`).toBe(part.rows);
      }
    }
    expect(kills, `seed ${seed}`).toBeGreaterThanOrEqual(3);

    const last = await runChild(dir);
    expect(last.code, last.stderr).toBe(0);
    expect(monthTotals(await readSnapshotLake(datasetDir), "prod_dry_gas_bcf_day")).toEqual(expected);
    expect((await verifyLake(dir)).ok).toBe(true);
    expect(allFiles(dir).filter((f) => f.endsWith(".tmp") || f.startsWith("_gasframes/natgas/v4/dailyproduction/_tmp/") || f.startsWith("natgas/v4/dailyproduction/_") || f.endsWith("_lock"))).toEqual([]);
    const manifest = (await readLakeManifest(datasetDir))!;
    expect(Object.fromEntries(Object.entries(manifest.partitions).map(([m, p]) => [m, p.rows]))).toEqual(Object.fromEntries(Object.entries(expected).map(([m, t]) => [m, t.rows])));
  });

  it("two writers started together on one folder: one commits, the other is refused with LakeLockedError, the lake verifies", { timeout: budget(300_000) }, async () => {
    const dir = join(root, "two");
    const runs = await Promise.all([runChild(dir), runChild(dir)]);
    for (const run of runs) if (run.code !== 0) expect(run.stderr).toMatch(/LakeLockedError: .*being written by process \d+/);
    expect(runs.some((r) => r.code === 0)).toBe(true);
    const datasetDir = join(dir, "natgas", "v4", "dailyproduction");
    expect((await verifyLake(dir)).ok).toBe(true);
    expect(monthTotals(await readSnapshotLake(datasetDir), "prod_dry_gas_bcf_day")).toEqual(expected);
  });
});
