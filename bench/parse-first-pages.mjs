// The parse worker's warm-up: the prepared v3 pages parsed in order, as the worker parses them (a new
// parser per page, parseHere into one reused slab, the rows hint from page 1 on), in this fresh process,
// with each page's CPU time (process.cpuUsage: all threads, so V8's compiler threads count too). The
// first pages pay for V8 compiling (and deoptimizing) the parser; alternate two builds, each run a fresh
// process, to compare that cost (see docs/performance.md, "v3: tenth round").
// Run `npm run bench -- --only v3 --runs 1` once first (it prepares the pages).
// Usage: node bench/parse-first-pages.mjs <dist> [pages=65] [size=1]
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";

const require = createRequire(import.meta.url);
const dist = resolve(process.argv[2] ?? join(import.meta.dirname, "..", "dist"));
const count = Number(process.argv[3] ?? 65);
const dir = join(import.meta.dirname, "results", "data", `size-${process.argv[4] ?? "1"}`);
const { parseHere } = require(join(dist, "decode", "columnar", "parse-pool.js"));
const { ColumnSlab } = require(join(dist, "decode", "columnar", "column-slab.js"));
const rowsPerPage = JSON.parse(readFileSync(join(dir, "meta.json"), "utf8")).v3.pageSize;
const pages = readdirSync(dir)
  .filter((f) => /^v3-page-\d+\.json$/.test(f))
  .sort((a, b) => Number(a.match(/\d+/)[0]) - Number(b.match(/\d+/)[0]))
  .slice(0, count)
  .map((f) => readFileSync(join(dir, f)));
const slab = new ArrayBuffer(16 << 20);
const ms = [];
for (let i = 0; i < pages.length; i++) {
  const c0 = process.cpuUsage();
  parseHere("envelope", pages[i], new ColumnSlab(slab), i === 0 ? 0 : Math.ceil(rowsPerPage * 1.02));
  const c = process.cpuUsage(c0);
  ms.push((c.user + c.system) / 1000);
}
const later = ms.slice(3).sort((a, b) => a - b);
const sum = (xs) => xs.reduce((s, x) => s + x, 0);
console.log(
  `pages 0-2: ${ms.slice(0, 3).map((x) => x.toFixed(0)).join(" + ")} = ${sum(ms.slice(0, 3)).toFixed(0)} ms; ` +
    `later pages: median ${later[later.length >> 1].toFixed(1)} ms; all ${pages.length}: ${sum(ms).toFixed(0)} ms of CPU (${dist})`,
);
