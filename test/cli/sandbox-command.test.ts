import { spawn } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMMANDS, main } from "../../src/cli/main";
import { parseSandboxArgs } from "../../src/cli/sandbox";
import { closeSharedSandbox, connect, DEFAULT_SANDBOX_AS_OF } from "../../src/connect";

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

  it("refuses unknown options and bad numbers", () => {
    expect(() => parseSandboxArgs(["--prot", "1"])).toThrow(/unknown option "--prot"; did you mean --port\?/);
    expect(() => parseSandboxArgs(["--port", "eighty"])).toThrow(/--port must be a non-negative integer/);
    expect(() => parseSandboxArgs(["--seed"])).toThrow(/--seed needs a value/);
  });

  it("registers the sandbox command and answers 2 for an unknown command and for a date that does not exist", async () => {
    expect(Object.keys(COMMANDS)).toContain("sandbox");
    const err: string[] = [];
    const io = { out: () => {}, err: (s: string) => err.push(s) };
    expect(await main(["no-such-command"], io)).toBe(2);
    expect(await main(["sandbox", "--as-of", "2025-02-30"], io)).toBe(2);
    expect(err.join("\n")).toContain('--as-of must be a real date YYYY-MM-DD, got "2025-02-30"');
  });
});

/** Starts the built `gasframes sandbox` with `args` and waits for it to print its three base URLs. */
async function startCli(args: string[]): Promise<{ out: () => string; natgas: string; stop: () => Promise<number | null> }> {
  const child = spawn(process.execPath, [BUILT_CLI, "sandbox", ...args], { stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  child.stdout.on("data", (c: Buffer) => (out += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const stop = async () => {
    child.kill("SIGINT");
    return exited;
  };
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
  } catch (e) {
    await stop();
    throw e;
  }
  return { out: () => out, natgas: /natural gas: (\S+)/.exec(out)![1]!, stop };
}

describe("gasframes sandbox (built CLI)", () => {
  it("prints the three base URLs, serves, and stops cleanly on SIGINT", async () => {
    const cli = await startCli(["--port", "0", "--seed", "3", "--as-of", "2025-06-15"]);
    let code: number | null;
    try {
      const { natgas } = cli;
      expect(/LNG v1: +(\S+)/.exec(cli.out())![1]).toBe(`${natgas}/lng`);
      expect(/old LNG API: (\S+)/.exec(cli.out())![1]).toBe(`${natgas}/legacy`);
      const res = await fetch(`${natgas}/v3/longtermforecast`, { method: "POST", headers: { access_key: "t" }, body: "{}" });
      expect(res.status).toBe(200);
      expect(((await res.json()) as any).pagination.total_count).toBeGreaterThan(0);
    } finally {
      code = await cli.stop();
    }
    expect(code).toBe(0);
    expect(cli.out()).toMatch(/sandbox stopped/);
  });

  it("defaults to connect()'s as-of date, so a notebook shows the same numbers against either", async () => {
    const cli = await startCli([]);
    try {
      expect(cli.out()).toContain(`as of ${DEFAULT_SANDBOX_AS_OF}`);
      const viaCli = await connect({ progress: false }, { GASFRAMES_TOKEN: "any-token", GASFRAMES_NATGAS_URL: cli.natgas, GASFRAMES_LNG_URL: `${cli.natgas}/lng` });
      const viaConnect = await connect({ progress: false }, {});
      expect(viaCli.target).toBe("live");
      expect(viaConnect.target).toBe("sandbox");
      // Both depend on "today": forecast runs up to it, and the short-term forecast's days around it. One
      // county's forecast has every day and run date of the whole (1,890 rows, not 175,509 generated,
      // sent and compared twice: about 5 s of CPU).
      const runs = await Promise.all([viaCli, viaConnect].map(async (c) => (await c.lng.forecastRunAtTimestamps()).records));
      expect(runs[0]!.length).toBeGreaterThan(0);
      expect(runs[0]).toEqual(runs[1]);
      const forecast = await Promise.all([viaCli, viaConnect].map(async (c) => (await c.natgas.v3.shortTermForecast({ county: "Reeves" })).records));
      expect(forecast[0]!.length).toBeGreaterThan(0);
      expect(forecast[0]).toEqual(forecast[1]);
    } finally {
      await cli.stop();
      await closeSharedSandbox();
    }
  });
});
