/**
 * The lake's commit protocol against the sandbox over HTTP (and a small proxy on 127.0.0.1 that bends
 * the month filter): one writer, one commit per sync, readers of exactly a committed snapshot, earlier
 * snapshots within retention, files verified against their SHA-256, glob characters in folder names,
 * the token kept out of params, file-system faults as typed errors, rows outside the month refused.
 */
import { spawn } from "node:child_process";
import { appendFileSync, renameSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync, copyFileSync, existsSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import { hostname, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LakeIntegrityError, LakeIoError, LakeLockedError, RowOutsideMonthError } from "../../src/errors";
import { openLake, readLakeManifest, syncDataset, verifyLake } from "../../src/lake";
import { NatGasClient, NATGAS_V4 } from "../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { listenLocal } from "../helpers/listen-local";
import { allFiles, monthTotals, readSnapshotLake } from "./read-lake";

const AS_OF = "2025-06-15";
const TOKEN = "lake-integrity-Secret-4b1d7e";
let sandbox: SandboxHandle;
let ng: NatGasClient;
let root: string;

beforeAll(async () => {
  sandbox = await startSandbox({ asOf: AS_OF, pageSize: 5000 });
  ng = new NatGasClient({ baseUrl: sandbox.natgasUrl, token: TOKEN, progress: false });
  root = mkdtempSync(join(tmpdir(), "gasframes-lake-integrity-"));
});
afterAll(async () => {
  await sandbox.close();
  rmSync(root, { recursive: true, force: true });
});

const attempt = (f: () => Promise<unknown>) => f().then(() => undefined, (e: unknown) => e);
const dp = (dir: string, extra: object = {}) => ({ dir, from: "2025-01", to: "2025-03", asOf: AS_OF, ...extra });
const dpDir = (dir: string) => join(dir, "natgas", "v4", "dailyproduction");
/** The dataset's metadata root: its log, manifest, lock and staging folder. */
const dpMeta = (dir: string) => join(dir, "_gasframes", "natgas", "v4", "dailyproduction");
const rowsOf = async (lakeDir: string, view = "natgas_v4_dailyproduction", options = {}) => {
  const lake = await openLake(lakeDir, options);
  try {
    return Object.fromEntries((await lake.query(`SELECT month, count(*) AS n FROM ${view} GROUP BY month ORDER BY month`)).rows().map((r) => [r.month, r.n]));
  } finally {
    lake.close();
  }
};

describe("one writer", () => {
  it("refuses a second concurrent sync with a LakeLockedError naming the holder, and the lake holds one query", async () => {
    const dir = join(root, "two-writers");
    const [a, b] = await Promise.allSettled([
      syncDataset(ng, NATGAS_V4.dailyProduction, { region_natgas: ["west"] }, dp(dir)),
      syncDataset(ng, NATGAS_V4.dailyProduction, { region_natgas: ["gulf"] }, dp(dir)),
    ]);
    expect(a.status).toBe("fulfilled");
    expect(b.status).toBe("rejected");
    const error = (b as PromiseRejectedResult).reason as LakeLockedError;
    expect(error).toBeInstanceOf(LakeLockedError);
    expect(error.holder).toMatchObject({ pid: process.pid, host: hostname() });
    expect(error.message).toMatch(new RegExp(`process ${process.pid}`));
    expect((await readLakeManifest(dpDir(dir)))!.params).toEqual({ region_natgas: ["west"] });
    expect((await verifyLake(dir)).ok).toBe(true);
    expect(existsSync(join(dpMeta(dir), "_lock"))).toBe(false);
  });

  it("takes over a stale lock left by a dead process on this host, and refuses one held on another host", async () => {
    const dir = join(root, "stale");
    const dead = await new Promise<number>((resolve, reject) => {
      const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
      child.on("error", reject);
      child.on("exit", () => resolve(child.pid!));
    });
    mkdirSync(dpMeta(dir), { recursive: true });
    writeFileSync(join(dpMeta(dir), "_lock"), JSON.stringify({ pid: dead, host: hostname(), since: "2025-01-01T00:00:00.000Z", id: "dead" }));
    const run = await syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(dir, { to: "2025-01" }));
    expect(run.snapshot).toBe(1);
    expect(existsSync(join(dpMeta(dir), "_lock"))).toBe(false);

    writeFileSync(join(dpMeta(dir), "_lock"), JSON.stringify({ pid: 1, host: "elsewhere.example", since: "2025-01-01T00:00:00.000Z", id: "remote" }));
    const refused = await attempt(() => syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(dir, { to: "2025-01" })));
    expect(refused).toBeInstanceOf(LakeLockedError);
    expect((refused as LakeLockedError).holder).toMatchObject({ pid: 1, host: "elsewhere.example" });
    expect((refused as Error).message).toMatch(/delete .*stale\/_gasframes\/natgas\/v4\/dailyproduction\/_lock$/);
  });
});

