/**
 * `--kernel tslab|deno` of `gasframes run` and `gasframes report` (and so `npm start -- --kernel deno`).
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { budget } from "../helpers/budget";
import { reportCommand } from "../../src/cli/report";
import { parseKernel, runCommand, type CommandIo } from "../../src/cli/run";
import type { Notebook } from "../../src/notebook/nbformat/types";

const HELLO = join(__dirname, "..", "notebook", "fixtures", "hello.ipynb");

function capture(): CommandIo & { text: () => string } {
  const lines: string[] = [];
  return { out: (s) => lines.push(s), err: (s) => lines.push(s), text: () => lines.join("\n") };
}

function executed(dir: string): Notebook {
  return JSON.parse(readFileSync(join(dir, "hello.ipynb"), "utf8")) as Notebook;
}

describe("--kernel", () => {
  it("takes tslab or deno, and names the choices (and the closest) for anything else", () => {
    expect(parseKernel("tslab")).toBe("tslab");
    expect(parseKernel("deno")).toBe("deno");
    expect(parseKernel("Deno")).toEqual({ error: '--kernel must be one of tslab, deno, got "Deno" (did you mean deno?)' });
    expect(parseKernel("python3")).toEqual({ error: '--kernel must be one of tslab, deno, got "python3"' });
  });

  it("a bad value is refused with exit code 2 before anything runs, by run and by report", async () => {
    const io = capture();
    expect(await runCommand([HELLO, "--out", mkdtempSync(join(tmpdir(), "k-")), "--kernel", "python3"], io)).toBe(2);
    expect(io.text()).toMatch(/gasframes run: --kernel must be one of tslab, deno, got "python3"[\s\S]*usage: gasframes run/);
    const io2 = capture();
    expect(await reportCommand(["--kernel", "Deno"], io2)).toBe(2);
    expect(io2.text()).toContain('gasframes report: --kernel must be one of tslab, deno, got "Deno" (did you mean deno?)');
    expect(await reportCommand(["--kernel"], capture())).toBe(2);
  });

  it("--kernel deno runs the notebook in Deno's kernel: TypeScript, tslab.display and the last value all work", async () => {
    const out = mkdtempSync(join(tmpdir(), "k-deno-"));
    const io = capture();
    expect(await runCommand([HELLO, "--out", out, "--kernel", "deno"], io)).toBe(0);
    const nb = executed(out);
    expect((nb.metadata.kernelspec as { name: string }).name).toBe("deno");
    const outputs = JSON.stringify(nb.cells.map((c) => (c.cell_type === "code" ? c.outputs : [])));
    expect(outputs).toContain("x = 2");
    expect(outputs).toContain("<table>");
    expect(outputs).toMatch(/"text\/plain":\s*\[?"(?:\\u001b\[[0-9;]*m)?42/);
  }, budget(600_000));
});

describe("gasframes run without --out", () => {
  // Also the run without --kernel: it must use tslab (one kernel start for both claims).
  it("writes beside the notebooks, in executed/, says where before it starts, and uses tslab without --kernel", async () => {
    const dir = mkdtempSync(join(tmpdir(), "run-default-out-"));
    const notebook = join(dir, "hello.ipynb");
    copyFileSync(HELLO, notebook);
    const io = capture();
    expect(await runCommand([notebook], io), io.text()).toBe(0);
    const out = join(dir, "executed");
    expect(io.text()).toContain(`gasframes run: no --out given: writing the executed notebooks to ${out}`);
    expect((executed(out).metadata.kernelspec as { name: string }).name).toBe("tslab");
    rmSync(dir, { recursive: true, force: true });
  }, budget(600_000));

  it("still refuses a default folder that is a file, before anything runs", async () => {
    const dir = mkdtempSync(join(tmpdir(), "run-default-out-file-"));
    const notebook = join(dir, "hello.ipynb");
    copyFileSync(HELLO, notebook);
    writeFileSync(join(dir, "executed"), "not a folder");
    const io = capture();
    expect(await runCommand([notebook], io)).toBe(2);
    expect(io.text()).toContain(`--out must be a folder, but ${join(dir, "executed")} is a file`);
    rmSync(dir, { recursive: true, force: true });
  });
});
