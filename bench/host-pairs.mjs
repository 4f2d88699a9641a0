// The column parser's steady speed on one core, alone and beside other work on the second core: does
// the host give this machine's two cores a parse each? Each measurement is a fresh process pinned to
// core 0 (`taskset`) that parses 20 prepared v3 pages to warm up and times the next 20; the partner,
// pinned to core 1, is nothing, a loop that only spins, a branchy scan of JSON text (the host probe's
// scan, repeated), or a second parser. Rounds alternate the four, so a slow minute hits them alike.
// Run `npm run bench -- --only v3 --runs 1` once first (it prepares the pages).
// Usage: node bench/host-pairs.mjs [rounds=3]
import { spawn } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = fileURLToPath(import.meta.url);
const dir = join(dirname(here), "results", "data", "size-1");
const PAGES = 40;
const WARM = 20;

if (process.argv[2] === "--parse") {
  // One measurement: ms per page of the last PAGES - WARM pages.
  const require = createRequire(import.meta.url);
  const { ColumnParser } = require(join(dirname(here), "..", "dist", "decode", "columnar", "parse-columns.js"));
  const files = (await readdir(dir)).filter((f) => /^v3-page-\d+\.json$/.test(f)).slice(0, PAGES);
  if (files.length < PAGES) throw new Error(`bench: fewer than ${PAGES} prepared pages in ${dir}; run npm run bench -- --only v3 --runs 1 first`);
  const pages = await Promise.all(files.map((f) => readFile(join(dir, f))));
  let t0 = 0;
  for (let i = 0; i < pages.length; i++) {
    if (i === WARM) t0 = performance.now();
    const parser = new ColumnParser();
    parser.parseEnvelope(pages[i]);
    parser.finish();
  }
  console.log(((performance.now() - t0) / (PAGES - WARM)).toFixed(2));
  process.exit(0);
}
if (process.argv[2] === "--partner") {
  // Work for the second core until the parent stops it.
  // "ready" once its own set-up is over: the parent starts the measured parse only then.
  if (process.argv[3] === "spin") {
    process.stdout.write("ready\n");
    for (;;);
  }
  // The scan probe itself, over and over.
  const { hostScanProbeMs } = await import("./lib/host-probe.mjs");
  process.stdout.write("ready\n");
  for (;;) hostScanProbeMs();
}

const rounds = Number(process.argv[2] ?? 3);
const PARTNERS = ["none", "spin", "scan", "parser"];

/** Runs `args` pinned to `core`; resolves to its standard output. */
function pinned(core, args) {
  return new Promise((resolve, reject) => {
    const child = spawn("taskset", ["-c", String(core), process.execPath, here, ...args], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve(out.trim()) : reject(new Error(`bench: ${args.join(" ")} exited with ${code}`))));
  });
}

const results = Object.fromEntries(PARTNERS.map((p) => [p, []]));
for (let r = 0; r < rounds; r++) {
  for (const partner of PARTNERS) {
    let other;
    let otherDone;
    if (partner === "parser") otherDone = pinned(1, ["--parse"]);
    else if (partner !== "none") {
      other = spawn("taskset", ["-c", "1", process.execPath, here, "--partner", partner], { stdio: ["ignore", "pipe", "inherit"] });
      // Its start-up is over before the measured parse starts.
      await new Promise((resolve, reject) => {
        other.stdout.once("data", resolve);
        other.once("exit", (code) => reject(new Error(`bench: the ${partner} partner exited with ${code}`)));
      });
    }
    const ms = Number(await pinned(0, ["--parse"]));
    other?.kill();
    const second = otherDone === undefined ? "" : ` (the other parser: ${await otherDone} ms/page)`;
    results[partner].push(ms);
    console.log(`round ${r + 1}, beside ${partner}: ${ms.toFixed(2)} ms/page${second}`);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
for (const p of PARTNERS) console.log(`beside ${p}: median ${median(results[p]).toFixed(2)} ms/page (${Math.min(...results[p]).toFixed(2)}-${Math.max(...results[p]).toFixed(2)})`);
