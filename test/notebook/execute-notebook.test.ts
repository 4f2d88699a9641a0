import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { executeInKernel, executeNotebook, looksLikeError } from "../../src/notebook/run/execute-notebook";
import { KernelClient } from "../../src/notebook/kernel/kernel-client";
import { bundledDenoSpec, bundledTslabSpec, findKernelSpec } from "../../src/notebook/kernel/kernel-spec";
import { readNotebook } from "../../src/notebook/nbformat/notebook-file";
import type { CodeCell, Notebook } from "../../src/notebook/nbformat/types";
import { CellExecutionError, KernelError } from "../../src/notebook/shared/notebook-errors";
import { budget } from "../helpers/budget";

const fixtures = join(__dirname, "fixtures");
const spec = bundledTslabSpec();
const code = (nb: Notebook, i: number) => nb.cells[i] as CodeCell;

// One tslab kernel runs hello and then fails-compile (a kernel start costs more than all their cells). The
// other failing fixtures run where another file already starts a kernel for them: fails-runtime in
// run-failing.test.ts (`gasframes run`: its message, cell number and error text, nothing after the failing
// cell run) and fails-async in run-notebooks-lanes.test.ts (its partial notebook's cell number and error
// text). executeNotebook is executeInKernel in a kernel of its own, as the time-limit case here runs it (in
// Deno's kernel).
describe("executeNotebook with the tslab kernel", () => {
  let hello: Notebook;
  let kernel: KernelClient | undefined;
  beforeAll(async () => {
    kernel = await KernelClient.start(spec, { cwd: fixtures, startupTimeoutMs: budget(60_000) });
    hello = await executeInKernel(kernel, spec, readNotebook(join(fixtures, "hello.ipynb")), { name: "hello.ipynb" });
  }, budget(240_000));
  afterAll(() => kernel?.kill());

  it("collects streams, display data, applied display updates and execution counts", () => {
    expect(code(hello, 1).outputs).toEqual([{ output_type: "stream", name: "stdout", text: "x = 2\nsecond line\n" }]);
    expect(code(hello, 1).execution_count).toBe(1);
    const displays = code(hello, 2).outputs;
    expect(displays.map((o) => (o.output_type === "display_data" ? Object.keys(o.data) : o.output_type))).toEqual([["text/html"], ["image/svg+xml"]]);
    expect(code(hello, 3).execution_count).toBeNull();
    expect(code(hello, 3).outputs).toEqual([]);
    const updated = code(hello, 4).outputs;
    expect(updated[0]).toEqual({ output_type: "stream", name: "stderr", text: "note: this stderr line is not an error\n" });
    expect(updated[1]).toMatchObject({ output_type: "display_data", data: { "text/plain": "updated" } });
    expect(code(hello, 5)).toMatchObject({ execution_count: 4, outputs: [{ output_type: "stream", name: "stdout", text: "42\n" }] });
    expect(hello.metadata.language_info).toMatchObject({ name: "typescript", file_extension: ".ts" });
  });

  it("stops at the first failing cell of fails-compile.ipynb and names it (in hello's kernel)", async () => {
    const file = "fails-compile.ipynb";
    const err = await executeInKernel(kernel!, spec, readNotebook(join(fixtures, file)), { name: file }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CellExecutionError);
    const e = err as CellExecutionError;
    expect(e.notebook).toBe(file);
    expect(e.cellNumber).toBe(2);
    expect(e.errorText).toMatch(/1:7 - Type 'string' is not assignable to type 'number'/);
    expect(e.message).toContain(`${file}: cell 2 failed`);
    expect(e.message).not.toContain("never runs");
  }, budget(240_000));

  // The time limit is executeNotebook's, whatever the kernel: Deno's starts for a small part of the CPU of a
  // tslab kernel (whose converter is built before it answers).
  it("kills a cell that runs past its time limit and reports it", async () => {
    const nb: Notebook = {
      nbformat: 4,
      nbformat_minor: 5,
      metadata: {},
      cells: [{ cell_type: "code", id: "slow", metadata: {}, source: "await new Promise((r) => setTimeout(r, 600000));", outputs: [], execution_count: null }],
    };
    const err = await executeNotebook(nb, { name: "slow.ipynb", kernelSpec: bundledDenoSpec(), cellTimeoutMs: 1500 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CellExecutionError);
    expect((err as CellExecutionError).errorText).toMatch(/no reply to execute_request within 1500 ms/);
  }, budget(240_000));
});

describe("kernelspecs", () => {
  it("finds a kernelspec on JUPYTER_PATH before the bundled tslab, and explains a bad one", () => {
    const dir = mkdtempSync(join(tmpdir(), "ks-"));
    mkdirSync(join(dir, "kernels", "tslab"), { recursive: true });
    writeFileSync(join(dir, "kernels", "tslab", "kernel.json"), JSON.stringify({ argv: ["/opt/tslab", "kernel", "--config-path", "{connection_file}"], display_name: "TS", language: "typescript" }));
    const found = findKernelSpec("tslab", { JUPYTER_PATH: dir, JUPYTER_DATA_DIR: join(dir, "none") });
    expect(found.argv[0]).toBe("/opt/tslab");
    expect(found.resourceDir).toBe(join(dir, "kernels", "tslab"));
    expect(findKernelSpec("tslab", { JUPYTER_DATA_DIR: join(dir, "none") }).argv[1]).toMatch(/tslab[/\\]bin[/\\]tslab$/);
    mkdirSync(join(dir, "kernels", "broken"));
    writeFileSync(join(dir, "kernels", "broken", "kernel.json"), JSON.stringify({ argv: ["x"] }));
    expect(() => findKernelSpec("broken", { JUPYTER_PATH: dir })).toThrow(/no argv with \{connection_file\}/);
    expect(() => findKernelSpec("nope", { JUPYTER_PATH: dir })).toThrow(KernelError);
  });

  it("reports a kernel that cannot start instead of hanging", async () => {
    const bad = { ...spec, argv: [process.execPath, "-e", "process.exit(3)", "{connection_file}"] };
    await expect(executeNotebook(readNotebook(join(fixtures, "hello.ipynb")), { kernelSpec: bad, startupTimeoutMs: budget(20_000) })).rejects.toThrow(/exited \(code 3/);
  }, budget(240_000));
});

describe("looksLikeError", () => {
  it("tells tslab's failure reports from ordinary stderr", () => {
    expect(looksLikeError("3:5 - Cannot find name 'foo'.")).toBe(true);
    expect(looksLikeError("cell.ts 3:5 - Cannot find name 'foo'.")).toBe(true);
    expect(looksLikeError("QueryTooLargeError: too many rows\n    at run (evalmachine.<anonymous>:3:9)")).toBe(true);
    expect(looksLikeError("\x1b[31mTypeError\x1b[0m: x is not a function")).toBe(true);
    expect(looksLikeError("downloading rigs: 3/10 pages\nretrying after 429 in 2 s")).toBe(false);
    expect(looksLikeError("note: this stderr line is not an error")).toBe(false);
  });
});
