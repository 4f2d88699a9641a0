/**
 * The command line as a user meets it: every command answers --help/-h and --version/-V on stdout with
 * exit 0, names an unknown option and the closest valid flag with its usage, reads --flag=value like
 * --flag value, refuses a value flag without a value, and exits 2 for every bad argument (1 is kept for
 * runtime failures). Arguments are checked before anything is deleted or written.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { CommandIo } from "../../src/cli/command";
import { COMMANDS, main } from "../../src/cli/main";
import { readArgs, UsageError } from "../../src/cli/read-args";
import { runNode } from "../helpers/run-script";

const BUILT_CLI = join(__dirname, "../../dist/cli/main.js");
const VERSION = (JSON.parse(readFileSync(join(__dirname, "../../package.json"), "utf8")) as { version: string }).version;
const HELLO = join(__dirname, "..", "notebook", "fixtures", "hello.ipynb");
const root = mkdtempSync(join(tmpdir(), "gasframes-cli-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function capture(): CommandIo & { out: (s: string) => void; stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (s) => stdout.push(s), err: (s) => stderr.push(s) };
}

async function gasframes(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const io = capture();
  const code = await main(argv, io);
  return { code, stdout: io.stdout.join("\n"), stderr: io.stderr.join("\n") };
}

/** A flag each command takes a value for, and one close misspelling of it. */
const VALUE_FLAG: Record<string, { flag: string; typo: string; before?: string[] }> = {
  sandbox: { flag: "--seed", typo: "--sede" },
  run: { flag: "--kernel", typo: "--kernal", before: [HELLO] },
  report: { flag: "--notebooks", typo: "--notebook" },
  sync: { flag: "--dir", typo: "--dri", before: ["natgas.v4.rigs"] },
  doctor: { flag: "--only", typo: "--onyl" },
};

describe("every command", () => {
  it("names the same five commands as this test", () => {
    expect(Object.keys(COMMANDS).sort()).toEqual(Object.keys(VALUE_FLAG).sort());
  });

  it.each(Object.keys(VALUE_FLAG))("%s: --help and -h print its usage on stdout and exit 0", async (name) => {
    for (const help of ["--help", "-h"]) {
      const r = await gasframes(name, help);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(`usage: gasframes ${name}`);
      expect(r.stdout).toBe(COMMANDS[name]!.usage);
      expect(r.stderr).toBe("");
    }
    // --help wins over a bad argument next to it.
    expect((await gasframes(name, "--no-such-flag", "--help")).code).toBe(0);
  });

  it.each(Object.keys(VALUE_FLAG))("%s: --version and -V print the package version and exit 0", async (name) => {
    for (const flag of ["--version", "-V"]) expect(await gasframes(name, flag)).toEqual({ code: 0, stdout: VERSION, stderr: "" });
  });

  it.each(Object.keys(VALUE_FLAG))("%s: an unknown option is named, with the closest flag and the usage, exit 2", async (name) => {
    const { typo, flag, before = [] } = VALUE_FLAG[name]!;
    const r = await gasframes(name, ...before, typo, "x");
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`gasframes ${name}: unknown option "${typo}"; did you mean ${flag}?`);
    expect(r.stderr).toContain(`usage: gasframes ${name}`);
    expect(r.stdout).toBe("");
  });

  it.each(Object.keys(VALUE_FLAG))("%s: a value flag without a value, at the end or before another option, exits 2", async (name) => {
    const { flag, before = [] } = VALUE_FLAG[name]!;
    for (const tail of [[flag], [flag, "--help-me"], [`${flag}=`]]) {
      const r = await gasframes(name, ...before, ...tail);
      expect(r.code, tail.join(" ")).toBe(2);
      expect(r.stderr).toContain(`gasframes ${name}: ${flag} needs a value`);
    }
  });

  it("gasframes --version, -V, --help; no command, an unknown command or option: exit 2 with the closest", async () => {
    expect(await gasframes("--version")).toEqual({ code: 0, stdout: VERSION, stderr: "" });
    expect((await gasframes("-V")).stdout).toBe(VERSION);
    const help = await gasframes("--help");
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/usage: gasframes <command>[\s\S]*sandbox[\s\S]*run[\s\S]*report[\s\S]*sync/);
    expect((await gasframes()).code).toBe(2);
    const typo = await gasframes("sanbox");
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('unknown command "sanbox"; did you mean sandbox?');
    const option = await gasframes("--verison");
    expect(option.code).toBe(2);
    expect(option.stderr).toContain('unknown option "--verison"; did you mean --version?');
  });
});

