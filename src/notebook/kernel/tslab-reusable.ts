import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type { KernelSpec } from "./kernel-spec";
import { createTslabCellCache } from "./tslab-cell-cache";

/**
 * A tslab kernel that can run several notebooks in turn, each as if in a fresh kernel.
 *
 * A tslab kernel spends about 2.5 s of CPU starting (its TypeScript converter type-checks the standard
 * library) and a notebook's first cell about 2 s more (type-checking and loading gasframes); a report of six
 * notebooks paid that six times. This launcher is tslab's own `startKernel` (tslab 1.0.22, dist/main.js),
 * built from tslab's exported converter, executor and Jupyter server, with one addition: an execute request
 * whose code is exactly the reset line (a random token the parent passes in the environment, removed before
 * any notebook code runs) resets the kernel between notebooks instead of running as code:
 * - a new tslab executor (cheap; the converter, the costly part, is kept) forgets every top-level declaration
 *   and value, so the next notebook may redeclare `conn` or `asOf`, a name only an earlier notebook declared
 *   fails to compile, and the notebook's own local modules (which tslab compiles and keeps) are evaluated anew;
 * - the execution count starts again at 1, as in a fresh kernel;
 * - every module loaded since the kernel started that is not a third-party package (gasframes itself, and
 *   local modules Node loaded) leaves the module cache, so the next notebook loads them afresh, with
 *   their once-per-process notices and caches new. Third-party packages (danfo, Vega, TypeScript's
 *   compiled libs) and native addons stay loaded: they hold no notebook's state, and are what costs to load.
 * It then answers, as the cell's stdout, one JSON line `{"leaks": [...]}` naming what a notebook changed that
 * a reset cannot undo: global names added or removed, process.env or the working directory changed, and
 * timers, sockets or servers left running (they could print into the next notebook). The parent retires a
 * kernel that reports any and starts a fresh one. With GASFRAMES_KERNEL_CELL_CACHE set to a folder (removed from
 * the environment before any notebook code runs), compiled cells are kept there and reused across runs (see
 * {@link createTslabCellCache}), and tslab's converter is built only when a cell misses; GASFRAMES_KERNEL_CELL_ROOT (the
 * project, paths are kept relative to it) and GASFRAMES_KERNEL_CELL_SEED (a read-only seed consulted after a miss) go
 * with it, and GASFRAMES_KERNEL_CELL_STATS, a folder, gets the cache's counts (for tests). This relies on tslab internals (the `execCount` field of
 * `JupyterHandlerImpl`, the converter's `sideOutputs`), checked against tslab 1.0.22; the pooled-kernel test guards it.
 */
