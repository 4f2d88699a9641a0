// The first rollup on a fresh Result, in a fresh process (what a notebook cell right after the fetch
// pays, V8 compiling the hot loops included), against danfo's groupby on a frame of the same rows.
import { gasframes, rowCount } from "../lib/gasframes.mjs";
import { productionFrame } from "./in-memory.mjs";
import { MEASURES } from "./v3-paged.mjs";

export const firstRollupScenario = {
  id: "first-rollup",
  title: "9. first rollup month x region on a fresh 1M-row Result vs danfo groupby().agg()",
  rows: (meta) => meta.v3.rows,
  variants: {
    danfo: {
      label: "danfo frame.groupby([date, region]).agg(sum) (frame of the same rows)",
      setup: productionFrame,
      run({ frame }) {
        const out = frame.groupby(["date", "region"]).agg(Object.fromEntries(MEASURES.map((m) => [m, "sum"])));
        return { groups: out.shape[0] };
      },
    },
    gasframes: {
      label: "gasframes rollup(result), the process's first call, on the client's Result",
      async setup(ctx) {
        // No danfo, no warm-up: the Result exactly as the client hands it over.
        const gf = gasframes();
        const client = new gf.NatGasClient({ baseUrl: ctx.url, token: "bench", progress: false, warn: () => {} });
        return { gf, result: await client.v3.productionByCountyAndOperator(ctx.meta.v3.query) };
      },
      run({ gf, result }) {
        const out = gf.rollup(result, { by: ["date", "region"], measures: MEASURES });
        return { groups: rowCount(out), path: result.isColumnar ? "columns" : "records" };
      },
    },
  },
  targets: [{ label: "time <= 0.05x danfo", measure: "ms", variant: "gasframes", reference: "danfo", max: 0.05 }],
  agree: ["danfo", "gasframes"],
  agreeOn: ["groups"],
};
