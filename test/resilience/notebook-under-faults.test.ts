/**
 * The notebook runner and the report (`gasframes report`, what `npm start` runs) against a sandbox with faults on:
 * retries absorb faults that clear, and the numbers equal a fault-free run; a fault that never clears
 * fails the run with the notebook, the cell and the error. Both runs use the canary token, and neither
 * the executed notebook, the report pages, the cache, the progress log nor the failure names it.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli/run";
import { LngClient } from "../../src/lng";
import { NatGasClient } from "../../src/natgas";
import { reportCommand } from "../../src/cli/report";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { CANARY, filesUnder, leaks } from "./helpers/canary";
import { budget } from "../helpers/budget";

const FIXTURES = join(__dirname, "fixtures");
const NOTEBOOK = join(FIXTURES, "faulty-service.ipynb");
// A cell waits out the faults (retries with back-off): its time-out only stops a hang, and grows with the load.
const CELL_TIMEOUT_S = String(Math.round(budget(60_000) / 1000));
const DATA = { seed: 11, asOf: "2026-11-01", pageSize: 100 } as const;
const RIGS = { county: "Reeves", start_date: "2026-01-01", end_date: "2026-01-31" } as const;
const FLOWS = { destination_country_codes: ["US"], from_timestamp: "2026-09-01", to_timestamp: "2026-09-30" };

let clean: SandboxHandle;
let flaky: SandboxHandle;
let broken: SandboxHandle;
const tempDirs: string[] = [];
const reference = { rigs: 0, pages: 0, flows: 0 };

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

/** Runs `body` with process.env set to `env` (the commands read it, as they do from a shell). */
async function withEnv<T>(env: NodeJS.ProcessEnv, body: () => Promise<T>): Promise<T> {
  const saved = { ...process.env };
  for (const key of Object.keys(process.env)) delete process.env[key];
  Object.assign(process.env, env);
  try {
    return await body();
  } finally {
    for (const key of Object.keys(process.env)) delete process.env[key];
    Object.assign(process.env, saved);
  }
}

/** The kernels' environment: the canary token and the given sandbox as the "live" services. */
function envFor(sandbox: SandboxHandle, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) if (key.startsWith("GASFRAMES_")) delete env[key];
  return {
    ...env,
    GASFRAMES_TOKEN: CANARY,
    GASFRAMES_NATGAS_URL: sandbox.natgasUrl,
    GASFRAMES_LNG_URL: sandbox.lngUrl,
    GASFRAMES_LEGACY_URL: sandbox.legacyUrl,
    ...extra,
  };
}

beforeAll(async () => {
  [clean, flaky, broken] = await Promise.all([
    startSandbox(DATA),
    startSandbox({
      ...DATA,
      tokens: [CANARY],
      faults: { paths: /^\/(v3|lng)\//, rateLimitEvery: 4, retryAfterSeconds: 0, errorBurst: { every: 7, length: 1 }, resetEvery: 5, faultAfterBytes: 2048 },
    }),
    startSandbox({ ...DATA, tokens: [CANARY], faults: { paths: "/v3/", rateLimitEvery: 1, retryAfterSeconds: 0 } }),
  ]);
  const common = { token: "reference", progress: false as const, warn: () => {} };
  const rigs = await new NatGasClient({ ...common, baseUrl: clean.natgasUrl }).v3.rigs(RIGS);
  const flows = await new LngClient({ ...common, baseUrl: clean.lngUrl }).volumeFlows(FLOWS);
  Object.assign(reference, { rigs: rigs.length, pages: rigs.meta.pages, flows: flows.length });
});

afterAll(async () => {
  await Promise.all([clean?.close(), flaky?.close(), broken?.close()]);
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe("notebooks against a faulty service", () => {
  it("the report completes through the faults, with the fault-free numbers, and no token anywhere", async () => {
    expect(reference.pages).toBeGreaterThanOrEqual(3);
    const outDir = tempDir("gasframes-faulty-report-");
    const cacheDir = tempDir("gasframes-faulty-cache-");
    const log: string[] = [];
    const io = { out: (s: string) => log.push(s), err: (s: string) => log.push(s) };
    const code = await withEnv(envFor(flaky, { GASFRAMES_CACHE: "readwrite", GASFRAMES_CACHE_DIR: cacheDir }), () =>
      reportCommand(["--notebooks", FIXTURES, "--out", outDir, "--cell-timeout", CELL_TIMEOUT_S], io),
    );

    expect(code, log.join("\n")).toBe(0);
    expect(existsSync(join(outDir, "index.html"))).toBe(true);
    const executed = readFileSync(join(outDir, "notebooks", "faulty-service.ipynb"), "utf8");
    const rigsLine = new RegExp(`rigs: ${reference.rigs} rows in ${reference.pages} pages, (\\d+) requests`).exec(executed);
    expect(rigsLine, executed.slice(0, 2000)).not.toBeNull();
    expect(Number(rigsLine![1])).toBeGreaterThan(reference.pages);
    expect(executed).toContain(`flows: ${reference.flows} rows`);
    expect(executed).toContain("target: live");
    // The connection printed as the last expression of a cell is in the notebook, and holds no token.
    expect(executed).toContain("NatGasClient");
    expect(executed).toContain("LngClient");

    const files = [...filesUnder(outDir), ...filesUnder(cacheDir)];
    expect(files.length).toBeGreaterThanOrEqual(4);
    expect(leaks([...files, ...log.map((l, i): [string, string] => [`log ${i}`, l])])).toEqual([]);
  }, budget(120_000));

  it("gasframes run with a fault that never clears exits 1 naming the notebook, the cell and the error", async () => {
    const outDir = tempDir("gasframes-broken-run-");
    const out: string[] = [];
    const err: string[] = [];
    const code = await withEnv(envFor(broken), () =>
      runCommand([NOTEBOOK, "--out", outDir, "--cell-timeout", CELL_TIMEOUT_S], { out: (s) => out.push(s), err: (s) => err.push(s) }),
    );
    expect(code).toBe(1);
    const failure = err.join("\n");
    expect(failure).toContain("faulty-service.ipynb");
    expect(failure).toMatch(/cell 3\b/);
    expect(failure).toMatch(/RateLimitError|429/);
    // No executed notebook is written for a failed run, so nothing half-done looks complete.
    expect(existsSync(join(outDir, "faulty-service.ipynb"))).toBe(false);
    expect(leaks([...out, ...err].map((l, i): [string, string] => [`line ${i}`, l]))).toEqual([]);
  }, budget(120_000));
});
