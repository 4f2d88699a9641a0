// Part of the build (`npm run build`, and scripts/typecheck-and-build.mjs for `npm test`): the package's root,
// dist/index.js, loads its lake, notebook, plot and doctor modules on first use instead of at
// `require("gasframes")`, which a notebook's first cell pays. TypeScript compiles each `export { a } from
// "./lake"` to an eager `var lake_1 = require("./lake")` and a getter `get: function () { return lake_1.a; }`
// on `exports`; this step makes `lake_1` an object that requires the module at its first property read. The
// export lines are left as TypeScript wrote them, since Node's ESM import of a CommonJS module finds its named
// exports by reading the source; an ESM import then reads every export, and so loads these modules as
// before. The step fails the build if the root no longer has the shape it rewrites.
//
// Usage: node scripts/lazy-root.mjs [file]   (file defaults to dist/index.js beside this script's folder)
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The root's modules that nothing else loaded by `require("gasframes")` needs at once. */
export const LAZY_MODULES = ["./lake", "./notebook", "./plot", "./doctor"];
const HELPER = "__gasframesLazy";
// One line, joined to the "use strict" line, so that every later line keeps its number (source maps).
const HELPER_SOURCE = `function ${HELPER}(load) { let m; return new Proxy({}, { get: (_t, k) => (m ??= load())[k] }); }`;

/** dist/index.js's text with LAZY_MODULES loaded on first use. Throws when the text has another shape. */
export function lazyRoot(text) {
  if (text.includes(HELPER_SOURCE)) return text; // already rewritten (an incremental build kept the file)
  if (!text.startsWith('"use strict";\n')) throw new Error('lazy-root: the root does not start with "use strict"');
  let out = text.replace('"use strict";\n', `"use strict";${HELPER_SOURCE}\n`);
  for (const mod of LAZY_MODULES) {
    const line = new RegExp(`^var (\\w+) = require\\(${JSON.stringify(mod).replace(/[.]/g, "\\.")}\\);$`, "gm");
    const names = [...out.matchAll(line)].map((m) => m[1]);
    if (names.length === 0) throw new Error(`lazy-root: the root no longer requires ${mod} as "var x = require(...)"`);
    for (const name of names) {
      // Every other use of the variable must be one of TypeScript's export getters: anything read at load
      // would load the module anyway, or see the proxy where it expected the module.
      const uses = out.split(new RegExp(`\\b${name}\\b`)).length - 2;
      const getters = (out.match(new RegExp(`get: function \\(\\) \\{ return ${name}\\.\\w+; \\}`, "g")) ?? []).length;
      if (uses !== getters) throw new Error(`lazy-root: ${name} (${mod}) is used ${uses - getters} time(s) outside an export getter`);
      out = out.replace(`var ${name} = require("${mod}");`, `var ${name} = ${HELPER}(() => require("${mod}"));`);
    }
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const file = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "index.js"));
  writeFileSync(file, lazyRoot(readFileSync(file, "utf8")));
}
