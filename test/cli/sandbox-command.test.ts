import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMMANDS, main } from "../../src/cli/main";
import { parseSandboxArgs } from "../../src/cli/sandbox";

/** `npm test` builds before running the suite, so the shipped entry point is what is exercised. */
const BUILT_CLI = join(__dirname, "../../dist/cli/main.js");

describe("gasframes sandbox arguments", () => {
  it("reads port, host, seed, as-of and page size, in both --flag value and --flag=value forms", () => {
    expect(parseSandboxArgs(["--port", "8080", "--seed=4", "--as-of", "2025-01-31", "--page-size", "50", "--host", "0.0.0.0"])).toEqual({
      port: 8080,
      seed: 4,
      asOf: "2025-01-31",
      pageSize: 50,
      host: "0.0.0.0",
    });
    expect(parseSandboxArgs([])).toEqual({});
  });

  it("refuses unknown options and bad numbers with the usage line", () => {
    expect(() => parseSandboxArgs(["--prot", "1"])).toThrow(/unknown option "--prot"[\s\S]*usage: gasframes sandbox/);
    expect(() => parseSandboxArgs(["--port", "eighty"])).toThrow(/--port must be a non-negative integer/);
    expect(() => parseSandboxArgs(["--seed"])).toThrow(/--seed needs a value/);
  });

  it("registers the sandbox command and answers 2 for an unknown command", async () => {
    expect(Object.keys(COMMANDS)).toContain("sandbox");
    const stderr = process.stderr.write;
    process.stderr.write = (() => true) as typeof process.stderr.write;
    try {
      expect(await main(["no-such-command"])).toBe(2);
      expect(await main(["sandbox", "--as-of", "2025-02-30"])).toBe(1);
    } finally {
      process.stderr.write = stderr;
    }
  });
});

describe("gasframes sandbox (built CLI)", () => {
  it("prints the three base URLs, serves, and stops cleanly on SIGINT", async () => {
    const child = spawn(process.execPath, [BUILT_CLI, "sandbox", "--port", "0", "--seed", "3", "--as-of", "2025-06-15"], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (c: Buffer) => (out += c.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setInterval(() => {
          if (/old LNG API: \S+/.test(out)) {
            clearInterval(timer);
            resolve();
          }
        }, 20);
        child.on("exit", () => {
          clearInterval(timer);
          reject(new Error(`CLI exited early: ${out}`));
        });
      });
      const natgas = /natural gas: (\S+)/.exec(out)![1];
      expect(/LNG v1: +(\S+)/.exec(out)![1]).toBe(`${natgas}/lng`);
      expect(/old LNG API: (\S+)/.exec(out)![1]).toBe(`${natgas}/legacy`);
      const res = await fetch(`${natgas}/v3/longtermforecast`, { method: "POST", headers: { access_key: "t" }, body: "{}" });
      expect(res.status).toBe(200);
      expect(((await res.json()) as any).pagination.total_count).toBeGreaterThan(0);
    } finally {
      child.kill("SIGINT");
    }
    expect(await exited).toBe(0);
    expect(out).toMatch(/sandbox stopped/);
  });
});
