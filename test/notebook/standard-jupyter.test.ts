import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeNotebook } from "../../src/notebook/run/execute-notebook";
import { findKernelSpec } from "../../src/notebook/kernel/kernel-spec";
import { readNotebook } from "../../src/notebook/nbformat/notebook-file";
import { startSandbox, type SandboxHandle } from "../../src/sandbox/start-sandbox";
import { comparableOutputs, installTslabKernel, nbconvertExecute } from "./helpers/jupyter";
import { budget } from "../helpers/budget";

const fixtures = join(__dirname, "fixtures");

describe("the same notebook under gasframes run and under standard Jupyter (nbclient)", () => {
  let env: NodeJS.ProcessEnv;
  let sandbox: SandboxHandle;
  beforeAll(async () => {
    const jupyterPath = await installTslabKernel(mkdtempSync(join(tmpdir(), "kernel-prefix-")));
    sandbox = await startSandbox({ asOf: "2025-03-31" });
    env = { ...process.env, JUPYTER_PATH: jupyterPath, GASFRAMES_TOKEN: "sandbox", GASFRAMES_NATGAS_URL: sandbox.natgasUrl, GASFRAMES_LNG_URL: sandbox.lngUrl, GASFRAMES_SANDBOX_AS_OF: "2025-03-31" };
  }, budget(180_000));
  afterAll(() => sandbox?.close());

  it.each(["hello.ipynb", "sandbox-check.ipynb"])("%s gives the same outputs", async (name) => {
    const path = join(fixtures, name);
    const spec = findKernelSpec("tslab", env);
    expect(spec.resourceDir).toContain("kernel-prefix-");
    // Side by side: two kernels against the one sandbox, neither waiting for the other.
    const [ours, theirs] = await Promise.all([
      executeNotebook(readNotebook(path), { name, kernelSpec: spec, env, cwd: fixtures }),
      nbconvertExecute(path, mkdtempSync(join(tmpdir(), "nbconvert-")), env),
    ]);
    const a = comparableOutputs(ours);
    expect(a.flat().length).toBeGreaterThan(0);
    expect(comparableOutputs(theirs)).toEqual(a);
  }, budget(180_000));
});