const LAUNCHER = String.raw`
"use strict";
const path = require("path");
const [tslabDir, configPath] = process.argv.slice(-2);
const RESET = "// gasframes: reset kernel " + process.env.GASFRAMES_KERNEL_RESET;
delete process.env.GASFRAMES_KERNEL_RESET;
const cacheDir = process.env.GASFRAMES_KERNEL_CELL_CACHE;
const cacheRoot = process.env.GASFRAMES_KERNEL_CELL_ROOT || undefined;
const cacheSeed = process.env.GASFRAMES_KERNEL_CELL_SEED || undefined;
const statsDir = process.env.GASFRAMES_KERNEL_CELL_STATS || undefined;
for (const k of ["GASFRAMES_KERNEL_CELL_CACHE", "GASFRAMES_KERNEL_CELL_ROOT", "GASFRAMES_KERNEL_CELL_SEED", "GASFRAMES_KERNEL_CELL_STATS"]) delete process.env[k];
let cellCache;
if (cacheDir) {
  const ts = require(require.resolve("@tslab/typescript-for-tslab", { paths: [tslabDir] }));
  // The kernel's folder relative to the project, so a cache (or the seed) made in another checkout matches.
  const where = cacheRoot ? path.relative(cacheRoot, process.cwd()).split(path.sep).join("/") : process.cwd();
  const salt = JSON.stringify(["gasframes tslab cells 2", require(path.join(tslabDir, "package.json")).version, ts.version, process.versions.node.split(".")[0], where]);
  cellCache = (${createTslabCellCache.toString()})(cacheDir, salt, { root: cacheRoot, seed: cacheSeed });
  cellCache.watch(ts.sys);
}
const { createConverter } = require(path.join(tslabDir, "dist", "converter.js"));
const { createExecutor } = require(path.join(tslabDir, "dist", "executor.js"));
const { JupyterHandlerImpl, ZmqServer } = require(path.join(tslabDir, "dist", "jupyter.js"));
const convs = {
  get node() { return this._node || (this._node = createConverter({ isJS: false, isBrowser: false })); },
  get browser() { return this._browser || (this._browser = createConverter({ isJS: false, isBrowser: true })); },
  close() { if (this._node) this._node.close(); if (this._browser) this._browser.close(); },
};
// Without a cache the converter is built as tslab builds it, before the kernel answers; with one, only
// when a cell misses the cache.
if (!cellCache) convs.node;
// tslab emits a local module a notebook imports once per converter, and its executor keeps the module
// instances: a new executor per notebook gets every module emitted so far with its first conversion, so
// it evaluates them afresh.
const emitted = new Map();
let prime = false;
// A module a cell declares (tslab's "//%module") lives in the converter, out of the cache's sight: from the
// first one on, the cache is not used.
let modules = false;
const compile = (prevDecl, src) => {
  if (!cellCache || modules) return convs.node.convert(prevDecl, src);
  const converted = cellCache.convert(prevDecl, src, () => convs.node.convert(prevDecl, src), (c) => !c.sideOutputs && emitted.size === 0);
  // For tests: the cache's counts so far, one file per kernel.
  if (statsDir) require("fs").writeFileSync(path.join(statsDir, process.pid + ".json"), JSON.stringify(cellCache.stats));
  return converted;
};
const convert = (prevDecl, src) => {
  const converted = compile(prevDecl, src);
  for (const out of converted.sideOutputs || []) emitted.set(out.path, out.data);
  if (prime) {
    prime = false;
    converted.sideOutputs = [...emitted].map(([path, data]) => ({ path, data }));
  }
  return converted;
};
const nodeConv = {
  convert,
  inspect: (...a) => convs.node.inspect(...a),
  complete: (...a) => convs.node.complete(...a),
  addModule: (...a) => ((modules = true), convs.node.addModule(...a)),
};
const execConvs = { get node() { return nodeConv; }, get browser() { return ((modules = true), convs.browser); }, close: () => convs.close() };
const newExecutor = () => createExecutor(process.cwd(), execConvs, { log: console.log, error: console.error });
let executor = newExecutor();
const own = (() => {
  try { return path.dirname(require("fs").realpathSync(require.resolve("gasframes/package.json", { paths: [process.cwd()] }))); } catch { return undefined; }
})();
const isThirdParty = (file) => {
  if (file.endsWith(".node")) return true;
  if (own !== undefined) {
    const rel = path.relative(own, file);
    if (!rel.startsWith("..") && !path.isAbsolute(rel)) return rel.split(path.sep).includes("node_modules");
  }
  return file.split(path.sep).includes("node_modules");
};
const cwd = process.cwd();
const envText = () => JSON.stringify(Object.entries(process.env).sort(([a], [b]) => (a < b ? -1 : 1)));
const SHARED = { globalThis, "Object.prototype": Object.prototype, "Array.prototype": Array.prototype, "Function.prototype": Function.prototype, "String.prototype": String.prototype, "Number.prototype": Number.prototype, "Promise.prototype": Promise.prototype, "Map.prototype": Map.prototype, "Set.prototype": Set.prototype, "Date.prototype": Date.prototype, JSON, Math, console };
const sharedNames = () => Object.entries(SHARED).flatMap(([owner, o]) => Reflect.ownKeys(o).map((k) => JSON.stringify([owner, typeof k === "symbol" ? k.description ?? "" : k])));
const RUNNING = new Set(["Timeout", "Immediate", "TCPServerWrap", "UDPWrap", "ProcessWrap", "PipeServerWrap"]);
const running = () => process.getActiveResourcesInfo().filter((r) => RUNNING.has(r)).sort().join(", ");
const baseRunning = running();
const baseModules = new Set(Object.keys(require.cache));
const baseEnv = envText();
let before = new Set(sharedNames());
function reset() {
  executor = newExecutor();
  prime = true;
  handler.execCount = 0;
  for (const file of Object.keys(require.cache)) if (!baseModules.has(file) && !isThirdParty(file)) delete require.cache[file];
  const now = new Set(sharedNames());
  const added = [...now].filter((n) => !before.has(n)).map((n) => JSON.parse(n));
  const removed = [...before].filter((n) => !now.has(n)).map((n) => JSON.parse(n));
  before = now;
  const left = running();
  console.log(JSON.stringify({ added, removed, envChanged: envText() !== baseEnv, cwd: process.cwd() === cwd ? undefined : process.cwd(), running: left === baseRunning ? undefined : left }));
}
const pooled = {
  execute: (src) => (src === RESET ? (reset(), Promise.resolve(true)) : executor.execute(src)),
  inspect: (...a) => executor.inspect(...a),
  complete: (...a) => executor.complete(...a),
  interrupt: () => executor.interrupt(),
  reset: () => executor.reset(),
  close: () => executor.close(),
  get locals() { return executor.locals; },
};
const handler = new JupyterHandlerImpl(pooled, false);
const server = new ZmqServer(handler, configPath);
process.on("SIGINT", () => executor.interrupt());
process.on("uncaughtException", (err) => console.error("UncaughtException:", err));
process.on("unhandledRejection", (reason) => console.error("UnhandledPromiseRejection:", reason));
server.init();
`;

