import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { executeNotebook } from "../../src/notebook/run/execute-notebook";
import { findKernelSpec } from "../../src/notebook/kernel/kernel-spec";
import { execFileSync } from "node:child_process";
import { readNotebook, writeNotebook } from "../../src/notebook/nbformat/notebook-file";
import type { Notebook } from "../../src/notebook/nbformat/types";
import { comparableOutputs, installTslabKernel, nbconvertExecute, repoRoot, SYSTEM_PYTHON } from "./helpers/jupyter";
import { budget } from "../helpers/budget";

const notebooksDir = join(repoRoot, "notebooks");
const notebooks = readdirSync(notebooksDir).filter((n) => n.endsWith(".ipynb")).sort();

/** What a user gets by default: no token, no URLs, so every notebook starts the embedded sandbox itself. */
function userEnv(jupyterPath: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, JUPYTER_PATH: jupyterPath, CI: "1" };
  for (const k of Object.keys(env)) if (/^GASFRAMES_/.test(k)) delete env[k];
  return env;
}

describe("every notebook runs top to bottom under gasframes run and under nbclient, with the same outputs", () => {
  let env: NodeJS.ProcessEnv;
  beforeAll(async () => {
    env = userEnv(await installTslabKernel(mkdtempSync(join(tmpdir(), "kernel-prefix-"))));
  }, budget(180_000));

  it.each(notebooks)("%s", async (name) => {
    const path = join(notebooksDir, name);
    // Ours and nbclient's run side by side (two kernels, each with its own sandbox): on two cores the pair takes about the time of one.
    const [ours, theirs]: [Notebook, Notebook] = await Promise.all([
      executeNotebook(readNotebook(path), { name, kernelSpec: findKernelSpec("tslab", env), env, cwd: notebooksDir }),
      nbconvertExecute(path, mkdtempSync(join(tmpdir(), "nbconvert-")), env),
    ]);
    const outputs = comparableOutputs(ours);
    const kinds = JSON.stringify(outputs);
    expect(kinds).toContain("image/svg+xml"); // every notebook draws at least one chart
    expect(kinds).toContain("text/markdown"); // and tells its story with numbers from the data
    expect(kinds).not.toMatch(/NaN|undefined/);
    const counts = ours.cells.flatMap((c) => (c.cell_type === "code" ? [c.execution_count] : []));
    expect(counts).toEqual(counts.map((_, i) => i + 1));
    const written = join(mkdtempSync(join(tmpdir(), "ours-")), name);
    writeNotebook(written, ours);
    const validate = "import nbformat,sys; nbformat.validate(nbformat.read(sys.argv[1], as_version=4)); print('valid')";
    expect(execFileSync(SYSTEM_PYTHON, ["-c", validate, written], { env: { ...process.env, PYDEVD_DISABLE_FILE_VALIDATION: "1" } }).toString().trim()).toBe("valid");
    expect(comparableOutputs(theirs)).toEqual(outputs);
  }, budget(400_000));
});
