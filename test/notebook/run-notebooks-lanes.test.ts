/**
 * runNotebooks with more than one lane (as `gasframes report` runs them): results in the order given, the
 * earliest failing notebook's error whichever finishes first, and no notebook started after a failure.
 * Each case starts two kernels side by side (tslab's for the failing case, Deno's for the order). The
 * failing lane's partial notebook is also where an awaited promise's rejection is shown to fail its cell
 * (fails-async: cell number and error text), which no other file runs.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { readNotebook } from "../../src/notebook/nbformat/notebook-file";
import { runNotebooks } from "../../src/notebook/run/run-notebooks";
import { CellExecutionError } from "../../src/notebook/shared/notebook-errors";
import { budget } from "../helpers/budget";
import { writeTslabNotebook } from "../helpers/tslab-notebook";

const fixtures = join(__dirname, "fixtures");
const root = mkdtempSync(join(tmpdir(), "gasframes-lanes-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("runNotebooks, two at a time", () => {
  it("throws the earliest failing notebook's error, lets the running one finish, and starts none after", async () => {
    const out = join(root, "failing");
    // fails-compile fails at its second cell, fails-async at its first: fails-async is likely to fail first,
    // and fails-compile's error must be the one thrown all the same.
    const paths = ["fails-compile.ipynb", "fails-async.ipynb", "hello.ipynb"].map((n) => join(fixtures, n));
    const err = await runNotebooks(paths, { outDir: out, concurrency: 2 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CellExecutionError);
    expect((err as CellExecutionError).notebook).toBe("fails-compile.ipynb");
    expect(existsSync(join(out, "fails-compile.failed.ipynb"))).toBe(true);
    // fails-async, the running one, finished: its cell 1 failed on the promise it awaited, its cell 2 never ran.
    const rejected = readNotebook(join(out, "fails-async.failed.ipynb"));
    const failed = (rejected.metadata as { gasframes?: { failed?: { cell: number; error: string } } }).gasframes?.failed;
    expect(failed?.cell).toBe(1);
    expect(failed?.error).toMatch(/TypeError: async nope/);
    expect(rejected.cells[1]).toMatchObject({ execution_count: null, outputs: [] });
    expect(existsSync(join(out, "hello.ipynb"))).toBe(false);
  }, budget(240_000));

  // The order is runNotebooks' own, whatever the kernel: two one-cell notebooks in Deno's kernel, which starts
  // for a small part of the CPU of a tslab kernel (a tslab start with one cell: about 4.3 s of CPU; Deno's:
  // about 0.25 s).
  it("returns the runs in the order given", async () => {
    const paths = ["first.ipynb", "second.ipynb"].map((n, i) => writeTslabNotebook(join(root, n), [`console.log("notebook ${i + 1}");`]));
    const runs = await runNotebooks(paths, { outDir: join(root, "ok"), concurrency: 2, kernelName: "deno" });
    expect(runs.map((r) => r.source)).toEqual(paths);
    expect(runs.map((r) => r.output)).toEqual([join(root, "ok", "first.ipynb"), join(root, "ok", "second.ipynb")]);
    expect(runs.map((r) => existsSync(r.output))).toEqual([true, true]);
    expect(runs.map((r) => JSON.stringify(r.notebook.cells[0]))).toEqual([expect.stringContaining("notebook 1\\n"), expect.stringContaining("notebook 2\\n")]);
    expect(runs.map((r) => (r.notebook.metadata.kernelspec as { name: string }).name)).toEqual(["deno", "deno"]);
  }, budget(240_000));
});
