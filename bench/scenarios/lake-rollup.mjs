// Scenario (issue 19): rollup over a lake dataset, the group-by pushed into DuckDB, against the
// in-memory rollup of the same rows read back with lake.query. The lake is the lake-sync scenario's
// plan at 5% of its size (1,000,000 well-month rows at --size 1), kept in bench/results/lake-<size>/,
// so the in-memory side fits node's default heap; it is synced before any clock when missing.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { gasframes } from "../lib/gasframes.mjs";
import { emptyLake, lakeClient, lakePlan, syncLake } from "../lib/lake-plan.mjs";

const RESULTS = join(import.meta.dirname, "..", "results");
const VIEW = "natgas_v4_productionbywell";
/** Of the lake-sync lake's rows: 1,000,000 at --size 1. */
const SHARE = 0.05;
/** Monthly gas by region: a volume summed, a daily rate averaged over each month's dates. */
const OPTIONS = { by: ["region_natgas", { column: "date_prod", freq: "month" }], measures: ["prod_wet_gas_mcf_month", "prod_wet_gas_mcf_day"] };
const COLUMNS = ["region_natgas", "date_prod", "prod_wet_gas_mcf_month", "prod_wet_gas_mcf_day"];

/** The lake (synced first when missing), opened. */
async function openPlanLake(size) {
  const plan = lakePlan(size * SHARE, RESULTS);
  if (!existsSync(join(plan.dir, "natgas", "v4", "productionbywell", "_manifest.json"))) {
    await emptyLake(plan);
    const { client, sandbox } = await lakeClient(plan);
    await syncLake(plan, client);
    sandbox.close();
  }
  return { plan, lake: await gasframes().openLake(plan.dir) };
}

/** What both sides must agree on: the groups and the total gas, rounded. */
function summary(table) {
  const gas = table.column("prod_wet_gas_mcf_month").reduce((s, v) => s + (v ?? 0), 0);
  return { groups: table.length, gasMcf: Math.round(gas) };
}

export const lakeRollupScenario = {
  id: "lake-rollup",
  title: "lake: rollup region x month over a lake dataset (DuckDB) vs in memory on the same rows",
  rows: () => undefined,
  needsData: false,
  variants: {
    duckdb: {
      label: "rollup(lake.dataset(view), options): the group-by in DuckDB",
      setup: (ctx) => openPlanLake(ctx.size),
      async run({ plan, lake }) {
        const out = await gasframes().rollup(lake.dataset(VIEW), OPTIONS);
        lake.close();
        return { rows: plan.rows, ...summary(out) };
      },
    },
    memory: {
      label: "rollup(rows, options) on the rows lake.query read back (4 columns), the read timed too",
      setup: (ctx) => openPlanLake(ctx.size),
      async run({ plan, lake }) {
        const t0 = performance.now();
        const rows = await lake.query(`SELECT ${COLUMNS.join(", ")} FROM ${VIEW}`);
        const t1 = performance.now();
        const out = gasframes().rollup(rows, OPTIONS);
        const t2 = performance.now();
        lake.close();
        return { rows: plan.rows, ...summary(out), readMs: Math.round(t1 - t0), rollupMs: Math.round(t2 - t1) };
      },
    },
  },
  targets: [
    { label: "time <= 0.5x reading the rows and rolling them up in memory", measure: "ms", variant: "duckdb", reference: "memory", max: 0.5 },
    { label: "peak RSS <= 0.75x in memory", measure: "rssMB", variant: "duckdb", reference: "memory", max: 0.75 },
    { label: "lake rows", check: "rows", variant: "duckdb", info: true },
    { label: "in memory: reading the rows, ms", check: "readMs", variant: "memory", info: true, median: true },
    { label: "in memory: the rollup alone, ms", check: "rollupMs", variant: "memory", info: true, median: true },
  ],
  agree: ["duckdb", "memory"],
  agreeOn: ["rows", "groups", "gasMcf"],
};
