// `gasframes report` of the repository's six notebooks, in a fresh process (issue 32):
//   node bench/lib/fresh-build-report.mjs <reused|per-notebook> <entry>
// `reused`: buildReport as `npm start` runs it (two lanes, each lane's tslab kernel reset between its notebooks).
// `per-notebook`: the same with reuseKernels: false (a new kernel for every notebook, as before issue 32).
// Reports its time from process start until the index is written, the CPU time of the process and of its
// kernels (children, counted once they ended), and a digest of the pages and executed notebooks, which the
// two variants must share (the same report).
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";

const require = createRequire(import.meta.url);
const { report } = require("./fresh-report.cjs");
const [mode, entry] = process.argv.slice(2);
if (mode !== "reused" && mode !== "per-notebook") throw new Error(`bench: fresh-build-report mode must be reused or per-notebook, not ${mode}`);

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
try {
  const { buildReport } = require(entry);
  const result = await buildReport({ notebooksDir: join(import.meta.dirname, "..", "..", "notebooks"), outDir, env, reuseKernels: mode === "reused" });
  const ms = performance.now();
  const digest = createHash("sha256");
  for (const sub of ["", "notebooks"]) {
    for (const f of readdirSync(join(outDir, sub)).filter((n) => /\.(html|ipynb)$/.test(n)).sort()) digest.update(f).update(readFileSync(join(outDir, sub, f)));
  }
  report({ notebooks: result.pages.length, pages: digest.digest("hex").slice(0, 16), marginS: (10_000 - ms) / 1000 }, { ms, cpuMs: cpuWithChildrenMs() });
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
