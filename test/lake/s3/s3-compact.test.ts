/**
 * compactLake on a lake in object storage (s3rver on 127.0.0.1, behind a small gating proxy of this
 * test): the compacted lake verifies and answers exactly as before; a reader opening while the
 * compaction is under way (its first new file held at the proxy) reads the snapshot before it, and a
 * second writer is refused; the earlier snapshot stays readable for retention; a compaction whose lock
 * was taken over meanwhile, or that finds a damaged source object, commits nothing and leaves nothing
 * staged; a later sync keeps the year layout.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budget } from "../../helpers/budget";
import { SMALL_RIGS } from "../small-rigs";
import { LakeIntegrityError, LakeLockedError } from "../../../src/errors";
import { compactLake, openLake, syncDataset, verifyLake } from "../../../src/lake";
import { S3Client, s3ConfigFromEnv } from "../../../src/lake/s3-client";
import { NatGasClient, NATGAS_V4 } from "../../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../../src/sandbox";
import { startS3Proxy, type S3Proxy } from "../../helpers/s3-proxy";
import { startLocalS3, useS3Env, type LocalS3 } from "../../helpers/s3-server";

const AS_OF = "2025-06-15";
const DAY = 86_400_000;
const QUERIES = [
  "SELECT * FROM natgas_v4_rigs ORDER BY ALL",
  "SELECT month, count(*) AS n, sum(count) AS s FROM natgas_v4_rigs GROUP BY month ORDER BY month",
  "SELECT * FROM natgas_v4_rigs WHERE date_observed BETWEEN '2024-05-01' AND '2024-08-31' ORDER BY ALL",
];

let sandbox: SandboxHandle;
let ng: NatGasClient;
let s3: LocalS3;
let proxy: S3Proxy;
let cacheRoot: string;
let restoreEnv: () => void;
/** The proxy holds the first PUT of a staged compaction file while `hold` is set, and reports it. */
let hold: { reached: () => void; release: Promise<void> } | undefined;
let t = Date.parse("2025-06-15T12:00:00Z");
const clock = () => t;
const client = () => new S3Client(s3ConfigFromEnv("test"), "lake");
const attempt = async (fn: () => Promise<unknown>): Promise<unknown> => fn().then(() => undefined, (e: unknown) => e);
/**
 * 15 months, 2024-01 to 2025-03: a closed year (2024, one file after compaction) and 2025's three
 * months still revised (a file each). It was 27 months from 2023-01, a second closed year that showed
 * nothing more here (test/lake/compact-lake.test.ts compacts those 27 months on a local folder), while
 * every sync, read and verification of this test goes through s3rver object by object.
 */
const sync = (dir: string, extra: Record<string, unknown> = {}) => syncDataset(ng, NATGAS_V4.rigs, SMALL_RIGS, { dir, from: "2024-01", to: "2025-03", asOf: AS_OF, clock, ...extra });

async function answers(dir: string, options: Parameters<typeof openLake>[1] = {}): Promise<{ snapshot: number; answers: unknown[] }> {
  const lake = await openLake(dir, { cacheDir: cacheRoot, ...options });
  try {
    const out: unknown[] = [];
    for (const sql of QUERIES) {
      const r = await lake.query(sql);
      out.push({ names: r.names, schema: r.schema, columns: r.names.map((n) => r.column(n)) });
    }
    return { snapshot: lake.datasets[0]!.snapshot, answers: out };
  } finally {
    lake.close();
  }
}

beforeAll(async () => {
  sandbox = await startSandbox({ asOf: AS_OF, pageSize: 5000 });
  ng = NatGasClient.forSandbox(sandbox, { progress: false });
  s3 = await startLocalS3(["lake"]);
  proxy = await startS3Proxy(s3.endpoint, (req, res, forward) => {
    const h = hold;
    if (h !== undefined && req.method === "PUT" && /\/_tmp\/compact-[^/]+\.parquet$/.test((req.url ?? "").split("?")[0]!)) {
      hold = undefined;
      req.pause();
      h.reached();
      void h.release.then(() => forward(req, res));
      return;
    }
    forward(req, res);
  });
  restoreEnv = useS3Env({ AWS_ACCESS_KEY_ID: s3.accessKeyId, AWS_SECRET_ACCESS_KEY: s3.secretAccessKey, AWS_REGION: "us-east-1", AWS_ENDPOINT_URL_S3: proxy.endpoint });
  cacheRoot = mkdtempSync(join(tmpdir(), "gasframes-s3compact-"));
}, budget(120_000));

afterAll(async () => {
  restoreEnv?.();
  await proxy?.close();
  await sandbox?.close();
  await s3?.close();
  if (cacheRoot) rmSync(cacheRoot, { recursive: true, force: true });
});

