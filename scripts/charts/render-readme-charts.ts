/**
 * Renders the README's chart images (docs/images/charts/*.png) from the embedded sandbox's data, with the
 * package's own builders: `node scripts/charts/run-ts.cjs scripts/charts/render-readme-charts.ts`.
 * The sandbox is deterministic (seed 1, asOf 2024-06-01), so re-running gives the same pictures.
 */
import { mkdirSync } from "node:fs";
import { request } from "node:http";
import { join, resolve } from "node:path";
import { deriveVoyages, resampleFlows } from "../../src/analysis";
import { weeklyActivity } from "../../src/analysis";
import { activityChart, flowsChart, forecastChart, mapChart, productionChart, save, voyagesChart, type VegaLiteSpec } from "../../src/plot";
import { startSandbox } from "../../src/sandbox";

type Row = Record<string, unknown>;
const OUT = resolve(__dirname, "../../docs/images/charts");
const TOKEN = "readme-demo-token";

/** One POST on a fresh connection (an idle kept-alive socket may be closed by the server while rendering). */
function post(url: string, body: unknown): Promise<unknown> {
  return new Promise((resolvePost, reject) => {
    const payload = JSON.stringify(body);
    const req = request(url, { method: "POST", agent: false, headers: { "content-type": "application/json", "Access-Key": TOKEN, "content-length": Buffer.byteLength(payload) } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("error", reject);
      res.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        if (res.statusCode !== 200) reject(new Error(`${url}: HTTP ${res.statusCode} ${text.slice(0, 300)}`));
        else resolvePost(JSON.parse(text));
      });
    });
    req.on("error", reject);
    req.end(payload);
  });
}

/** Every page of a v3 endpoint (the envelope's pagination), so no chart is drawn from a partial result. */
async function v3(base: string, endpoint: string, body: Row): Promise<Row[]> {
  const rows: Row[] = [];
  for (;;) {
    const page = (await post(`${base}/v3/${endpoint}`, { ...body, pagination: { start: rows.length } })) as { data: Row[]; pagination?: { total_count: number } };
    rows.push(...page.data);
    if (page.pagination === undefined || page.data.length === 0 || rows.length >= page.pagination.total_count) return rows;
  }
}

async function main(): Promise<void> {
  mkdirSync(OUT, { recursive: true });
  const sandbox = await startSandbox({ seed: 1, asOf: "2024-06-01" });
  const charts: Record<string, VegaLiteSpec> = {};
  try {
    const flows: Row[] = [];
    for (const country of ["Japan", "China", "Germany"]) {
      const rows = (await post(`${sandbox.lngUrl}/v1/volume_flows`, {
        destination_countries: [country],
        from_timestamp: "2024-01-01T00:00:00Z",
        to_timestamp: "2024-08-31T00:00:00Z",
      })) as Row[];
      flows.push(...rows.map((r) => ({ ...r, destination_country: country })));
    }
    const weekly = resampleFlows(flows, { freq: "week", by: "destination_country" });
    charts["flows-weekly"] = flowsChart(weekly, { by: "destination_country", title: "LNG flows by destination country, weekly" });
    charts["flows-daily"] = flowsChart(flows.filter((r) => r.destination_country === "Japan"), { title: "LNG flows to Japan, daily" });

    const production = await v3(sandbox.natgasUrl, "productionbycountyandoperator", { aggregate_by: ["region"], start_date: "2022-01-01" });
    charts.production = productionChart(production);

    const region = "Permian";
    // One quantity for all three families: v3 `gas_daily` (BCF/day), the actuals from v3 production summed by
    // region. Not v4 productionbywell: that is wet gas in MCF/day (8% above v3 gas_daily in the sandbox).
    const produced = await v3(sandbox.natgasUrl, "productionbycountyandoperator", { aggregate_by: ["region"], region: [region], start_date: "2023-06-01" });
    const actual = produced.map((r) => ({ date: r.date, region: r.aggregate_by_filter_value, gas_daily: r.gas_daily }));
    const forecast = await v3(sandbox.natgasUrl, "shorttermforecast", { aggregate_by: ["region"], region: [region] });
    const backcast: Row[] = [];
    for (const run of ["2023-10-15", "2024-01-15", "2024-04-15"]) {
      backcast.push(...(await v3(sandbox.natgasUrl, "shorttermforecasthistory", { aggregate_by: ["region"], forecast_run_date: run })));
    }
    charts.forecast = forecastChart(
      { actual, forecast, backcast },
      { region, title: `Permian gas: short-term forecast vs backcasts vs actual` },
    );

    const rigs = await v3(sandbox.natgasUrl, "rigs", { start_date: "2024-03-04", end_date: "2024-05-26", region: ["Permian", "Haynesville", "Appalachia"] });
    charts.rigs = activityChart(weeklyActivity(rigs, { by: "region" }), { title: "Rigs per week by region" });
    const completionsWindow = { start_date: "2024-01-01", end_date: "2024-05-31" };
    const completions = await v3(sandbox.natgasUrl, "completions", completionsWindow);
    charts.completions = activityChart(weeklyActivity(completions, { kind: "completions", by: "completion_class", window: completionsWindow }), { title: "Completions per week" });
    const feet = await v3(sandbox.natgasUrl, "dailyfrackedfeet", { start_date: "2024-03-01", end_date: "2024-05-31", region: ["Permian"] });
    charts["fracked-feet"] = activityChart(weeklyActivity(feet, { by: "sub_region" }), { title: "Fracked feet per day, Permian" });

    const rigsOneDay = await v3(sandbox.natgasUrl, "rigs", { start_date: "2024-05-01", end_date: "2024-05-01" });
    charts.map = mapChart(rigsOneDay, { color: "rig_class", title: "Rigs on 2024-05-01" });

    const vessels = (await post(`${sandbox.lngUrl}/v1/vessels`, {})) as Row[];
    const imos = vessels.slice(0, 8).map((v) => v.imo);
    const transactions = (await post(`${sandbox.lngUrl}/v1/transactions`, { imos, from_timestamp: "2024-01-01T00:00:00Z", to_timestamp: "2024-06-01T00:00:00Z" })) as Row[];
    charts.voyages = voyagesChart(deriveVoyages(transactions), { title: "Voyages of eight vessels, 2024" });
  } finally {
    await sandbox.close();
  }
  for (const [name, spec] of Object.entries(charts)) {
    const path = await save(spec, join(OUT, `${name}.png`), { scale: 1.5 });
    process.stdout.write(`${path}\n`);
  }
}

main().catch((e: unknown) => {
  process.stderr.write(`${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n${e instanceof Error && e.cause ? String(e.cause) : ""}\n`);
  process.exit(1);
});
