// `npm start`'s report of the six notebooks (issue 32: <= 10 s), each run a fresh process: as shipped (each
// lane's tslab kernel reused across its notebooks after a reset) with the caches of compiled cells and of the
// sandbox's answers empty (a clean clone's first run: the compiled cells shipped in notebooks/.tslab-cells are used)
// and filled by an earlier run (a second `npm start`), with the caches empty and no seed (every cell compiled, as a
// first run was before the sixth round), and
// with a new kernel per notebook and no cache (how it ran before issue 32), which must give the same pages.
import { join } from "node:path";
import { entry } from "../lib/gasframes.mjs";

const SCRIPT = join(import.meta.dirname, "..", "lib", "fresh-build-report.mjs");

export const reportScenario = {
  id: "report",
  title: "npm start's report: six notebooks run against the sandbox, two at a time, HTML written",
  needsData: false,
  rows: () => 6,
  variants: {
    perNotebook: { label: "a new tslab kernel per notebook, no caches (reuseKernels: false, cellCache: false, sandboxCache: false)", fresh: () => [SCRIPT, "per-notebook", entry()] },
    coldCompiled: { label: "gasframes report, kernels reused, caches empty, no seed (every cell compiled)", fresh: () => [SCRIPT, "cold-compiled", entry()] },
    cold: { label: "gasframes report, kernels reused, caches empty, seed shipped (a clean clone's first run)", fresh: () => [SCRIPT, "cold", entry()] },
    warm: { label: "gasframes report, kernels reused, caches filled by an earlier run (a second npm start)", fresh: () => [SCRIPT, "warm", entry()] },
  },
  targets: [
    { label: "report <= 10 s (caches filled)", measure: "ms", variant: "warm", absolute: 10_000 },
    { label: "margin to the 10 s target, s (median of runs)", variant: "warm", check: "marginS", median: true, info: true },
    { label: "a clean clone's first run <= 10 s (caches empty, seed shipped)", measure: "ms", variant: "cold", absolute: 10_000 },
    { label: "a clean clone's first run, s (caches empty, seed shipped; median of runs)", variant: "cold", check: "seconds", median: true, info: true },
    { label: "a first run compiling every cell, s (no seed; median of runs)", variant: "coldCompiled", check: "seconds", median: true, info: true },
    { label: "cold (reused kernels) <= 0.8x a kernel per notebook", measure: "ms", variant: "cold", reference: "perNotebook", max: 0.8 },
  ],
  // The pages of a first run served from the shipped seed must be those of a run that compiles every cell.
  agree: ["coldCompiled", "cold"],
  agreeOn: ["notebooks", "pages"],
};
