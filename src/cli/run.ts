import { statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { readNotebook } from "../notebook/nbformat/notebook-file";
import { runNotebooks } from "../notebook/run/run-notebooks";
import { closest } from "../util/closest";
import { consoleIo, type CliCommand, type CommandIo } from "./command";
import { failureText, runCommandLine } from "./command-line";
import { lastValue, UsageError, type FlagSpec, type ReadArgs } from "./read-args";

export type { CommandIo } from "./command";
export { failureText } from "./command-line";

/** Usage of `gasframes run`. */
export const RUN_USAGE = `usage: gasframes run <notebook.ipynb...> [--out <dir>] [--kernel tslab|deno] [--cell-timeout <seconds>]

Executes each notebook top to bottom in a Jupyter kernel (--kernel: tslab or deno, Deno's built-in
kernel; default the kernel the notebook's metadata names, else tslab) and writes the executed notebooks to <dir>
(default: a folder "executed" beside the first notebook, whose path is printed).
Stops at the first failing cell and exits 1, after writing that notebook as far as it ran (outputs up to and
including the error) to <dir>/<name>.failed.ipynb.`;

/** The notebook kernels `--kernel` names. */
export const KERNELS = ["tslab", "deno"] as const;

/** A `--kernel` value checked: the kernel's name, or an error message naming the value and the choices. */
export function parseKernel(value: string): (typeof KERNELS)[number] | { error: string } {
  const found = KERNELS.find((k) => k === value);
  if (found !== undefined) return found;
  const close = closest(value, KERNELS) ?? KERNELS.find((k) => value.toLowerCase().includes(k));
  return { error: `--kernel must be one of ${KERNELS.join(", ")}, got ${JSON.stringify(value)}${close ? ` (did you mean ${close}?)` : ""}` };
}

/** `--kernel` and `--cell-timeout`, shared by `gasframes run` and `gasframes report`; UsageError on bad values. */
export function readKernelOptions(read: ReadArgs): { kernelName?: (typeof KERNELS)[number]; cellTimeoutMs?: number } {
  const kernel = lastValue(read, "--kernel");
  const timeout = lastValue(read, "--cell-timeout");
  const parsed: { kernelName?: (typeof KERNELS)[number]; cellTimeoutMs?: number } = {};
  if (kernel !== undefined) {
    const k = parseKernel(kernel);
    if (typeof k !== "string") throw new UsageError(k.error);
    parsed.kernelName = k;
  }
  if (timeout !== undefined) {
    if (!(Number(timeout) > 0) || !Number.isFinite(Number(timeout))) throw new UsageError(`--cell-timeout must be a positive number of seconds, got "${timeout}"`);
    parsed.cellTimeoutMs = Number(timeout) * 1000;
  }
  return parsed;
}

/** The flags of `gasframes run`. */
const RUN_FLAGS: Readonly<Record<string, FlagSpec>> = {
  "--out": { value: true, short: "-o" },
  "--kernel": { value: true },
  "--cell-timeout": { value: true },
};

/** The folder `gasframes run` writes to without `--out`: beside the notebooks. */
export const DEFAULT_OUT_FOLDER = "executed";

/** What `gasframes run` was asked to do, checked before anything runs or is written. */
export interface RunArgs {
  paths: string[];
  outDir: string;
  /** Whether `outDir` is the default (no `--out` given). */
  defaultOut: boolean;
  kernelName?: string;
  cellTimeoutMs?: number;
}

/**
 * Checks `gasframes run`'s arguments: every notebook readable and valid, `--out` not a file, the kernel
 * and time-out well formed. Throws UsageError; nothing has been run or written when it does.
 */
export function checkRunArgs(read: ReadArgs): RunArgs {
  const options = readKernelOptions(read);
  if (read.positionals.length === 0) throw new UsageError("no notebooks given");
  const given = lastValue(read, "--out");
  const outDir = given ?? join(dirname(resolve(read.positionals[0]!)), DEFAULT_OUT_FOLDER);
  checkOutFolder(outDir);
  for (const path of read.positionals) {
    try {
      readNotebook(resolve(path));
    } catch (e) {
      throw new UsageError(`cannot run ${path}: ${(e as Error).message}`, { cause: e });
    }
  }
  return { paths: read.positionals, outDir, defaultOut: given === undefined, ...options };
}

/** Refuses an `--out` that names something other than a folder (a missing folder is created later). */
export function checkOutFolder(path: string): void {
  let isFolder = true;
  try {
    isFolder = statSync(path).isDirectory();
  } catch {
    // Missing: created when the first file is written.
  }
  if (!isFolder) throw new UsageError(`--out must be a folder, but ${resolve(path)} is a file`);
}

/**
 * `gasframes run <notebooks...> [--out <dir>]` (default: `executed/` beside the first notebook): returns the exit code (0 ok, 1 a cell or kernel failed,
 * 2 bad arguments). Progress and the failure (notebook, cell number, error text, where the partial
 * notebook was written) go to `io.err`.
 */
export async function runCommand(args: readonly string[], io: CommandIo = consoleIo): Promise<number> {
  return runCommandLine({ name: "run", usage: RUN_USAGE, flags: RUN_FLAGS }, args, io, async (read) => {
    const parsed = checkRunArgs(read);
    if (parsed.defaultOut) io.err(`gasframes run: no --out given: writing the executed notebooks to ${parsed.outDir}`);
    const started = Date.now();
    let partial: string | undefined;
    try {
      const runs = await runNotebooks(parsed.paths, {
        outDir: parsed.outDir,
        ...(parsed.kernelName === undefined ? {} : { kernelName: parsed.kernelName }),
        cellTimeoutMs: parsed.cellTimeoutMs,
        log: io.err,
        onPartial: (path) => (partial = path),
      });
      io.out(`ran ${runs.length} notebook(s) in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${parsed.outDir}`);
      return 0;
    } catch (e) {
      if (partial === undefined) throw e;
      io.err(`gasframes run: ${failureText(e)}\nthe notebook as far as it ran, with the failing cell's error, is in ${partial}`);
      return 1;
    }
  });
}

/** `gasframes run`, as registered in the command dispatcher. */
export const runNotebooksCommand: CliCommand = {
  summary: "execute notebooks top to bottom in a Jupyter kernel: run <notebooks...> [--out <dir>] [--kernel tslab|deno]",
  usage: RUN_USAGE,
  run: (args, io) => runCommand(args, io),
};