/** The line that resets a reusable kernel started with `token` (see {@link reusableTslabSpec}). */
export function resetLine(token: string): string {
  return `// gasframes: reset kernel ${token}`;
}

/**
 * The kernelspec of a reusable tslab kernel, run by this Node binary from the tslab package found from `cwd`
 * (as tslab's own `tslab kernel` does) or beside gasframes, or undefined when there is none, or it is not the
 * tslab 1.x layout this launcher knows. `token` goes to the kernel as GASFRAMES_KERNEL_RESET.
 */
export function reusableTslabSpec(cwd: string, token: string, cellCacheDir?: string, cells: { root?: string; seed?: string } = {}): KernelSpec | undefined {
  let dir: string;
  try {
    dir = dirname(require.resolve("tslab/package.json", { paths: [cwd, __dirname] }));
  } catch {
    return undefined;
  }
  const version = (require(join(dir, "package.json")) as { version?: string }).version ?? "";
  if (!/^1\./.test(version) || !["converter.js", "executor.js", "jupyter.js"].every((f) => existsSync(join(dir, "dist", f)))) return undefined;
  return {
    name: "tslab",
    argv: [process.execPath, "-e", LAUNCHER, dir, "{connection_file}"],
    display_name: "TypeScript",
    language: "typescript",
    env: {
      GASFRAMES_KERNEL_RESET: token,
      ...(cellCacheDir ? { GASFRAMES_KERNEL_CELL_CACHE: cellCacheDir } : {}),
      ...(cellCacheDir && cells.root ? { GASFRAMES_KERNEL_CELL_ROOT: cells.root } : {}),
      ...(cellCacheDir && cells.seed ? { GASFRAMES_KERNEL_CELL_SEED: cells.seed } : {}),
    },
    resourceDir: "(bundled)",
  };
}
