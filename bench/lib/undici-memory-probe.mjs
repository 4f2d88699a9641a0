// The floor under the v3 scenario's peak: the same pages downloaded with undici, 4 at a time, every
// chunk dropped as it arrives. Prints RSS at the start and the end, the peak (VmHWM), malloc's main
// arena ([heap] in /proc/self/smaps) and the most ArrayBuffer memory seen. MINOR=1 runs a minor
// garbage collection after every 4 pages, MAJOR=1 a full one (a diagnosis only: needs --expose-gc).
// Usage: node [--expose-gc] bench/lib/undici-memory-probe.mjs <url> [size]
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { request } from "undici";
import { V3_PATH } from "./prepare.mjs";

const [url, size = "1"] = process.argv.slice(2);
const { v3 } = JSON.parse(readFileSync(join(import.meta.dirname, "..", "results", "data", `size-${size}`, "meta.json"), "utf8"));
const mainArena = () => {
  const text = readFileSync("/proc/self/smaps", "utf8");
  return Math.round(Number(/Rss:\s+(\d+)/.exec(text.slice(text.indexOf("[heap]")))[1]) / 1024);
};
const rss = () => Math.round(process.memoryUsage().rss / 1048576);
const hwm = () => Math.round(Number(/VmHWM:\s+(\d+)/.exec(readFileSync("/proc/self/status", "utf8"))[1]) / 1024);
console.log("start: rss", rss(), "MB, [heap]", mainArena(), "MB");
let maxArrayBuffers = 0;
for (let s = 0; s < v3.rows; s += v3.pageSize * 4) {
  await Promise.all([0, 1, 2, 3].map(async (k) => {
    const start = s + k * v3.pageSize;
    if (start >= v3.rows) return;
    const res = await request(url + V3_PATH, { method: "POST", headers: { "content-type": "application/json", access_key: "bench" }, body: JSON.stringify({ ...v3.query, pagination: { start } }) });
    for await (const chunk of res.body) if (chunk.length < 0) console.log(chunk);
    maxArrayBuffers = Math.max(maxArrayBuffers, process.memoryUsage().arrayBuffers);
  }));
  if (process.env.MINOR) globalThis.gc({ type: "minor" });
  else if (process.env.MAJOR) globalThis.gc();
}
console.log("end: rss", rss(), "MB, peak (VmHWM)", hwm(), "MB, [heap]", mainArena(), "MB, most arrayBuffers", Math.round(maxArrayBuffers / 1048576), "MB");
