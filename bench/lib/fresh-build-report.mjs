// `gasframes report` of the repository's six notebooks, in a fresh process (issue 32):
//   node bench/lib/fresh-build-report.mjs <per-notebook|cold|warm> <entry> [caches folder]
// `cold`: buildReport as `npm start` runs it (two lanes, each lane's tslab kernel reset between its notebooks)
// with empty caches of compiled cells and of sandbox answers, as on a clean clone's first run.
// `warm`: the same after another process filled fresh cache folders (a second `npm start`): that process
// (run in full before the clock starts, and its CPU taken off) is this script in mode `prime`.
// `cold-compiled`: as `cold`, without the seed of compiled cells shipped beside the notebooks (every cell compiled,
// as a first run was before issue 32's sixth round; `cold` uses the seed, as a clean clone does).
// `per-notebook`: a new kernel for every notebook and no cache (reuseKernels: false, cellCache: false,
// sandboxCache: false: as before issue 32).
// Reports the time from process start until the index is written (for `warm`, minus the priming process),
// the CPU time of the process and of its kernels (children, counted once they ended), and a digest of the
// pages and executed notebooks, which every variant must share (the same report).
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const require = createRequire(import.meta.url);
const { report } = require("./fresh-report.cjs");
const [mode, entry, primeCache] = process.argv.slice(2);
if (!["per-notebook", "cold", "cold-compiled", "warm", "prime"].includes(mode)) throw new Error(`bench: fresh-build-report mode must be per-notebook, cold, cold-compiled or warm, not ${mode}`);

/** CPU time of this process and of its ended children (the kernels, once shut down): Linux's /proc. */
function cpuWithChildrenMs() {
  const own = process.cpuUsage();
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").replace(/^.*\) /, "").split(" ");
    return (own.user + own.system) / 1000 + ((Number(fields[13]) + Number(fields[14])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

const env = { ...process.env };
for (const k of Object.keys(env)) if (/^GASFRAMES_(TOKEN|NATGAS|LNG|LEGACY|CACHE|SANDBOX_AS_OF)/.test(k)) delete env[k];
const outDir = mkdtempSync(join(tmpdir(), "gasframes-bench-report-"));
const caches = mode === "prime" ? primeCache : join(outDir, "caches");
const cellCache = mode === "per-notebook" ? false : join(caches, "cells");
const sandboxCache = mode === "per-notebook" ? false : join(caches, "answers");
async function main() {
  let primeMs = 0;
  let primeCpuMs = 0;
  if (mode === "warm") {
    const [t0, c0] = [performance.now(), cpuWithChildrenMs()];
    const primed = spawnSync(process.execPath, [import.meta.filename, "prime", entry, caches], { env, stdio: ["ignore", "ignore", "inherit"] });
    if (primed.status !== 0) throw new Error(`bench: priming the caches failed (exit ${primed.status})`);
    [primeMs, primeCpuMs] = [performance.now() - t0, cpuWithChildrenMs() - c0];
  }
  const { buildReport } = require(entry);
  const result = await buildReport({ notebooksDir: join(import.meta.dirname, "..", "..", "notebooks"), outDir: join(outDir, "report"), env, reuseKernels: mode !== "per-notebook", cellCache, sandboxCache, ...(mode === "cold-compiled" ? { cellSeed: false } : {}) });
  if (mode === "prime") return;
  const ms = performance.now() - primeMs;
  const digest = createHash("sha256");
  for (const sub of ["", "notebooks"]) {
    for (const f of readdirSync(join(outDir, "report", sub)).filter((n) => /\.(html|ipynb)$/.test(n)).sort()) digest.update(f).update(readFileSync(join(outDir, "report", sub, f)));
  }
  report({ notebooks: result.pages.length, pages: digest.digest("hex").slice(0, 16), marginS: (10_000 - ms) / 1000, seconds: ms / 1000 }, { ms, cpuMs: cpuWithChildrenMs() - primeCpuMs });
}
try {
  await main();
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
