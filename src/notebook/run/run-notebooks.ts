import { rmSync } from "node:fs";
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
  /**
   * Called with the path of the partially executed notebook written for a failed run
   * (`<outDir>/<name>.failed.ipynb`) before the error is thrown. Default: nothing.
   */
  onPartial?: (path: string) => void;
  /**
   * How many notebooks run at once, each in its own kernel. Default 1 (one after another). With more, the
   * results still come in the order of `paths`; after a failure no further notebook starts, those
   * running finish, and the failure of the earliest failing notebook in `paths` is thrown.
   */
  concurrency?: number;
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
 * throwing CellExecutionError (notebook, cell number, error text). The failed notebook is written as far as it
 * ran, outputs up to and including the failing cell's error, as `<outDir>/<stem>.failed.ipynb` (never under
 * its own name, so nothing half-done looks complete); a run that succeeds removes an earlier `.failed` copy.
  * @example
  * const runs = await runNotebooks(["notebooks/01-quickstart.ipynb"], { outDir: "reports" });
 */
export async function runNotebooks(paths: string[], options: RunNotebooksOptions): Promise<NotebookRun[]> {
  const runs: NotebookRun[] = new Array(paths.length);
  const failures: { index: number; error: unknown }[] = [];
  let next = 0;
  const lanes = Math.max(1, Math.min(Math.floor(options.concurrency ?? 1), paths.length));
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (next < paths.length && failures.length === 0) {
        const index = next++;
        try {
          runs[index] = await runOne(paths[index]!, options);
        } catch (error) {
          failures.push({ index, error });
        }
      }
    }),
  );
  if (failures.length > 0) throw failures.sort((a, b) => a.index - b.index)[0]!.error;
  return runs;
}

async function runOne(path: string, options: RunNotebooksOptions): Promise<NotebookRun> {
  const started = Date.now();
  const source = resolve(path);
  const nb = readNotebook(source);
  const name = basename(source);
  const kernelSpec = options.kernelName ? findKernelSpec(options.kernelName, options.env) : undefined;
  const output = join(resolve(options.outDir), name);
  const failedOutput = join(resolve(options.outDir), `${name.replace(/\.ipynb$/, "")}.failed.ipynb`);
  const executed = await executeNotebook(nb, {
    name,
    kernelSpec,
    cwd: dirname(source),
    env: options.env,
    cellTimeoutMs: options.cellTimeoutMs,
    onFailure: (partial) => {
      try {
        writeNotebook(failedOutput, partial);
      } catch (e) {
        // The cell's own failure is the error to report; a full disk must not replace it.
        options.log?.(`could not write the partial notebook ${failedOutput}: ${(e as Error).message}`);
        return;
      }
      options.onPartial?.(failedOutput);
    },
  });
  writeNotebook(output, executed);
  rmSync(failedOutput, { force: true });
  const seconds = (Date.now() - started) / 1000;
  options.log?.(`${name}: ${executed.cells.filter((c) => c.cell_type === "code").length} code cells in ${seconds.toFixed(1)} s -> ${output}`);
  return { source, output, notebook: executed, seconds };
}
