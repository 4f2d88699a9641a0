import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { executeNotebook } from "../../src/notebook/run/execute-notebook";
import { findKernelSpec } from "../../src/notebook/kernel/kernel-spec";
import { readNotebook } from "../../src/notebook/nbformat/notebook-file";
import { repoRoot, SYSTEM_PYTHON } from "./helpers/jupyter";
import { budget } from "../helpers/budget";

const run = promisify(execFile);
const binder = join(repoRoot, "binder");
// What the kernels run: a small notebook with what a Binder user's first notebook needs (gasframes, connect()
// starting the embedded sandbox with no token, a query, a chart), not the quickstart, whose six cells cost
// a kernel twice the time; the quickstart itself, with no token, runs in test/notebook/browser.test.ts under
// tslab and Deno, and against a sandbox in test/notebook/notebooks-execute.test.ts.
const CHECK = join(__dirname, "fixtures", "binder", "binder-check.ipynb");

/** The environment of a notebook opened on Binder: no token, no service URLs. */
function binderEnv(prefix: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NB_PYTHON_PREFIX: prefix, PYTHON: SYSTEM_PYTHON, GASFRAMES_SKIP_NPM_CI: "1", PYDEVD_DISABLE_FILE_VALIDATION: "1" };
  for (const k of Object.keys(env)) if (/^GASFRAMES_(TOKEN|NATGAS_URL|LNG_URL|LEGACY_URL|CACHE)/.test(k) || k === "CONDA_PREFIX" || k === "JUPYTER_PATH") delete env[k];
  return env;
}

describe("binder/", () => {
  it("asks mybinder for Node 20 and JupyterLab, and postBuild is strict and executable", () => {
    const yml = readFileSync(join(binder, "environment.yml"), "utf8");
    expect(yml).toMatch(/^\s*- nodejs=20\s*$/m);
    expect(yml).toMatch(/^\s*- jupyterlab/m);
    const post = readFileSync(join(binder, "postBuild"), "utf8");
    expect(post.startsWith("#!/usr/bin/env bash\n")).toBe(true);
    expect(post).toMatch(/^set -euo pipefail$/m);
    expect(post).toMatch(/npm ci/);
    expect(post).toMatch(/tslab install .*--prefix "\$prefix"/);
    expect(post).toMatch(/deno jupyter --install --name deno/);
    expect(post).toMatch(/kernelspec install .*--name deno --prefix "\$prefix"/);
    expect(statSync(join(binder, "postBuild")).mode & 0o111).not.toBe(0);
  });

  describe("postBuild run into a temporary environment prefix", () => {
    let prefix: string;
    let stdout: string;
    let distBefore: number;
    beforeAll(async () => {
      prefix = mkdtempSync(join(tmpdir(), "binder-prefix-"));
      distBefore = statSync(join(repoRoot, "dist", "index.js")).mtimeMs;
      ({ stdout } = await run("bash", [join(binder, "postBuild")], { cwd: repoRoot, env: binderEnv(prefix), maxBuffer: 16 * 1024 * 1024 }));
    }, budget(300_000));

    it("leaves dist/ alone in a dry run (other test files load it meanwhile; npm ci builds it on Binder)", () => {
      expect(statSync(join(repoRoot, "dist", "index.js")).mtimeMs).toBe(distBefore);
    });

    it("registers the tslab kernel inside the prefix, where Jupyter lists it", () => {
      const kernelJson = join(prefix, "share", "jupyter", "kernels", "tslab", "kernel.json");
      expect(existsSync(kernelJson)).toBe(true);
      const spec = JSON.parse(readFileSync(kernelJson, "utf8"));
      expect(spec.argv).toEqual([join(repoRoot, "node_modules", ".bin", "tslab"), "kernel", "--config-path", "{connection_file}"]);
      expect(stdout).toMatch(new RegExp(`tslab\\s+${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    });

    it("registers Deno's kernel inside the prefix too, running this checkout's deno binary", () => {
      const kernelJson = join(prefix, "share", "jupyter", "kernels", "deno", "kernel.json");
      const spec = JSON.parse(readFileSync(kernelJson, "utf8"));
      expect(spec.argv.slice(1)).toEqual(["jupyter", "--kernel", "--conn", "{connection_file}"]);
      expect(String(spec.argv[0]).startsWith(join(repoRoot, "node_modules"))).toBe(true);
      expect(stdout).toMatch(new RegExp(`deno\\s+${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    });

    it("runs a gasframes notebook with Deno's kernel from the prefix, against the sandbox, with no token", async () => {
      const env = binderEnv(prefix);
      const spec = findKernelSpec("deno", env);
      expect(spec.resourceDir).toBe(join(prefix, "share", "jupyter", "kernels", "deno"));
      const nb = await executeNotebook(readNotebook(CHECK), { name: "binder-check.ipynb", kernelSpec: spec, env, cwd: dirname(CHECK) });
      const text = JSON.stringify(nb.cells.map((c) => (c.cell_type === "code" ? c.outputs : [])));
      expect(text).toContain("application/vnd.vegalite.v5+json");
      expect(text).toContain("embedded sandbox");
    }, budget(300_000));

    it("runs a gasframes notebook with that kernel, against the sandbox, with no token", async () => {
      const env = binderEnv(prefix);
      const spec = findKernelSpec("tslab", env);
      expect(spec.resourceDir).toBe(join(prefix, "share", "jupyter", "kernels", "tslab"));
      const nb = await executeNotebook(readNotebook(CHECK), { name: "binder-check.ipynb", kernelSpec: spec, env, cwd: dirname(CHECK) });
      const text = JSON.stringify(nb.cells.map((c) => (c.cell_type === "code" ? c.outputs : [])));
      expect(text).toContain("image/svg+xml");
      expect(text).toContain("embedded sandbox");
    }, budget(300_000));
  });
});
