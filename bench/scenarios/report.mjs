// `npm start`'s report of the six notebooks (issue 32: <= 10 s), each run a fresh process: as shipped
// (each lane's tslab kernel reused across its notebooks after a reset), and with a new kernel per notebook
// (how it ran before), which must give the same pages.
import { join } from "node:path";
import { entry } from "../lib/gasframes.mjs";

const SCRIPT = join(import.meta.dirname, "..", "lib", "fresh-build-report.mjs");

export const reportScenario = {
  id: "report",
  title: "npm start's report: six notebooks run against the sandbox, two at a time, HTML written",
  needsData: false,
  rows: () => 6,
  variants: {
    perNotebook: { label: "a new tslab kernel per notebook (reuseKernels: false)", fresh: () => [SCRIPT, "per-notebook", entry()] },
    reused: { label: "gasframes report: each lane's kernel reset and reused (default)", fresh: () => [SCRIPT, "reused", entry()] },
  },
  targets: [
    { label: "report <= 10 s", measure: "ms", variant: "reused", absolute: 10_000 },
    { label: "margin to the 10 s target, s (median of runs)", variant: "reused", check: "marginS", median: true, info: true },
    { label: "reused <= 0.8x a kernel per notebook", measure: "ms", variant: "reused", reference: "perNotebook", max: 0.8 },
  ],
  agree: ["perNotebook", "reused"],
  agreeOn: ["notebooks", "pages"],
};