describe("bad values exit 2 on every command", () => {
  it.each([
    ["sandbox", ["--port", "eighty"], /--port must be a non-negative integer, got "eighty"/],
    ["sandbox", ["--as-of=2025-02-30"], /--as-of must be a real date YYYY-MM-DD, got "2025-02-30"/],
    ["sandbox", ["stray"], /unexpected argument "stray"/],
    ["run", [HELLO, "--out", "o", "--cell-timeout=soon"], /--cell-timeout must be a positive number of seconds, got "soon"/],
    ["run", [], /no notebooks given/],
    ["report", ["--kernel=python3"], /--kernel must be one of tslab, deno, got "python3"/],
    ["report", ["--as-of", "2026-13-01"], /--as-of must be a real date/],
    ["sync", ["natgas.v4.rigs", "--dir=d", "--from", "2024-01", "--revise-days", "many"], /--revise-days must be a whole number of days/],
  ])("%s %j", async (name, args, message) => {
    const r = await gasframes(name, ...args);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(message);
  });
});

describe("arguments are checked before anything is deleted or written", () => {
  it("report: a bad --as-of, or a notebooks folder without notebooks, leaves the old report in place", async () => {
    const out = join(root, "reports");
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, "index.html"), "the previous report");
    const empty = join(root, "no-notebooks");
    mkdirSync(empty, { recursive: true });
    for (const args of [
      ["--notebooks", join(__dirname, "..", "notebook", "fixtures"), "--out", out, "--as-of", "2025-02-30"],
      ["--notebooks", empty, "--out", out],
      ["--notebooks", join(root, "missing"), "--out", out],
    ]) {
      const r = await gasframes("report", ...args);
      expect(r.code, r.stderr).toBe(2);
      expect(readFileSync(join(out, "index.html"), "utf8")).toBe("the previous report");
    }
  });

  it("run: a missing or broken notebook anywhere in the list is refused before the first one runs", async () => {
    const out = join(root, "run-out");
    const broken = join(root, "broken.ipynb");
    writeFileSync(broken, "{ not json");
    for (const bad of [join(root, "missing.ipynb"), broken]) {
      const r = await gasframes("run", HELLO, bad, "--out", out);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(`cannot run ${bad}`);
      expect(existsSync(out)).toBe(false);
    }
  });

  it("run and report: --out naming a file is refused and the file kept", async () => {
    const file = join(root, "a-file");
    writeFileSync(file, "keep me");
    for (const args of [["run", HELLO, "-o", file], ["report", "--notebooks", join(__dirname, "..", "notebook", "fixtures"), "--out", file]]) {
      const r = await gasframes(...args);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain("--out must be a folder");
      expect(readFileSync(file, "utf8")).toBe("keep me");
    }
  });
});

describe("readArgs", () => {
  const flags = { "--out": { value: true, short: "-o" }, "--dry": { value: false } };

  it("reads --flag value, --flag=value, short forms, repeats, switches and -- the same way", () => {
    const read = readArgs(["a", "--out", "x", "-o=y", "--dry", "b", "--", "--out"], flags);
    expect(read.positionals).toEqual(["a", "b", "--out"]);
    expect(read.values.get("--out")).toEqual(["x", "y"]);
    expect([...read.switches]).toEqual(["--dry"]);
    expect(readArgs(["--out=--odd"], flags).values.get("--out")).toEqual(["--odd"]);
    expect(readArgs(["--out", "-"], flags).values.get("--out")).toEqual(["-"]);
  });

  it("refuses a value on a switch and an unknown option, as UsageError", () => {
    expect(() => readArgs(["--dry=yes"], flags)).toThrow(UsageError);
    expect(() => readArgs(["--dry=yes"], flags)).toThrow('--dry takes no value, got "yes"');
    expect(() => readArgs(["-x"], flags)).toThrow('unknown option "-x"');
    expect(readArgs(["--region", "west"], flags, { otherFlagsTakeValues: true }).values.get("--region")).toEqual(["west"]);
  });
});

describe("the built gasframes", () => {
  it("prints its version from package.json and its usage on stdout, exit 0; bad arguments exit 2", async () => {
    const version = await runNode([BUILT_CLI, "--version"], { cwd: root });
    expect(version).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
    const help = await runNode([BUILT_CLI, "report", "-h"], { cwd: root });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^usage: gasframes report/);
    const bad = await runNode([BUILT_CLI, "sandbox", "--port"], { cwd: root });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--port needs a value/);
  });
});
