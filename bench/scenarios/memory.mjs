// What a million-row Result of the v3 production schema holds: heap and off-heap bytes (typed arrays)
// it keeps alive, per cell (rows x fields), measured after full garbage collections.
import { gasframes } from "../lib/gasframes.mjs";

/** Bytes held on the heap and off it (ArrayBuffers are in `external`) once the garbage is collected. */
function heldBytes() {
  globalThis.gc();
  globalThis.gc();
  const m = process.memoryUsage();
  return m.heapUsed + m.external;
}

/**
 * Fetches and lets go. In a function of its own: an awaited value left in the caller's frame (V8 keeps
 * it in a register of the suspended function) would stay alive and hide the second Result's bytes.
 */
async function rowsOfFetch(client, query) {
  const result = await client.v3.productionByCountyAndOperator(query);
  return result.length;
}

export const memoryScenario = {
  id: "memory",
  title: "10. memory held by a 1M-row v3 production Result",
  rows: (meta) => meta.v3.rows,
  variants: {
    gasframes: {
      label: "gasframes NatGasClient v3 -> Result (columns), bytes held per cell",
      setup(ctx) {
        const gf = gasframes();
        const client = new gf.NatGasClient({ baseUrl: ctx.url, token: "bench", progress: false, warn: () => {} });
        return { ctx, client, keep: [] };
      },
      async run({ ctx, client, keep }) {
        // A first call, dropped, loads the transport and parser code, so that only the Result is counted.
        await rowsOfFetch(client, ctx.meta.v3.query);
        const before = heldBytes();
        const result = await client.v3.productionByCountyAndOperator(ctx.meta.v3.query);
        keep.push(result);
        const held = heldBytes() - before;
        const cells = result.length * result.names.length;
        return { rows: result.length, fields: result.names.length, heldMB: Math.round(held / 1048576), bytesPerCell: Math.round((held / cells) * 100) / 100 };
      },
    },
  },
  targets: [{ label: "<= 10 bytes per cell", check: "bytesPerCell", variant: "gasframes", max: 10 }],
};
