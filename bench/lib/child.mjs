// One measured run of one variant of one scenario, in a process of its own so that its peak RSS is
// its own. Usage (by run.mjs): node --expose-gc bench/lib/child.mjs <scenario-id> <variant> <context-json>
// Prints one JSON line: { ms, rssMB, check }.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";

const [id, variantName, contextJson] = process.argv.slice(2);
/** The pause between the set-up's garbage collection and the clock. */
const SETTLE_MS = 500;
// The v3 scenario's children load its own module only: the others' modules import undici whole (110
// modules, about 20 MB resident), which its gasframes variant would hold at its peak though gasframes
// loads 26 of them (src/http/undici-request.ts). The other scenarios load as before.
const OWN_MODULE = { v3: ["../scenarios/v3-paged.mjs", "v3Paged"] };
const scenario = OWN_MODULE[id] !== undefined ? (await import(OWN_MODULE[id][0]))[OWN_MODULE[id][1]] : (await import("../scenarios/index.mjs")).scenarioById(id);
const variant = scenario.variants[variantName];
if (variant === undefined) throw new Error(`bench: scenario ${id} has no variant ${variantName}`);
const context = JSON.parse(contextJson);

// Data generation, file reading and module loading happen here, before the clock starts.
const state = await variant.setup(context);
globalThis.gc?.();
// The collection above leaves background sweeping of the whole heap (700 MB in the frame scenarios)
// that keeps the second core busy for tens of milliseconds and delays V8's optimising compiler:
// without this pause it lands in the first measured milliseconds, whichever variant runs.
await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
const rssBeforeMB = process.memoryUsage().rss / 1024 / 1024;
// The machine's 1-minute load average as the clock starts: printed beside every figure.
const load = loadavg()[0];
const cpu0 = process.cpuUsage();
const t0 = performance.now();
const check = await variant.run(state);
const ms = performance.now() - t0;
// CPU time of every thread of the process (workers included): what a busy machine cannot distort.
const cpu = process.cpuUsage(cpu0);
const cpuMs = (cpu.user + cpu.system) / 1000;
const rssMB = peakRssMB();
process.stdout.write(`${JSON.stringify({ ms, cpuMs, rssMB, growthMB: rssMB - rssBeforeMB, load, check })}\n`);
/**
 * Peak resident set of this process (bench/lib/peak-rss.cjs has the same for fresh-process scripts). VmHWM, not resourceUsage().maxRSS: Linux carries ru_maxrss over
 * from the parent across fork and exec, so a child would report at least the runner's own peak.
 */
function peakRssMB() {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
    if (m) return Number(m[1]) / 1024;
  } catch {
    // Not Linux: fall back to the rusage figure.
  }
  return process.resourceUsage().maxRSS / 1024;
}

// Keep `state` alive until after the measurement (a reference may hold its input in it).
if (state === Symbol.for("never")) console.log(state);
process.exit(0);
