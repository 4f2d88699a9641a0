// Scenario 1: v3 paginated production rows fetched into a Result and rolled up by month and region,
// against the raw transfer of the same pages and a naive client.
import { columnValues, gasframes, internal, rowCount, warmDanfo } from "../lib/gasframes.mjs";
import { loadUndici, postPage, rawTransferV3 } from "../lib/raw-v3.mjs";

export const MEASURES = ["gas_daily", "gas_monthly", "oil_daily", "oil_monthly", "water_daily", "water_monthly"];

/** Whether this build's analysis functions read a Result's columns (probed on a two-row Result). */
function takesResults(gf) {
  let columnsFromRecords;
  try {
    columnsFromRecords = internal("columnsFromRecords", "table/columns-from-records.js");
  } catch {
    return false;
  }
  if (typeof gf.Result?.fromColumns !== "function" || typeof columnsFromRecords !== "function") return false;
  const rows = [{ date: "2024-01-01", region: "west", gas_daily: 1 }, { date: "2024-01-01", region: "west", gas_daily: 2 }];
  const meta = { service: "natgas", apiVersion: "v3", endpoint: "probe", method: "POST", url: "", params: {}, fetchedAt: "", pages: 1, rows: 2, bytes: 0, attempts: 1, durationMs: 0, fromCache: false, requestIds: [] };
  const probe = gf.Result.fromColumns(columnsFromRecords(rows), meta);
  try {
    gf.rollup(probe, { by: ["date", "region"], measures: ["gas_daily"] });
    return probe.isColumnar;
  } catch {
    return false;
  }
}

/**
 * Loads, before the clock, the HTTP client this build loads at its first request (module loading is set-up,
 * as for every variant): gasframes' own client (src/http/wire-request.ts) when the build has one, else
 * undici's request alone (src/http/undici-request.ts), else all of undici, as older builds did. Loading
 * undici for a build that never uses it charged its modules (about 1.3 MB of RSS) to the variant's peak.
 */
async function loadTransport() {
  let own;
  try {
    own = internal("wireRequest", "http/wire-request.js");
  } catch {
    own = undefined;
  }
  if (typeof own === "function" && process.env.GASFRAMES_HTTP !== "undici") return;
  let lean;
  try {
    lean = internal("usesLeanRequest", "http/undici-request.js");
  } catch {
    lean = undefined;
  }
  if (typeof lean === "function") lean();
  else await loadUndici();
}

/** Sum of gas_monthly over all groups and the group count: both sides must agree. */
export function checkOf(groups, gasMonthly) {
  return { groups, gas_monthly: Math.round(gasMonthly) };
}

export const v3Paged = {
  id: "v3",
  title: "1. v3 paginated 1M production rows -> Result -> rollup month x region",
  rows: (meta) => meta.v3.rows,
  variants: {
    raw: {
      label: "raw transfer (bytes only, 4 pages at a time)",
      async setup(ctx) {
        await loadUndici();
        return ctx;
      },
      run: (ctx) => rawTransferV3(ctx.url, ctx.meta.v3),
    },
    naive: {
      label: "naive client (pages in turn, JSON.parse, plain loops)",
      async setup(ctx) {
        await loadUndici();
        return ctx;
      },
      async run(ctx) {
        const records = [];
        let start = 0;
        let total = Infinity;
        while (start < total) {
          const page = JSON.parse(await (await postPage(ctx.url, ctx.meta.v3.query, start)).text());
          for (const r of page.data) records.push(r);
          total = page.pagination.total_count;
          start += page.pagination.page_size;
        }
        const groups = new Map();
        for (const r of records) {
          const key = `${r.date}|${r.region}`;
          let g = groups.get(key);
          if (g === undefined) {
            g = { date: r.date, region: r.region, count: 0 };
            for (const m of MEASURES) g[m] = 0;
            groups.set(key, g);
          }
          g.count++;
          for (const m of MEASURES) if (r[m] !== null) g[m] += r[m];
        }
        const out = [...groups.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.region < b.region ? -1 : 1));
        return checkOf(out.length, out.reduce((s, g) => s + g.gas_monthly, 0));
      },
    },
    gasframes: {
      label: "gasframes: NatGasClient v3 -> Result -> rollup",
      async setup(ctx) {
        const gf = gasframes();
        await loadTransport();
        const columnar = takesResults(gf);
        // rollup of a Result needs no danfo, and a user's fetch-and-rollup never loads it (its 100 MB were
        // in this variant's peak RSS before); a build whose rollup builds a frame gets it loaded here.
        if (!columnar) warmDanfo(gf);
        return { ctx, gf, client: new gf.NatGasClient({ baseUrl: ctx.url, token: "bench", progress: false, warn: () => {} }), takesResults: columnar };
      },
      async run({ ctx, gf, client, takesResults }) {
        const result = await client.v3.productionByCountyAndOperator(ctx.meta.v3.query);
        // A column-backed Result goes to rollup as it is (no row objects); otherwise its records do.
        const input = takesResults ? result : result.records;
        const frame = gf.rollup(input, { by: ["date", "region"], measures: MEASURES });
        const gas = columnValues(frame, "gas_monthly").reduce((s, x) => s + x, 0);
        return { ...checkOf(rowCount(frame), gas), path: result.isColumnar === true && takesResults ? "columns" : "records" };
      },
    },
  },
  targets: [
    // Issue 32: at the speed of the wire (the raw transfer of the same bytes), in a quarter of the naive
    // client's memory (the earlier targets were 3x raw, 0.6x naive and 0.5x naive's peak).
    { label: "time <= 1.5x raw transfer", measure: "ms", variant: "gasframes", reference: "raw", max: 1.5 },
    { label: "time <= 0.6x naive", measure: "ms", variant: "gasframes", reference: "naive", max: 0.6 },
    { label: "peak RSS <= 0.4x naive", measure: "rssMB", variant: "gasframes", reference: "naive", max: 0.4 },
  ],
  agree: ["naive", "gasframes"],
  agreeOn: ["groups", "gas_monthly"],
};
