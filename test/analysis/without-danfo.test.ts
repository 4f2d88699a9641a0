// rollup, resampleFlows, deriveVoyages and fleetSummary read columns and records, never a danfo frame:
// they work in a process where danfojs-node cannot be loaded at all, and do not load it where it can.
// The built package (dist/, `npm test` builds first) runs in a child process against the sandbox, with a
// preloaded hook that makes `require("danfojs-node")` fail; toFrame() is then called to show the hook bites.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runNode } from "../helpers/run-script";
import { budget } from "../helpers/budget";

const root = join(__dirname, "..", "..");
const dir = mkdtempSync(join(tmpdir(), "gasframes-without-danfo-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Preloaded with -r: any require of danfojs-node (or a file in it) throws as if it were not installed. */
const BLOCK = `
const Module = require("node:module");
const load = Module._load;
Module._load = function (request, ...rest) {
  if (/^danfojs-node(\\/|$)/.test(request)) {
    const e = new Error("Cannot find module '" + request + "' (blocked by the test)");
    e.code = "MODULE_NOT_FOUND";
    throw e;
  }
  return load.call(this, request, ...rest);
};
`;

/** The four analysis functions on real client Results from the sandbox; then toFrame(), which must fail. */
const SCRIPT = (call: string) => `
const gf = require(${JSON.stringify(join(root, "dist", "index.js"))});
(async () => {
  const sandbox = await gf.startSandbox({ seed: 2, asOf: "2024-06-15" });
  const out = {};
  try {
    const ng = gf.NatGasClient.forSandbox(sandbox, { progress: false });
    const lng = new gf.LngClient({ baseUrl: sandbox.lngUrl, token: "demo", progress: false });
    const production = await ng.v3.productionByCountyAndOperator({ start_date: "2024-01-01" });
    const flows = await lng.volumeFlows({ from_timestamp: "2024-01-01", to_timestamp: "2024-04-01" });
    const txs = await lng.transactions({ from_timestamp: "2023-01-01" });
    const vessels = await lng.vessels();
    out.columnar = production.isColumnar;
    out.rollup = gf.rollup(production, { by: ["date", "region"], measures: ["gas_daily"] }).length;
    out.week = gf.resampleFlows(flows, { freq: "week" }).length;
    out.month = gf.resampleFlows(flows, { freq: "month" }).length;
    out.legs = gf.deriveVoyages(txs).length;
    out.fleet = gf.fleetSummary(vessels).lng_fleet_size;
    out.danfoLoaded = Object.keys(require.cache).some((k) => k.includes("danfojs-node"));
    ${call}
  } catch (e) {
    out.error = e.name + ": " + e.message.slice(0, 300);
  } finally {
    await sandbox.close();
  }
  console.log(JSON.stringify(out));
})();
`;

async function run(call: string, blocked: boolean): Promise<Record<string, unknown>> {
  const file = join(dir, `script-${blocked ? "blocked" : "open"}-${call ? "frame" : "plain"}.js`);
  writeFileSync(join(dir, "block.js"), BLOCK);
  writeFileSync(file, SCRIPT(call));
  const args = blocked ? ["-r", join(dir, "block.js"), file] : [file];
  // The two processes ask the sandbox the same questions: they share one answer folder (as a user may set
  // it, docs/sandbox.md), so the second reads the answers the first generated (the same bytes) and only
  // the analysis functions and the loading of modules, which the tests are about, run twice.
  const res = await runNode(args, { cwd: dir, env: { GASFRAMES_SANDBOX_ANSWER_CACHE: join(dir, "answers") } });
  expect(res.hung, res.stderr).toBe(false);
  expect(res.code, res.stderr).toBe(0);
  return JSON.parse(res.stdout.trim().split("\n").pop()!) as Record<string, unknown>;
}

describe("analysis without danfo", () => {
  // One blocked process for the first claim and the last: toFrame() is called after the analysis functions
  // have given their answers (and danfoLoaded was read), and its failure is caught on its own.
  let blocked: Promise<Record<string, unknown>>;
  const blockedRun = () =>
    (blocked ??= run(
      "try { out.frame = gf.rollup(production, { by: ['date', 'region'], measures: ['gas_daily'] }).toFrame().shape; } catch (e) { out.frameError = e.name + ': ' + e.message.slice(0, 300); }",
      true,
    ));

  it("rollup, resampleFlows, deriveVoyages and fleetSummary work where danfojs-node cannot load", async () => {
    const out = await blockedRun();
    expect(out.error).toBeUndefined();
    expect(out.columnar).toBe(true);
    expect(out.rollup).toBeGreaterThan(10);
    expect(out.week).toBeGreaterThan(out.month as number);
    expect(out.month).toBeGreaterThan(0);
    expect(out.legs).toBeGreaterThan(10);
    expect(out.fleet).toBeGreaterThan(10);
    expect(out.danfoLoaded).toBe(false);
  }, budget(240_000));

  it("do not load danfojs-node where it is installed", async () => {
    const out = await run("", false);
    expect(out.error).toBeUndefined();
    expect(out.rollup).toBeGreaterThan(10);
    expect(out.danfoLoaded).toBe(false);
  }, budget(240_000));

  it("the block bites: toFrame() in the same process fails naming danfojs-node", async () => {
    const out = await blockedRun();
    expect(out.frame).toBeUndefined();
    expect(out.frameError).toMatch(/^MissingDependencyError: .*danfojs-node/);
  }, budget(240_000));
});
