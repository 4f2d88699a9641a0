// One step of the lake-query scenario's danfo reference, in a fresh process with node's default heap:
// node fresh-danfo-lake-step.mjs <lake-dir> <rows> <entry>. Reads <rows> rows of the lake, 2024's first
// (every column, as an analyst loading the table would) into a danfo DataFrame through gasframes'
// toFrame(), then answers the scenario's two questions with danfo. Prints one JSON line; running out of
// heap kills the process, which the driver (fresh-danfo-lake.mjs) records as the failure.
import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";

const require = createRequire(import.meta.url);
const { report } = require("./fresh-report.cjs");
const [dir, rowsText, entry] = process.argv.slice(2);
const gf = require(entry);
const VIEW = "natgas_v4_productionbywell";
const GAS = "prod_wet_gas_mcf_month";

const t0 = performance.now();
const lake = await gf.openLake(dir);
// 2024's rows first, so the top-20 question has its year whenever N covers it.
const result = await lake.query(`SELECT * FROM ${VIEW} ORDER BY month BETWEEN '2024-01' AND '2024-12' DESC, month LIMIT ${Number(rowsText)}`);
lake.close();
const df = result.toFrame();
const loadMs = performance.now() - t0;

const t1 = performance.now();
const byRegion = df.groupby(["month", "region_natgas"]).agg({ [GAS]: "sum" });
const regionMs = performance.now() - t1;

const t2 = performance.now();
const in2024 = df.loc({ rows: df["month"].values.map((m) => m >= "2024-01" && m <= "2024-12") });
let top = [];
if (in2024.shape[0] > 0) {
  const byOperator = in2024.groupby(["operator"]).agg({ [GAS]: "sum" });
  top = byOperator.sortValues(`${GAS}_sum`, { ascending: false }).head(20)["operator"].values;
}
const topMs = performance.now() - t2;
report({ rows: df.shape[0], groups: byRegion.shape[0], top1: top[0] ?? null, loadMs: Math.round(loadMs), regionMs: Math.round(regionMs), topMs: Math.round(topMs) });
