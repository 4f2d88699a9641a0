import { startSandbox } from "../sandbox";
import type { SandboxOptions } from "../sandbox";
import { parseDay } from "../sandbox/core/dates";
import { DEFAULT_SANDBOX_AS_OF } from "../util/sandbox-as-of";
import { consoleIo, type CliCommand } from "./command";
import { runCommandLine } from "./command-line";
import { lastValue, readArgs, UsageError, type FlagSpec, type ReadArgs } from "./read-args";

/** Usage of `gasframes sandbox`. */
export const SANDBOX_USAGE = `usage: gasframes sandbox [--port N] [--host H] [--seed N] [--as-of YYYY-MM-DD] [--page-size N]

Serves the embedded sandbox (both services on synthetic data) until Ctrl-C. Defaults: a free port on
127.0.0.1, seed 1, as of ${DEFAULT_SANDBOX_AS_OF} (as connect()), 10,000 rows per v3 page.`;

/** The flags of `gasframes sandbox`. */
const SANDBOX_FLAGS: Readonly<Record<string, FlagSpec>> = {
  "--port": { value: true },
  "--host": { value: true },
  "--seed": { value: true },
  "--as-of": { value: true },
  "--page-size": { value: true },
};

/** Checks `gasframes sandbox` options already read; throws UsageError on anything it cannot use. */
export function checkSandboxArgs(read: ReadArgs): SandboxOptions {
  if (read.positionals.length > 0) throw new UsageError(`unexpected argument "${read.positionals[0]}"`);
  const options: { port?: number; host?: string; seed?: number; asOf?: string; pageSize?: number } = {};
  const int = (flag: string): number | undefined => {
    const value = lastValue(read, flag);
    if (value === undefined) return undefined;
    if (!/^\d+$/.test(value)) throw new UsageError(`${flag} must be a non-negative integer, got "${value}"`);
    return Number(value);
  };
  const port = int("--port");
  if (port !== undefined) {
    if (port > 65535) throw new UsageError(`--port must be at most 65535, got "${port}"`);
    options.port = port;
  }
  const host = lastValue(read, "--host");
  if (host !== undefined) options.host = host;
  const seed = int("--seed");
  if (seed !== undefined) options.seed = seed;
  const asOf = lastValue(read, "--as-of");
  if (asOf !== undefined) {
    if (parseDay(asOf) === undefined) throw new UsageError(`--as-of must be a real date YYYY-MM-DD, got "${asOf}"`);
    options.asOf = asOf;
  }
  const pageSize = int("--page-size");
  if (pageSize !== undefined) {
    if (pageSize < 1) throw new UsageError(`--page-size must be at least 1, got "${pageSize}"`);
    options.pageSize = pageSize;
  }
  return options;
}

/** Parses `gasframes sandbox` options; throws UsageError (exit 2) on anything it does not know. */
export function parseSandboxArgs(args: readonly string[]): SandboxOptions {
  return checkSandboxArgs(readArgs(args, SANDBOX_FLAGS));
}

/** `gasframes sandbox`: serves the sandbox until SIGINT/SIGTERM, printing its base URLs. */
export const sandboxCommand: CliCommand = {
  summary: "serve the embedded sandbox (both services on synthetic data) until Ctrl-C",
  usage: SANDBOX_USAGE,
  run: (args, io = consoleIo) =>
    runCommandLine({ name: "sandbox", usage: SANDBOX_USAGE, flags: SANDBOX_FLAGS }, args, io, async (read) => {
      const sandbox = await startSandbox({ ...checkSandboxArgs(read), keepProcessAlive: true });
      io.out(
        `gasframes sandbox (seed ${sandbox.seed}, as of ${sandbox.asOf}, page size ${sandbox.pageSize})\n` +
          `natural gas: ${sandbox.natgasUrl}\nLNG v1:      ${sandbox.lngUrl}\nold LNG API: ${sandbox.legacyUrl}\n` +
          `any non-empty token is accepted, in the header Access-Key (v4, LNG v1) or access_key (v3, old LNG API); ` +
          `x-api-key and Authorization: Bearer work too. Ctrl-C to stop.`,
      );
      await new Promise<void>((resolve) => {
        const stop = () => {
          process.off("SIGINT", stop);
          process.off("SIGTERM", stop);
          void sandbox.close().then(resolve);
        };
        process.on("SIGINT", stop);
        process.on("SIGTERM", stop);
      });
      io.out("sandbox stopped");
      return 0;
    }),
};
