// The built package (dist/), as a notebook user gets it with require("gasframes").
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
let cached;

/**
 * The gasframes module from dist/ (run `npm run build` first: `npm run bench` does). The environment
 * variable GASFRAMES_BENCH_MODULE points the bench at another build (to measure a change before it lands).
 */
export function gasframes() {
  cached ??= require(process.env.GASFRAMES_BENCH_MODULE ?? "../../dist/index.js");
  return cached;
}

/**
 * Loads danfojs and builds one tiny frame: danfo sets up parts of itself (mathjs) on first use, a
 * one-off cost of the library, not of the data, paid before the clock like module loading.
 */
export function warmDanfo(gf) {
  const dfd = gf.loadDanfo();
  new dfd.DataFrame([{ a: 1, b: "x" }]).groupby(["b"]).agg({ a: "sum" });
  return dfd;
}
