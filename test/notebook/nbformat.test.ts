import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readNotebook, serializeNotebook, splitLines, writeNotebook } from "../../src/notebook/nbformat/notebook-file";
import type { Notebook } from "../../src/notebook/nbformat/types";
import { validateNotebook } from "../../src/notebook/nbformat/validate-notebook";
import { NotebookFormatError } from "../../src/notebook/shared/notebook-errors";

const sample: Notebook = {
  nbformat: 4,
  nbformat_minor: 5,
  metadata: { kernelspec: { name: "tslab", display_name: "TypeScript", language: "typescript" } },
  cells: [
    { cell_type: "markdown", id: "intro", metadata: {}, source: "# Title\n\ntext" },
    {
      cell_type: "code",
      id: "code-1",
      metadata: {},
      source: "console.log(1)\nshow(x)",
      execution_count: 1,
      outputs: [
        { output_type: "stream", name: "stdout", text: "1\n2\n" },
        { output_type: "display_data", data: { "text/plain": "a\nb", "application/json": { z: 1, a: [1] } }, metadata: {}, transient: { display_id: "d1" } },
        { output_type: "execute_result", execution_count: 1, data: { "text/plain": "42" }, metadata: {} },
        { output_type: "error", ename: "Error", evalue: "boom", traceback: ["Error: boom"] },
      ],
    },
  ],
};

describe("nbformat", () => {
  it("splits text into Jupyter's list-of-lines form and back", () => {
    expect(splitLines("a\nb\n")).toEqual(["a\n", "b\n"]);
    expect(splitLines("a\nb")).toEqual(["a\n", "b"]);
    expect(splitLines("")).toEqual([]);
  });

  it("serialises deterministically, drops transients, and Python's nbformat accepts the result", () => {
    const text = serializeNotebook(sample);
    expect(serializeNotebook(structuredClone(sample))).toBe(text);
    expect(text).not.toContain("transient");
    expect(text.endsWith("}\n")).toBe(true);
    const parsed = JSON.parse(text);
    expect(parsed.cells[1].outputs[1].data["application/json"]).toEqual({ a: [1], z: 1 });
    expect(parsed.cells[1].source).toEqual(["console.log(1)\n", "show(x)"]);
    const dir = mkdtempSync(join(tmpdir(), "nbf-"));
    const file = join(dir, "s.ipynb");
    writeNotebook(file, sample);
    const py = "import nbformat,sys; nb=nbformat.read(sys.argv[1], as_version=4); nbformat.validate(nb); print(nb.nbformat_minor, len(nb.cells))";
    expect(execFileSync("/usr/bin/python3", ["-c", py, file]).toString().trim()).toBe("5 2");
    expect(readNotebook(file).cells[1]!.id).toBe("code-1");
  });

  it("names every structural problem", () => {
    const bad = structuredClone(sample) as unknown as { cells: Record<string, unknown>[]; nbformat_minor: number };
    bad.nbformat_minor = 4;
    bad.cells[0]!.id = "has space";
    (bad.cells[1]!.outputs as Record<string, unknown>[])[0]!.name = "stdwhat";
    (bad.cells[1]!.outputs as Record<string, unknown>[]).push({ output_type: "display_data", data: { "text/plain": 3 }, metadata: {} });
    const problems = validateNotebook(bad);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining("nbformat_minor"),
        expect.stringContaining("cells[0].id"),
        expect.stringContaining("cells[1].outputs[0].name"),
        expect.stringContaining("cells[1].outputs[4].data[text/plain]"),
      ]),
    );
    expect(() => serializeNotebook(bad as unknown as Notebook)).toThrow(NotebookFormatError);
  });

  it("upgrades 4.4 notebooks by adding cell ids, and refuses files that are not notebooks", () => {
    const dir = mkdtempSync(join(tmpdir(), "nbf-"));
    const old = join(dir, "old.ipynb");
    writeFileSync(old, JSON.stringify({ nbformat: 4, nbformat_minor: 4, metadata: {}, cells: [{ cell_type: "code", metadata: {}, source: "1", outputs: [], execution_count: null }] }));
    const nb = readNotebook(old);
    expect(nb.nbformat_minor).toBe(5);
    expect(nb.cells[0]!.id).toMatch(/^[a-f0-9]{12}$/);
    const junk = join(dir, "junk.ipynb");
    writeFileSync(junk, "{not json");
    expect(() => readNotebook(junk)).toThrow(/junk\.ipynb: not JSON/);
    expect(() => readNotebook(join(dir, "missing.ipynb"))).toThrow(/cannot read/);
    expect(readFileSync(old, "utf8")).toContain('"nbformat_minor":4');
  });
});
