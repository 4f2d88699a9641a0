import { readFileSync } from "node:fs";
import { join } from "node:path";

/**
 * The version of the installed gasframes, read from its package.json at run time: two folders up from
 * this file both as built (dist/cli/) and as source (src/cli/), so it never drifts from the package.
 */
export function packageVersion(): string {
  const pkg = JSON.parse(readFileSync(join(__dirname, "..", "..", "package.json"), "utf8")) as { version?: unknown };
  if (typeof pkg.version !== "string") throw new Error(`package.json beside ${__dirname} has no version`);
  return pkg.version;
}
