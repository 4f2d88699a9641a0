// A cold run's timeline (issue 32, ninth round): node bench/lib/tl-cold.mjs <context-json> <entry>, with
// the replay server of bench/lib/v3-memory-serve.mjs. Prints ms since the process's time origin at each
// step (required, fetched, rolled, exit; with TL_PAGES=1 also when 1, 5, 10 and 50 pages were in, by a
// progress sink) and the process's CPU ms. What the ninth round's A/B runs compared (toP10 = p10 - required).
import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const t = () => Math.round(performance.now());
const marks = { start: t() };
const [contextJson, entry] = process.argv.slice(2);
const ctx = JSON.parse(contextJson);
const gf = require(entry);
marks.required = t();
const pageAt = {};
const sink = { update(p) { for (const k of [1, 5, 10, 50]) if (p.pages >= k && pageAt["p" + k] === undefined) pageAt["p" + k] = t(); }, done() {} };
const client = new gf.NatGasClient({ baseUrl: ctx.url, token: "bench", progress: process.env.TL_PAGES ? sink : false, warn: () => {} });
const result = await client.v3.productionByCountyAndOperator(ctx.meta.v3.query);
marks.fetched = t();
const out = gf.rollup(result, { by: ["date", "region"], measures: ["gas_daily", "gas_monthly", "oil_daily", "oil_monthly", "water_daily", "water_monthly"] });
marks.rolled = t();
process.on("exit", () => { marks.exit = t(); const c = process.cpuUsage(); console.log(JSON.stringify({ ...marks, ...pageAt, cpu: Math.round((c.user + c.system) / 1000) })); });
