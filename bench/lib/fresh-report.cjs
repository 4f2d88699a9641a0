// The last line a fresh-process script of the bench prints (bench/lib/fresh-*.mjs/.cjs): its peak RSS,
// the CPU time of its whole life, the load average, and its answer. CommonJS with built-ins only, so
// that loading it adds nothing to what the script measures.
const { readFileSync } = require("node:fs");
const { loadavg } = require("node:os");

/** Peak resident set of this process in MB: VmHWM (Linux), else rusage (see child.mjs for why). */
function peakRssMB() {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
    if (m) return Number(m[1]) / 1024;
  } catch {
    // Not Linux.
  }
  return process.resourceUsage().maxRSS / 1024;
}

/** Prints { rssMB, cpuMs, load, check, ...extra } as one JSON line. `extra.ms` replaces the parent's wall time. */
function report(check, extra = {}) {
  const cpu = process.cpuUsage();
  const line = { rssMB: peakRssMB(), cpuMs: (cpu.user + cpu.system) / 1000, load: loadavg()[0], check, ...extra };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}

module.exports = { peakRssMB, report };
