/**
 * `gasframes run` on a good notebook and then a failing one: exit 1, the good notebook written executed, and
 * the failing one as far as it ran (outputs up to and including the failing cell's error, later cells
 * cleared) written beside where the executed copy would go, as `<name>.failed.ipynb`, so its outputs can be
 * read; the message names the notebook, the cell and the error, and says where. Starts one tslab kernel (the
 * two notebooks share a folder, so the kernel is reused). Exit 0 with the written notebook is
 * test/cli/kernel-option.test.ts's run without --out.
 */
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli/run";
import type { CodeCell, Notebook } from "../../src/notebook/nbformat/types";
import { budget } from "../helpers/budget";

const root = mkdtempSync(join(tmpdir(), "gasframes-run-failing-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("gasframes run on a failing cell", () => {
  it("writes the executed notebook before it and the partially executed one to the out folder, names the failing cell, says where, and exits 1; 2 on bad arguments", async () => {
    const hello = join(root, "hello.ipynb");
    copyFileSync(join(__dirname, "fixtures", "hello.ipynb"), hello);
    // The fixture with outputs stored in the cell after the failing one, as a notebook saved earlier has.
    const source = JSON.parse(readFileSync(join(__dirname, "fixtures", "fails-runtime.ipynb"), "utf8")) as Notebook;
    const later = source.cells[2] as CodeCell;
    later.outputs = [{ output_type: "stream", name: "stdout", text: "stale output from an earlier run\n" }];
    later.execution_count = 7;
    const path = join(root, "fails-runtime.ipynb");
    writeFileSync(path, JSON.stringify(source));
    const out = join(root, "executed");
    const err: string[] = [];

    const code = await runCommand([hello, path, "--out", out, "--cell-timeout", "300"], { out: () => {}, err: (s) => err.push(s) });

    expect(code).toBe(1);
    const written = JSON.parse(readFileSync(join(out, "hello.ipynb"), "utf8")) as Notebook;
    expect((written.cells[1] as CodeCell).outputs[0]).toMatchObject({ output_type: "stream", name: "stdout", text: ["x = 2\n", "second line\n"] });
    const partialPath = join(out, "fails-runtime.failed.ipynb");
    const message = err.join("\n");
    expect(message).toMatch(/error: fails-runtime\.ipynb: cell 2 failed:[\s\S]*RangeError: boom at runtime/);
    // The failing cell's error, not a later cell's output.
    expect(message).not.toContain("never runs");
    expect(message).toContain(`the notebook as far as it ran, with the failing cell's error, is in ${partialPath}`);
    // Never under its own name: nothing half-done looks complete.
    expect(existsSync(join(out, "fails-runtime.ipynb"))).toBe(false);
    const partial = JSON.parse(readFileSync(partialPath, "utf8")) as Notebook;
    const failed = partial.cells[1] as CodeCell;
    expect(JSON.stringify(failed.outputs)).toContain("boom at runtime");
    expect(failed.execution_count).not.toBeNull();
    expect((partial.cells[2] as CodeCell).outputs).toEqual([]);
    expect((partial.cells[2] as CodeCell).execution_count).toBeNull();
    expect((partial.metadata as { gasframes?: { failed?: { cell: number } } }).gasframes?.failed?.cell).toBe(2);

    // Without --out the notebooks go to executed/ beside them (test/cli checks it); --out without a folder is a
    // usage error.
    const usage: string[] = [];
    expect(await runCommand(["--out"], { out: (s) => usage.push(s), err: (s) => usage.push(s) })).toBe(2);
    expect(usage.join("\n")).toMatch(/usage: gasframes run/);
  }, budget(300_000));
});
