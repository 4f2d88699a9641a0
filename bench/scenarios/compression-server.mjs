// The far end of the compression scenario, in a process of its own (as the service is on a machine of
// its own): the prepared v3 pages, cut to `rows` rows, served on 127.0.0.1 behind the throttling proxy,
// gzip-compressed (zlib level 1, as the sandbox does) for a client that asks. The pages are compressed
// once here, before the clock starts: the service's CPU is not the client's.
// Usage (forked by compression.mjs): node compression-server.mjs <data-dir> <rows>; sends { url } when
// ready, answers "wire" with the bytes the line carried, exits when its parent goes.
import { readdir, readFile } from "node:fs/promises";
import { createServer } from "node:http";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { startThrottleProxy } from "../lib/throttle-proxy.mjs";
import { V3_PATH } from "../lib/prepare.mjs";

const [dir, rowsText] = process.argv.slice(2);
const total = Number(rowsText);

/** The envelope pages of the first `total` rows of the prepared answer, keyed by start, plain and gzipped. */
async function pagesOf() {
  const files = (await readdir(dir)).filter((f) => /^v3-page-\d+\.json$/.test(f));
  const starts = files.map((f) => Number(/(\d+)\.json$/.exec(f)[1])).sort((a, b) => a - b);
  const pages = new Map();
  let pageSize = 0;
  for (const start of starts) {
    if (start >= total) break;
    const page = JSON.parse(await readFile(join(dir, `v3-page-${start}.json`), "utf8"));
    pageSize = page.pagination.page_size;
    const text = JSON.stringify({ data: page.data.slice(0, total - start), pagination: { start, page_size: pageSize, total_count: total } });
    const plain = Buffer.from(text);
    pages.set(start, { plain, gzip: gzipSync(plain, { level: 1 }) });
  }
  if (pages.size === 0) throw new Error(`compression-server: no v3 pages in ${dir}`);
  return pages;
}

const pages = await pagesOf();
const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (c) => chunks.push(c));
  req.on("end", () => {
    const start = JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}").pagination?.start ?? 0;
    const page = pages.get(start);
    if (req.url.replace(/^\/+/, "/") !== V3_PATH || page === undefined) {
      res.writeHead(404, { "content-type": "application/json" });
      res.end(`{"error":"no page at ${start}"}`);
      return;
    }
    const gzip = /\bgzip\b/.test(String(req.headers["accept-encoding"] ?? ""));
    const body = gzip ? page.gzip : page.plain;
    res.writeHead(200, {
      "content-type": "application/json",
      "content-length": body.length,
      vary: "Accept-Encoding",
      ...(gzip ? { "content-encoding": "gzip" } : {}),
    });
    res.end(body);
  });
});
server.keepAliveTimeout = 60_000;
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const proxy = await startThrottleProxy({ host: "127.0.0.1", port: server.address().port });
process.on("message", (message) => {
  if (message === "wire") process.send({ wire: proxy.wire() });
});
process.on("disconnect", () => process.exit(0));
process.send({ url: proxy.url });
