/**
 * Crash safety on object storage (s3rver on 127.0.0.1): a child process syncing into an `s3://` lake is
 * SIGKILLed at points chosen from its progress output (never by time): random lines, the last month
 * staged (the moves into place and the commit follow), the commit (the lock not yet released). After each kill the committed
 * snapshot verifies and holds a clean sync's rows for each month it lists; the next run takes the dead
 * child's lock over (a process of this host that no longer runs) and resumes; the last run completes,
 * answers exactly as an uninterrupted sync, and leaves no lock or staged object. A lock left by a writer
 * of another host (the killed child's lock, its host rewritten) is refused until its expiry and taken
 * over after it: the test's writer is given a clock past the expiry instead of waiting 6 hours. The
 * child uses the built package (dist/, which `npm test` builds first).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budget } from "../../helpers/budget";
import { seeded } from "../../helpers/seeded";
import { runSyncChild, writeSyncChild, type ChildProgress } from "../../helpers/sync-child";
import { LakeLockedError } from "../../../src/errors";
import { openLake, readLakeManifest, syncDataset, verifyLake } from "../../../src/lake";
import { S3Client, s3ConfigFromEnv } from "../../../src/lake/s3-client";
import { NatGasClient, NATGAS_V4 } from "../../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../../src/sandbox";
import { startLocalS3, useS3Env, type LocalS3 } from "../../helpers/s3-server";

const AS_OF = "2025-06-15";
const RANGE = { from: "2024-10", to: "2025-03", asOf: AS_OF, batchSize: 50 };
const VIEW = "natgas_v4_dailyproduction";
let sandbox: SandboxHandle;
let s3: LocalS3;
let root: string;
let script: string;
let restoreEnv: () => void;
const client = () => new S3Client(s3ConfigFromEnv("test"), "lake");

beforeAll(async () => {
  sandbox = await startSandbox({ asOf: AS_OF });
  s3 = await startLocalS3(["lake"]);
  restoreEnv = useS3Env({ AWS_ACCESS_KEY_ID: s3.accessKeyId, AWS_SECRET_ACCESS_KEY: s3.secretAccessKey, AWS_REGION: "us-east-1", AWS_ENDPOINT_URL_S3: s3.endpoint });
  root = mkdtempSync(join(tmpdir(), "gasframes-s3-crash-"));
  script = writeSyncChild(root, RANGE);
}, budget(120_000));

afterAll(async () => {
  restoreEnv?.();
  await sandbox?.close();
  await s3?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Runs the child; kills it with SIGKILL on the first progress line `kill` accepts (counted from 1). */
const runChild = (dir: string, kill?: (line: number, p: ChildProgress) => boolean) => runSyncChild(script, sandbox.natgasUrl, dir, kill);

/** Every row of the lake's snapshot (exact, ordered), and its row count by month. */
async function rowsOf(dir: string, months?: readonly string[]): Promise<{ rows: unknown; byMonth: Record<string, number> }> {
  const lake = await openLake(dir, { cacheDir: join(root, "cache") });
  try {
    const where = months === undefined ? "" : `WHERE month IN (${months.map((m) => `'${m}'`).join(", ")})`;
    const all = await lake.query(`SELECT * FROM ${VIEW} ${where} ORDER BY ALL`);
    const counts = await lake.query(`SELECT month, count(*)::INT AS n FROM ${VIEW} GROUP BY month`);
    return { rows: { names: all.names, columns: all.names.map((n) => all.column(n)) }, byMonth: Object.fromEntries(counts.rows().map((r) => [String(r.month), Number(r.n)])) };
  } finally {
    lake.close();
  }
}

/** The objects under `prefix` (keys relative to it). */
async function objects(prefix: string): Promise<string[]> {
  return (await client().list(`${prefix}/`)).objects.map((o) => o.key.slice(prefix.length + 1)).sort();
}

/** What a reader sees now: the committed snapshot (if any) verifies, and each month it lists holds the clean sync's rows. */
async function checkCommitted(dir: string, clean: Awaited<ReturnType<typeof rowsOf>>, what: string): Promise<void> {
  const manifest = await readLakeManifest(`${dir}/natgas/v4/dailyproduction`);
  if (manifest === undefined) return;
  expect((await verifyLake(dir)).ok, what).toBe(true);
  const months = Object.entries(manifest.partitions).filter(([, p]) => p.rows > 0).map(([m]) => m);
  if (months.length === 0) return;
  const seen = await rowsOf(dir, months);
  expect(seen.rows, what).toEqual((await rowsOf("s3://lake/clean", months)).rows);
  for (const m of months) expect(seen.byMonth[m], `${what}, ${m}`).toBe(clean.byMonth[m]);
}

