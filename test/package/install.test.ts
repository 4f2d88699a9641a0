// gasframes installed as a user installs it: the package is built and packed, the tarball is installed
// into a new project with no overrides, and a user's script there connects to the sandbox, downloads,
// rolls up and renders a chart, and checks its numbers against the service's own aggregation. Then danfo
// is set up exactly as docs/installing.md says, and toFrame() must work.
// No network: every install is `npm install --offline`, from npm's cache, which `npm ci` of this
// repository fills with the same packages (the registry's tarballs, byte for byte). The test is skipped,
// saying so, only when a package is not in that cache (npm's ENOTCACHED). `npm audit` needs the registry's
// advisory service, so its test runs only when GASFRAMES_TEST_NPM_AUDIT=1 asks for that one call out.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { removeLater } from "../helpers/remove-later";
import { runNode } from "../helpers/run-script";
import { docsOverrides } from "./installing-doc";

const root = join(__dirname, "..", "..");
/** Installs are slow on a busy machine: a time-out only stops a hung step, it measures nothing. */
const STEP_MS = 15 * 60_000;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command in `cwd` with npm's and gasframes' variables of this process removed. */
function run(command: string, args: readonly string[], cwd: string, timeoutMs = STEP_MS): Promise<Run> {
  const env: NodeJS.ProcessEnv = {};
  // Under `npm test`, npm_config_* (local prefix, user agent...) would point npm at this repository.
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k) && !/^GASFRAMES_/.test(k)) env[k] = v;
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.on("error", (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** `npm install --offline` of `specs` in `cwd`: from npm's cache only, never the network. */
function installOffline(specs: readonly string[], cwd: string): Promise<Run> {
  return run("npm", ["install", "--offline", "--no-audit", "--no-fund", ...specs], cwd);
}

/** The install failed only because a package is not in npm's cache. */
function notCached(r: Run): boolean {
  return r.code !== 0 && /ENOTCACHED/.test(r.stdout + r.stderr);
}

function notCachedReason(r: Run): string {
  const why = r.stderr.trim().split("\n").slice(-2).join(" ");
  return `a package is not in npm's cache, and this test installs offline (node scripts/warm-install-cache.mjs fills it; bash .ci/run does): ${why}`;
}

function expectOk(r: Run, what: string): void {
  if (r.code !== 0) throw new Error(`${what} exited ${r.code}\n${r.stderr.slice(-3000)}\n${r.stdout.slice(-2000)}`);
}

/** Every package under `modules` whose package.json has a preinstall, install or postinstall script, or a binding.gyp. */
function packagesWithInstallScripts(modules: string): string[] {
  const found: string[] = [];
  const visit = (dir: string): void => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      if (name.startsWith(".")) continue;
      const path = join(dir, name);
      if (name.startsWith("@")) {
        visit(path);
        continue;
      }
      const manifest = join(path, "package.json");
      if (!existsSync(manifest)) continue;
      const scripts = (JSON.parse(readFileSync(manifest, "utf8")) as { scripts?: Record<string, string> }).scripts ?? {};
      const hooks = ["preinstall", "install", "postinstall"].filter((k) => scripts[k] !== undefined);
      if (existsSync(join(path, "binding.gyp"))) hooks.push("binding.gyp");
      if (hooks.length > 0) found.push(`${path.slice(modules.length + 1)} (${hooks.join(", ")})`);
      visit(join(path, "node_modules"));
    }
  };
  visit(modules);
  return found;
}

/** True when dist/ holds a build at least as new as every file of src/ and the build's configuration. */
function buildIsCurrent(): boolean {
  const built = join(root, "dist", "index.js");
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  let newest = Math.max(statSync(join(root, "tsconfig.json")).mtimeMs, statSync(join(root, "tsconfig.build.json")).mtimeMs);
  const visit = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) visit(join(dir, e.name));
      else newest = Math.max(newest, statSync(join(dir, e.name)).mtimeMs);
    }
  };
  visit(join(root, "src"));
  return builtAt >= newest;
}

/** The last line of a script's output, as JSON. */
function lastJson(out: string): Record<string, unknown> {
  return JSON.parse(out.trim().split("\n").at(-1)!) as Record<string, unknown>;
}

