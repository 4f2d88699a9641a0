import { buildReport } from "../notebook/report/build-report";
import { failureText, parseKernel, type CommandIo } from "./run";
import type { CliCommand } from "./command";

/** Usage of `gasframes report`. */
export const REPORT_USAGE = `usage: gasframes report [--notebooks <dir>] [--out <dir>] [--kernel tslab|deno] [--as-of YYYY-MM-DD] [--cell-timeout <seconds>]

Starts the embedded sandbox (or uses GASFRAMES_TOKEN + GASFRAMES_NATGAS_URL/GASFRAMES_LNG_URL when set),
runs every notebook in <dir> (default notebooks) and writes <out>/index.html (default reports) linking one
standalone HTML page per notebook, run in the tslab kernel (default) or Deno's (--kernel deno). GASFRAMES_CACHE=readwrite records responses, =replay re-runs offline.`;

const consoleIo: CommandIo = { out: (s) => console.log(s), err: (s) => console.error(s) };

/**
 * `gasframes report`: builds the HTML report, prints its path and the time taken, returns the exit code
 * (0 ok, 1 any failure, 2 bad arguments).
 */
export async function reportCommand(args: readonly string[], io: CommandIo = consoleIo): Promise<number> {
  const opts: { notebooksDir?: string; outDir?: string; asOf?: string; cellTimeoutMs?: number; kernelName: string } = { kernelName: "tslab" };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === "--help" || a === "-h") {
      io.out(REPORT_USAGE);
      return 0;
    }
    const v = args[i + 1];
    if (!["--notebooks", "--out", "--as-of", "--cell-timeout", "--kernel"].includes(a) || v === undefined) {
      io.err(`gasframes report: ${v === undefined && a.startsWith("--") ? `${a} needs a value` : `unexpected argument ${a}`}\n${REPORT_USAGE}`);
      return 2;
    }
    i++;
    if (a === "--notebooks") opts.notebooksDir = v;
    else if (a === "--out") opts.outDir = v;
    else if (a === "--as-of") opts.asOf = v;
    else if (a === "--kernel") {
      const kernel = parseKernel(v);
      if (typeof kernel !== "string") {
        io.err(`gasframes report: ${kernel.error}`);
        return 2;
      }
      opts.kernelName = kernel;
    }
    else if (Number(v) > 0) opts.cellTimeoutMs = Number(v) * 1000;
    else {
      io.err(`gasframes report: --cell-timeout must be a positive number of seconds, got ${v}`);
      return 2;
    }
  }
  try {
    const result = await buildReport({ ...opts, log: io.err });
    io.out(`report: ${result.indexPath} (${result.pages.length} notebooks, ${result.seconds.toFixed(1)} s)`);
    return 0;
  } catch (e) {
    io.err(failureText(e));
    return 1;
  }
}

/** `gasframes report`, as registered in the command dispatcher. */
export const buildReportCommand: CliCommand = {
  summary: "run every notebook against the sandbox and write reports/index.html",
  run: (args: readonly string[]): Promise<number> => reportCommand(args),
};
