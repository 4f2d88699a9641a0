// require("gasframes") is what every notebook's first cell pays: it loads no heavy dependency. danfo,
// vega, resvg and DuckDB load with the feature that needs them, undici on the first request, the sandbox
// on its first start, node:http and node:worker_threads on first use, and the root's lake, notebook, plot
// and doctor modules when one of their exports is first read. The built package (dist/; `npm test`
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
    wire: has(/dist\\/http\\/wire-request\\.js$/),
    sandbox: has(/dist\\/sandbox\\//),
    http: builtin("http"),
    workerThreads: builtin("worker_threads"),
    // The root's own lake, notebook, plot and doctor modules (scripts/lazy-root.mjs); analysis needs the
    // lake's source type only (lake-source.js).
    lake: has(/dist\\/lake\\/(?!lake-source\\.js)/),
    notebook: has(/dist\\/notebook\\//),
    plot: has(/dist\\/plot\\//),
    doctor: has(/dist\\/doctor\\//),
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
  // Each loads when one of its exports is first read, and is the module's own (the same function).
  const firstUse = [typeof gf.openLake, typeof gf.show, typeof gf.runNotebooks, typeof gf.doctor];
  const afterUse = loaded();
  const same = gf.openLake === require(${JSON.stringify(join(root, "dist", "lake", "index.js"))}).openLake;
  console.log(JSON.stringify({ atRequire, afterStart, afterRequest, firstUse, afterUse, same }));
})();
`;

describe('require("gasframes")', () => {
  it("loads no heavy dependency, no HTTP client, no sandbox, none of its lake, notebook, plot and doctor modules; each loads on first use", async () => {
    const file = join(dir, "probe.js");
    writeFileSync(file, SCRIPT);
    const res = await runNode([file], { cwd: dir });
    expect(res.code, res.stderr).toBe(0);
    const { atRequire, afterStart, afterRequest, firstUse, afterUse, same } = JSON.parse(res.stdout.trim().split("\n").pop()!) as Record<string, Record<string, boolean>>;
    expect(atRequire).toEqual({
      danfo: false,
      tensorflow: false,
      vega: false,
      resvg: false,
      duckdb: false,
      undici: false,
      wire: false,
      sandbox: false,
      http: false,
      workerThreads: false,
      lake: false,
      notebook: false,
      plot: false,
      doctor: false,
    });
    // The probe sees them when they are loaded (so the false above means something).
    expect(afterStart).toMatchObject({ sandbox: true, http: true, undici: false, wire: false });
    // The request went through gasframes' own HTTP client (wire-request.ts): undici is not even loaded.
    expect(afterRequest).toMatchObject({ wire: true, undici: false, workerThreads: true, danfo: false, vega: false, lake: false, notebook: false, plot: false, doctor: false });
    expect(firstUse).toEqual(["function", "function", "function", "function"]);
    expect(afterUse).toMatchObject({ lake: true, notebook: true, plot: true, doctor: true, vega: false, duckdb: false });
    expect(same).toBe(true);
  }, budget(240_000));
});

describe("scripts/lazy-root.mjs", () => {
  it("rewrites only the root's shape it knows, and refuses a variable used outside an export getter", async () => {
    // @ts-expect-error: a plain ES module of the build, without types
    const { lazyRoot, LAZY_MODULES } = (await import("../../scripts/lazy-root.mjs")) as { lazyRoot: (t: string) => string; LAZY_MODULES: string[] };
    const getter = (v: string, name: string) => `Object.defineProperty(exports, "${name}", { enumerable: true, get: function () { return ${v}.${name}; } });`;
    const root = ['"use strict";', ...LAZY_MODULES.flatMap((m, i) => [`var m_${i} = require("${m}");`, getter(`m_${i}`, `f${i}`)]), ""].join("\n");
    const out = lazyRoot(root);
    for (let i = 0; i < LAZY_MODULES.length; i++) expect(out).toContain(`var m_${i} = __gasframesLazy(() => require("${LAZY_MODULES[i]}"));`);
    expect(out).not.toMatch(/= require\(/);
    expect(out.split("\n")).toHaveLength(root.split("\n").length); // every line keeps its number
    expect(lazyRoot(out)).toBe(out); // an incremental build's kept file
    expect(() => lazyRoot(`${root}m_0.f0();\n`)).toThrow(/m_0 \(\.\/lake\) is used 1 time\(s\) outside an export getter/);
    expect(() => lazyRoot(root.replace(`var m_2 = require("./plot");`, `const m_2 = require("./plot");`))).toThrow(/no longer requires \.\/plot/);
  });
});
