/**
 * The one argument reader every `gasframes` command uses, so that `--flag value`, `--flag=value`, a
 * missing value, an unknown option, `--help` and `--version` behave the same everywhere.
 */
import { GasframesError } from "../errors";
import { closest } from "../util/closest";

/** Bad command-line arguments: the command prints the message and its usage and exits 2. */
export class UsageError extends GasframesError {
  override readonly code: string = "CLI_USAGE";
}

/** A flag a command accepts, by its long name (`--out`). */
export interface FlagSpec {
  /** True when the flag takes a value (`--out dir` or `--out=dir`); false for a switch. */
  readonly value: boolean;
  /** A one-letter form (`-o`), if any. Default: none. */
  readonly short?: string;
}

/** How {@link readArgs} reads. */
export interface ReadArgsOptions {
  /**
   * Accept any other `--name value` and keep it in `values` (a command checks those names itself, as
   * `gasframes sync` does with an endpoint's filters). Default false: an unknown option is a UsageError.
   */
  readonly otherFlagsTakeValues?: boolean;
}

/** What {@link readArgs} found. */
export interface ReadArgs {
  /** The arguments that are not options, in order (everything after a bare `--` is one). */
  readonly positionals: string[];
  /** Each value given, by long flag name (`--out`), in the order given; repeats are kept. */
  readonly values: Map<string, string[]>;
  /** The switches given, by long flag name. */
  readonly switches: Set<string>;
  /** `--help` or `-h` was given (the command prints its usage and nothing else is checked). */
  readonly help: boolean;
  /** `--version` or `-V` was given. */
  readonly version: boolean;
}

/**
 * Reads `args` against `flags` (long names with their leading `--`). A value is the next argument or the
 * text after `=`; a value flag followed by nothing, or by another `--option`, is a UsageError ("--out
 * needs a value"), so `--out --kernel deno` never writes to a folder named `--kernel`; a value that
 * starts with `--` can be given as `--flag=--value`. An unknown option is a UsageError naming it and the
 * closest known flag. `--help`/`-h` and `--version`/`-V` anywhere win over every other check.
 */
export function readArgs(args: readonly string[], flags: Readonly<Record<string, FlagSpec>>, options: ReadArgsOptions = {}): ReadArgs {
  const help = args.includes("--help") || args.includes("-h");
  const version = args.includes("--version") || args.includes("-V");
  const result: ReadArgs = { positionals: [], values: new Map(), switches: new Set(), help, version };
  if (help || version) return result;
  const byShort = new Map(Object.entries(flags).flatMap(([name, spec]) => (spec.short ? [[spec.short, name] as const] : [])));
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === "--") {
      result.positionals.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith("-") || arg === "-") {
      result.positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const given = eq > 0 ? arg.slice(0, eq) : arg;
    const name = byShort.get(given) ?? given;
    const spec: FlagSpec | undefined = flags[name] ?? (options.otherFlagsTakeValues && name.startsWith("--") && name.length > 2 ? { value: true } : undefined);
    if (spec === undefined) throw new UsageError(unknownOption(given, flags));
    if (!spec.value) {
      if (eq > 0) throw new UsageError(`${given} takes no value, got "${arg.slice(eq + 1)}"`);
      result.switches.add(name);
      continue;
    }
    let value: string | undefined;
    if (eq > 0) value = arg.slice(eq + 1);
    else {
      const next = args[i + 1];
      if (next !== undefined && !next.startsWith("--")) {
        value = next;
        i++;
      }
    }
    if (value === undefined || value === "") throw new UsageError(`${given} needs a value`);
    result.values.set(name, [...(result.values.get(name) ?? []), value]);
  }
  return result;
}

/** The message for an option no flag matches: `unknown option "--prot"; did you mean --port?`. */
export function unknownOption(given: string, flags: Readonly<Record<string, FlagSpec>>, extra: readonly string[] = []): string {
  const names = [...Object.keys(flags), ...extra, "--help", "--version"];
  const bare = given.replace(/^-+/, "");
  const close = bare === "" ? undefined : closest(bare, names.map((n) => n.replace(/^-+/, "")));
  return `unknown option "${given}"${close ? `; did you mean --${close}?` : ""}`;
}

/** The last value given for `flag`, if any (a repeated single-value flag: the last one wins). */
export function lastValue(read: ReadArgs, flag: string): string | undefined {
  const values = read.values.get(flag);
  return values?.[values.length - 1];
}
