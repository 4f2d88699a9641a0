// Scenario (issue 19): the sandbox's own speed at v4 productionByWell NDJSON, the answer a lake sync
// reads month after month. The sandbox runs in a process of its own; a raw client (undici, counting
// line ends, no parsing) reads the stream, so the figure is the sandbox's rows per second over HTTP.
import { request } from "undici";
import { startSandboxChild } from "../lib/sandbox-child.mjs";

/** The sandbox's scale-knob query (docs/sandbox.md): 995,639 rows for seed 1, 2019-04 to 2024-12. */
const FULL_MONTHS = 69;
const LAST_DAY = "2024-12-31";
const AS_OF = "2025-06-01";

/** The query at a size: the last round(69 x size) months of the full range (at least one). */
export function ndjsonQuery(size) {
  const months = Math.max(1, Math.round(FULL_MONTHS * size));
  const first = new Date(Date.UTC(2024, 11 - (months - 1), 1)).toISOString().slice(0, 10);
  return { date_prod_min: first, date_prod_max: LAST_DAY };
}

/** Reads one NDJSON answer, counting rows (line ends) and bytes. */
async function readRows(url, query) {
  const res = await request(`${url}/v4/productionbywell`, {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/x-ndjson", access_key: "bench" },
    body: JSON.stringify(query),
  });
  if (res.statusCode !== 200) throw new Error(`bench: sandbox answered ${res.statusCode}: ${await res.body.text()}`);
  let rows = 0;
  let bytes = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows++;
  }
  return { rows, bytes };
}

export const sandboxNdjsonScenario = {
  id: "sandbox-ndjson",
  title: "sandbox v4 productionByWell NDJSON over HTTP, raw client (sandbox in its own process)",
  rows: () => undefined,
  needsData: false,
  variants: {
    raw: {
      label: "raw client: undici, line ends counted",
      async setup(ctx) {
        const sandbox = await startSandboxChild(1, AS_OF);
        // The well catalogue and December 2024's scale tables are built on first use: not part of the rate.
        // The other months' tables are: the timed answer is a fresh sandbox's first wide one
        // (docs/performance.md, "Sandbox NDJSON: ... seventeenth round").
        await readRows(sandbox.url, { date_prod_min: "2024-12-01", date_prod_max: LAST_DAY });
        return { ctx, sandbox };
      },
      async run({ ctx, sandbox }) {
        const cpu0 = await sandbox.cpuMs();
        const t0 = performance.now();
        const { rows, bytes } = await readRows(sandbox.url, ndjsonQuery(ctx.size));
        const seconds = (performance.now() - t0) / 1000;
        // The sandbox's own CPU time for the answer: what a machine busy with other work distorts least.
        const serverCpuSeconds = ((await sandbox.cpuMs()) - cpu0) / 1000;
        return { rows, MB: Math.round(bytes / 1e5) / 10, rowsPerSecond: Math.round(rows / seconds), rowsPerServerCpuSecond: Math.round(rows / serverCpuSeconds) };
      },
    },
  },
  targets: [
    { label: "rows/s >= 1,000,000", check: "rowsPerSecond", variant: "raw", min: 1_000_000, median: true },
    { label: "rows per second of the sandbox's CPU time", check: "rowsPerServerCpuSecond", variant: "raw", info: true, median: true },
  ],
};
