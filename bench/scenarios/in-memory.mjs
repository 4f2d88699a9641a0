// Scenarios 3-6: frames, rollup, resampling, voyages and charts on data held in memory.
import { columnValues, gasframes, internal, rowCount, warmDanfo } from "../lib/gasframes.mjs";
import { flowRecords, productionRecords, transactionRecords } from "../lib/records.mjs";
import { naiveResample, naiveVoyages } from "./naive-lng.mjs";

const MEASURES = ["gas_daily", "gas_monthly", "oil_daily", "oil_monthly", "water_daily", "water_monthly"];
const FLOW_BY = ["origin_country", "destination_country"];
const schemaOf = (gf) => gf.NATGAS_V3.productionByCountyAndOperator.record;
const sumOf = (values) => values.reduce((s, x) => (Number.isNaN(x) || x === null ? s : s + x), 0);
const round = (x) => Math.round(x * 1e6) / 1e6;

export const toFrameScenario = {
  id: "toframe",
  title: "3. toFrame of 1M production records vs new dfd.DataFrame(records)",
  rows: (meta) => meta.v3.rows,
  variants: {
    danfo: {
      label: "new dfd.DataFrame(records)",
      async setup(ctx) {
        const gf = gasframes();
        return { dfd: warmDanfo(gf), records: await productionRecords(ctx.dir) };
      },
      run: ({ dfd, records }) => ({ shape: new dfd.DataFrame(records).shape }),
    },
    gasframes: {
      label: "gasframes toFrame(records, schema)",
      async setup(ctx) {
        const gf = gasframes();
        warmDanfo(gf);
        return { gf, records: await productionRecords(ctx.dir) };
      },
      run: ({ gf, records }) => ({ shape: gf.toFrame(records, schemaOf(gf)).shape }),
    },
    shown: {
      label: "gasframes toFrame(records, schema), then head(5) (pays the rows toFrame leaves to the first read)",
      async setup(ctx) {
        const gf = gasframes();
        warmDanfo(gf);
        return { gf, records: await productionRecords(ctx.dir) };
      },
      run: ({ gf, records }) => {
        const frame = gf.toFrame(records, schemaOf(gf));
        return { shape: frame.shape, head: frame.head(5).shape };
      },
    },
    result: {
      label: "gasframes Result.toFrame() (a Result held as columns, as the client gives it)",
      async setup(ctx) {
        const gf = gasframes();
        warmDanfo(gf);
        const columns = internal("columnsFromRecords", "table/columns-from-records.js")(await productionRecords(ctx.dir));
        return { result: gf.Result.fromColumns(columns, { endpoint: "bench" }, schemaOf(gf)) };
      },
      run: ({ result }) => ({ shape: result.toFrame().shape }),
    },
  },
  targets: [
    { label: "time <= 0.3x danfo", measure: "ms", variant: "gasframes", reference: "danfo", max: 0.3 },
    { label: "Result.toFrame() time <= 0.3x danfo", measure: "ms", variant: "result", reference: "danfo", max: 0.3 },
    { label: "toFrame then head(5) time <= 0.3x danfo", measure: "ms", variant: "shown", reference: "danfo", max: 0.3 },
  ],
};

export async function productionFrame(ctx) {
  const gf = gasframes();
  warmDanfo(gf);
  const frame = gf.toFrame(await productionRecords(ctx.dir), schemaOf(gf));
  // toFrame leaves danfo's rows and plain column arrays to be made when first read: they are made here,
  // before the clock, so that danfo's groupby (reads the rows) and rollup (reads columns) are timed on
  // the frame as they were before.
  void frame.values;
  for (const column of frame.getColumnData) void column.length;
  return { gf, frame };
}

