// The byte parser alone, on one core: the prepared v3 pages (1,000,000 rows, 268 MB at full size)
// parsed into columns, against JSON.parse of the same pages, alternating in one process so that both
// see the same machine. Run `npm run bench -- --only v3 --runs 1` once first (it prepares the pages).
// Usage: node bench/parse-pages.mjs [runs=9] [size=1]
// GASFRAMES_BENCH_MODULE=/other/dist/index.js measures another build's parser.
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";

const require = createRequire(import.meta.url);
const runs = Number(process.argv[2] ?? 9);
const size = process.argv[3] ?? "1";
const dist = dirname(process.env.GASFRAMES_BENCH_MODULE ?? join(import.meta.dirname, "..", "dist", "index.js"));
// The decoders moved from dist/http to dist/decode: either layout, so an older build can be measured too.
const parserFile = ["decode", "http"].map((layer) => join(dist, layer, "columnar", "parse-columns.js")).find((f) => existsSync(f));
if (parserFile === undefined) throw new Error(`bench: no columnar parser under ${dist}`);
const { ColumnParser } = require(parserFile);

const dir = join(import.meta.dirname, "results", "data", `size-${size}`);
const files = (await readdir(dir)).filter((f) => /^v3-page-\d+\.json$/.test(f));
if (files.length === 0) throw new Error(`bench: no prepared pages in ${dir}; run npm run bench -- --only v3 --runs 1 first`);
const pages = await Promise.all(files.map((f) => readFile(join(dir, f))));
const bytes = pages.reduce((s, p) => s + p.length, 0);

function columns() {
  let rows = 0;
  for (const page of pages) {
    const parser = new ColumnParser();
    rows += parser.parseEnvelope(page).rows;
    parser.finish();
  }
  return rows;
}

function jsonParse() {
  let rows = 0;
  for (const page of pages) rows += JSON.parse(page.toString("utf8")).data.length;
  return rows;
}

const times = { columns: [], jsonParse: [] };
for (let r = 0; r < runs; r++) {
  for (const [name, fn] of Object.entries({ columns, jsonParse })) {
    const t0 = performance.now();
    const rows = fn();
    times[name].push(performance.now() - t0);
    if (r === 0) console.log(`${name}: ${rows} rows`);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const show = (xs) => `${median(xs).toFixed(0)} ms median (${Math.min(...xs).toFixed(0)}-${Math.max(...xs).toFixed(0)})`;
console.log(`${pages.length} pages, ${(bytes / 1e6).toFixed(0)} MB, ${runs} runs each, alternating`);
console.log(`byte parser into columns: ${show(times.columns)}`);
console.log(`JSON.parse (objects):     ${show(times.jsonParse)}`);
console.log(`ratio of medians: ${(median(times.columns) / median(times.jsonParse)).toFixed(2)}`);
