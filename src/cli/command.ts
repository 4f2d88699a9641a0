/**
 * What a `gasframes` subcommand is. Its own file so that the dispatcher (main.ts) imports the
 * commands and the commands import only this, never the dispatcher.
 */

/** A subcommand: runs with the arguments after its name and resolves to the process exit code. */
export interface CliCommand {
  readonly summary: string;
  run(args: readonly string[]): Promise<number>;
}
