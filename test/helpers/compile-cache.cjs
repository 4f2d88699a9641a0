// A V8 code cache for the CommonJS modules a child script loads, for tests that start many Node
// processes running the same build (test/docs/readme-blocks.test.ts: ~36 scripts, each loading the ~280
// files of dist/ and more): Node 20 has no NODE_COMPILE_CACHE (22.1+), and compiling those files again
// in every process was the largest single share of the scripts' CPU. Loaded with
// `node --require <this file>`; GASFRAMES_TEST_COMPILE_CACHE names the folder (made on first use).
//
// Only how a file is compiled changes, never what runs: the cache is keyed by the file's path and a hash
// of its exact text, and V8 itself rejects data made by another V8 version or flags (then the file is
// compiled as usual and its data rewritten). Files outside a node_modules folder or dist/ are left to Node.
"use strict";
const Module = require("node:module");
const vm = require("node:vm");
const { createHash } = require("node:crypto");
const { mkdirSync, readFileSync, writeFileSync, renameSync } = require("node:fs");
const { dirname, join } = require("node:path");

const dir = process.env.GASFRAMES_TEST_COMPILE_CACHE;
if (dir) {
  mkdirSync(dir, { recursive: true });
  // Written at exit, not after compiling: V8 compiles most functions lazily, on their first call, and
  // the data then holds the functions the script ran too. Written whole under another name, then
  // renamed, so a concurrent process never reads half a file.
  const toWrite = [];
  process.once("exit", () => {
    for (const [file, script] of toWrite) {
      const tmp = `${file}.${process.pid}.tmp`;
      try {
        writeFileSync(tmp, script.createCachedData());
        renameSync(tmp, file);
      } catch {}
    }
  });
  const compile = Module.prototype._compile;
  Module.prototype._compile = function (content, filename, format) {
    // An ES module loaded by require() (Node 20.19+ resolves a package's "module-sync" export to one:
    // danfo's request -> get-intrinsic -> async-function/require.mjs) comes with format "module": it is
    // Node's to compile, not a CommonJS function's body.
    if (format === "module" || filename.endsWith(".mjs") || !/[\\/](node_modules|dist)[\\/]/.test(filename)) return compile.apply(this, arguments);
    const key = createHash("sha256").update(filename).update("\0").update(content).digest("hex");
    const file = join(dir, `${key}.v8`);
    let cachedData;
    try {
      cachedData = readFileSync(file);
    } catch {}
    const script = new vm.Script(Module.wrap(content), {
      filename,
      cachedData,
      importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    if (cachedData === undefined || script.cachedDataRejected) toWrite.push([file, script]);
    const fn = script.runInThisContext({ displayErrors: true });
    const require = (id) => this.require(id);
    require.resolve = (request, options) => Module._resolveFilename(request, this, false, options);
    require.resolve.paths = (request) => Module._resolveLookupPaths(request, this);
    require.main = process.mainModule;
    require.extensions = Module._extensions;
    require.cache = Module._cache;
    return fn.call(this.exports, this.exports, require, this, filename, dirname(filename));
  };
}
