// One cold run end to end in a fresh process, what a user's script or a fresh kernel pays:
// node bench/lib/fresh-cold.mjs <raw|gasframes> <context-json> <entry>. `gasframes`: require the
// package, fetch the v3 answer into a Result, roll it up by date x region, exit. `raw`: the same
// pages' bytes only. The parent times the process from spawn to exit.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { report } = require("./fresh-report.cjs");
const [mode, contextJson, entry] = process.argv.slice(2);
const ctx = JSON.parse(contextJson);
const MEASURES = ["gas_daily", "gas_monthly", "oil_daily", "oil_monthly", "water_daily", "water_monthly"];

if (mode === "raw") {
  // Imported here so that the gasframes run loads undici only through gasframes.
  const { rawTransferV3 } = await import("./raw-v3.mjs");
  report(await rawTransferV3(ctx.url, ctx.meta.v3));
} else {
  const gf = require(entry);
  const client = new gf.NatGasClient({ baseUrl: ctx.url, token: "bench", progress: false, warn: () => {} });
  const result = await client.v3.productionByCountyAndOperator(ctx.meta.v3.query);
  const out = gf.rollup(result, { by: ["date", "region"], measures: MEASURES });
  const gas = out.column("gas_monthly").reduce((s, x) => s + (x ?? 0), 0);
  report({ groups: out.length, gas_monthly: Math.round(gas), rows: result.length, path: result.isColumnar ? "columns" : "records" });
}
// No process.exit(): the process ends by itself, as a user's script does (parse workers and sockets let it).
