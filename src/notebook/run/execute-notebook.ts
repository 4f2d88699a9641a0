import { KernelClient } from "../kernel/kernel-client";
import { findKernelSpec, type KernelSpec } from "../kernel/kernel-spec";
import type { JupyterMessage } from "../kernel/wire";
import { joinLines } from "../nbformat/notebook-file";
import type { CodeCell, DisplayDataOutput, Notebook, Output } from "../nbformat/types";
import { CellExecutionError, KernelError } from "../shared/notebook-errors";

/** Options for {@link executeNotebook}. */
export interface ExecuteNotebookOptions {
  /** Name used in error messages. Default "notebook". */
  name?: string;
  /** Kernelspec to launch. Default: the notebook's metadata.kernelspec.name, else "tslab", found by {@link findKernelSpec}. */
  kernelSpec?: KernelSpec;
  /** Working directory of the kernel. Default: the current directory. */
  cwd?: string;
  /** Environment of the kernel. Default: process.env. */
  env?: NodeJS.ProcessEnv;
  /** Time limit per cell. Default 600 000 ms; on expiry the kernel is killed and the cell reported as failed. */
  cellTimeoutMs?: number;
  /** Time limit for the kernel to start. Default 60 000 ms. */
  startupTimeoutMs?: number;
  /** Called after each code cell with its 1-based position among all cells. Default: nothing. */
  onCell?: (cellNumber: number, cellCount: number) => void;
  /**
   * Called when a cell fails, before the CellExecutionError is thrown, with the notebook as far as it ran:
   * outputs up to and including the failing cell's error, later cells without outputs, and
   * `metadata.gasframes.failed` naming the cell. Default: nothing.
   */
  onFailure?: (partial: Notebook, error: CellExecutionError) => void;
}

/**
 * tslab reports most failures only as stderr text (TypeScript diagnostics "1:7 - ..." and printed exceptions),
 * so stderr is scanned for these shapes in addition to execute_reply status and iopub error messages.
 */
const STDERR_ERROR = /^(?:\S+ )?\d+:\d+ - |^\s*(?:Uncaught )?[\w$.]*(?:Error|Exception)\b(?: \[[\w-]+\])?:|^unexpected error:|^\s+at \S.*\(.*:\d+:\d+\)$/m;
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;

/** True when stderr text looks like a failure report (compile diagnostic, thrown error, stack frame). */
export function looksLikeError(stderr: string): boolean {
  return STDERR_ERROR.test(stderr.replace(ANSI, ""));
}

/**
 * Executes every code cell of `nb` top to bottom in a fresh kernel and returns a new notebook holding the
 * outputs (streams merged, display updates applied, execution counts set). Stops at the first failing
 * cell and throws CellExecutionError with the notebook name, the 1-based cell number and the error text;
 * never returns a partially executed notebook (`onFailure` receives it). The kernel is always shut down.
  * @example
  * const done = await executeNotebook(notebook, { cellTimeoutMs: 120_000 });
 */
export async function executeNotebook(nb: Notebook, options: ExecuteNotebookOptions = {}): Promise<Notebook> {
  const wanted = (nb.metadata.kernelspec as { name?: string } | undefined)?.name ?? "tslab";
  const spec = options.kernelSpec ?? findKernelSpec(wanted, options.env);
  const kernel = await KernelClient.start(spec, { cwd: options.cwd, env: options.env, startupTimeoutMs: options.startupTimeoutMs });
  let ok = false;
  try {
    const out = await executeInKernel(kernel, spec, nb, options);
    ok = true;
    return out;
  } finally {
    if (ok) await kernel.shutdown();
    else await kernel.kill();
  }
}

/**
 * {@link executeNotebook} in a kernel that is already running (`spec` names it in the notebook's metadata),
 * which is left running: the caller shuts it down, or kills it after a failure (its state is unknown then).
 */
export async function executeInKernel(kernel: KernelClient, spec: KernelSpec, nb: Notebook, options: Omit<ExecuteNotebookOptions, "kernelSpec" | "cwd" | "env" | "startupTimeoutMs"> = {}): Promise<Notebook> {
  const name = options.name ?? "notebook";
  const out: Notebook = structuredClone(nb);
  out.metadata = {
    ...out.metadata,
    kernelspec: { name: spec.name, display_name: spec.display_name, language: spec.language },
    ...(kernel.kernelInfo.language_info ? { language_info: kernel.kernelInfo.language_info } : {}),
  };
  const displays = new Map<string, DisplayDataOutput[]>();
  for (let i = 0; i < out.cells.length; i++) {
    const cell = out.cells[i]!;
    if (cell.cell_type !== "code") continue;
    cell.outputs = [];
    cell.execution_count = null;
    const code = joinLines(cell.source);
    if (code.trim() === "") continue;
    try {
      await runCell(kernel, cell, code, displays, { name, cellNumber: i + 1, timeoutMs: options.cellTimeoutMs ?? 600_000 });
    } catch (e) {
      if (e instanceof CellExecutionError && options.onFailure) options.onFailure(partialNotebook(out, i, e), e);
      throw e;
    }
    options.onCell?.(i + 1, out.cells.length);
  }
  return out;
}

