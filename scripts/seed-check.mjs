#!/usr/bin/env node
// Whether the compiled cells shipped in notebooks/.tslab-cells (scripts/seed-cell-cache.mjs) still hold for
// this checkout's build: each seeded cell records what TypeScript read while compiling it, and a kernel
// compiles a cell again when one of those files changed. A change to any declaration file the notebooks
// reach (dist/index.d.ts and what it exports) makes every seeded cell stale, and CI's
// test/notebook/notebooks-execute.test.ts then fails minutes into the run; this check says so in a second.
//
// It looks at the facts about files inside the project (`r`: a file's content, `f`: whether a file exists);
// the cache itself (src/notebook/kernel/tslab-cell-cache.ts) checks those and the ones above the project.
//
// Usage: node scripts/seed-check.mjs [--warn]   (exit 1 when stale; --warn: print the same, exit 0)
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The facts of `<root>/notebooks/.tslab-cells` about files inside `root` that no longer hold: each as
 * `{ path, why }`. Empty when every one holds, or when there is no seed.
 */
export function staleSeedFacts(root) {
  const deps = join(root, "notebooks", ".tslab-cells", "deps");
  if (!existsSync(deps)) return [];
  const stale = [];
  const seen = new Set();
  for (const name of readdirSync(deps).sort()) {
    if (!name.endsWith(".json")) continue;
    let facts;
    try {
      facts = JSON.parse(readFileSync(join(deps, name), "utf8")).facts;
    } catch {
      facts = undefined;
    }
    if (!Array.isArray(facts)) {
      // The cache reads such a chunk as missing: every cell that names it is compiled again.
      stale.push({ path: `notebooks/.tslab-cells/deps/${name}`, why: "unreadable" });
      continue;
    }
    for (const fact of facts) {
      if (!Array.isArray(fact)) continue;
      const [kind, path, value] = fact;
      if ((kind !== "r" && kind !== "f") || typeof path !== "string" || path.startsWith("..")) continue;
      // One entry a path (its existence and its content are two facts, often both recorded).
      if (seen.has(path)) continue;
      const file = join(root, path);
      const isFile = existsSync(file) && statSync(file).isFile();
      let why;
      if (kind === "f" && isFile !== value) why = value ? "no longer exists" : "exists now";
      if (kind === "r") {
        const now = isFile ? createHash("sha1").update(readFileSync(file, "utf8")).digest("hex") : null;
        if (now !== value) why = now === null ? "no longer exists" : "changed";
      }
      if (why === undefined) continue;
      seen.add(path);
      stale.push({ path, why });
    }
  }
  return stale;
}

/** One line naming what changed, and what to run; undefined when nothing is stale. */
export function staleSeedMessage(stale) {
  if (stale.length === 0) return undefined;
  const shown = stale.slice(0, 3).map((s) => `${s.path} (${s.why})`).join(", ");
  return `the compiled cells in notebooks/.tslab-cells are stale: ${shown}${stale.length > 3 ? `, and ${stale.length - 3} more` : ""}. Run npm run seed-cells (after npm run build) and commit notebooks/.tslab-cells`;
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const message = staleSeedMessage(staleSeedFacts(resolve(dirname(fileURLToPath(import.meta.url)), "..")));
  if (message !== undefined) {
    process.stderr.write(`seed-check: ${message}\n`);
    if (!process.argv.includes("--warn")) process.exit(1);
  }
}