describe("snapshots", () => {
  it("a reader opened before or during a sync reads one committed snapshot; earlier ones stay readable by version and asOf", async () => {
    const dir = join(root, "snapshots");
    let t = Date.parse("2025-06-15T12:00:00Z");
    const clock = () => t;
    const first = await syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(dir, { to: "2025-02", clock }));
    expect(first.snapshot).toBe(1);
    const before = await rowsOf(dir);
    expect(Object.keys(before)).toEqual(["2025-01", "2025-02"]);

    const early = await openLake(dir);
    const during: Record<string, unknown>[] = [];
    const folderFiles: string[][] = [];
    t += 3_600_000;
    const second = await syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(dir, { to: "2025-04", clock, onProgress: async (p: { phase: string }) => {
      if (p.phase !== "partition") return;
      folderFiles.push(allFiles(dpDir(dir)).filter((f) => f.startsWith("month=")));
    } }));
    expect(second.snapshot).toBe(2);
    // While the sync ran, the month folders held only the first snapshot's files (staging is in _tmp/).
    const firstFiles = Object.values(first.manifest.partitions).flatMap((p) => p.files).sort();
    for (const files of folderFiles) expect(files).toEqual(firstFiles);
    during.push(await rowsOf(dir, undefined, { version: 1 }));
    expect(during[0]).toEqual(before);

    // The lake opened before the sync still reads snapshot 1; a new one reads snapshot 2.
    const old = (await early.query("SELECT month, count(*) AS n FROM natgas_v4_dailyproduction GROUP BY month ORDER BY month")).rows();
    early.close();
    expect(Object.fromEntries(old.map((r) => [r.month, r.n]))).toEqual(before);
    expect(Object.keys(await rowsOf(dir))).toEqual(["2025-01", "2025-02", "2025-03", "2025-04"]);
    expect(await rowsOf(dir, undefined, { asOf: "2025-06-15T12:30:00Z" })).toEqual(before);
    await expect(openLake(dir, { version: 9 })).rejects.toThrow(/no version 9/);
  });

  it("keeps a revised month's earlier file for earlier snapshots, detects revisions by content, and drops them after retention", async () => {
    const dir = join(root, "revised");
    let t = Date.parse("2025-06-15T12:00:00Z");
    const clock = () => t;
    const partial = await startSandbox({ asOf: "2025-06-10" });
    try {
      const early = new NatGasClient({ baseUrl: partial.natgasUrl, token: TOKEN, progress: false });
      const one = await syncDataset(early, NATGAS_V4.dailyProduction, null, { dir, from: "2025-06", to: "2025-06", asOf: AS_OF, clock });
      t += 1000;
      const same = await syncDataset(early, NATGAS_V4.dailyProduction, null, { dir, from: "2025-06", to: "2025-06", asOf: AS_OF, clock });
      // The same records again: the file is kept (its bytes would differ only in the fetch time).
      expect(same.manifest.partitions["2025-06"]!.files).toEqual(one.manifest.partitions["2025-06"]!.files);
      t += 1000;
      const revised = await syncDataset(ng, NATGAS_V4.dailyProduction, null, { dir, from: "2025-06", to: "2025-06", asOf: AS_OF, clock });
      expect(revised.manifest.partitions["2025-06"]!.files).not.toEqual(one.manifest.partitions["2025-06"]!.files);
      const v1 = await rowsOf(dir, undefined, { version: 1 });
      const v3 = await rowsOf(dir);
      expect(v3["2025-06"]).toBeGreaterThan(v1["2025-06"] as number);
      expect(existsSync(join(dpDir(dir), one.manifest.partitions["2025-06"]!.files[0]!))).toBe(true);

      // Eight days on, with the default seven-day retention: snapshots 1 and 2 and the old file are gone.
      t += 8 * 86_400_000;
      await syncDataset(ng, NATGAS_V4.dailyProduction, null, { dir, from: "2025-06", to: "2025-06", asOf: AS_OF, clock });
      expect(existsSync(join(dpDir(dir), one.manifest.partitions["2025-06"]!.files[0]!))).toBe(false);
      await expect(openLake(dir, { version: 1 })).rejects.toThrow(/no version 1/);
      expect(await rowsOf(dir, undefined, { version: 3 })).toEqual(v3);
    } finally {
      await partial.close();
    }
  });
});

