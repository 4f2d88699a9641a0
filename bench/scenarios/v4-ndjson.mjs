// Scenario 2: a v4 NDJSON answer of 1M rows consumed as a stream into columns, against the raw
// transfer of the same bytes.
import { request } from "undici";
import { gasframes } from "../lib/gasframes.mjs";
import { V4_PATH } from "../lib/prepare.mjs";

export const v4Ndjson = {
  id: "ndjson",
  title: "2. v4 NDJSON 1M rows streamed into columns",
  rows: (meta) => meta.v4.rows,
  variants: {
    raw: {
      label: "raw transfer (bytes only)",
      setup: (ctx) => ctx,
      async run(ctx) {
        const res = await request(ctx.url + V4_PATH, {
          method: "POST",
          headers: { "content-type": "application/json", accept: "application/x-ndjson", access_key: "bench" },
          body: JSON.stringify(ctx.meta.v4.query),
        });
        let bytes = 0;
        for await (const c of res.body) bytes += c.length;
        return { bytes };
      },
    },
    gasframes: {
      label: "gasframes: NatGasClient v4 productionByWell, NDJSON streamed into columns",
      setup(ctx) {
        const gf = gasframes();
        return { ctx, gf, client: new gf.NatGasClient({ baseUrl: ctx.url, token: "bench", progress: false, warn: () => {} }) };
      },
      async run({ ctx, client }) {
        const result = await client.v4.productionByWell(ctx.meta.v4.query, { ndjson: true });
        return { rows: result.length, path: result.isColumnar === true ? "columns" : "records" };
      },
    },
  },
  targets: [
    { label: "peak RSS < 300 MB", measure: "rssMB", variant: "gasframes", absolute: 300 },
    { label: "time <= 4x raw transfer", measure: "ms", variant: "gasframes", reference: "raw", max: 4 },
  ],
};
