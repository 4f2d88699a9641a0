/**
 * runNotebooks re-using one tslab kernel for the notebooks of a lane (as `gasframes report` runs them): each
 * notebook runs as in a fresh kernel (its own declarations, execution counts from 1, local modules loaded
 * anew), a name only an earlier notebook declared fails, and a notebook that leaves state a reset cannot undo
 * (a global) makes the next notebook start a new kernel. The kernels' process ids tell reuse from a new start.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readNotebook } from "../../src/notebook/nbformat/notebook-file";
import type { Notebook } from "../../src/notebook/nbformat/types";
import { runNotebooks, type NotebookRun } from "../../src/notebook/run/run-notebooks";
import { CellExecutionError } from "../../src/notebook/shared/notebook-errors";
import { budget } from "../helpers/budget";
import { writeTslabNotebook } from "../helpers/tslab-notebook";

const root = mkdtempSync(join(tmpdir(), "gasframes-reuse-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Writes a notebook of these code cells in `root` and returns its path. */
const notebook = (name: string, cells: string[]): string => writeTslabNotebook(join(root, name), cells);

const stdout = (run: NotebookRun | Notebook, cell: number) => {
  const cellOut = ("notebook" in run ? run.notebook : run).cells[cell]!;
  if (cellOut.cell_type !== "code") throw new Error("not a code cell");
  return cellOut.outputs.map((o) => (o.output_type === "stream" && o.name === "stdout" ? [o.text].flat().join("") : "")).join("");
};

// A local module with state: a kernel that re-used it would count on from the earlier notebook.
writeFileSync(join(root, "counter.ts"), "let n = 0;\nexport const next = (): number => ++n;\n");
const PID = 'console.log("pid", process.pid);';

describe("runNotebooks re-using a tslab kernel", () => {
  // One run of six notebooks, two kernels (a kernel start costs more than these cells): `leaks` leaves a global,
  // so `after-leak` must start a new kernel and say why; a and b, run next in that kernel, show the fresh state;
  // then `uses` must fail on the name `declares`, run just before it in the same kernel, declared.
  it("runs each notebook as in a fresh kernel (own declarations, counts from 1, local modules anew), starts a new kernel after a notebook that left a global behind (and says why), and fails one that uses a name only the previous notebook declared", async () => {
    const logs: string[] = [];
    const out = join(root, "out-fresh");
    const leaks = notebook("leaks.ipynb", [`(globalThis as any).leakedSetting = 1;\n${PID}`]);
    const afterLeak = notebook("after-leak.ipynb", [`${PID}\nconsole.log(typeof (globalThis as any).leakedSetting);`]);
    const a = notebook("a.ipynb", [`const asOf = "a";\n${PID}`, 'import { next } from "./counter";\nconsole.log("count", next(), asOf);']);
    const b = notebook("b.ipynb", [`const asOf = "b";\n${PID}`, 'import { next } from "./counter";\nconsole.log("count", next(), asOf);']);
    const declares = notebook("declares.ipynb", ["const onlyInFirst = 42;\nconsole.log(onlyInFirst);"]);
    const uses = notebook("uses.ipynb", ["console.log(onlyInFirst);"]);
    const err = await runNotebooks([leaks, afterLeak, a, b, declares, uses], { outDir: out, concurrency: 1, log: (l) => logs.push(l) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CellExecutionError);
    expect((err as CellExecutionError).notebook).toBe("uses.ipynb");
    expect((err as CellExecutionError).errorText).toMatch(/onlyInFirst/);
    // The notebooks before the failure are written as they finish.
    const [runLeaks, runAfter, runA, runB] = ["leaks.ipynb", "after-leak.ipynb", "a.ipynb", "b.ipynb"].map((n) => readNotebook(join(out, n)));
    // A new kernel after the leak, without the global, and the one reason logged for it.
    const pidOf = (nb: Notebook) => /pid \d+/.exec(stdout(nb, 0))?.[0];
    expect(pidOf(runAfter!)).toBeDefined();
    expect(pidOf(runAfter!)).not.toBe(pidOf(runLeaks!));
    expect(stdout(runAfter!, 0)).toContain("undefined");
    expect(logs.filter((l) => l.includes("fresh kernel"))).toHaveLength(1);
    expect(logs.find((l) => l.startsWith("after-leak.ipynb: a fresh kernel"))).toContain("it added leakedSetting");
    // a and b: re-used (the kernel after-leak started), reset between them.
    expect(stdout(runA!, 0)).toBe(stdout(runB!, 0)); // one kernel process for both
    expect(pidOf(runA!)).toBe(pidOf(runAfter!));
    expect(stdout(runA!, 1)).toBe("count 1 a\n");
    expect(stdout(runB!, 1)).toBe("count 1 b\n");
    for (const nb of [runA!, runB!]) expect(nb.cells.map((c) => (c.cell_type === "code" ? c.execution_count : null))).toEqual([1, 2]);
  }, budget(240_000));

  it("starts one kernel per notebook with reuseKernels: false", async () => {
    const a = notebook("one.ipynb", [PID]);
    const b = notebook("two.ipynb", [PID]);
    const runs = await runNotebooks([a, b], { outDir: join(root, "out"), concurrency: 1, reuseKernels: false });
    expect(stdout(runs[0]!, 0)).not.toBe(stdout(runs[1]!, 0));
  }, budget(120_000));
});