// The user's script. It is written against the table contract of issue #15: rollup returns a gasframes
// Table (rows(), length, toFrame()), and a chart takes a Table like any other input.
const USER_SCRIPT = String.raw`
const g = require("gasframes");
(async () => {
  const { natgas, target } = await g.connect({ sandbox: true });
  const query = { region: "west", start_date: "2024-01-01", end_date: "2024-01-31" };
  const rigs = await natgas.v3.rigs(query);                      // one record per rig and day
  const rolled = g.rollup(rigs, { by: ["date", "county"], countAs: "rigs_count" });
  const rows = rolled.rows();
  // The service's own grouping of the same query: the same groups with the same counts.
  const service = await natgas.v3.rigs({ ...query, aggregate_by: ["county"] });
  const key = (r) => r.date + "|" + r.county;
  const ours = new Map(rows.map((r) => [key(r), r.rigs_count]));
  const theirs = new Map(service.records.map((r) => [key(r), r.rigs_count]));
  const mismatches = [...new Set([...ours.keys(), ...theirs.keys()])]
    .filter((k) => ours.get(k) !== theirs.get(k))
    .map((k) => k + ": rollup " + ours.get(k) + ", service " + theirs.get(k));
  // A chart of the rolled-up table, rendered to SVG, and the same chart of the service's rows.
  const svg = await g.toSvg(g.activityChart(g.weeklyActivity(rolled)));
  const serviceSvg = await g.toSvg(g.activityChart(g.weeklyActivity(service)));
  let frame = null;
  try {
    frame = { shape: rigs.toFrame().shape, rolledShape: rolled.toFrame().shape };
  } catch (e) {
    frame = { error: e.name, missing: e instanceof g.MissingDependencyError, code: e.code, packageName: e.packageName, message: e.message };
  }
  // The polars view in the same process (the polars test's "before" state, without a process of its own).
  let polars;
  try {
    const df = rigs.toPolars();
    polars = { height: df.height, hasCounty: df.columns.includes("county") };
  } catch (e) {
    polars = { error: e.name, packageName: e.packageName, install: e.install, ...(e.installed ? { message: e.message } : {}) };
  }
  console.log(JSON.stringify({
    target,
    records: rigs.records.length,
    groups: rolled.length,
    rows: rows.length,
    total: rows.reduce((s, r) => s + r.rigs_count, 0),
    serviceGroups: service.records.length,
    mismatches: mismatches.slice(0, 5),
    svg: { start: svg.slice(0, 5), length: svg.length, sameAsService: svg === serviceSvg, weekStartingAxis: svg.includes("Week starting") },
    frame,
    polars,
  }));
})().catch((e) => {
  console.error((e && e.stack) || e);
  process.exit(1);
});
`;

let work: string;
/**
 * The scripts' environment. Their four runs ask the sandbox the same questions (west's rigs of January 2024,
 * and its county grouping), so they share one answer folder (GASFRAMES_SANDBOX_ANSWER_CACHE, as a user may
 * set it): the first run generates and stores the answers, the next three read them, and every run still
 * starts the installed package's sandbox and checks the numbers it gets.
 */
