// Scenario (issue 19): questions over the whole lake of the lake-sync scenario (20,000,000 rows at full
// size), answered by openLake (DuckDB over the Parquet files) and, for comparison, by danfo holding as
// many of the rows as it can in a process with node's default heap (bench/lib/fresh-danfo-lake.mjs).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { gasframes, entry } from "../lib/gasframes.mjs";
import { emptyLake, lakeClient, lakePlan, syncLake } from "../lib/lake-plan.mjs";

const RESULTS = join(import.meta.dirname, "..", "results");
const VIEW = "natgas_v4_productionbywell";

/** Monthly (wet) gas by region over every row. */
export const REGION_MONTHS_SQL = `SELECT month, region_natgas, sum(prod_wet_gas_mcf_month) AS gas_mcf FROM ${VIEW} GROUP BY ALL ORDER BY ALL`;
/** The 20 operators with the most 2024 gas. */
export const TOP_OPERATORS_SQL = `SELECT operator, sum(prod_wet_gas_mcf_month) AS gas_mcf FROM ${VIEW} WHERE month BETWEEN '2024-01' AND '2024-12' GROUP BY operator ORDER BY gas_mcf DESC LIMIT 20`;

/** The plan's lake, synced first (before any clock) when lake-sync has not left it. */
async function ensureLake(size) {
  const plan = lakePlan(size, RESULTS);
  if (!existsSync(join(plan.dir, "natgas", "v4", "productionbywell", "_manifest.json"))) {
    await emptyLake(plan);
    const { client, sandbox } = await lakeClient(plan);
    await syncLake(plan, client);
    sandbox.close();
  }
  return plan;
}

export const lakeQueryScenario = {
  id: "lake-query",
  title: "lake: monthly gas by region over every row, and the top 20 operators of 2024",
  rows: () => undefined,
  needsData: false,
  variants: {
    duckdb: {
      label: "gasframes openLake (DuckDB over the Parquet files), each query timed",
      async setup(ctx) {
        const plan = await ensureLake(ctx.size);
        const lake = await gasframes().openLake(plan.dir);
        return { lake };
      },
      async run({ lake }) {
        const t0 = performance.now();
        const byRegion = await lake.query(REGION_MONTHS_SQL);
        const t1 = performance.now();
        const top = await lake.query(TOP_OPERATORS_SQL);
        const t2 = performance.now();
        const rows = (await lake.query(`SELECT count(*) AS n FROM ${VIEW}`)).get(0).n;
        lake.close();
        return { rows: Number(rows), groups: byRegion.length, top1: top.length ? top.get(0).operator : null, regionMs: Math.round(t1 - t0), topMs: Math.round(t2 - t1) };
      },
    },
    danfo: {
      label: "danfo: N rows of the lake (2024 first) in a DataFrame (toFrame), default heap, N doubled from 250,000 until out of memory or whole",
      fresh: (ctx) => {
        const plan = lakePlan(ctx.size, RESULTS);
        return [join(import.meta.dirname, "..", "lib", "fresh-danfo-lake.mjs"), plan.dir, String(plan.rows), entry()];
      },
    },
  },
  targets: [
    { label: "monthly gas by region, all rows: < 2 s", check: "regionMs", variant: "duckdb", max: 2000, median: true },
    { label: "top 20 operators of 2024: < 2 s", check: "topMs", variant: "duckdb", max: 2000, median: true },
    { label: "lake rows", check: "rows", variant: "duckdb", info: true },
    { label: "danfo: most rows held (default heap)", check: "heldRows", variant: "danfo", info: true },
    { label: "danfo: failed (out of memory, or not started for want of memory) at rows", check: "failedAtRows", variant: "danfo", info: true },
    { label: "danfo: why", check: "failure", variant: "danfo", info: true },
    { label: "danfo: monthly gas by region at the rows held, ms", check: "regionMs", variant: "danfo", info: true },
    { label: "danfo: top 20 operators at the rows held, ms", check: "topMs", variant: "danfo", info: true },
  ],
};