/** `nb` stopped at cell `index`: later code cells lose the outputs the source file may have carried. */
function partialNotebook(nb: Notebook, index: number, error: CellExecutionError): Notebook {
  const partial = structuredClone(nb);
  for (const cell of partial.cells.slice(index + 1)) {
    if (cell.cell_type !== "code") continue;
    cell.outputs = [];
    cell.execution_count = null;
  }
  const failed = partial.cells[index] as CodeCell;
  // A kernel that died or timed out sent no error output: the cell shows why it stopped all the same.
  if (!failed.outputs.some((o) => o.output_type === "error" || (o.output_type === "stream" && o.name === "stderr"))) {
    failed.outputs.push({ output_type: "error", ename: error.name, evalue: error.errorText, traceback: [] });
  }
  partial.metadata = { ...partial.metadata, gasframes: { failed: { cell: error.cellNumber, error: error.errorText } } };
  return partial;
}

interface CellContext {
  name: string;
  cellNumber: number;
  timeoutMs: number;
}

async function runCell(kernel: KernelClient, cell: CodeCell, code: string, displays: Map<string, DisplayDataOutput[]>, ctx: CellContext): Promise<void> {
  let clearPending = false;
  const push = (o: Output) => {
    if (clearPending) {
      cell.outputs.length = 0;
      clearPending = false;
    }
    const last = cell.outputs[cell.outputs.length - 1];
    if (o.output_type === "stream" && last?.output_type === "stream" && last.name === o.name) {
      last.text = joinLines(last.text) + joinLines(o.text);
    } else cell.outputs.push(o);
  };
  const onIopub = (m: JupyterMessage) => {
    const c = m.content;
    switch (m.header.msg_type) {
      case "stream":
        return push({ output_type: "stream", name: c.name === "stderr" ? "stderr" : "stdout", text: String(c.text ?? "") });
      case "display_data": {
        const o: DisplayDataOutput = { output_type: "display_data", data: c.data ?? {}, metadata: c.metadata ?? {} };
        const id = c.transient?.display_id;
        if (typeof id === "string") {
          o.transient = { display_id: id };
          displays.set(id, [...(displays.get(id) ?? []), o]);
        }
        return push(o);
      }
      case "update_display_data":
        for (const o of displays.get(c.transient?.display_id) ?? []) {
          o.data = c.data ?? {};
          o.metadata = c.metadata ?? {};
        }
        return;
      case "execute_result":
        return push({ output_type: "execute_result", execution_count: c.execution_count ?? null, data: c.data ?? {}, metadata: c.metadata ?? {} });
      case "error":
        return push({ output_type: "error", ename: String(c.ename ?? "Error"), evalue: String(c.evalue ?? ""), traceback: (c.traceback ?? []).map(String) });
      case "clear_output":
        if (c.wait) clearPending = true;
        else cell.outputs.length = 0;
        return;
    }
  };
  let reply;
  try {
    reply = await kernel.execute(code, onIopub, ctx.timeoutMs);
  } catch (e) {
    const why = e instanceof KernelError ? e.message : String(e);
    throw new CellExecutionError(ctx.name, ctx.cellNumber, why, { cause: e });
  }
  cell.execution_count = reply.executionCount;
  const failure = describeFailure(cell.outputs, reply.status, reply.content);
  if (failure !== undefined) throw new CellExecutionError(ctx.name, ctx.cellNumber, failure);
}

/** The error text of a failed cell, or undefined when the cell succeeded. */
function describeFailure(outputs: Output[], status: string, content: Record<string, unknown>): string | undefined {
  const errorOut = outputs.find((o) => o.output_type === "error");
  if (errorOut?.output_type === "error") {
    return [`${errorOut.ename}: ${errorOut.evalue}`, ...errorOut.traceback].join("\n").replace(ANSI, "");
  }
  const stderr = outputs
    .filter((o) => o.output_type === "stream" && o.name === "stderr")
    .map((o) => joinLines((o as { text: string | string[] }).text))
    .join("")
    .replace(ANSI, "");
  if (status !== "ok" || looksLikeError(stderr)) {
    if (stderr.trim()) return stderr.trim();
    if (content.ename) return `${String(content.ename)}: ${String(content.evalue ?? "")}`;
    return `the kernel replied status "${status}" without an error message`;
  }
  return undefined;
}