const scriptEnv = (): Record<string, string> => ({ CI: "1", GASFRAMES_SANDBOX_ANSWER_CACHE: join(work, "answers") });
let project: string;
/** Why the install cannot run here (a package missing from npm's cache), or undefined. */
let unreachable: string | undefined;
/** The audit's one call to the registry, asked for by hand (see the header). */
const AUDIT = process.env.GASFRAMES_TEST_NPM_AUDIT === "1";
/** What `npm install` of the tarball printed. */
let installOutput = "";
/** `npm audit --omit=dev --json` in the project, started once gasframes is installed. */
let audited: Promise<Run> | undefined;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "gasframes-install-"));
  // Packed from a staging copy, so this repository's dist/ (which other test files read) is left alone.
  // `npm test` has just built dist/: it is copied. A dist/ older than a source (a file run on its own
  // after an edit) is not what the sources make, so the staging copy is built afresh then.
  const stage = join(work, "stage");
  mkdirSync(stage);
  for (const f of ["package.json", "README.md", "LICENSE"]) if (existsSync(join(root, f))) cpSync(join(root, f), join(stage, f));
  for (const folder of ["assets", "docs"]) if (existsSync(join(root, folder))) cpSync(join(root, folder), join(stage, folder), { recursive: true });
  if (buildIsCurrent()) cpSync(join(root, "dist"), join(stage, "dist"), { recursive: true });
  else {
    const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
    expectOk(await run(process.execPath, [tsc, "-p", join(root, "tsconfig.build.json"), "--outDir", join(stage, "dist")], root), "tsc");
  }
  // --ignore-scripts: `prepare` (build, then link the repository to itself) is this repository's own.
  expectOk(await run("npm", ["pack", "--ignore-scripts", "--pack-destination", work], stage), "npm pack");
  project = join(work, "project");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "a-users-project", version: "1.0.0", private: true }, null, 2));
  const install = await installOffline([join(work, "gasframes-0.1.0.tgz")], project);
  if (notCached(install)) {
    unreachable = notCachedReason(install);
    console.warn(`install test skipped: ${unreachable}`);
    return;
  }
  expectOk(install, "npm install gasframes-0.1.0.tgz (no overrides)");
  installOutput = install.stdout + install.stderr;
  // The audit of what was just installed waits on the registry's advisory service for seconds: it runs
  // beside the user's script (which changes nothing in node_modules), and its test takes its answer.
  if (AUDIT) {
    audited = run("npm", ["audit", "--omit=dev", "--json"], project);
    audited.catch(() => undefined); // a failure to start npm is the audit test's, when it awaits this
  }
}, STEP_MS * 2);

afterAll(() => {
  // Hundreds of megabytes once danfo is in, removed in a process of its own (test/helpers/remove-later.ts).
  if (work) removeLater(work);
});

