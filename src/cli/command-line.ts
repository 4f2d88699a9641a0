import { GasframesError } from "../errors";
import type { CommandIo } from "./command";
import { packageVersion } from "./package-version";
import { readArgs, UsageError, type FlagSpec, type ReadArgs, type ReadArgsOptions } from "./read-args";

/** A command's name, usage and flags, as {@link runCommandLine} needs them. */
export interface CommandLineSpec extends ReadArgsOptions {
  /** The subcommand's name (`run`), used in messages: `gasframes run: ...`. */
  readonly name: string;
  readonly usage: string;
  readonly flags: Readonly<Record<string, FlagSpec>>;
}

/**
 * Reads `args` with {@link readArgs} and runs `body` on them, the same way for every command: `--help`
 * prints the usage to `io.out` (exit 0), `--version` the package version (exit 0); a UsageError, from the
 * reader or from `body`'s own checks, prints `gasframes <name>: <message>` and the usage (exit 2); any
 * other error prints its message (exit 1). `body` must check every argument before it deletes or writes.
 */
export async function runCommandLine(spec: CommandLineSpec, args: readonly string[], io: CommandIo, body: (read: ReadArgs) => Promise<number>): Promise<number> {
  try {
    const read = readArgs(args, spec.flags, spec);
    if (read.help) {
      io.out(spec.usage);
      return 0;
    }
    if (read.version) {
      io.out(packageVersion());
      return 0;
    }
    return await body(read);
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`gasframes ${spec.name}: ${e.message}\n${spec.usage}`);
      return 2;
    }
    io.err(`gasframes ${spec.name}: ${failureText(e)}`);
    return 1;
  }
}

/** An error as one message for the terminal: gasframes errors by message, anything else with its stack. */
export function failureText(e: unknown): string {
  return e instanceof GasframesError ? `error: ${e.message}` : `error: ${String((e as Error)?.stack ?? e)}`;
}
