/**
 * `gasframes run` on a failing cell: exit 1, and the notebook as far as it ran (outputs up to and including
 * the failing cell's error, later cells cleared) is written beside where the executed copy would go, as
 * `<name>.failed.ipynb`, so its outputs can be read; the message says where. Starts one tslab kernel.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { runCommand } from "../../src/cli/run";
import type { CodeCell, Notebook } from "../../src/notebook/nbformat/types";
import { budget } from "../helpers/budget";

const root = mkdtempSync(join(tmpdir(), "gasframes-run-failing-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("gasframes run on a failing cell", () => {
  it("writes the partially executed notebook to the out folder, says so, and exits 1", async () => {
    // The fixture with outputs stored in the cell after the failing one, as a notebook saved earlier has.
    const source = JSON.parse(readFileSync(join(__dirname, "fixtures", "fails-runtime.ipynb"), "utf8")) as Notebook;
    const later = source.cells[2] as CodeCell;
    later.outputs = [{ output_type: "stream", name: "stdout", text: "stale output from an earlier run\n" }];
    later.execution_count = 7;
    const path = join(root, "fails-runtime.ipynb");
    writeFileSync(path, JSON.stringify(source));
    const out = join(root, "executed");
    const err: string[] = [];

    const code = await runCommand([path, "--out", out, "--cell-timeout", "300"], { out: () => {}, err: (s) => err.push(s) });

    expect(code).toBe(1);
    const partialPath = join(out, "fails-runtime.failed.ipynb");
    const message = err.join("\n");
    expect(message).toMatch(/fails-runtime\.ipynb: cell 2 failed:[\s\S]*RangeError: boom at runtime/);
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
  }, budget(300_000));
});
