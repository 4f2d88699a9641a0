// The lake-query scenario's danfo reference: node fresh-danfo-lake.mjs <lake-dir> <lake-rows> <entry>.
// Runs fresh-danfo-lake-step.mjs (default heap) on 250,000 rows, then twice as many, up to the whole
// lake, and stops at the first that fails (out of memory). Prints the largest row count danfo held, its
// times there, and the count it failed at (null when it held the whole lake).
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { freemem } from "node:os";
import { join } from "node:path";

const require = createRequire(import.meta.url);
const { report } = require("./fresh-report.cjs");
const [dir, totalText, entry] = process.argv.slice(2);
const total = Number(totalText);
/**
 * A step still running after this long is stopped and counted as failed: near the heap limit V8 spends
 * minutes collecting garbage before it gives up with "out of memory".
 */
const STEP_LIMIT_MS = 300_000;
/**
 * danfo keeps most of a frame outside V8's heap (7.6 GB resident for 6M rows), so the default heap limit
 * is not what stops it: the machine's memory is. On a shared machine a step is not started when the
 * last one's peak RSS, scaled to its rows, would pass this share of the free memory.
 */
const FREE_MEMORY_SHARE = 0.5;

/** One step in a fresh process with node's default heap: its JSON line, or { error }. */
function step(rows) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(import.meta.dirname, "fresh-danfo-lake-step.mjs"), dir, String(rows), entry], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, STEP_LIMIT_MS);
    child.stdout.on("data", (c) => (out += c));
    child.stderr.on("data", (c) => (err += c));
    child.on("close", (code) => {
      clearTimeout(timer);
      if (timedOut) return resolve({ error: `no answer within ${STEP_LIMIT_MS / 1000} s (collecting garbage at the heap limit)` });
      if (code === 0) return resolve(JSON.parse(out.trim().split("\n").pop()));
      const oom = /heap out of memory|Allocation failed/i.test(err);
      resolve({ error: oom ? "out of memory" : `exit ${code}: ${err.trim().split("\n").slice(-3).join(" | ").slice(0, 300)}` });
    });
  });
}

let held;
let failedAt = null;
let failure;
for (let rows = Math.min(250_000, total); ; rows = Math.min(rows * 2, total)) {
  if (held !== undefined) {
    const needMB = (held.rssMB * rows) / held.rows;
    if (needMB > (FREE_MEMORY_SHARE * freemem()) / 1048576) {
      failedAt = rows;
      failure = `not started: would need about ${Math.round(needMB / 1024)} GB, more than ${FREE_MEMORY_SHARE * 100}% of the free memory`;
      break;
    }
  }
  const line = await step(rows);
  if (line.error !== undefined) {
    failedAt = rows;
    failure = line.error;
    break;
  }
  held = { rows, ...line.check, rssMB: line.rssMB };
  process.stderr.write(`danfo held ${rows} rows: load ${line.check.loadMs} ms, by region ${line.check.regionMs} ms, top 20 ${line.check.topMs} ms, peak RSS ${Math.round(line.rssMB)} MB\n`);
  if (rows >= total) break;
}
report(
  {
    heldRows: held?.rows ?? 0,
    failedAtRows: failedAt,
    failure: failure ?? null,
    regionMs: held?.regionMs,
    topMs: held?.topMs,
    loadMs: held?.loadMs,
    groups: held?.groups,
    top1: held?.top1,
    stepRssMB: held ? Math.round(held.rssMB) : undefined,
  },
  held ? { ms: held.regionMs + held.topMs } : {},
);
