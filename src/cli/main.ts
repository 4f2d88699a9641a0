#!/usr/bin/env node
/**
 * The `gasframes` command. Each subcommand lives in its own file and registers here with one line.
 * Exit codes, the same for every command: 0 done, 1 a runtime failure, 2 bad arguments.
 */
import { closest } from "../util/closest";
import { consoleIo, type CommandIo } from "./command";
import { failureText } from "./command-line";
import { packageVersion } from "./package-version";
import { unknownOption } from "./read-args";
import { sandboxCommand } from "./sandbox";
import { runNotebooksCommand } from "./run";
import { buildReportCommand } from "./report";
import { syncCommand } from "./sync";
import { doctorCommand } from "./doctor";
import type { CliCommand } from "./command";

export type { CliCommand, CommandIo } from "./command";

/** The subcommands by name. Add a command: one import above and one line here. */
export const COMMANDS: Readonly<Record<string, CliCommand>> = {
  sandbox: sandboxCommand,
  run: runNotebooksCommand,
  report: buildReportCommand,
  sync: syncCommand,
  doctor: doctorCommand,
};

/** Usage of `gasframes` itself: the commands and their one-line summaries. */
export function mainUsage(): string {
  const lines = Object.entries(COMMANDS).map(([n, c]) => `  ${n.padEnd(10)} ${c.summary}`);
  return `usage: gasframes <command> [options]\n       gasframes --version\n\ncommands:\n${lines.join("\n")}\n\n"gasframes <command> --help" shows a command's options.`;
}

/**
 * Dispatches `argv` (without node and the script) to a subcommand; returns the exit code.
 * @param io where output goes; default the terminal.
 */
export async function main(argv: readonly string[], io: CommandIo = consoleIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    io.out(mainUsage());
    return 0;
  }
  if (name === "--version" || name === "-V") {
    io.out(packageVersion());
    return 0;
  }
  if (name === undefined) {
    io.err(`gasframes: name a command\n${mainUsage()}`);
    return 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    const close = closest(name, Object.keys(COMMANDS));
    const why = name.startsWith("-") ? unknownOption(name, {}) : `unknown command "${name}"${close ? `; did you mean ${close}?` : ""}`;
    io.err(`gasframes: ${why}\n${mainUsage()}`);
    return 2;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    io.err(`gasframes ${name}: ${failureText(error)}`);
    return 1;
  }
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
