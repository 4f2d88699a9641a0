// Fills npm's cache with what test/package/install.test.ts installs into a user's project, so that the
// test installs with `npm install --offline` and never calls out: gasframes' dependencies, nodejs-polars
// 0.24.1 (docs/installing.md's version for Node 20) and danfojs-node with the overrides the page gives.
// `bash .ci/run` runs it after `npm ci`, with the rest of the set-up that downloads from the registry.
// Usage: node scripts/warm-install-cache.mjs
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const doc = readFileSync(join(root, "docs", "installing.md"), "utf8");
const block = [...doc.matchAll(/```json\n([\s\S]*?)\n```/g)].map((m) => m[1]).find((b) => b.includes('"overrides"'));
if (block === undefined) throw new Error("docs/installing.md has no ```json block with the overrides");
const { overrides } = JSON.parse(block);

// The test installs in three steps (gasframes alone, then nodejs-polars, then danfo with the overrides);
// one project with all of them resolves the same versions, the overrides touching only danfo's tree.
const project = mkdtempSync(join(tmpdir(), "gasframes-warm-"));
try {
  const dependencies = { ...manifest.dependencies, "nodejs-polars": "0.24.1", "danfojs-node": "^1.2.0" };
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "warm", version: "1.0.0", private: true, dependencies, overrides }, null, 2));
  // npm_* variables of a parent `npm run` would point this npm at the repository.
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  const r = spawnSync("npm", ["install", "--ignore-scripts", "--no-audit", "--no-fund"], { cwd: project, env, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`npm install in ${project} exited ${r.status}`);
  console.log("npm's cache holds what the install test installs");
} finally {
  rmSync(project, { recursive: true, force: true });
}
