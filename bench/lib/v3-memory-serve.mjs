// The v3 memory probe's replay server, in a process of its own (as in `npm run bench`): serves the
// prepared pages of bench/results/data/size-<size>/ (run the bench once first) and prints its URL.
// Usage: node bench/lib/v3-memory-serve.mjs [size]   (default 1; stop it with kill <pid>)
import { join } from "node:path";
import { loadPrepared, V3_PATH, V4_PATH } from "./prepare.mjs";
import { startStaticServer } from "./static-server.mjs";

const size = process.argv[2] ?? "1";
const prepared = await loadPrepared(join(import.meta.dirname, "..", "results", "data", `size-${size}`));
const server = await startStaticServer({ v3Path: V3_PATH, v3Pages: prepared.v3Pages, v4Path: V4_PATH, ndjson: prepared.ndjson, jsonArray: () => Buffer.alloc(0) });
console.log(server.url);
