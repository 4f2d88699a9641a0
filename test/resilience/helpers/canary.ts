/**
 * The recognisable token of the secrets tests, and the places it must never appear.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { inspect } from "node:util";

export const CANARY = "TOKEN-CANARY-8f2e1d";

/** Every way a user or a log could render an error: String, inspect (with the cause chain), JSON, stack. */
export function renderingsOf(error: unknown): string[] {
  const out = [String(error), inspect(error, { depth: 20, showHidden: true }), JSON.stringify(error) ?? ""];
  let e: unknown = error;
  for (let i = 0; i < 10 && e instanceof Error; i++) {
    out.push(e.stack ?? "", e.message);
    e = e.cause;
  }
  return out;
}

/** Every file under `dir`, recursively, as [path, text]. */
export function filesUnder(dir: string): [string, string][] {
  const out: [string, string][] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...filesUnder(path));
    else out.push([path, readFileSync(path).toString("latin1")]);
  }
  return out;
}

/** Labels of the texts that contain the canary (empty when none does). */
export function leaks(texts: Iterable<[string, string]>): string[] {
  const found: string[] = [];
  for (const [label, text] of texts) if (text.includes(CANARY)) found.push(label);
  return found;
}

/** Records everything written to console.* and process.stdout/stderr until `restore()`. */
export function captureOutput(): { lines: string[]; restore(): void } {
  const lines: string[] = [];
  const originals = {
    log: console.log,
    info: console.info,
    warn: console.warn,
    error: console.error,
    debug: console.debug,
    out: process.stdout.write.bind(process.stdout),
    err: process.stderr.write.bind(process.stderr),
  };
  const record = (...args: unknown[]) => {
    lines.push(args.map((a) => (typeof a === "string" ? a : inspect(a, { depth: 10 }))).join(" "));
  };
  console.log = console.info = console.warn = console.error = console.debug = record;
  process.stdout.write = ((chunk: unknown) => (lines.push(String(chunk)), true)) as typeof process.stdout.write;
  process.stderr.write = ((chunk: unknown) => (lines.push(String(chunk)), true)) as typeof process.stderr.write;
  return {
    lines,
    restore() {
      Object.assign(console, { log: originals.log, info: originals.info, warn: originals.warn, error: originals.error, debug: originals.debug });
      process.stdout.write = originals.out;
      process.stderr.write = originals.err;
    },
  };
}
