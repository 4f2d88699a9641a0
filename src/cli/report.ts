import { readdirSync } from "node:fs";
import { resolve } from "node:path";
import { buildReport } from "../notebook/report/build-report";
import { parseDay } from "../sandbox/core/dates";
import { consoleIo, type CliCommand, type CommandIo } from "./command";
import { runCommandLine } from "./command-line";
import { lastValue, UsageError, type FlagSpec, type ReadArgs } from "./read-args";
import { checkOutFolder, readKernelOptions } from "./run";

/** Usage of `gasframes report`. */
export const REPORT_USAGE = `usage: gasframes report [--notebooks <dir>] [--out <dir>] [--kernel tslab|deno] [--as-of YYYY-MM-DD] [--cell-timeout <seconds>] [--no-cell-cache] [--no-sandbox-cache]

Starts the embedded sandbox (or uses GASFRAMES_TOKEN + GASFRAMES_NATGAS_URL/GASFRAMES_LNG_URL when set),
runs every notebook in <dir> (default notebooks) and writes <out>/index.html (default reports) linking one
standalone HTML page per notebook, run in the tslab kernel (default) or Deno's (--kernel deno). GASFRAMES_CACHE=readwrite records responses, =replay re-runs offline.
tslab keeps the cells it compiled in node_modules/.cache/gasframes/tslab-cells for the next run; --no-cell-cache compiles every cell anew.
The sandbox keeps its answers in node_modules/.cache/gasframes/sandbox-answers; --no-sandbox-cache generates every answer anew.`;

/** The flags of `gasframes report`. */
export const REPORT_FLAGS: Readonly<Record<string, FlagSpec>> = {
  "--notebooks": { value: true },
  "--out": { value: true, short: "-o" },
  "--as-of": { value: true },
  "--cell-timeout": { value: true },
  "--kernel": { value: true },
  "--no-cell-cache": { value: false },
  "--no-sandbox-cache": { value: false },
};

/** What `gasframes report` was asked to do. */
interface ReportArgs {
  notebooksDir?: string;
  outDir?: string;
  asOf?: string;
  cellTimeoutMs?: number;
  kernelName: string;
  cellCache?: false;
  sandboxCache?: false;
}

/**
 * Checks `gasframes report`'s arguments before the report clears its old index: a real --as-of date, a
 * notebooks folder holding notebooks, well-formed kernel and time-out. Throws UsageError.
 */
export function checkReportArgs(read: ReadArgs): ReportArgs {
  if (read.positionals.length > 0) throw new UsageError(`unexpected argument "${read.positionals[0]}" (the notebooks folder is --notebooks <dir>)`);
  const { kernelName = "tslab", cellTimeoutMs } = readKernelOptions(read);
  const asOf = lastValue(read, "--as-of");
  if (asOf !== undefined && parseDay(asOf) === undefined) throw new UsageError(`--as-of must be a real date YYYY-MM-DD, got "${asOf}"`);
  const notebooksDir = lastValue(read, "--notebooks");
  const dir = notebooksDir ?? "notebooks";
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (e) {
    throw new UsageError(`cannot list notebooks in ${resolve(dir)}: ${(e as Error).message}`, { cause: e });
  }
  if (!names.some((n) => n.endsWith(".ipynb") && !n.startsWith("."))) throw new UsageError(`no notebooks (*.ipynb) in ${resolve(dir)}`);
  const outDir = lastValue(read, "--out");
  checkOutFolder(outDir ?? "reports");
  return { kernelName, ...(read.switches.has("--no-cell-cache") ? { cellCache: false as const } : {}), ...(read.switches.has("--no-sandbox-cache") ? { sandboxCache: false as const } : {}), ...(cellTimeoutMs ? { cellTimeoutMs } : {}), ...(asOf ? { asOf } : {}), ...(notebooksDir ? { notebooksDir } : {}), ...(outDir ? { outDir } : {}) };
}

/**
 * `gasframes report`: builds the HTML report, prints its path and the time taken, returns the exit code
 * (0 ok, 1 any failure, 2 bad arguments, refused before anything in the output folder is touched).
 */
export async function reportCommand(args: readonly string[], io: CommandIo = consoleIo): Promise<number> {
  return runCommandLine({ name: "report", usage: REPORT_USAGE, flags: REPORT_FLAGS }, args, io, async (read) => {
    const opts = checkReportArgs(read);
    const result = await buildReport({ ...opts, log: io.err });
    io.out(`report: ${result.indexPath} (${result.pages.length} notebooks, ${result.seconds.toFixed(1)} s)`);
    return 0;
  });
}

/** `gasframes report`, as registered in the command dispatcher. */
export const buildReportCommand: CliCommand = {
  summary: "run every notebook against the sandbox and write reports/index.html",
  usage: REPORT_USAGE,
  run: (args, io) => reportCommand(args, io),
};
