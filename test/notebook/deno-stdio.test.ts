/**
 * A Deno cell's stdout and stderr, through KernelClient.execute: Deno's kernel forwards them from pipes on a
 * loop of its own, under whichever execute_request is the latest when a piece is read, so a cell's output can
 * come after its idle status and under the next request. Every byte a cell wrote must end up in that cell,
 * whole and in order, none in the next, and the wait for it must not show as a cell of its own.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KernelClient } from "../../src/notebook/kernel/kernel-client";
import { bundledDenoSpec } from "../../src/notebook/kernel/kernel-spec";
import type { JupyterMessage } from "../../src/notebook/kernel/wire";
import { budget } from "../helpers/budget";

interface CellRun {
  status: string;
  executionCount: number | null;
  stdout: string;
  stderr: string;
  /** Every iopub message handed to the cell, by type. */
  types: string[];
}

async function runCell(kernel: KernelClient, code: string): Promise<CellRun> {
  const out = { stdout: "", stderr: "", types: [] as string[] };
  const reply = await kernel.execute(code, (m: JupyterMessage) => {
    out.types.push(m.header.msg_type);
    if (m.header.msg_type !== "stream") return;
    if (m.content.name === "stdout") out.stdout += String(m.content.text);
    else out.stderr += String(m.content.text);
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
    // Thousands of lines a cell keep the kernel's pipe readers busy past the cell's end: the pieces they read
    // after it are published under whatever request came next.
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