describe("a lake written before the log", () => {
  it("reads a format-1 _manifest.json as snapshot 0, and its first sync commits snapshot 1 keeping the settled months", async () => {
    const dir = join(root, "legacy");
    const run = await syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(dir, { to: "2025-02", asOf: "2025-08-01" }));
    // Rewritten as gasframes wrote lakes before the log: part-00000.parquet and a format-1 manifest, no _log.
    const partitions: Record<string, unknown> = {};
    for (const [month, p] of Object.entries(run.manifest.partitions)) {
      const legacy = `month=${month}/part-00000.parquet`;
      renameSync(join(run.datasetDir, p.files[0]!), join(run.datasetDir, legacy));
      const { contentSha256: _c, columns: _k, ...rest } = p;
      partitions[month] = { ...rest, files: [legacy] };
    }
    // ... inside the dataset folder, where gasframes kept its files then.
    rmSync(join(dir, "_gasframes"), { recursive: true });
    const { snapshot: _s, committedAt: _t, ...head } = run.manifest;
    writeFileSync(join(run.datasetDir, "_manifest.json"), JSON.stringify({ ...head, format: 1, partitions }));
    const before = await rowsOf(dir);
    expect((await readLakeManifest(run.datasetDir))!.snapshot).toBe(0);
    expect((await verifyLake(dir)).datasets.map((d) => d.snapshot)).toEqual([0]);

    const next = await syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(dir, { to: "2025-03", asOf: "2025-08-01" }));
    expect(next.fetched).toEqual(["2025-03"]);
    expect(next.snapshot).toBe(1);
    expect(next.manifest.partitions["2025-01"]!.files).toEqual(["month=2025-01/part-00000.parquet"]);
    expect((await verifyLake(dir)).ok).toBe(true);
    const after = await rowsOf(dir);
    expect({ "2025-01": after["2025-01"], "2025-02": after["2025-02"] }).toEqual(before);
    // The sync moved the protocol's files out: the dataset folder holds Parquet files only.
    expect(allFiles(run.datasetDir).every((f) => /^month=\d{4}-\d{2}\/part-[0-9a-f]+\.parquet$/.test(f))).toBe(true);
    expect(allFiles(dpMeta(dir))).toEqual(["_log/00000000000000000001.json", "_manifest.json"]);
  });

  it("reads a lake with its log inside the dataset folder, and its next sync moves the log, manifest and a killed run's journal out", async () => {
    const dir = join(root, "inside");
    const first = await syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(dir, { to: "2025-01", asOf: "2025-08-01" }));
    await syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(dir, { to: "2025-02", asOf: "2025-08-01" }));
    // As this branch wrote lakes before the metadata root: `_log/`, `_manifest.json`, `_tmp/` (a killed run's journal) and a dead writer's `_lock` inside.
    for (const name of ["_log", "_manifest.json"]) renameSync(join(dpMeta(dir), name), join(first.datasetDir, name));
    mkdirSync(join(first.datasetDir, "_tmp"));
    writeFileSync(join(first.datasetDir, "_tmp", "journal.json"), "{}");
    writeFileSync(join(first.datasetDir, "_lock"), JSON.stringify({ pid: 2 ** 22 + 7, host: hostname(), since: "2025-01-01T00:00:00.000Z", id: "dead" }));
    rmSync(join(dir, "_gasframes"), { recursive: true });
    const before = await rowsOf(dir);
    expect((await readLakeManifest(first.datasetDir))!.snapshot).toBe(2);
    expect((await readLakeManifest(first.datasetDir, { version: 1 }))!.snapshot).toBe(1);
    expect((await verifyLake(dir)).ok).toBe(true);

    const next = await syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(dir, { to: "2025-03", asOf: "2025-08-01" }));
    expect(next.snapshot).toBe(3);
    expect(next.fetched).toEqual(["2025-03"]);
    expect(allFiles(first.datasetDir).every((f) => /^month=\d{4}-\d{2}\/part-[0-9a-f]{20}\.parquet$/.test(f))).toBe(true);
    expect(allFiles(dpMeta(dir))).toEqual([1, 2, 3].map((v) => `_log/${String(v).padStart(20, "0")}.json`).concat("_manifest.json"));
    expect((await readLakeManifest(first.datasetDir, { version: 1 }))!.snapshot).toBe(1);
    const after = await rowsOf(dir);
    expect({ "2025-01": after["2025-01"], "2025-02": after["2025-02"] }).toEqual(before);
    expect((await verifyLake(dir)).ok).toBe(true);
  });

  it("finishes a move killed after the log was renamed into the metadata root", async () => {
    const dir = join(root, "half-moved");
    const first = await syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(dir, { to: "2025-01", asOf: "2025-08-01" }));
    // Killed between the rename of `_log/` and the rest: the old files still inside, no manifest in the metadata root yet.
    mkdirSync(join(first.datasetDir, "_log"));
    copyFileSync(join(dpMeta(dir), "_log", `${"1".padStart(20, "0")}.json`), join(first.datasetDir, "_log", `${"1".padStart(20, "0")}.json`));
    renameSync(join(dpMeta(dir), "_manifest.json"), join(first.datasetDir, "_manifest.json"));
    writeFileSync(join(first.datasetDir, "_lock.takeover"), "{}");
    expect((await readLakeManifest(first.datasetDir))!.snapshot).toBe(1);
    const next = await syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(dir, { to: "2025-02", asOf: "2025-08-01" }));
    expect(next.snapshot).toBe(2);
    expect(allFiles(first.datasetDir).every((f) => f.startsWith("month="))).toBe(true);
    expect(JSON.parse(readFileSync(join(dpMeta(dir), "_manifest.json"), "utf8")).snapshot).toBe(2);
    expect((await verifyLake(dir)).ok).toBe(true);
  });

  it("never takes the metadata folder for a dataset", async () => {
    const dir = join(root, "meta-not-dataset");
    await syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(dir, { to: "2025-01" }));
    const { findLakeDatasets } = await import("../../src/lake/dataset-folder");
    expect(findLakeDatasets(dir).map((d) => d.view)).toEqual(["natgas_v4_dailyproduction"]);
    expect(findLakeDatasets(join(dir, "_gasframes"))).toEqual([]);
    expect(findLakeDatasets(dpMeta(dir))).toEqual([]);
    expect(findLakeDatasets(dpDir(dir)).map((d) => d.dir)).toEqual([dpDir(dir)]);
  });
});

