/**
 * `gasframes sync` from a terminal: the built CLI syncs an endpoint from the sandbox (connect()'s
 * default) into the lake, a re-run keeps the settled months, and bad arguments exit 2 before anything
 * is written.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseSyncArgs } from "../../src/cli/sync";
import { NATGAS_V4 } from "../../src/natgas";
import { runNode } from "../helpers/run-script";
import { allFiles } from "../lake/read-lake";

const BUILT_CLI = join(__dirname, "../../dist/cli/main.js");
const root = mkdtempSync(join(tmpdir(), "gasframes-sync-cli-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("gasframes sync", () => {
  it("reads the dataset, the months and repeated or comma-separated filters", () => {
    const parsed = parseSyncArgs(["natgas.v4.rigs", "--dir", "lake", "--from=2024-01", "--to", "2024-03", "--region_natgas", "west,gulf", "--region_natgas", "northeast"]);
    expect(parsed).toMatchObject({ service: "natgas", dir: "lake", from: "2024-01", to: "2024-03", params: { region_natgas: ["west", "gulf", "northeast"] } });
    expect(parsed.spec).toBe(NATGAS_V4.rigs);
  });

  it("refuses what it cannot do, naming the closest valid choice", () => {
    expect(() => parseSyncArgs([])).toThrow(/name the dataset first/);
    expect(() => parseSyncArgs(["natgaz.v4.rigs", "--dir", "d", "--from", "2024-01"])).toThrow(/unknown service "natgaz.v4".*did you mean natgas.v4/);
    expect(() => parseSyncArgs(["natgas.v4.rig", "--dir", "d", "--from", "2024-01"])).toThrow(/no endpoint "rig".*natgas.v4.rigs/);
    expect(() => parseSyncArgs(["natgas.v4.rigs", "--dir", "d", "--from", "2024-01", "--region", "west"])).toThrow(/unknown option "--region".*--region_natgas/);
    expect(() => parseSyncArgs(["natgas.v4.rigs", "--from", "2024-01"])).toThrow(/--dir/);
    expect(() => parseSyncArgs(["natgas.v4.rigs", "--dir", "d"])).toThrow(/--from/);
    expect(() => parseSyncArgs(["natgas.v4.rigs", "--dir", "d", "--from"])).toThrow(/--from needs a value/);
  });

  it("syncs from the sandbox into the lake, and a re-run fetches only the months still revised", async () => {
    const dir = join(root, "lake");
    const args = [BUILT_CLI, "sync", "natgas.v4.rigs", "--dir", dir, "--from", "2026-06", "--to", "2026-08", "--region_natgas", "west"];
    const first = await runNode(args, { cwd: root });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/synced natgas.v4.rigs from the sandbox into .*rigs: 3 month\(s\) fetched, 0 kept, [\d,]+ rows/);
    const dataset = join(dir, "natgas", "v4", "rigs");
    // The dataset folder holds the month files only; the protocol's files are under <dir>/_gasframes/.
    expect(allFiles(dataset).map((f) => f.replace(/part-[0-9a-f]{20}/, "part-<hash>"))).toEqual(["month=2026-06/part-<hash>.parquet", "month=2026-07/part-<hash>.parquet", "month=2026-08/part-<hash>.parquet"]);
    const meta = join(dir, "_gasframes", "natgas", "v4", "rigs");
    expect(allFiles(meta)).toEqual(["_log/00000000000000000001.json", "_manifest.json"]);
    const manifest = JSON.parse(readFileSync(join(meta, "_manifest.json"), "utf8")) as { partitions: Record<string, { rows: number }> };
    const rows = Object.values(manifest.partitions).reduce((s, p) => s + p.rows, 0);
    expect(first.stdout).toContain(`${rows.toLocaleString("en-US")} rows`);
    const again = await runNode([...args, "--revise-days", "0"], { cwd: root });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toMatch(/0 month\(s\) fetched, 3 kept/);
  });

  it("exits 2 on bad arguments, before anything is written", async () => {
    const dir = join(root, "never");
    const bad = await runNode([BUILT_CLI, "sync", "natgas.v4.rigs", "--dir", dir, "--from", "2026-6"], { cwd: root });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/2026-06/);
    const unknown = await runNode([BUILT_CLI, "sync", "natgas.v4.rigs", "--dir", dir, "--from", "2026-06", "--basin", "x"], { cwd: root });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toMatch(/unknown option "--basin"/);
    expect(existsSync(dir)).toBe(false);
  });
});
