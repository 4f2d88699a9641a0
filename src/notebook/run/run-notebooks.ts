import { basename, dirname, join, resolve } from "node:path";
import { executeNotebook } from "./execute-notebook";
import { findKernelSpec } from "../kernel/kernel-spec";
import { readNotebook, writeNotebook } from "../nbformat/notebook-file";
import type { Notebook } from "../nbformat/types";

/** Options for {@link runNotebooks}. */
export interface RunNotebooksOptions {
  /** Folder the executed notebooks are written to (same file names). Required. */
  outDir: string;
  /** Kernelspec name. Default: each notebook's metadata.kernelspec.name, else "tslab". */
  kernelName?: string;
  /** Environment of the kernels. Default: process.env. */
  env?: NodeJS.ProcessEnv;
  /** Time limit per cell. Default 600 000 ms. */
  cellTimeoutMs?: number;
  /** Progress lines ("quickstart.ipynb: 12 cells in 4.1 s"). Default: nothing. */
  log?: (line: string) => void;
}

/** One executed notebook. */
export interface NotebookRun {
  /** The notebook that was run. */
  source: string;
  /** Where the executed copy was written. */
  output: string;
  notebook: Notebook;
  seconds: number;
}

/**
 * Executes each notebook top to bottom in its own kernel (started in the notebook's folder, as Jupyter does)
 * and writes the executed copy to `outDir`. Stops at the first failing cell of the first failing notebook by
 * throwing CellExecutionError (notebook, cell number, error text); nothing is written for that notebook.
 */
export async function runNotebooks(paths: string[], options: RunNotebooksOptions): Promise<NotebookRun[]> {
  const runs: NotebookRun[] = [];
  for (const path of paths) {
    const started = Date.now();
    const source = resolve(path);
    const nb = readNotebook(source);
    const name = basename(source);
    const kernelSpec = options.kernelName ? findKernelSpec(options.kernelName, options.env) : undefined;
    const executed = await executeNotebook(nb, { name, kernelSpec, cwd: dirname(source), env: options.env, cellTimeoutMs: options.cellTimeoutMs });
    const output = join(resolve(options.outDir), name);
    writeNotebook(output, executed);
    const seconds = (Date.now() - started) / 1000;
    options.log?.(`${name}: ${executed.cells.filter((c) => c.cell_type === "code").length} code cells in ${seconds.toFixed(1)} s -> ${output}`);
    runs.push({ source, output, notebook: executed, seconds });
  }
  return runs;
}