export const rollupScenario = {
  id: "rollup",
  title: "4. rollup month x region on 1M rows vs danfo groupby().agg()",
  rows: (meta) => meta.v3.rows,
  variants: {
    danfo: {
      label: "danfo frame.groupby([date, region]).agg(sum)",
      setup: productionFrame,
      run({ frame }) {
        const out = frame.groupby(["date", "region"]).agg(Object.fromEntries(MEASURES.map((m) => [m, "sum"])));
        // danfo sums int32 columns in int32 (gas_monthly totals overflow), so only the groups are compared.
        return { groups: out.shape[0] };
      },
    },
    gasframes: {
      label: "gasframes rollup(frame, { by: [date, region] })",
      setup: productionFrame,
      run({ gf, frame }) {
        const out = gf.rollup(frame, { by: ["date", "region"], measures: MEASURES });
        return { groups: rowCount(out) };
      },
    },
  },
  targets: [{ label: "time <= 0.1x danfo", measure: "ms", variant: "gasframes", reference: "danfo", max: 0.1 }],
  agree: ["danfo", "gasframes"],
};

export const resampleScenario = {
  id: "resample",
  title: "5a. resampleFlows weekly + monthly, 1M daily rows, 1,000 by-keys",
  rows: () => undefined,
  variants: {
    straightforward: {
      label: "straightforward (Date objects, object maps)",
      setup: (ctx) => ({ records: flowRecords(ctx.rows) }),
      run({ records }) {
        const week = naiveResample(records, "week", FLOW_BY);
        const month = naiveResample(records, "month", FLOW_BY);
        return { weeks: week.length, months: month.length, volume: round(sumOf(month.map((r) => r.volume))) };
      },
    },
    gasframes: {
      label: "gasframes resampleFlows (week, month)",
      setup: (ctx) => {
        // No danfo: resampleFlows reads records and returns a Table (danfo's heap would only slow the collector).
        const gf = gasframes();
        return { gf, records: flowRecords(ctx.rows) };
      },
      run({ gf, records }) {
        const week = gf.resampleFlows(records, { freq: "week", by: FLOW_BY });
        const month = gf.resampleFlows(records, { freq: "month", by: FLOW_BY });
        return { weeks: rowCount(week), months: rowCount(month), volume: round(sumOf(columnValues(month, "volume"))) };
      },
    },
  },
  targets: [{ label: "time <= 0.3x straightforward", measure: "ms", variant: "gasframes", reference: "straightforward", max: 0.3 }],
  agree: ["straightforward", "gasframes"],
};

export const voyagesScenario = {
  id: "voyages",
  title: "5b. deriveVoyages on 200,000 transactions",
  rows: () => undefined,
  variants: {
    straightforward: {
      label: "straightforward (Date objects, object maps)",
      setup: (ctx) => ({ records: transactionRecords(Math.round(ctx.rows / 5)) }),
      run({ records }) {
        const legs = naiveVoyages(records);
        return { legs: legs.length, volume: round(sumOf(legs.map((l) => l.volume))) };
      },
    },
    gasframes: {
      label: "gasframes deriveVoyages",
      setup: (ctx) => {
        // No danfo: deriveVoyages reads records and returns a Table.
        const gf = gasframes();
        return { gf, records: transactionRecords(Math.round(ctx.rows / 5)) };
      },
      run({ gf, records }) {
        const legs = gf.deriveVoyages(records);
        return { legs: rowCount(legs), volume: round(sumOf(columnValues(legs, "volume"))) };
      },
    },
  },
  targets: [{ label: "time <= 0.3x straightforward", measure: "ms", variant: "gasframes", reference: "straightforward", max: 0.3 }],
  agree: ["straightforward", "gasframes"],
};

export const svgScenario = {
  id: "svg",
  title: "6. toSvg of a 10,000-point flows chart",
  rows: () => 10_000,
  variants: {
    gasframes: {
      label: "gasframes toSvg(flowsChart(...)), 10 lines x 1,000 days",
      setup: () => {
        const gf = gasframes();
        return { gf, records: flowRecords(10_000) };
      },
      async run({ gf, records }) {
        const svg = await gf.toSvg(gf.flowsChart(records, { by: "destination_country" }));
        return { svgBytes: svg.length };
      },
    },
  },
  targets: [],
};
