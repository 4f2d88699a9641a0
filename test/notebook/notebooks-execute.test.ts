/**
 * Every notebook of notebooks/ runs top to bottom in tslab under our runner (`runNotebooks`, what `gasframes
 * run` and `gasframes report` call, with the tslab kernelspec installed on JUPYTER_PATH) and under standard
 * Jupyter's executor (Debian's nbclient), with the same outputs; two fixtures (display updates, stderr, the
 * sandbox's address in the environment) are compared the same way.
 *
 * What this costs is kernel starts and the first cells' type-checking, so both sides keep one tslab kernel per
 * folder and reset it between its notebooks, the report's way (src/notebook/kernel/tslab-reusable.ts): our
 * runner by itself, nbclient through helpers/nbclient-shared-kernel.py (nbclient runs the cells; only the
 * kernel is shared). The two run side by side, one notebook at a time each (on two cores they overlap),
 * against one sandbox started here and handed to the kernels as the report hands its own (token, service URLs,
 * GASFRAMES_DATA_SOURCE), so its data is made once: the second side to ask a question gets the first's answer
 * from the sandbox's answer cache (a folder of this test's), not rows generated again. Elsewhere: a notebook with no token and no URLs, starting
 * its own sandbox in a plain tslab kernel, is notebook 01 in test/notebook/browser.test.ts (classic Jupyter,
 * tslab and Deno) and test/notebook/binder.test.ts (Binder's kernels); a fresh kernel per notebook is
 * test/notebook/execute-notebook.test.ts and reuse-kernel.test.ts (`reuseKernels: false`).
 *
 * Our side runs the six notebooks from a copy of the project at another absolute path and depth (what a clone
 * holds after `npm ci && npm run build`), with an empty cell cache: every cell must come from the compiled cells
 * shipped in notebooks/.tslab-cells and none be compiled. That fails when the committed seed is stale (a
 * notebook, gasframes' declarations, the lock file's packages or Node's major version changed without
 * `npm run seed-cells`). test/notebook/tslab-cell-seed.test.ts has the other half: a changed cell, or a changed
 * declaration file, compiles anew.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findKernelSpec } from "../../src/notebook/kernel/kernel-spec";
import { runNotebooks, type NotebookRun } from "../../src/notebook/run/run-notebooks";
import type { Notebook } from "../../src/notebook/nbformat/types";
import { startSandbox, type SandboxHandle } from "../../src/sandbox/start-sandbox";
import { DEFAULT_SANDBOX_AS_OF } from "../../src/util/sandbox-as-of";
import { comparableOutputs, installTslabKernel, nbclientSharedKernel, repoRoot, validateNotebooks } from "./helpers/jupyter";
import { cellStats, codeCells, copyProject } from "./helpers/project-copy";
import { budget } from "../helpers/budget";

const notebooksDir = join(repoRoot, "notebooks");
const notebooks = readdirSync(notebooksDir).filter((n) => n.endsWith(".ipynb")).sort();
const fixtures = join(__dirname, "fixtures");
const FIXTURES = ["hello.ipynb", "sandbox-check.ipynb"];
// The fixtures last: a kernel is reused only within a folder, so each side starts two.
const paths = [...notebooks.map((n) => join(notebooksDir, n)), ...FIXTURES.map((n) => join(fixtures, n))];
const notebookCells = notebooks.reduce((n, f) => n + codeCells(join(notebooksDir, f)), 0);
const fixtureCells = FIXTURES.reduce((n, f) => n + codeCells(join(fixtures, f)), 0);

const dirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

let sandbox: SandboxHandle | undefined;
let jupyterPath: string;
let ours: Map<string, NotebookRun>;
let theirs: Map<string, Notebook>;
const log: string[] = [];
let nbclientKernels: string[];
let cellCache: string;
let cellCounts: { hits: number; misses: number; seeded: number };

beforeAll(async () => {
  let installed: string;
  [installed, sandbox] = await Promise.all([installTslabKernel(tempDir("kernel-prefix-")), startSandbox({ asOf: DEFAULT_SANDBOX_AS_OF, answerCache: tempDir("answers-") })]);
  jupyterPath = installed;
  // The kernels' environment: this sandbox behind the service URLs, as `gasframes report` passes its own.
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (/^GASFRAMES_/.test(k)) delete env[k];
  Object.assign(env, {
    JUPYTER_PATH: jupyterPath,
    CI: "1",
    GASFRAMES_TOKEN: "gasframes-sandbox-token",
    GASFRAMES_NATGAS_URL: sandbox.url,
    GASFRAMES_LNG_URL: sandbox.lngUrl,
    GASFRAMES_LEGACY_URL: sandbox.legacyUrl,
    GASFRAMES_SANDBOX_AS_OF: DEFAULT_SANDBOX_AS_OF,
    GASFRAMES_DATA_SOURCE: `the embedded sandbox (synthetic data, seed ${sandbox.seed}, as of ${DEFAULT_SANDBOX_AS_OF})`,
  });
  // Our side: the notebooks of a copy of the project (the fixtures stay where they are), a new cell cache.
  const copy = copyProject(tempDir("copy-"));
  const ourPaths = [...notebooks.map((n) => join(copy, "notebooks", n)), ...FIXTURES.map((n) => join(fixtures, n))];
  const stats = tempDir("cell-stats-");
  cellCache = tempDir("cells-");
  const [runs, executed] = await Promise.all([
    runNotebooks(ourPaths, { outDir: tempDir("ours-"), env: { ...env, GASFRAMES_KERNEL_CELL_STATS: stats }, concurrency: 1, log: (l) => log.push(l), cellCache }),
    nbclientSharedKernel(paths, tempDir("nbclient-"), env),
  ]);
  ours = new Map(runs.map((r) => [basename(r.source), r]));
  theirs = new Map(paths.map((p, i) => [basename(p), executed.notebooks[i]!]));
  nbclientKernels = executed.kernels;
  cellCounts = cellStats(stats);
}, budget(600_000));

afterAll(async () => {
  await sandbox?.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("every notebook runs top to bottom under our runner and under nbclient, with the same outputs", () => {
  it.each(notebooks)("%s", (name) => {
    const run = ours.get(name)!;
    const outputs = comparableOutputs(run.notebook);
    const kinds = JSON.stringify(outputs);
    expect(kinds).toContain("image/svg+xml"); // every notebook draws at least one chart
    expect(kinds).toContain("text/markdown"); // and tells its story with numbers from the data
    expect(kinds).not.toMatch(/NaN|undefined/);
    const counts = run.notebook.cells.flatMap((c) => (c.cell_type === "code" ? [c.execution_count] : []));
    expect(counts).toEqual(counts.map((_, i) => i + 1));
    expect(comparableOutputs(theirs.get(name)!)).toEqual(outputs);
  });

  it("our executed notebooks are valid nbformat", async () => {
    expect(await validateNotebooks([...ours.values()].map((r) => r.output))).toBe(`valid ${paths.length}`);
  }, budget(60_000));

  it("ran them in reused kernels on both sides: a new one where the folder changed", () => {
    // A kernel is also replaced when its reset finds something still running (an Immediate a notebook's last
    // cell left pending, now and then): correct, only slower, so not a failure here.
    const fresh = log.filter((l) => l.includes("a fresh kernel"));
    expect(fresh).toContain(`${FIXTURES[0]}: a fresh kernel (the one that ran the previous notebook is not reused: the notebook is in another folder)`);
    expect(fresh.length, fresh.join("\n")).toBeLessThan(paths.length / 2);
    expect(nbclientKernels[0]).toBe("new");
    expect(nbclientKernels[notebooks.length]).toBe("new");
    expect(nbclientKernels.filter((k) => k === "reused").length, nbclientKernels.join("\n")).toBeGreaterThan(paths.length / 2);
  });
});

describe("the compiled cells shipped with the repository", () => {
  it("hold for every cell of the six notebooks in a copy of the project elsewhere (run npm run seed-cells when this fails)", () => {
    expect(readdirSync(join(notebooksDir, ".tslab-cells", "cells"))).toHaveLength(notebookCells);
    // The fixtures are not in the seed: their cells are the only ones compiled.
    expect(cellCounts).toEqual({ hits: notebookCells, misses: fixtureCells, seeded: notebookCells });
    // Copied into the user's cache: a second run finds them there (with the fixtures' compiled cells).
    expect(readdirSync(join(cellCache, "cells"))).toHaveLength(notebookCells + fixtureCells);
  });
});

describe("the same fixture under our runner and under standard Jupyter (nbclient)", () => {
  it("finds the tslab kernelspec installed on JUPYTER_PATH", () => {
    expect(findKernelSpec("tslab", { JUPYTER_PATH: jupyterPath }).resourceDir).toContain("kernel-prefix-");
  });

  it.each(FIXTURES)("%s gives the same outputs", (name) => {
    const a = comparableOutputs(ours.get(name)!.notebook);
    expect(a.flat().length).toBeGreaterThan(0);
    expect(comparableOutputs(theirs.get(name)!)).toEqual(a);
  });

  it("sandbox-check.ipynb reached the sandbox behind the URLs it was given", () => {
    const text = JSON.stringify(comparableOutputs(ours.get("sandbox-check.ipynb")!.notebook));
    expect(text).toContain(`status 200; vessels present: true; as of ${DEFAULT_SANDBOX_AS_OF}`);
  });
});
