// A plain script ends by itself when its work is done: the sandbox that connect() or startSandbox()
// starts in the process, the parse workers, keep-alive connections and timers must not hold it, with
// or without closeSharedSandbox() / sandbox.close(). Each script runs in a child process against the
// built package, imported by name as a user imports it (`npm test` builds first). The safety time-out
// only kills a script that hangs; a hung script fails the test.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SAFETY_TIMEOUT_MS, mapLimit, runNode, type ScriptRun } from "../helpers/run-script";

const root = join(__dirname, "..", "..");

/**
 * Parse workers are used for bodies of 256 KB and more (on a machine of more than two cores, or when
 * `GASFRAMES_PARSE_WORKERS` asks for them); the script prints the pool's size to prove it.
 */
const POOL = `import { createRequire } from "node:module";
// An internal file, which the package's exports map closes to users: required by its path in the checkout.
const poolSize = () => createRequire(process.cwd() + "/")("./dist/decode/columnar/parse-pool.js").sharedParsePool().size;`;

const scripts: { name: string; code: string; cjs?: boolean; env?: Record<string, string>; expect: RegExp }[] = [
  {
    // As README.md has it (a frame built with danfo, and its exit, is readme-blocks' natural-gas.md:13).
    name: "the README's first example, without closeSharedSandbox()",
    code: `import { connect } from "gasframes";
const { natgas, lng } = await connect();
const rigs = await natgas.v3.rigs({ region: "west", start_date: "2024-01-01", aggregate_by: ["date"] });
console.log(rigs.length, rigs.names);
for (const row of rigs.sortBy("date").rows().slice(0, 3)) console.log(row.date, row.rigs_count);
console.log("rows", rigs.length);`,
    expect: /rows \d+/,
  },
  {
    name: "the same, with closeSharedSandbox()",
    code: `import { connect, closeSharedSandbox } from "gasframes";
const { natgas } = await connect();
const rigs = await natgas.v3.rigs({ region: "west", start_date: "2024-01-01", aggregate_by: ["date"] });
console.log("rows", rigs.length);
await closeSharedSandbox();`,
    expect: /rows \d+/,
  },
  {
    name: "a large LNG answer (transactions of 2023-2024, seed 13, asOf 2024-06-30), sandbox closed",
    code: `import { LngClient, startSandbox } from "gasframes";
${POOL}
const sandbox = await startSandbox({ seed: 13, asOf: "2024-06-30" });
const lng = new LngClient({ baseUrl: sandbox.lngUrl, token: "demo" });
const txs = await lng.transactions({ from_timestamp: "2023-01-01", to_timestamp: "2025-01-01" });
const flows = await lng.volumeFlows({ from_timestamp: "2023-01-01", to_timestamp: "2025-01-01" });
console.log("rows", txs.length, flows.length, "workers", poolSize());
await sandbox.close();`,
    expect: /rows \d+ \d+ workers \d/,
  },
  {
    name: "pages parsed on the worker threads, sandbox never closed",
    code: `import { NatGasClient, startSandbox } from "gasframes";
${POOL}
const sandbox = await startSandbox({ asOf: "2025-06-01" });
const ng = NatGasClient.forSandbox(sandbox);
const prod = await ng.v3.productionByCountyAndOperator({ state_code: ["TX"], start_date: "2024-01-01" });
console.log("rows", prod.length, "workers", poolSize());`,
    // A worker whatever the cores (two or fewer have none by default): it must not hold the process.
    env: { GASFRAMES_PARSE_WORKERS: "1" },
    expect: /rows \d+ workers [1-9]/,
  },
  {
    name: "a stream left early, an error caught, and connect() in a CommonJS script",
    cjs: true,
    code: `const { connect, InvalidParamsError } = require("gasframes");
(async () => {
  const { natgas, lng } = await connect({ progress: false, deadlineMs: 600_000 }); // a deadline timer must not outlive its call
  let batches = 0;
  for await (const batch of lng.stream.transactions({ from_timestamp: "2023-01-01" }, { batchSize: 100 })) if (++batches === 2) break;
  try {
    await natgas.v3.rigs({ regoin: "west" });
  } catch (err) {
    console.log("refused", err instanceof InvalidParamsError, "batches", batches);
  }
})();`,
    expect: /refused true batches 2/,
  },
];

describe("scripts end by themselves", () => {
  it("every script exits with code 0, unforced", async () => {
    const runs = await mapLimit(scripts, 2, (s) =>
      runNode(s.cjs ? ["-e", s.code] : ["--input-type=module", "-e", s.code], { cwd: root, env: { GASFRAMES_PROGRESS: "off", ...s.env } }),
    );
    const outcome = (r: ScriptRun) => (r.hung ? "HUNG: killed by the safety time-out" : `exit ${r.code}${r.signal ? ` ${r.signal}` : ""}`);
    const failed = runs.flatMap((r, i) => (r.hung || r.code !== 0 ? [`${scripts[i]!.name}: ${outcome(r)}\n${r.stderr.slice(-1500)}`] : []));
    expect(runs.map((r, i) => `${scripts[i]!.name}: ${outcome(r)}`), failed.join("\n\n")).toEqual(scripts.map((s) => `${s.name}: exit 0`));
    for (const [i, run] of runs.entries()) expect(run.stdout).toMatch(scripts[i]!.expect);
    // Vitest's own limit lies past every safety time-out, so a hung script is reported as one.
  }, SAFETY_TIMEOUT_MS * Math.ceil(scripts.length / 2) + 60_000);
});
