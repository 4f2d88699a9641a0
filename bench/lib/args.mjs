// Command-line options of `npm run bench -- [--size 0.1] [--runs 3] [--only v3,rollup] [--fresh]`.

/** Parses argv into the bench options; unknown flags are an error naming them. */
export function parseArgs(argv) {
  const opts = { size: 1, runs: 3, only: undefined, skip: [], fresh: false, out: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`bench: ${a} needs a value`);
      return v;
    };
    if (a === "--size") opts.size = Number(value());
    else if (a === "--runs") opts.runs = Number(value());
    else if (a === "--only") opts.only = value().split(",").map((s) => s.trim()).filter(Boolean);
    else if (a === "--skip") opts.skip = value().split(",").map((s) => s.trim()).filter(Boolean);
    else if (a === "--out") opts.out = value();
    else if (a === "--fresh") opts.fresh = true;
    else if (a === "--help" || a === "-h") opts.help = true;
    else throw new Error(`bench: unknown option ${a} (try --help)`);
  }
  if (!(opts.size > 0 && opts.size <= 1)) throw new Error(`bench: --size must be in (0, 1], got ${opts.size}`);
  if (!(Number.isInteger(opts.runs) && opts.runs >= 1)) throw new Error(`bench: --runs must be a whole number >= 1, got ${opts.runs}`);
  return opts;
}

export const USAGE = `npm run bench -- [options]
  --size F    fraction of the full size (1,000,000 rows); default 1
  --runs N    runs per variant (median, min-max reported); default 3
  --only A,B  only these scenarios (ids: v3, ndjson, stages (each download stage beside its limits),
              firstchart (a fresh tslab kernel's first chart, and its parts), report (npm start's six notebooks), toframe, frame-views, rollup, resample, voyages, svg,
              require, cold, first-rollup, memory, compression, sandbox-ndjson,
              lake-sync, lake-query, lake-rollup: the last four make their own data,
              at 20M rows for the lake at --size 1; lake-rollup cuts 1M rows from it;
              wide-record: one record of 200,000 fields, made by the scenario)
  --skip S.V  skip these variants (scenario.variant, e.g. lake-query.danfo: its steps take minutes)
  --fresh     re-fetch the prepared data from the sandbox
  --out FILE  JSON results file; default bench/results/bench-<size>-<time>.json`;
