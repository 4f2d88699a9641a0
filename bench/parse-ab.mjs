// Two builds' byte parsers on the prepared v3 pages, alternated in one process on one core, judged by
// CPU time (process.cpuUsage) rather than wall: on a shared machine the A/B of a parser change.
// Each pass parses the pages as the parse worker does (parseHere into a reused slab, the pool's rows hint).
// Run `npm run bench -- --only v3 --runs 1` once first (it prepares the pages).
// Usage: taskset -c 0 node bench/parse-ab.mjs <distA> <distB> [pages=20] [rounds=40] [size=1]
// e.g. node bench/parse-ab.mjs /work/main/dist dist
// With PARSE_AB_LINES=<file.ndjson>[,<file>...] the files are parsed instead, each as one NDJSON answer
// (parseHere("lines"), a parser of its own each, as the lake's sync parses a month's answer); [pages]
// and [size] are then ignored.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import { join, resolve } from "node:path";

const require = createRequire(import.meta.url);
const [distA, distB] = process.argv.slice(2, 4).map((d) => resolve(d));
if (distB === undefined) throw new Error("usage: node bench/parse-ab.mjs <distA> <distB> [pages] [rounds] [size]");
const npages = Number(process.argv[4] ?? 20);
const rounds = Number(process.argv[5] ?? 40);
const dir = join(import.meta.dirname, "results", "data", `size-${process.argv[6] ?? "1"}`);
const lineFiles = process.env.PARSE_AB_LINES?.split(",").filter((f) => f !== "");
if (lineFiles === undefined && !existsSync(dir)) throw new Error(`bench: no prepared pages in ${dir}; run npm run bench -- --only v3 --runs 1 first`);

const build = (dist) => ({
  parseHere: require(join(dist, "decode", "columnar", "parse-pool.js")).parseHere,
  ColumnSlab: require(join(dist, "decode", "columnar", "column-slab.js")).ColumnSlab,
});
const builds = { A: build(distA), B: build(distB) };
const pages =
  lineFiles?.map((f) => readFileSync(f)) ??
  readdirSync(dir)
    .filter((f) => /^v3-page-\d+\.json$/.test(f))
    .slice(0, npages)
    .map((f) => readFileSync(join(dir, f)));
const bytes = pages.reduce((s, p) => s + p.length, 0);
const kind = lineFiles === undefined ? "envelope" : "lines";
const rowsPerPage = lineFiles === undefined ? JSON.parse(readFileSync(join(dir, "meta.json"), "utf8")).v3.pageSize : 0;
const slab = new ArrayBuffer(16 << 20);
const cpu = { A: [], B: [] };
for (let r = 0; r < rounds; r++) {
  for (const k of r % 2 === 0 ? ["A", "B"] : ["B", "A"]) {
    const { parseHere, ColumnSlab } = builds[k];
    const c0 = process.cpuUsage();
    for (const page of pages) parseHere(kind, page, kind === "lines" ? undefined : new ColumnSlab(slab), rowsPerPage);
    const c = process.cpuUsage(c0);
    cpu[k].push((c.user + c.system) / 1000);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const mbps = (ms) => (bytes / 1e3 / ms).toFixed(0);
for (const k of ["A", "B"]) {
  console.log(`${k} ${k === "A" ? distA : distB}: CPU per pass min ${Math.min(...cpu[k]).toFixed(0)} ms (${mbps(Math.min(...cpu[k]))} MB/s), median ${median(cpu[k]).toFixed(0)} ms (${mbps(median(cpu[k]))} MB/s)`);
}
console.log(`B/A: min ${(Math.min(...cpu.B) / Math.min(...cpu.A)).toFixed(3)}, median ${(median(cpu.B) / median(cpu.A)).toFixed(3)}; ${pages.length} ${kind === "lines" ? "NDJSON answers" : "pages"} (${(bytes / 1e6).toFixed(0)} MB) x ${rounds} rounds; load ${loadavg().map((x) => x.toFixed(1)).join(" ")}`);
