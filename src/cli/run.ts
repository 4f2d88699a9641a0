import { GasframesError } from "../errors";
import { runNotebooks } from "../notebook/run/run-notebooks";
import type { CliCommand } from "./command";

/** Usage of `gasframes run`. */
export const RUN_USAGE = `usage: gasframes run <notebook.ipynb...> --out <dir> [--kernel tslab|deno] [--cell-timeout <seconds>]

Executes each notebook top to bottom in a Jupyter kernel (--kernel: tslab or deno, Deno's built-in
kernel; default the kernel the notebook's metadata names, else tslab) and writes the executed notebooks to <dir>. Stops at the first failing cell and exits 1.`;

/** The notebook kernels `--kernel` names. */
export const KERNELS = ["tslab", "deno"] as const;

/** A `--kernel` value checked: the kernel's name, or an error message naming the value and the choices. */
export function parseKernel(value: string): (typeof KERNELS)[number] | { error: string } {
  const found = KERNELS.find((k) => k === value);
  if (found !== undefined) return found;
  const lower = value.toLowerCase();
  const close = KERNELS.find((k) => lower.includes(k) || k.startsWith(lower.slice(0, 2)));
  return { error: `--kernel must be one of ${KERNELS.join(", ")}, got ${JSON.stringify(value)}${close ? ` (did you mean ${close}?)` : ""}` };
}

/** Where a command writes: `out` for results, `err` for progress and errors. Default: console. */
export interface CommandIo {
  out: (s: string) => void;
  err: (s: string) => void;
}

const consoleIo: CommandIo = { out: (s) => console.log(s), err: (s) => console.error(s) };

interface RunArgs {
  paths: string[];
  outDir: string;
  kernelName?: string;
  cellTimeoutMs?: number;
}

function parseRunArgs(args: readonly string[]): RunArgs | string {
  const paths: string[] = [];
  const parsed: Partial<RunArgs> = {};
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--out" || a === "-o" || a === "--kernel" || a === "--cell-timeout") {
      const v = args[++i];
      if (v === undefined) return `${a} needs a value`;
      if (a === "--kernel") {
        const kernel = parseKernel(v);
        if (typeof kernel !== "string") return kernel.error;
        parsed.kernelName = kernel;
      } else if (a === "--cell-timeout") {
        if (!(Number(v) > 0)) return `--cell-timeout must be a positive number of seconds, got ${v}`;
        parsed.cellTimeoutMs = Number(v) * 1000;
      } else parsed.outDir = v;
    } else if (a.startsWith("-")) return `unknown option ${a}`;
    else paths.push(a);
  }
  if (paths.length === 0) return "no notebooks given";
  if (!parsed.outDir) return "--out <dir> is required";
  // Without --kernel each notebook runs in the kernel its metadata names (tslab when it names none).
  return { ...parsed, paths, outDir: parsed.outDir };
}

/**
 * `gasframes run <notebooks...> --out <dir>`: returns the exit code (0 ok, 1 a cell or kernel failed,
 * 2 bad arguments). Progress and the failure (notebook, cell number, error text) go to `io.err`.
 */
export async function runCommand(args: readonly string[], io: CommandIo = consoleIo): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    io.out(RUN_USAGE);
    return 0;
  }
  const parsed = parseRunArgs(args);
  if (typeof parsed === "string") {
    io.err(`gasframes run: ${parsed}\n${RUN_USAGE}`);
    return 2;
  }
  const started = Date.now();
  try {
    const runs = await runNotebooks(parsed.paths, { outDir: parsed.outDir, ...(parsed.kernelName === undefined ? {} : { kernelName: parsed.kernelName }), cellTimeoutMs: parsed.cellTimeoutMs, log: io.err });
    io.out(`ran ${runs.length} notebook(s) in ${((Date.now() - started) / 1000).toFixed(1)} s -> ${parsed.outDir}`);
    return 0;
  } catch (e) {
    io.err(failureText(e));
    return 1;
  }
}

/** An error as one message for the terminal: gasframes errors by message, anything else with its stack. */
export function failureText(e: unknown): string {
  return e instanceof GasframesError ? `error: ${e.message}` : `error: ${String((e as Error)?.stack ?? e)}`;
}

/** `gasframes run`, as registered in the command dispatcher. */
export const runNotebooksCommand: CliCommand = {
  summary: "execute notebooks top to bottom in a Jupyter kernel: run <notebooks...> --out <dir> [--kernel tslab|deno]",
  run: (args: readonly string[]): Promise<number> => runCommand(args),
};