describe("verified files", () => {
  it("refuses a flipped byte, a truncated file, another month's file and a folder in place of a file; sync repairs each", async () => {
    const dir = join(root, "damaged");
    const run = await syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(dir));
    const clean = monthTotals(await readSnapshotLake(run.datasetDir), "prod_dry_gas_bcf_day");
    const file = async (m: string) => join(run.datasetDir, (await readLakeManifest(run.datasetDir))!.partitions[m]!.files[0]!);
    const damages: Array<[string, (p: string, other: string) => void, string]> = [
      ["checksum", (p) => { const b = readFileSync(p); b[Math.floor(b.length / 2)] ^= 0x01; writeFileSync(p, b); }, "2025-01"],
      ["size", (p) => truncateSync(p, 100), "2025-02"],
      ["checksum", (p, other) => { const b = readFileSync(other); writeFileSync(p, b.subarray(0, readFileSync(p).length)); if (readFileSync(p).length < b.length) appendFileSync(p, Buffer.alloc(0)); }, "2025-03"],
      ["not-a-file", (p) => { rmSync(p); mkdirSync(p); }, "2025-01"],
    ];
    const open = await openLake(dir);
    expect((await open.verify()).ok).toBe(true);
    for (const [reason, damage, month] of damages) {
      damage(await file(month), await file("2025-01"));
      if (reason === "checksum" && month === "2025-01") {
        const report = (await open.verify());
        expect(report.ok).toBe(false);
        expect(report.datasets[0]!.problems).toEqual([expect.objectContaining({ file: (await readLakeManifest(run.datasetDir))!.partitions[month]!.files[0], reason: "checksum" })]);
      }
      const refused = await attempt(() => openLake(dir));
      expect(refused, `${reason} of ${month}`).toBeInstanceOf(LakeIntegrityError);
      expect((refused as LakeIntegrityError).reason).toBe(reason === "checksum" && readFileSync(await file(month)).length !== (await readLakeManifest(run.datasetDir))!.partitions[month]!.bytes ? "size" : reason);
      expect((await verifyLake(dir)).ok).toBe(false);
      const repaired = await syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(dir));
      expect(repaired.fetched).toContain(month);
      expect((await verifyLake(dir)).ok).toBe(true);
      expect(monthTotals(await readSnapshotLake(run.datasetDir), "prod_dry_gas_bcf_day")).toEqual(clean);
    }
    open.close();
    // A stray Parquet file in a month folder is never read.
    copyFileSync(await file("2025-02"), join(run.datasetDir, "month=2025-02", "part-00001.parquet"));
    const counts = await rowsOf(dir);
    expect(counts["2025-02"]).toBe(clean["2025-02"]!.rows);
  });

  it("never writes through a symlinked month folder, and re-fetches a month whose asOf is not a day", async () => {
    const dir = join(root, "links");
    const run = await syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(dir, { to: "2025-01" }));
    const outside = join(root, "outside");
    mkdirSync(outside);
    rmSync(join(run.datasetDir, "month=2025-01"), { recursive: true });
    symlinkSync(outside, join(run.datasetDir, "month=2025-01"));
    const refused = await attempt(() => syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(dir, { to: "2025-01" })));
    expect(refused).toBeInstanceOf(LakeIntegrityError);
    expect((refused as LakeIntegrityError).reason).toBe("symlink");
    expect(readdirSync(outside)).toEqual([]);
    rmSync(join(run.datasetDir, "month=2025-01"));

    // Nor through a symlinked metadata folder (`<dir>/_gasframes`): the log, lock and staging stay inside the lake.
    const dirMeta = join(root, "linked-meta");
    const elsewhere = join(root, "elsewhere-meta");
    mkdirSync(elsewhere);
    mkdirSync(dirMeta);
    symlinkSync(elsewhere, join(dirMeta, "_gasframes"));
    const metaRefused = await attempt(() => syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(dirMeta, { to: "2025-01" })));
    expect(metaRefused).toBeInstanceOf(LakeIntegrityError);
    expect((metaRefused as LakeIntegrityError).reason).toBe("symlink");
    expect(readdirSync(elsewhere)).toEqual([]);

    const dir2 = join(root, "garbage-asof");
    const first = await syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(dir2, { to: "2025-01", asOf: "2025-08-01" }));
    const commit = join(dpMeta(dir2), "_log", `${"1".padStart(20, "0")}.json`);
    const snapshot = JSON.parse(readFileSync(commit, "utf8"));
    snapshot.partitions["2025-01"].asOf = "garbage";
    writeFileSync(commit, JSON.stringify(snapshot));
    const again = await syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(dir2, { to: "2025-01", asOf: "2025-08-01" }));
    expect(again.fetched).toEqual(["2025-01"]);
  });

  it("turns file-system faults into LakeIoError: a file where the lake folder or the log should be, a folder where the manifest should be", async () => {
    const file = join(root, "a-file");
    writeFileSync(file, "not a folder");
    const notDir = await attempt(() => syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(file)));
    expect(notDir).toBeInstanceOf(LakeIoError);
    expect((notDir as LakeIoError).errno).toMatch(/^E(NOTDIR|EXIST)$/);

    const dir = join(root, "log-file");
    mkdirSync(dpDir(dir), { recursive: true });
    writeFileSync(join(dpDir(dir), "_log"), "not a folder");
    const notLog = await attempt(() => syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(dir, { to: "2025-01" })));
    expect(notLog).toBeInstanceOf(LakeIoError);
    expect(await attempt(() => openLake(dir))).toBeInstanceOf(LakeIoError);

    const dir3 = join(root, "manifest-folder");
    mkdirSync(join(dpDir(dir3), "_manifest.json"), { recursive: true });
    const isDir = await attempt(() => syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(dir3, { to: "2025-01" })));
    expect(isDir).toBeInstanceOf(LakeIoError);
    expect((isDir as LakeIoError).errno).toBe("EISDIR");
    expect(await attempt(() => openLake(dir3))).toBeInstanceOf(LakeIoError);
  });
});

