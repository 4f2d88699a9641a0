/**
 * A Deno cell's console output, through KernelClient.execute: Deno's kernel sends it down one channel and
 * publishes each piece under whichever execute_request is the latest when its turn comes, so a cell's output
 * can come after its idle status and under the next request. All a cell wrote must end up in that cell,
 * whole and in order, none in the next, and the wait for it must not show as a cell of its own. Deno itself is
 * run, and a kernel of this folder that forwards as Deno does at its latest, in pieces that split lines.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KernelClient } from "../../src/notebook/kernel/kernel-client";
import { bundledDenoSpec, type KernelSpec } from "../../src/notebook/kernel/kernel-spec";
import type { JupyterMessage } from "../../src/notebook/kernel/wire";
import { budget } from "../helpers/budget";

interface CellRun {
  status: string;
  executionCount: number | null;
  stdout: string;
  stderr: string;
  /** Every line of both streams in the order the cell was handed them, as "stream: line". */
  both: string[];
  /** Every iopub message handed to the cell, by type. */
  types: string[];
}

async function runCell(kernel: KernelClient, code: string): Promise<CellRun> {
  const out = { stdout: "", stderr: "", types: [] as string[], both: [] as string[] };
  const reply = await kernel.execute(code, (m: JupyterMessage) => {
    out.types.push(m.header.msg_type);
    if (m.header.msg_type !== "stream") return;
    const text = String(m.content.text);
    if (m.content.name === "stdout") out.stdout += text;
    else out.stderr += text;
    // Deno hands each console call's text whole: its lines can be tagged piece by piece.
    for (const l of text.split("\n").slice(0, -1)) out.both.push(`${String(m.content.name)}: ${l}`);
  }, budget(120_000));
  return { status: reply.status, executionCount: reply.executionCount, ...out };
}

