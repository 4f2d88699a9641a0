// `require("gasframes")` in a fresh process, as a notebook's first cell does it:
// node bench/lib/fresh-require.cjs [entry]. Without an entry: bare node (the reference). Reports the
// time of the require itself, RSS after it, and which heavy modules it loaded (none should be).
const { report } = require("./fresh-report.cjs");

const entry = process.argv[2];
const t0 = performance.now();
if (entry) require(entry);
const ms = performance.now() - t0;
const files = Object.keys(require.cache);
const has = (re) => files.some((f) => re.test(f));
const loaded = {
  danfo: has(/node_modules\/danfojs-node\//),
  vega: has(/node_modules\/vega(-lite)?\//),
  resvg: has(/node_modules\/@resvg\//),
  duckdb: has(/node_modules\/@?duckdb/),
  undici: has(/node_modules\/undici\//),
};
const heavy = Object.keys(loaded).filter((k) => loaded[k]);
report({ heavy: heavy.join(",") || "none" }, { ms, rssNowMB: process.memoryUsage().rss / 1024 / 1024 });
