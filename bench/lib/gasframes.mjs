// The built package (dist/), as a notebook user gets it with require("gasframes").
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);
let cached;

/** The entry point of the build under test: dist/index.js, or GASFRAMES_BENCH_MODULE. */
export function entry() {
  return require.resolve(process.env.GASFRAMES_BENCH_MODULE ?? "../../dist/index.js");
}

/**
 * The gasframes module from dist/ (run `npm run build` first: `npm run bench` does). The environment
 * variable GASFRAMES_BENCH_MODULE points the bench at another build (to measure a change before it lands).
 */
export function gasframes() {
  cached ??= require(entry());
  return cached;
}

/**
 * A name the package root does not export (an internal the bench needs), from the same build: from the
 * root when that build still exports it (older builds exported everything), else from the first of
 * `modulePaths` the build has (relative to its dist/, e.g. "frame/load-danfo.js"; files moved between
 * builds, so a path of each layout may be given). Throws when none has it.
 */
export function internal(name, ...modulePaths) {
  const gf = gasframes();
  if (gf[name] !== undefined) return gf[name];
  const files = modulePaths.map((p) => join(dirname(entry()), p));
  const file = files.find((f) => existsSync(f));
  if (file === undefined) throw new Error(`bench: this build has none of ${files.join(", ")}`);
  const value = require(file)[name];
  if (value === undefined) throw new Error(`bench: ${file} does not export ${name}`);
  return value;
}

/**
 * Loads danfojs and builds one tiny frame: danfo sets up parts of itself (mathjs) on first use, a
 * one-off cost of the library, not of the data, paid before the clock like module loading.
 */
export function warmDanfo() {
  const dfd = internal("loadDanfo", "frame/load-danfo.js", "table/load-danfo.js")();
  new dfd.DataFrame([{ a: 1, b: "x" }]).groupby(["b"]).agg({ a: "sum" });
  return dfd;
}

/**
 * Rows of what an analysis function returned: a gasframes Table (`length`), or a danfo frame
 * (`shape[0]`) from a build before analysis returned Tables (GASFRAMES_BENCH_MODULE).
 */
export function rowCount(out) {
  return typeof out.toFrame === "function" ? out.length : out.shape[0];
}

/** One column's values of an analysis output: a Table's (null where missing) or a danfo frame's (NaN). */
export function columnValues(out, name) {
  return typeof out.toFrame === "function" ? out.column(name) : out.column(name).values;
}
