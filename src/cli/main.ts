#!/usr/bin/env node
/**
 * The `gasframes` command. Each subcommand lives in its own file and registers here with one line.
 */
import { sandboxCommand } from "./sandbox";
import { runNotebooksCommand } from "./run";
import { buildReportCommand } from "./report";
import { syncCommand } from "./sync";
import type { CliCommand } from "./command";

export type { CliCommand } from "./command";

/** The subcommands by name. Add a command: one import above and one line here. */
export const COMMANDS: Readonly<Record<string, CliCommand>> = {
  sandbox: sandboxCommand,
  run: runNotebooksCommand,
  report: buildReportCommand,
  sync: syncCommand,
};

/** Dispatches `argv` (without node and the script) to a subcommand; returns the exit code. */
export async function main(argv: readonly string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    printUsage();
    return name ? 0 : 1;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`gasframes: unknown command "${name}"\n`);
    printUsage();
    return 2;
  }
  try {
    return await command.run(rest);
  } catch (error) {
    process.stderr.write(`gasframes ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

function printUsage(): void {
  const lines = Object.entries(COMMANDS).map(([n, c]) => `  ${n.padEnd(10)} ${c.summary}`);
  process.stderr.write(`usage: gasframes <command> [options]\n\ncommands:\n${lines.join("\n")}\n`);
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (code) => {
      if (code !== 0) process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
