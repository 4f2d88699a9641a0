/**
 * Optional peer dependencies: packages a user installs only for the feature that needs them. gasframes
 * itself installs from the npm registry alone with no install script; these do not (danfojs-node) or
 * are heavy and needed by one command only (tslab, zeromq), so each is loaded when its feature is first
 * used, and its absence is a {@link MissingDependencyError} that says how to set it up.
 */
import { createRequire } from "node:module";
import { join } from "node:path";
import { GasframesError, type GasframesErrorOptions } from "./errors";

/** How to install one optional package in a user's project. */
export interface OptionalDependencySetup {
  /** The version range gasframes is tested with (the `peerDependencies` entry). */
  readonly range: string;
  /** The command that installs it (and what it must come with). */
  readonly install: string;
  /** Entries the project's package.json `overrides` needs before that command; empty when none. */
  readonly overrides: Readonly<Record<string, string>>;
}

/**
 * Every optional peer dependency and its set-up. danfojs-node 1.2 depends on `xlsx` by a URL outside
 * the npm registry and on @tensorflow/tfjs-node, whose install script downloads a native library: the
 * two overrides replace them with registry builds (the pure-JavaScript TensorFlow.js, which danfo runs
 * on unchanged). tslab and zeromq run notebooks; zeromq ships prebuilt binaries in its package.
 * @duckdb/node-api (prebuilt binaries in per-platform packages) answers the sandbox's SQL data links.
 * nodejs-polars (a prebuilt binary per platform, no install script) is the polars view, `toPolars()`; the
 * command names 0.24.1 because 0.25.2's binary packages declare Node >= 22, and on Node 20 npm leaves
 * that optional binary out without a word (nodejs-polars then fails to load).
 */
export const OPTIONAL_DEPENDENCIES = {
  "danfojs-node": {
    range: "^1.2.0",
    install: "npm install danfojs-node@^1.2.0",
    overrides: { "@tensorflow/tfjs-node": "npm:@tensorflow/tfjs@3.21.0", xlsx: "0.18.5" },
  },
  tslab: { range: "^1.0.22", install: "npm install tslab@^1.0.22 zeromq@^6.8.0", overrides: {} },
  zeromq: { range: "^6.8.0", install: "npm install zeromq@^6.8.0", overrides: {} },
  "@duckdb/node-api": { range: "1.5.6-r.1", install: "npm install @duckdb/node-api@1.5.6-r.1", overrides: {} },
  "nodejs-polars": { range: ">=0.24.1 <0.26", install: "npm install nodejs-polars@0.24.1", overrides: {} },
} as const satisfies Record<string, OptionalDependencySetup>;

/** The name of an optional peer dependency. */
export type OptionalDependency = keyof typeof OPTIONAL_DEPENDENCIES;

/** Where the set-up is explained at length. */
const GUIDE = "docs/installing.md in the gasframes package";

/**
 * A feature needs an optional package that is not installed (`installed: false`), or that is installed
 * but fails to load (`installed: true`, with the loader's error as `cause`: typically danfojs-node
 * installed without the overrides). The message names the package, the feature, the `overrides` the
 * project's package.json needs and the install command.
 */
export class MissingDependencyError extends GasframesError {
  override readonly code: string = "MISSING_DEPENDENCY";
  /** The npm package, e.g. `danfojs-node`. */
  readonly packageName: OptionalDependency;
  /** What needed it, e.g. `toFrame()`. */
  readonly feature: string;
  /** Whether the package was found (and failed to load) rather than absent. */
  readonly installed: boolean;
  /** The command that installs it, e.g. `npm install danfojs-node@^1.2.0`. */
  readonly install: string;
  /** The `overrides` the project's package.json needs before {@link install}; empty when none. */
  readonly overrides: Readonly<Record<string, string>>;

  constructor(packageName: OptionalDependency, feature: string, details: GasframesErrorOptions & { installed?: boolean } = {}) {
    const setup: OptionalDependencySetup = OPTIONAL_DEPENDENCIES[packageName];
    const installed = details.installed ?? false;
    super(setupMessage(packageName, feature, installed, setup, details.cause), details);
    this.packageName = packageName;
    this.feature = feature;
    this.installed = installed;
    this.install = setup.install;
    this.overrides = setup.overrides;
  }
}

function setupMessage(name: string, feature: string, installed: boolean, setup: OptionalDependencySetup, cause: unknown): string {
  const what = installed
    ? `${feature} needs ${name}, which is installed but failed to load (${firstLine(cause)})`
    : `${feature} needs ${name}, an optional peer dependency of gasframes that is not installed`;
  const entries = Object.entries(setup.overrides);
  const steps =
    entries.length === 0
      ? `To enable it, run in your project: ${setup.install}`
      : `To enable it, add to your project's package.json\n` +
        `  "overrides": {\n${entries.map(([k, v]) => `    ${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(",\n")}\n  }\n` +
        `then run: ${setup.install}` +
        (installed ? " again (that repairs an install made without them)" : "");
  return `${what}. ${steps}. See ${GUIDE}.`;
}

function firstLine(e: unknown): string {
  const text = e instanceof Error ? e.message : String(e);
  return text.split("\n")[0]!.trim().slice(0, 200);
}

/** Where to resolve an optional package from. */
export interface OptionalLoadOptions {
  /**
   * A folder to resolve from instead of gasframes' own location (the package is looked up in its
   * node_modules and those of the folders above). Default: where gasframes is installed.
   */
  from?: string;
}

function requireFrom(options: OptionalLoadOptions): NodeRequire {
  return options.from === undefined ? require : createRequire(join(options.from, "noop.js"));
}

/** Whether `e` says that `name` itself (not something it requires) cannot be found. */
function isAbsent(e: unknown, name: string): boolean {
  const code = (e as { code?: unknown } | null)?.code;
  if (code !== "MODULE_NOT_FOUND" && code !== "ERR_MODULE_NOT_FOUND") return false;
  const message = e instanceof Error ? e.message.split("\n")[0]! : "";
  return message.includes(`'${name}'`) || message.includes(`'${name}/`) || message.includes(`"${name}"`);
}

/**
 * `require(name)` of an optional peer dependency, for `feature`. Throws {@link MissingDependencyError}
 * when it is absent or fails to load.
 */
export function requireOptional<T>(name: OptionalDependency, feature: string, options: OptionalLoadOptions = {}): T {
  try {
    return requireFrom(options)(name) as T;
  } catch (e) {
    throw new MissingDependencyError(name, feature, { installed: !isAbsent(e, name), cause: e });
  }
}

/**
 * `require.resolve(request)` of a file in an optional peer dependency (`tslab/package.json`), for
 * `feature`. Throws {@link MissingDependencyError} when the package is absent.
 */
export function resolveOptional(name: OptionalDependency, request: string, feature: string, options: OptionalLoadOptions = {}): string {
  try {
    return requireFrom(options).resolve(request);
  } catch (e) {
    throw new MissingDependencyError(name, feature, { cause: e });
  }
}
