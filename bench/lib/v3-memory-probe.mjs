// Where the v3 scenario's peak memory goes: runs the gasframes variant's call (the v3 download, then
// the rollup) against a replay server (v3-memory-serve.mjs) with process.memoryUsage() sampled every
// 20 ms, and prints the samples, the peak (VmHWM) and, with SMAPS=1, the resident memory by mapping
// kind at the start and the end (file = the node binary and libraries; [heap] = malloc's main arena;
// [anon] = V8's heaps, ArrayBuffers, threads). CONC=n sets the client's concurrency.
// Usage: node --expose-gc bench/lib/v3-memory-probe.mjs <url> [size]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { MEASURES, v3Paged } from "../scenarios/v3-paged.mjs";

const [url, size = "1"] = process.argv.slice(2);
const meta = JSON.parse(readFileSync(join(import.meta.dirname, "..", "results", "data", `size-${size}`, "meta.json"), "utf8"));
const { ctx, gf, client: benchClient } = await v3Paged.variants.gasframes.setup({ url, meta });
const client = process.env.CONC ? new gf.NatGasClient({ baseUrl: url, token: "bench", progress: false, warn: () => {}, concurrency: Number(process.env.CONC) }) : benchClient;
globalThis.gc?.();
await new Promise((resolve) => setTimeout(resolve, 500));

const MB = (x) => Math.round(x / 1048576);
const hwm = () => Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))[1]) / 1024);
const samples = [];
const t0 = performance.now();
const mark = (label) => {
  const m = process.memoryUsage();
  samples.push({ t: Math.round(performance.now() - t0), label, rss: MB(m.rss), heapTotal: MB(m.heapTotal), heapUsed: MB(m.heapUsed), arrayBuffers: MB(m.arrayBuffers), external: MB(m.external), hwm: hwm() });
};

/** Resident MB by mapping kind, from /proc/self/smaps. */
function smaps() {
  const by = {};
  let kind;
  for (const line of readFileSync("/proc/self/smaps", "utf8").split("\n")) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      kind = head[1].startsWith("/") ? "file" : head[1] || "[anon]";
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && kind !== undefined) by[kind] = (by[kind] ?? 0) + Number(rss[1]) / 1024;
  }
  return Object.fromEntries(Object.entries(by).filter(([, v]) => v >= 1).map(([k, v]) => [k, Math.round(v)]));
}

mark("start");
if (process.env.SMAPS) console.log("smaps at start (MB)", JSON.stringify(smaps()));
const timer = setInterval(() => mark(""), 20);
const result = await client.v3.productionByCountyAndOperator(ctx.meta.v3.query);
mark("fetched");
gf.rollup(result, { by: ["date", "region"], measures: MEASURES });
mark("rolled up");
clearInterval(timer);
globalThis.gc?.();
mark("after gc");
const peak = samples.reduce((a, s) => (s.rss > a.rss ? s : a));
const step = Math.max(1, Math.floor(samples.length / 40));
for (let i = 0; i < samples.length; i++) if (i % step === 0 || samples[i].label || samples[i] === peak) console.log(JSON.stringify(samples[i]));
console.log("highest sample", JSON.stringify(peak), "peak RSS (VmHWM)", hwm(), "MB");
if (process.env.SMAPS) console.log("smaps at the end (MB)", JSON.stringify(smaps()));
process.exit(0);
