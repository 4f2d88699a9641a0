/**
 * What a `gasframes` subcommand is. Its own file so that the dispatcher (main.ts) imports the
 * commands and the commands import only this, never the dispatcher.
 */

/** Where a command writes: `out` for results, usage and version, `err` for progress and errors. */
export interface CommandIo {
  out: (s: string) => void;
  err: (s: string) => void;
}

/** The terminal: stdout and stderr, one line per call. */
export const consoleIo: CommandIo = { out: (s) => process.stdout.write(`${s}\n`), err: (s) => process.stderr.write(`${s}\n`) };

/**
 * A subcommand: runs with the arguments after its name and resolves to the process exit code
 * (0 done, 1 a runtime failure, 2 bad arguments).
 */
export interface CliCommand {
  readonly summary: string;
  /** The usage text `--help` prints. */
  readonly usage: string;
  /** Runs the command. `io` default: the terminal ({@link consoleIo}). */
  run(args: readonly string[], io?: CommandIo): Promise<number>;
}
