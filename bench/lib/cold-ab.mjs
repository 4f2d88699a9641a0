// Two builds' cold runs alternated (issue 32, ninth round): node bench/lib/cold-ab.mjs <url> <runs> <distA> <distB>
// with the replay server of bench/lib/v3-memory-serve.mjs at <url> (run the bench once first, for the data).
// Each run is bench/lib/tl-cold.mjs in a fresh process (TL_PAGES=1); prints each run and, per build, the
// medians of: the whole run (ms to exit), require, the download, the process's CPU, and the time from
// require's end to the tenth page in (the start-up phase this round worked on), with the load average.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";

const [url, runsArg, ...dists] = process.argv.slice(2);
if (url === undefined || dists.length !== 2) {
  console.error("usage: node bench/lib/cold-ab.mjs <url> <runs> <distA> <distB>");
  process.exit(2);
}
const meta = JSON.parse(readFileSync(join(import.meta.dirname, "..", "results", "data", "size-1", "meta.json"), "utf8"));
const ctx = JSON.stringify({ url, meta });
const script = join(import.meta.dirname, "tl-cold.mjs");
const rows = [];
for (let r = 0; r < Number(runsArg); r++) {
  for (const dist of dists) {
    const load = loadavg()[0];
    const out = spawnSync(process.execPath, [script, ctx, join(dist, "index.js")], { env: { ...process.env, TL_PAGES: "1" }, encoding: "utf8" });
    if (out.status !== 0) throw new Error(`${dist}: exit ${out.status}: ${out.stderr}`);
    const row = { dist, load, ...JSON.parse(out.stdout.trim().split("\n").pop()) };
    rows.push(row);
    console.log(`${dist} load ${load.toFixed(2)} exit ${row.exit} ms, cpu ${row.cpu} ms, to page 10 ${row.p10 - row.required} ms`);
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const dist of dists) {
  const rs = rows.filter((x) => x.dist === dist);
  const m = (f) => median(rs.map(f));
  console.log(
    `${dist}: ${rs.length} runs, medians: exit ${m((x) => x.exit)} ms, require ${m((x) => x.required - x.start)} ms, download ${m((x) => x.fetched - x.required)} ms, ` +
      `cpu ${m((x) => x.cpu)} ms, require's end to page 10 ${m((x) => x.p10 - x.required)} ms; load ${Math.min(...rs.map((x) => x.load)).toFixed(2)}-${Math.max(...rs.map((x) => x.load)).toFixed(2)}`,
  );
}
