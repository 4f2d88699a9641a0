// require("gasframes") is what every notebook's first cell pays: it loads no heavy dependency. danfo,
// vega, resvg and DuckDB load with the feature that needs them, undici on the first request, the sandbox
// on its first start, node:http and node:worker_threads on first use. The built package (dist/; `npm test`
// builds first) is required in a child process, which reports what it loaded before and after a request.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { budget } from "../helpers/budget";
import { runNode } from "../helpers/run-script";

const root = join(__dirname, "..", "..");
const dir = mkdtempSync(join(tmpdir(), "gasframes-lazy-require-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SCRIPT = `
const loaded = () => {
  const files = Object.keys(require.cache);
  const has = (re) => files.some((f) => re.test(f));
  // process.moduleLoadList names the built-in modules loaded so far ("NativeModule http").
  const builtin = (name) => process.moduleLoadList.includes("NativeModule " + name);
  return {
    danfo: has(/node_modules\\/danfojs-node\\//),
    tensorflow: has(/node_modules\\/@tensorflow\\//),
    vega: has(/node_modules\\/vega(-lite)?\\//),
    resvg: has(/node_modules\\/@resvg\\//),
    duckdb: has(/node_modules\\/@?duckdb/),
    undici: has(/node_modules\\/undici\\//),
    sandbox: has(/dist\\/sandbox\\//),
    http: builtin("http"),
    workerThreads: builtin("worker_threads"),
  };
};
const gf = require(${JSON.stringify(join(root, "dist", "index.js"))});
const atRequire = loaded();
(async () => {
  const sandbox = await gf.startSandbox({ seed: 1, asOf: "2024-06-15" });
  const afterStart = loaded();
  const ng = gf.NatGasClient.forSandbox(sandbox, { progress: false });
  await ng.v3.productionByCountyAndOperator({ start_date: "2024-05-01" });
  const afterRequest = loaded();
  await sandbox.close();
  console.log(JSON.stringify({ atRequire, afterStart, afterRequest }));
})();
`;

describe('require("gasframes")', () => {
  it("loads no heavy dependency, no HTTP client, no sandbox; each loads on first use", async () => {
    const file = join(dir, "probe.js");
    writeFileSync(file, SCRIPT);
    const res = await runNode([file], { cwd: dir });
    expect(res.code, res.stderr).toBe(0);
    const { atRequire, afterStart, afterRequest } = JSON.parse(res.stdout.trim().split("\n").pop()!) as Record<string, Record<string, boolean>>;
    expect(atRequire).toEqual({
      danfo: false,
      tensorflow: false,
      vega: false,
      resvg: false,
      duckdb: false,
      undici: false,
      sandbox: false,
      http: false,
      workerThreads: false,
    });
    // The probe sees them when they are loaded (so the false above means something).
    expect(afterStart).toMatchObject({ sandbox: true, http: true, undici: false });
    expect(afterRequest).toMatchObject({ undici: true, workerThreads: true, danfo: false, vega: false });
  }, budget(240_000));
});