describe("syncDataset crash safety on object storage", () => {
  let clean: Awaited<ReturnType<typeof rowsOf>>;

  beforeAll(async () => {
    await syncDataset(NatGasClient.forSandbox(sandbox, { progress: false }), NATGAS_V4.dailyProduction, null, { dir: "s3://lake/clean", ...RANGE });
    clean = await rowsOf("s3://lake/clean");
    expect(Object.keys(clean.byMonth)).toHaveLength(6);
  }, budget(300_000));

  it("killed at points of its progress (random ones, the last month staged, the commit), leaves a verifiable lake each time; the next run takes the dead writer's lock over; the last equals a clean sync", { timeout: budget(600_000) }, async () => {
    const seed = Number(process.env.GASFRAMES_CRASH_SEED ?? 23);
    const random = seeded(seed);
    const dir = "s3://lake/killed";
    type Point = [string, (line: number, p: ChildProgress) => boolean];
    const at = (n: number): Point => [`line ${n}`, (line) => line === n];
    const points: Point[] = [
      at(1 + Math.floor(random() * 24)),
      at(1 + Math.floor(random() * 24)),
      // Every month staged: the moves into place and the commit follow.
      ["the last month staged", (_l, p) => p.phase === "partition" && p.partitionsDone === p.partitionsTotal],
      // Committed, the lock not yet released.
      ["the commit", (_l, p) => p.phase === "commit"],
    ];
    let kills = 0;
    for (const [name, kill] of points) {
      const run = await runChild(dir, kill);
      if (run.killed) kills += 1;
      else expect(run.code, `seed ${seed}: ${run.stderr}`).toBe(0);
      await checkCommitted(dir, clean, `seed ${seed}, after a kill at ${name}`);
    }
    expect(kills, `seed ${seed}`).toBeGreaterThanOrEqual(3);

    const last = await runChild(dir);
    expect(last.code, last.stderr).toBe(0);
    expect(await rowsOf(dir)).toEqual(clean);
    expect((await verifyLake(dir)).ok).toBe(true);
    expect((await objects("killed/_gasframes/natgas/v4/dailyproduction")).filter((k) => !k.startsWith("_log/") && k !== "_manifest.json")).toEqual([]);
    const manifest = (await readLakeManifest(`${dir}/natgas/v4/dailyproduction`))!;
    const listed = new Set(Object.values(manifest.partitions).flatMap((p) => p.files));
    // Every data object is a file of the snapshot, or of an earlier one kept for retention: none half-written, none staged.
    for (const k of await objects("killed/natgas/v4/dailyproduction")) expect(k).toMatch(/^month=\d{4}-\d{2}\/part-[0-9a-f]{20}\.parquet$/);
    expect(listed.size).toBe(6);
  });

  it("a writer of another host killed mid-sync: its lock is refused until its expiry and taken over after it, and the sync completes", { timeout: budget(600_000) }, async () => {
    const dir = "s3://lake/elsewhere";
    const lockKey = "elsewhere/_gasframes/natgas/v4/dailyproduction/_lock";
    // Killed once its first month is staged: it holds the lock then, and has staged work to resume.
    const run = await runChild(dir, (_line, p) => p.phase === "partition" && p.partitionsDone === 1);
    expect(run.killed, run.stderr).toBe(true);
    // The lock as a writer on another machine would have left it (its pid cannot be asked there).
    const left = JSON.parse((await client().get(lockKey))!.toString("utf8")) as { expiresAt: string; host: string };
    const expiresAt = Date.parse(left.expiresAt);
    expect(expiresAt).toBeGreaterThan(Date.now());
    await client().put(lockKey, Buffer.from(JSON.stringify({ ...left, host: "another-host.example" })));

    const ng = NatGasClient.forSandbox(sandbox, { progress: false });
    const refused = await syncDataset(ng, NATGAS_V4.dailyProduction, null, { dir, ...RANGE }).then(() => undefined, (e: unknown) => e);
    expect(refused).toBeInstanceOf(LakeLockedError);
    expect((refused as LakeLockedError).message).toContain(`the lock is taken over after ${left.expiresAt}`);
    // A clock just past the expiry stands for waiting it out.
    const report = await syncDataset(ng, NATGAS_V4.dailyProduction, null, { dir, ...RANGE, clock: () => expiresAt + 1_000 });
    expect(report.snapshot).toBe(1);
    expect(await rowsOf(dir)).toEqual(clean);
    expect((await verifyLake(dir)).ok).toBe(true);
    expect(await objects("elsewhere/_gasframes/natgas/v4/dailyproduction")).toEqual(["_log/00000000000000000001.json", "_manifest.json"]);
  });
});