describe("paths, params and the month filter", () => {
  it("reads the folder named, even when its name holds [ ] * ?", async () => {
    const neighbour = join(root, "lake1");
    const odd = join(root, "lake[1]");
    const star = join(root, "la*e?");
    await syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(neighbour, { to: "2025-03" }));
    await syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(odd, { to: "2025-01" }));
    await syncDataset(ng, NATGAS_V4.dailyProduction, null, dp(star, { from: "2025-02", to: "2025-02" }));
    expect(Object.keys(await rowsOf(odd))).toEqual(["2025-01"]);
    expect(Object.keys(await rowsOf(star))).toEqual(["2025-02"]);
    expect(Object.keys(await rowsOf(neighbour))).toEqual(["2025-01", "2025-02", "2025-03"]);
  });

  it("masks a token pasted into a filter in the stored params and queries", async () => {
    const dir = join(root, "pasted");
    const run = await syncDataset(ng, NATGAS_V4.rigs, { operator: [TOKEN] }, dp(dir, { to: "2025-01" }));
    for (const f of allFiles(run.datasetDir)) {
      const text = readFileSync(join(run.datasetDir, f)).toString("latin1");
      expect(text.includes(TOKEN.slice(0, 12)), `${f} holds the token`).toBe(false);
    }
    // The same params again are the same query.
    const again = await syncDataset(ng, NATGAS_V4.rigs, { operator: [TOKEN] }, dp(dir, { to: "2025-01" }));
    expect(again.datasetDir).toBe(run.datasetDir);
  });

  for (const mode of ["off-by-one", "ignored"] as const) {
    it(`refuses rows dated outside the month asked for (a server whose date filter is ${mode}) and commits nothing`, async () => {
      const proxy = await bendingProxy(sandbox.natgasUrl, mode);
      try {
        const client = new NatGasClient({ baseUrl: proxy.url, token: TOKEN, progress: false, maxRetries: 0 });
        const dir = join(root, `bent-${mode}`);
        const error = await attempt(() => syncDataset(client, NATGAS_V4.dailyProduction, null, dp(dir)));
        expect(error).toBeInstanceOf(RowOutsideMonthError);
        const e = error as RowOutsideMonthError;
        expect(e.month).toBe("2025-01");
        expect(e.field).toBe("date_prod");
        expect(e.value).toBe("2025-02-01");
        expect(e.message).toMatch(/2025-01/);
        expect((await readLakeManifest(dpDir(dir)))).toBeUndefined();
        expect(allFiles(dpDir(dir)).filter((f) => f.endsWith(".parquet"))).toEqual([]);
      } finally {
        await proxy.close();
      }
    });
  }
});