/** `n` numbered lines, as a cell printing them with `tag` writes them. */
const lines = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag} ${i}\n`).join("");

describe("a Deno cell's stdout and stderr", () => {
  let kernel: KernelClient;

  beforeAll(async () => {
    const env = { ...process.env, DENO_NO_UPDATE_CHECK: "1" };
    kernel = await KernelClient.start(bundledDenoSpec(), { env, startupTimeoutMs: budget(120_000) });
  }, budget(180_000));
  afterAll(() => kernel?.kill());

  it("arrive whole in their own cell, cell after cell, however late the kernel forwards them", async () => {
    // Thousands of lines a cell keep the kernel's output channel busy past the cell's end: the pieces whose
    // turn comes after it are published under whatever request came next.
    const first = (await runCell(kernel, "1")).executionCount!;
    for (let cell = 0; cell < 6; cell++) {
      const code = `for (let i = 0; i < 3000; i++) console.log("out ${cell} " + i); for (let i = 0; i < 800; i++) console.error("err ${cell} " + i);`;
      const got = await runCell(kernel, code);
      expect(got.status).toBe("ok");
      expect(got.stdout).toBe(lines(`out ${cell}`, 3000));
      expect(got.stderr).toBe(lines(`err ${cell}`, 800));
      // The wait for the output runs silently: it is not counted as a cell.
      expect(got.executionCount).toBe(first + cell + 1);
    }
  }, budget(300_000));

  it("keep the order the cell wrote them in across the two streams", async () => {
    const code = `for (let i = 0; i < 2000; i++) { console.log("out " + i); console.error("err " + i); }`;
    const got = await runCell(kernel, code);
    expect(got.status).toBe("ok");
    expect(got.both).toEqual(Array.from({ length: 2000 }, (_, i) => [`stdout: out ${i}`, `stderr: err ${i}`]).flat());
  }, budget(300_000));

  it("keep text like the wait's own line, and the output of a cell that fails", async () => {
    const alike = await runCell(kernel, `console.log("gasframes-drained-"); console.error("gasframes-drained-00000000-0000-0000-0000-000000000000");`);
    expect(alike.stdout).toBe("gasframes-drained-\n");
    expect(alike.stderr).toBe("gasframes-drained-00000000-0000-0000-0000-000000000000\n");
    const failed = await runCell(kernel, `console.log("before the throw"); console.error("to stderr"); throw new Error("the cell's own error");`);
    expect(failed.status).toBe("error");
    expect(failed.stdout).toBe("before the throw\n");
    expect(failed.stderr).toBe("to stderr\n");
    expect(failed.types).toContain("error");
    const after = await runCell(kernel, `console.log("next cell")`);
    expect(after.stdout).toBe("next cell\n");
    expect(after.stderr).toBe("");
  }, budget(180_000));

  it("still arrive whole after a cell replaced console.log and console.error", async () => {
    const replaced = await runCell(kernel, `globalThis.keptLog = console.log; globalThis.keptError = console.error; console.log = () => {}; console.error = () => {};`);
    expect(replaced.status).toBe("ok");
    const silenced = await runCell(kernel, `console.log("swallowed"); keptLog("through the kept one"); keptError("and to stderr");`);
    expect(silenced.status).toBe("ok");
    expect(silenced.stdout).toBe("through the kept one\n");
    expect(silenced.stderr).toBe("and to stderr\n");
    await runCell(kernel, `console.log = keptLog; console.error = keptError;`);
  }, budget(180_000));

  it("a cell that prints nothing gets no stream", async () => {
    const quiet = await runCell(kernel, "const quietValue = 1 + 1;");
    expect(quiet.status).toBe("ok");
    expect(quiet.types).not.toContain("stream");
  }, budget(120_000));
});

describe("console output that comes split into small pieces, after the next request's idle status", () => {
  // A kernel of this folder that forwards as Deno does at its latest (helpers/late-stdio-kernel.mjs): every
  // piece of a cell under the next request, after that request's idle status, cut into 5-character pieces.
  const lateKernel: KernelSpec = {
    name: "late-stdio",
    display_name: "late stdio",
    language: "typescript",
    argv: [process.execPath, join(__dirname, "helpers", "late-stdio-kernel.mjs"), "{connection_file}", "5"],
    resourceDir: __dirname,
  };
  let kernel: KernelClient;
  beforeAll(async () => {
    kernel = await KernelClient.start(lateKernel, { startupTimeoutMs: budget(60_000) });
  }, budget(120_000));
  afterAll(() => kernel?.kill());

  it("gives the cell its text in the order written, its lines and the marker's split between pieces, nothing after the marker", async () => {
    const writes = [
      ["stdout", "first line\n"],
      ["stderr", "an error line\n"],
      ["stdout", "no newline at the end, then "],
      ["stdout", "the rest\n"],
      ["stderr", "gasframes-drained-\n"],
    ];
    for (let cell = 1; cell <= 3; cell++) {
      const got = await runCell(kernel, JSON.stringify(writes));
      expect(got.status).toBe("ok");
      expect(got.executionCount).toBe(cell);
      expect(got.stdout).toBe("first line\nno newline at the end, then the rest\n");
      expect(got.stderr).toBe("an error line\ngasframes-drained-\n");
      expect(got.stdout + got.stderr).not.toContain("after the marker");
    }
  }, budget(120_000));

  it("hands the pieces on in the order they came, across the two streams", async () => {
    const pieces: [string, string][] = [];
    await kernel.execute(JSON.stringify([["stdout", "aaaaaaa"], ["stderr", "bbbbbbb"], ["stdout", "ccc"]]), (m) => {
      if (m.header.msg_type === "stream") pieces.push([String(m.content.name), String(m.content.text)]);
    }, budget(60_000));
    expect(pieces).toEqual([["stdout", "aaaaa"], ["stdout", "aa"], ["stderr", "bbbbb"], ["stderr", "bb"], ["stdout", "ccc"]]);
  }, budget(120_000));
});
