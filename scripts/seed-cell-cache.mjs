#!/usr/bin/env node
// `npm run seed-cells`: regenerates notebooks/.tslab-cells, the compiled cells shipped with the repository, so
// a clean clone's first `npm start` does not type-check the report's notebooks (docs/report.md, "npm start").
//
// Runs the report of notebooks/ (as `npm start` does, after `npm run build`) with an empty cell cache and no
// seed, then replaces notebooks/.tslab-cells with what the kernels stored (cells/ and deps/). The facts in it
// are kept relative to the project, so the seed holds in any checkout with the same dist/ declarations (the
// build of the same sources), the same node_modules (from the lock file) and the same Node major version.
// test/notebook/notebooks-execute.test.ts fails when the committed seed no longer matches.
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
if (!existsSync(join(root, "dist", "index.js"))) {
  process.stderr.write("seed-cells: no build in dist/ (run npm run build first)\n");
  process.exit(1);
}
const { buildReport } = require(join(root, "dist", "index.js"));
const work = mkdtempSync(join(tmpdir(), "gasframes-seed-cells-"));
try {
  const cache = join(work, "cells");
  const env = { ...process.env };
  for (const k of Object.keys(env)) if (/^GASFRAMES_(TOKEN|NATGAS|LNG|LEGACY|CACHE|SANDBOX_AS_OF)/.test(k)) delete env[k];
  // One lane: the notebooks in order in one kernel, so the same tree gives the same seed (with two lanes, which
  // kernel compiles which notebook, and so how the facts fall into chunks, depends on timing).
  await buildReport({ notebooksDir: join(root, "notebooks"), outDir: join(work, "report"), env, cellCache: cache, cellSeed: false, concurrency: 1, log: (line) => process.stderr.write(`${line}\n`) });
  const seed = join(root, "notebooks", ".tslab-cells");
  rmSync(seed, { recursive: true, force: true });
  for (const sub of ["cells", "deps"]) cpSync(join(cache, sub), join(seed, sub), { recursive: true });
  const count = (sub) => readdirSync(join(seed, sub)).length;
  const bytes = ["cells", "deps"].flatMap((sub) => readdirSync(join(seed, sub)).map((f) => statSync(join(seed, sub, f)).size)).reduce((a, b) => a + b, 0);
  process.stdout.write(`seed-cells: ${count("cells")} cells, ${count("deps")} dependency chunks, ${(bytes / 1e6).toFixed(2)} MB in ${seed}\n`);
} finally {
  rmSync(work, { recursive: true, force: true });
}
