import { startSandbox } from "../sandbox";
import type { SandboxOptions } from "../sandbox";
import type { CliCommand } from "./command";

const USAGE = "usage: gasframes sandbox [--port N] [--host H] [--seed N] [--as-of YYYY-MM-DD] [--page-size N]";

/** Parses `gasframes sandbox` options; throws with the usage line on anything it does not know. */
export function parseSandboxArgs(args: readonly string[]): SandboxOptions {
  const options: { port?: number; host?: string; seed?: number; asOf?: string; pageSize?: number } = {};
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split("=", 2) as [string, string | undefined];
    const value = inline ?? args[++i];
    if (value === undefined) throw new Error(`${flag} needs a value\n${USAGE}`);
    const int = () => {
      if (!/^\d+$/.test(value)) throw new Error(`${flag} must be a non-negative integer, got "${value}"\n${USAGE}`);
      return Number(value);
    };
    if (flag === "--port") options.port = int();
    else if (flag === "--host") options.host = value;
    else if (flag === "--seed") options.seed = int();
    else if (flag === "--as-of") options.asOf = value;
    else if (flag === "--page-size") options.pageSize = int();
    else throw new Error(`unknown option "${flag}"\n${USAGE}`);
  }
  return options;
}

/** `gasframes sandbox`: serves the sandbox until SIGINT/SIGTERM, printing its base URLs. */
export const sandboxCommand: CliCommand = {
  summary: "serve the embedded sandbox (both services on synthetic data) until Ctrl-C",
  async run(args) {
    const sandbox = await startSandbox({ ...parseSandboxArgs(args), keepProcessAlive: true });
    process.stdout.write(
      `gasframes sandbox (seed ${sandbox.seed}, as of ${sandbox.asOf}, page size ${sandbox.pageSize})\n` +
        `natural gas: ${sandbox.natgasUrl}\nLNG v1:      ${sandbox.lngUrl}\nold LNG API: ${sandbox.legacyUrl}\n` +
        `any non-empty token is accepted, in the header Access-Key (v4, LNG v1) or access_key (v3, old LNG API); ` +
        `x-api-key and Authorization: Bearer work too. Ctrl-C to stop.\n`,
    );
    await new Promise<void>((resolve) => {
      const stop = () => {
        process.off("SIGINT", stop);
        process.off("SIGTERM", stop);
        void sandbox.close().then(resolve);
      };
      process.on("SIGINT", stop);
      process.on("SIGTERM", stop);
    });
    process.stdout.write("sandbox stopped\n");
    return 0;
  },
};