describe("compactLake on object storage", () => {
  it("commits the year layout as one new snapshot under the lock: same answers, verified; a reader meanwhile reads the snapshot before; a later sync keeps the layout", { timeout: budget(300_000) }, async () => {
    const dir = "s3://lake/team";
    const first = await sync(dir);
    const before = await answers(dir);
    expect(before.snapshot).toBe(first.snapshot);
    t += DAY;

    let reached!: () => void;
    const atHold = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    hold = { reached, release: new Promise<void>((resolve) => (release = resolve)) };
    const compaction = compactLake(dir, NATGAS_V4.rigs, { asOf: AS_OF, clock, cacheDir: join(cacheRoot, "compact") });
    compaction.catch(() => undefined);
    await atHold;
    // Under way (its first merged file on its way up): readers see the snapshot before, whole; a second writer is refused.
    try {
      expect(await answers(dir, { cacheDir: join(cacheRoot, "during") })).toEqual(before);
      expect((await verifyLake(dir)).ok).toBe(true);
      expect(await attempt(() => sync(dir))).toBeInstanceOf(LakeLockedError);
    } finally {
      release();
    }
    const report = await compaction;
    expect(report.snapshot).toBe(first.snapshot + 1);
    expect([report.filesBefore, report.filesAfter]).toEqual([15, 4]);
    expect(report.written.map((k) => k.replace(/[0-9a-f]{20}\.parquet$/, "*"))).toEqual(["year=2024/part-*", "year=2025/part-2025-01-*", "year=2025/part-2025-02-*", "year=2025/part-2025-03-*"]);
    expect(report.datasetDir).toBe("s3://lake/team/natgas/v4/rigs");
    expect((await verifyLake(dir)).ok).toBe(true);
    expect(await answers(dir)).toEqual({ ...before, snapshot: report.snapshot });
    // The snapshot before still reads its month objects, kept for retention.
    expect(await answers(dir, { version: first.snapshot })).toEqual(before);
    expect((await verifyLake(dir, { version: first.snapshot })).ok).toBe(true);
    const keys = (await client().list("team/")).objects.map((o) => o.key);
    for (const k of report.written) expect(keys).toContain(`team/natgas/v4/rigs/${k}`);
    expect(keys.filter((k) => k.includes("/month=")).length).toBe(15);
    // No lock, staged file or probe left.
    expect(keys.filter((k) => k.startsWith("team/_gasframes/")).map((k) => k.split("/").slice(5).join("/")).sort()).toEqual(["_log/00000000000000000001.json", "_log/00000000000000000002.json", "_manifest.json"]);

    // A later sync writes its new months into year=2025; retention 0 drops the month objects.
    t += DAY;
    const resync = await sync(dir, { to: "2025-05", retainDays: 0 });
    expect(resync.fetched).toEqual(["2025-04", "2025-05"]);
    expect(resync.manifest.partitions["2025-04"]!.files[0]).toMatch(/^year=2025\/part-2025-04-[0-9a-f]{20}\.parquet$/);
    expect(resync.manifest.partitions["2024-07"]!.files).toEqual([report.written[0]]);
    expect((await client().list("team/natgas/v4/rigs/")).objects.filter((o) => o.key.includes("/month="))).toEqual([]);
    expect((await verifyLake(dir)).ok).toBe(true);
  });

  it("stops without committing, and leaves no staged object, when its lock was taken over meanwhile", { timeout: budget(300_000) }, async () => {
    const dir = "s3://lake/taken";
    await sync(dir, { from: "2024-01", to: "2024-03" });
    t += DAY;
    let reached!: () => void;
    const atHold = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    hold = { reached, release: new Promise<void>((resolve) => (release = resolve)) };
    const compaction = compactLake(dir, NATGAS_V4.rigs, { asOf: AS_OF, clock, cacheDir: join(cacheRoot, "taken") });
    compaction.catch(() => undefined);
    await atHold;
    // Another writer takes the lock over (as after an expiry) while the first merged file is on its way up.
    const lockKey = "taken/_gasframes/natgas/v4/rigs/_lock";
    await client().put(lockKey, Buffer.from(JSON.stringify({ pid: 4242, host: "another-host.example", since: "2025-06-16T01:00:00.000Z", id: "fedcba9876543210", expiresAt: "2999-01-01T00:00:00.000Z" })));
    release();
    expect(await attempt(() => compaction)).toBeInstanceOf(LakeLockedError);
    expect((await client().list("taken/_gasframes/natgas/v4/rigs/")).objects.map((o) => o.key.split("/").slice(5).join("/")).sort()).toEqual(["_lock", "_log/00000000000000000001.json", "_manifest.json"]);
    expect((await client().get(lockKey))!.toString("utf8")).toContain("fedcba9876543210");
    expect((await client().list("taken/natgas/v4/rigs/")).objects.filter((o) => o.key.includes("/year="))).toEqual([]);
  });

  it("refuses a source object that is not the file its snapshot recorded, committing nothing", { timeout: budget(300_000) }, async () => {
    const dir = "s3://lake/damaged";
    const run = await sync(dir, { from: "2024-01", to: "2024-03" });
    const key = `damaged/natgas/v4/rigs/${run.manifest.partitions["2024-02"]!.files[0]!}`;
    const bytes = (await client().get(key))!;
    bytes[Math.floor(bytes.length / 2)] ^= 0x01;
    await client().put(key, bytes);
    t += DAY;
    const refused = await attempt(() => compactLake(dir, NATGAS_V4.rigs, { asOf: AS_OF, clock, cacheDir: join(cacheRoot, "damaged") }));
    expect(refused).toBeInstanceOf(LakeIntegrityError);
    expect((refused as LakeIntegrityError).reason).toBe("checksum");
    expect((refused as Error).message).toMatch(/^compactLake natgas v4 rigs: s3:\/\/lake\/damaged\/natgas\/v4\/rigs\/month=2024-02\//);
    expect((await client().list("damaged/_gasframes/natgas/v4/rigs/")).objects.map((o) => o.key.split("/").slice(5).join("/")).sort()).toEqual(["_log/00000000000000000001.json", "_manifest.json"]);
  });
});
