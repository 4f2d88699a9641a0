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

/** The last whole year of the plan's lake: the date-filter query reads its twelve months. */
const yearOf = (plan) => String(Number(plan.to.slice(0, 4)) - 1);
/** A year's gas by region, filtered on the date column (date_prod), not on the month partition. */
export const yearSql = (from) => `SELECT region_natgas, sum(prod_wet_gas_mcf_month) AS gas_mcf FROM ${from} WHERE date_prod BETWEEN '__Y__-01-01' AND '__Y__-12-31' GROUP BY ALL ORDER BY ALL`;
/** Pruned must take at most this share of the unpruned time. */
export const PRUNED_SHARE_TARGET = 0.33;

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
    pruned: {
      label: "a date filter over one year: openLake's planned read (12 month files) against every file read (read_parquet over the folder)",
      async setup(ctx) {
        const plan = await ensureLake(ctx.size);
        const lake = await gasframes().openLake(plan.dir);
        return { lake, plan };
      },
      async run({ lake, plan }) {
        const year = yearOf(plan);
        const all = `read_parquet('${join(plan.dir, "natgas", "v4", "productionbywell", "month=*", "*.parquet")}', hive_partitioning = true, hive_types = {'month': VARCHAR})`;
        const timed = async (sql) => {
          const t0 = performance.now();
          const answer = await lake.query(sql);
          return { answer, ms: performance.now() - t0 };
        };
        // One untimed round (DuckDB's first query, the page cache), then three alternated rounds: the median of each.
        const times = { pruned: [], unpruned: [] };
        let pruned;
        let unpruned;
        for (let round = 0; round < 4; round++) {
          const p = await timed(yearSql(VIEW).replace(/__Y__/g, year));
          const u = await timed(yearSql(all).replace(/__Y__/g, year));
          pruned = p.answer;
          unpruned = u.answer;
          if (round > 0) {
            times.pruned.push(p.ms);
            times.unpruned.push(u.ms);
          }
        }
        lake.close();
        const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
        const sum = (r) => Math.round(r.rows().reduce((s, x) => s + Number(x.gas_mcf), 0));
        const prunedMs = Math.round(median(times.pruned) * 10) / 10;
        const unprunedMs = Math.round(median(times.unpruned) * 10) / 10;
        const share = Math.round((100 * prunedMs) / Math.max(1, unprunedMs)) / 100;
        return {
          year,
          prunedMs,
          unprunedMs,
          prunedShare: share,
          prunedShareMargin: `${share <= PRUNED_SHARE_TARGET ? "+" : ""}${Math.round(100 * (PRUNED_SHARE_TARGET / Math.max(share, 0.01) - 1))}%`,
          sameAnswer: sum(pruned) === sum(unpruned) && pruned.length === unpruned.length,
        };
      },
    },
    danfo: {
      label: "danfo: N rows of the lake (2024 first) in a DataFrame (toFrame), default heap, N doubled from 250,000 until out of memory or whole",
      // Shown for information, and one run of it takes 40 s to 10 minutes (as far as the free memory lets
      // it double): once per bench, not three times.
      once: true,
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
    { label: "date filter over a year: pruned read, ms", check: "prunedMs", variant: "pruned", info: true, median: true },
    { label: "date filter over a year: every file read, ms", check: "unprunedMs", variant: "pruned", info: true, median: true },
    { label: "pruned / unpruned time <= 0.33 (issue 30: 6 files of 974 were 5-7x faster)", check: "prunedShare", variant: "pruned", max: PRUNED_SHARE_TARGET, median: true },
    { label: "pruned share: margin under 0.33", check: "prunedShareMargin", variant: "pruned", info: true },
    { label: "pruned and unpruned give the same groups and total", check: "sameAnswer", variant: "pruned", equals: true },
    { label: "danfo: most rows held (default heap)", check: "heldRows", variant: "danfo", info: true },
    { label: "danfo: failed (out of memory, or not started for want of memory) at rows", check: "failedAtRows", variant: "danfo", info: true },
    { label: "danfo: why", check: "failure", variant: "danfo", info: true },
    { label: "danfo: monthly gas by region at the rows held, ms", check: "regionMs", variant: "danfo", info: true },
    { label: "danfo: top 20 operators at the rows held, ms", check: "topMs", variant: "danfo", info: true },
  ],
};
