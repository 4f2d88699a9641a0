// The first chart of a fresh notebook, and its parts, each in a fresh process (issue 32):
//   node bench/lib/fresh-first-chart.mjs <script|kernel|notebook> <entry>
// `script`: require gasframes, connect() to a sandbox started in the process, a 100,000-row v3 query, a
// monthly rollup and a chart shown (show() renders the bundle, SVG included, and prints its text form).
// `kernel`: a tslab kernel started through gasframes' kernel client and one trivial cell run in it.
// `notebook`: a tslab kernel started and the script's code run as its first cell, until the chart's
// display_data arrives on the kernel's iopub channel: what a user waits for after opening the notebook.
// Each reports its own time from process start to the moment its answer exists (not to exit).
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";

const require = createRequire(import.meta.url);
const { report } = require("./fresh-report.cjs");
const [mode, entry] = process.argv.slice(2);

/** Six months of v4 well production from the bench's fixed sandbox: about 100,000 rows (the count is reported). */
export const FIRST_CHART_CODE = (entryPath) => `
const gf = require(${JSON.stringify(entryPath)});
const conn = await gf.connect({ sandbox: { asOf: "2025-06-01", seed: 1 } });
const result = await conn.natgas.v4.productionByWell({ date_prod_min: "2024-12-01", date_prod_max: "2025-05-31" });
const monthly = gf.rollup(result, { by: ["date_prod", "region_natgas"], measures: ["prod_wet_gas_mcf_day"] });
await gf.show(gf.productionChart(monthly, { value: "prod_wet_gas_mcf_day", by: "region_natgas" }));
globalThis.__firstChartRows = result.length;
await gf.closeSharedSandbox();
`;

const VEGA_LITE = "application/vnd.vegalite.v5+json";

/** gasframes' kernel client and the bundled tslab kernelspec, from the build under test. */
function kernelParts() {
  const dist = dirname(entry);
  const { KernelClient } = require(join(dist, "notebook", "kernel", "kernel-client.js"));
  const { bundledTslabSpec } = require(join(dist, "notebook", "kernel", "kernel-spec.js"));
  return { KernelClient, spec: bundledTslabSpec() };
}

/** CPU time of this process and of its children that have ended (the kernel, after shutdown): Linux's /proc. */
function cpuWithChildrenMs() {
  const own = process.cpuUsage();
  try {
    const fields = readFileSync("/proc/self/stat", "utf8").replace(/^.*\) /, "").split(" ");
    // Fields 16 and 17 of stat (cutime, cstime), counted after the command name: indexes 13 and 14 here.
    const ticks = Number(fields[13]) + Number(fields[14]);
    return (own.user + own.system) / 1000 + (ticks * 1000) / 100;
  } catch {
    return undefined;
  }
}

if (mode === "script") {
  const AsyncFunction = (async () => {}).constructor;
  // The stdout of show() (the chart's text form) goes to stderr so that the report stays the last line.
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => process.stderr.write(chunk, ...rest);
  await new AsyncFunction("require", FIRST_CHART_CODE(entry))(require);
  const ms = performance.now();
  process.stdout.write = write;
  report({ rows: globalThis.__firstChartRows, chart: true }, { ms });
} else if (mode === "kernel" || mode === "notebook") {
  const { KernelClient, spec } = kernelParts();
  const kernel = await KernelClient.start(spec, { env: { ...process.env, GASFRAMES_TOKEN: "" } });
  let ms;
  let chart = false;
  let errors = "";
  try {
    const code = mode === "kernel" ? "1 + 1" : FIRST_CHART_CODE(entry);
    const reply = await kernel.execute(code, (m) => {
      const type = m.header?.msg_type;
      if ((type === "display_data" || type === "execute_result") && m.content?.data?.[VEGA_LITE] !== undefined && ms === undefined) {
        ms = performance.now();
        chart = true;
      }
      if (type === "stream" && m.content?.name === "stderr") errors += m.content.text;
      if (type === "error") errors += `${m.content?.ename}: ${m.content?.evalue}`;
    });
    if (reply.status !== "ok") throw new Error(`bench: the cell ended ${reply.status}: ${errors.slice(0, 400)}`);
    ms ??= performance.now();
    if (mode === "notebook" && !chart) throw new Error(`bench: no chart arrived from the kernel: ${errors.slice(0, 400)}`);
  } finally {
    await kernel.shutdown();
  }
  report({ chart }, { ms, cpuMs: cpuWithChildrenMs() });
} else {
  throw new Error(`bench: fresh-first-chart mode must be script, kernel or notebook, not ${mode}`);
}