/**
 * A proxy to the sandbox that bends the month filter: `off-by-one` moves each upper date bound a day
 * later; `ignored` answers every month of the sync's range (2025-01..03) whatever month is asked.
 * Query string and JSON body both.
 */
async function bendingProxy(target: string, mode: "off-by-one" | "ignored"): Promise<{ url: string; close(): Promise<void> }> {
  const base = new URL(target);
  const bend = (params: Record<string, unknown> | URLSearchParams): void => {
    const keys = params instanceof URLSearchParams ? [...params.keys()] : Object.keys(params);
    for (const k of keys) {
      const isBound = /(_min|_max|^start_date|^end_date)$/.test(k);
      if (!isBound) continue;
      if (mode === "ignored") {
        const wide = /(_min|^start_date)$/.test(k) ? "2025-01-01" : "2025-03-31";
        if (params instanceof URLSearchParams) params.set(k, wide);
        else params[k] = wide;
      } else if (/(_max|^end_date)$/.test(k)) {
        const v = params instanceof URLSearchParams ? params.get(k)! : String(params[k]);
        const next = new Date(Date.parse(`${v.slice(0, 10)}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
        if (params instanceof URLSearchParams) params.set(k, next);
        else params[k] = next;
      }
    }
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url!, base);
      bend(url.searchParams);
      let body = Buffer.concat(chunks);
      if (body.length > 0 && /json/.test(String(req.headers["content-type"]))) {
        const parsed = JSON.parse(body.toString("utf8")) as Record<string, unknown>;
        bend(parsed);
        body = Buffer.from(JSON.stringify(parsed));
      }
      const headers = { ...req.headers, host: base.host, "content-length": String(body.length) };
      const out = request({ host: base.hostname, port: base.port, method: req.method, path: `${url.pathname}${url.search}`, headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      out.on("error", () => res.destroy());
      out.end(body);
    });
  });
  const port = await listenLocal(server);
  return { url: `http://127.0.0.1:${port}${base.pathname === "/" ? "" : base.pathname}`, close: () => new Promise((r) => server.close(() => r())) };
}
