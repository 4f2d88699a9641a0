// Full-size streaming measurement (not part of `npm test`): streams the documented ~1,000,000-row v4
// NDJSON query and the 1,000,000-row v3 query (100 pages, 4 at a time) from a sandbox in this process,
// counting rows without keeping bodies, and prints time, bytes and peak heap / RSS growth.
// Run after `npm run build`: node test/sandbox/stream-million.mjs
import { request } from "node:http";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { startSandbox } = require("../../dist/sandbox");

function stream(base, path, body, accept) {
  return new Promise((resolve, reject) => {
    const url = new URL(base);
    const req = request({ host: url.hostname, port: url.port, path, method: "POST", headers: { access_key: "bench", accept, "content-type": "application/json" } }, (res) => {
      let bytes = 0;
      let lines = 0;
      const chunks = accept === "application/json" ? [] : undefined;
      res.on("data", (c) => {
        bytes += c.length;
        if (chunks) chunks.push(c);
        else for (let i = 0; i < c.length; i++) if (c[i] === 10) lines++;
        sample();
      });
      res.on("end", () => resolve({ status: res.statusCode, bytes, lines, json: chunks ? JSON.parse(Buffer.concat(chunks).toString("utf8")) : undefined }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

let peakHeap = 0;
let peakRss = 0;
function sample() {
  const m = process.memoryUsage();
  peakHeap = Math.max(peakHeap, m.heapUsed);
  peakRss = Math.max(peakRss, m.rss);
}

const sandbox = await startSandbox({ seed: 1, asOf: "2025-06-15" });
try {
  for (const [label, run] of [
    ["v4 NDJSON rigs 2020-01-01..2024-09-01", async () => {
      const r = await stream(sandbox.url, "/v4/rigs", { date_observed_min: "2020-01-01", date_observed_max: "2024-09-01" }, "application/x-ndjson");
      return { rows: r.lines, bytes: r.bytes };
    }],
    ["v3 production 2001-01..2021-10, 100 pages, 4 at a time", async () => {
      let rows = 0;
      let bytes = 0;
      const starts = Array.from({ length: 100 }, (_, i) => i * 10_000);
      while (starts.length) {
        const batch = starts.splice(0, 4);
        const pages = await Promise.all(batch.map((start) => stream(sandbox.url, "/v3/productionbycountyandoperator", { start_date: "2001-01-01", end_date: "2021-10-31", pagination: { start } }, "application/json")));
        for (const p of pages) {
          rows += p.json.data.length;
          bytes += p.bytes;
        }
      }
      return { rows, bytes };
    }],
  ]) {
    sample();
    const heap0 = process.memoryUsage().heapUsed;
    const rss0 = process.memoryUsage().rss;
    peakHeap = heap0;
    peakRss = rss0;
    const t0 = performance.now();
    const { rows, bytes } = await run();
    const seconds = (performance.now() - t0) / 1000;
    console.log(`${label}: ${rows} rows, ${(bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(1)} s (${((rows / seconds) / 1000).toFixed(0)}k rows/s); peak heap +${((peakHeap - heap0) / 1e6).toFixed(0)} MB, peak RSS +${((peakRss - rss0) / 1e6).toFixed(0)} MB`);
  }
} finally {
  await sandbox.close();
}