describe("gasframes installed from its tarball into a new project with no overrides", () => {
  it("installs without danfojs-node, tslab or zeromq, and with no install script anywhere in the tree", (ctx) => {
    if (unreachable) ctx.skip(unreachable);
    const modules = join(project, "node_modules");
    expect(existsSync(join(modules, "gasframes", "dist", "index.js"))).toBe(true);
    expect(existsSync(join(modules, "gasframes", "src"))).toBe(false);
    for (const name of ["danfojs-node", "@tensorflow", "xlsx", "tslab", "zeromq"]) expect(existsSync(join(modules, name)), name).toBe(false);
    // No install script: nothing is downloaded or compiled, whether npm runs install scripts or not.
    expect(packagesWithInstallScripts(modules)).toEqual([]);
    expect((JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as { overrides?: unknown }).overrides).toBeUndefined();
    // Not even `prepare`, which npm 11 runs (and asks allowScripts about) for a tarball or git install.
    const scripts = (JSON.parse(readFileSync(join(modules, "gasframes", "package.json"), "utf8")) as { scripts?: Record<string, string> }).scripts ?? {};
    expect(Object.keys(scripts).filter((k) => /^(pre|post)?(install|prepare)$/.test(k))).toEqual([]);
    expect(installOutput).not.toMatch(/allowScripts|install scripts? not/i);
  });

  it("ships the docs its README and its errors point at, and no source map naming unshipped sources", (ctx) => {
    if (unreachable) ctx.skip(unreachable);
    const installed = join(project, "node_modules", "gasframes");
    expect(existsSync(join(installed, "docs", "installing.md"))).toBe(true);
    const readme = readFileSync(join(installed, "README.md"), "utf8");
    for (const m of readme.matchAll(/\]\((docs\/[^)#\s]+)/g)) expect(existsSync(join(installed, m[1]!)), m[1]).toBe(true);
    const maps: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        if (e.isDirectory()) walk(join(dir, e.name));
        else if (e.name.endsWith(".map") || readFileSync(join(dir, e.name), "utf8").includes("sourceMappingURL")) maps.push(e.name);
      }
    };
    walk(join(installed, "dist"));
    expect(maps).toEqual([]);
  });

  it("runs a user's script: sandbox, download, rollup, chart to SVG; toFrame() says how to set up danfo, toPolars() how to install nodejs-polars", async (ctx) => {
    if (unreachable) ctx.skip(unreachable);
    writeFileSync(join(project, "user-script.cjs"), USER_SCRIPT);
    const r = await runNode(["user-script.cjs"], { cwd: project, env: scriptEnv(), timeoutMs: STEP_MS });
    expect(r.code, r.stderr.slice(-3000)).toBe(0);
    const out = lastJson(r.stdout);
    expect(out.target).toBe("sandbox");
    expect(out.records).toBeGreaterThan(1000);
    expect(out.groups).toBe(out.rows);
    expect(out.groups).toBe(out.serviceGroups);
    expect(out.groups).toBeGreaterThan(10);
    expect(out.total).toBe(out.records); // every rig-day counted once
    expect(out.mismatches).toEqual([]);
    expect(out.svg).toEqual({ start: "<svg ", length: expect.any(Number), sameAsService: true, weekStartingAxis: true });
    expect(out.frame).toMatchObject({ error: "MissingDependencyError", missing: true, code: "MISSING_DEPENDENCY", packageName: "danfojs-node" });
    expect((out.frame as { message: string }).message).toContain("npm install danfojs-node@^1.2.0");
    expect(out.polars).toEqual({ error: "MissingDependencyError", packageName: "nodejs-polars", install: "npm install nodejs-polars@0.24.1" });
  }, STEP_MS);

  it("npm ls --omit=dev: the user's production tree is complete, valid and only what gasframes declares (offline)", async (ctx) => {
    if (unreachable) ctx.skip(unreachable);
    // Needs no network, so it proves something wherever the install ran: every dependency gasframes
    // declares is installed at a version its range accepts, nothing is missing, invalid or extraneous.
    const r = await run("npm", ["ls", "--omit=dev", "--all", "--json", "--offline"], project);
    type Node = { version?: string; missing?: boolean; dependencies?: Record<string, Node> };
    const tree = JSON.parse(r.stdout) as Node & { problems?: string[] };
    expect(tree.problems ?? [], r.stderr).toEqual([]);
    expect(r.code, r.stderr.slice(-2000)).toBe(0);
    expect(Object.keys(tree.dependencies ?? {})).toEqual(["gasframes"]);
    const manifest = JSON.parse(readFileSync(join(project, "node_modules", "gasframes", "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
    };
    // npm ls also lists the optional peers (danfo, polars, tslab...), not installed: only the dependencies are.
    const edges = Object.entries(tree.dependencies!.gasframes!.dependencies ?? {});
    const installed = edges.filter(([, n]) => n.version !== undefined && n.missing !== true).map(([name]) => name);
    expect(installed.sort()).toEqual(Object.keys(manifest.dependencies).sort());
    const absent = edges.filter(([, n]) => n.version === undefined || n.missing === true).map(([name]) => name);
    expect(absent.sort()).toEqual(Object.keys(manifest.peerDependencies).sort());
  }, STEP_MS);

  it("npm audit --omit=dev reports no critical advisory in what the user installed", async (ctx) => {
    if (unreachable) ctx.skip(unreachable);
    if (!AUDIT) ctx.skip("npm audit asks the registry's advisory service: set GASFRAMES_TEST_NPM_AUDIT=1 to allow that one call");
    const r = await audited!;
    let report: { metadata?: { vulnerabilities?: Record<string, number> }; message?: string; statusCode?: number; uri?: string };
    try {
      report = JSON.parse(r.stdout) as typeof report;
    } catch {
      throw new Error(`npm audit printed no JSON report (exit ${r.code})\n${r.stderr.slice(-2000)}\n${r.stdout.slice(-1000)}`);
    }
    const counts = report.metadata?.vulnerabilities;
    if (counts === undefined) {
      // Skipped only when the registry does not offer the advisory service at all: it refuses npm's
      // advisory endpoints (this machine's registry proxy answers GET and HEAD only, so the bulk POST
      // gets 405). Any other answer without a report (npm crashing, a malformed reply, a 5xx) fails.
      const refused = report.statusCode !== undefined && [404, 405, 501].includes(report.statusCode) && /\/-\/npm\/v1\/security\//.test(report.uri ?? report.message ?? "");
      if (!refused) throw new Error(`npm audit gave no advisory counts (exit ${r.code}): ${JSON.stringify(report).slice(0, 1500)}\n${r.stderr.slice(-1000)}`);
      const why = `the registry does not offer npm's advisory service (${report.message})`;
      console.warn(`audit check skipped: ${why}`);
      ctx.skip(why);
    }
    console.log(`npm audit --omit=dev: ${JSON.stringify(counts)}`);
    expect(counts!.critical).toBe(0);
  }, STEP_MS);

  it("nodejs-polars installs as published (from npm's cache, no overrides), and toPolars() works", async (ctx) => {
    if (unreachable) ctx.skip(unreachable);
    const script = join(project, "polars-script.cjs");
    writeFileSync(
      script,
      String.raw`
const g = require("gasframes");
(async () => {
  const { natgas } = await g.connect({ sandbox: true });
  const rigs = await natgas.v3.rigs({ region: "west", start_date: "2024-01-01", end_date: "2024-01-31" });
  let out;
  try {
    const df = rigs.toPolars();
    out = { height: df.height, columns: df.columns, records: rigs.length };
  } catch (e) {
    out = { error: e.name, packageName: e.packageName, install: e.install, ...(e.installed ? { message: e.message } : {}) };
  }
  console.log(JSON.stringify(out));
})().catch((e) => {
  console.error((e && e.stack) || e);
  process.exit(1);
});
`,
    );
    // Before the install, toPolars() said how to install nodejs-polars: the user's script asserts it, in the
    // test above (one process fewer than a run of this script of its own).
    const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8")) as { overrides?: unknown };
    expect(manifest.overrides).toBeUndefined(); // this test runs before the danfo one adds them
    const install = await installOffline(["nodejs-polars@0.24.1"], project);
    if (notCached(install)) ctx.skip(notCachedReason(install));
    expectOk(install, "npm install nodejs-polars");
    expect(packagesWithInstallScripts(join(project, "node_modules"))).toEqual([]);
    const r = await runNode(["polars-script.cjs"], { cwd: project, env: scriptEnv(), timeoutMs: STEP_MS });
    expect(r.code, r.stderr.slice(-3000)).toBe(0);
    const out = lastJson(r.stdout);
    expect(out, JSON.stringify(out)).toHaveProperty("height", out.records);
    expect(out.columns).toContain("county");
  }, STEP_MS * 2);

  it("with danfojs-node set up as docs/installing.md says, toFrame() works", async (ctx) => {
    if (unreachable) ctx.skip(unreachable);
    const manifest = join(project, "package.json");
    const pkg = JSON.parse(readFileSync(manifest, "utf8")) as Record<string, unknown>;
    writeFileSync(manifest, JSON.stringify({ ...pkg, overrides: docsOverrides() }, null, 2));
    const install = await installOffline(["danfojs-node@^1.2.0"], project);
    if (notCached(install)) ctx.skip(notCachedReason(install));
    expectOk(install, "npm install danfojs-node");
    // The overrides took: the JavaScript TensorFlow.js, and request's form-data past its advisory.
    const lock = JSON.parse(readFileSync(join(project, "package-lock.json"), "utf8")) as { packages: Record<string, { version?: string; name?: string }> };
    expect(lock.packages["node_modules/@tensorflow/tfjs-node"]?.name).toBe("@tensorflow/tfjs");
    const formData = lock.packages["node_modules/request/node_modules/form-data"]?.version ?? lock.packages["node_modules/form-data"]?.version;
    expect(formData).toMatch(/^2\.5\.([4-9]|\d\d)/);
    const r = await runNode(["user-script.cjs"], { cwd: project, env: scriptEnv(), timeoutMs: STEP_MS });
    expect(r.code, r.stderr.slice(-3000)).toBe(0);
    const out = lastJson(r.stdout);
    expect(out.mismatches).toEqual([]);
    expect(out.frame).toEqual({ shape: [out.records, expect.any(Number)], rolledShape: [out.groups, 3] });
    // nodejs-polars, installed by the test above, still loads beside danfo and its overrides.
    expect(out.polars).toEqual({ height: out.records, hasCounty: true });
  }, STEP_MS * 2);
});
