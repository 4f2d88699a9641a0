/**
 * Runs a script in a child Node process, as a user runs theirs, and reports how it ended. The script
 * must end by itself: the safety time-out only stops a child that hangs (and the caller fails the test),
 * so it is generous, never a measure of speed.
 */
import { spawn } from "node:child_process";
import { budget } from "./budget";

/** How a child script ended. */
export interface ScriptRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** True when the safety time-out had to kill it: it did not exit by itself. */
  hung: boolean;
  /** Wall-clock time from spawn to exit. */
  ms: number;
}

/** Generous: a script of a few queries takes seconds even on a loaded machine; grows with the load (budget()). */
export const SAFETY_TIMEOUT_MS = Number(process.env.GASFRAMES_TEST_SCRIPT_TIMEOUT_MS ?? budget(180_000));

/**
 * Runs `node <args>` in `cwd` with `env` added to this process's environment (progress output and the
 * live-service variables removed, so `connect()` starts the sandbox).
 */
export function runNode(args: readonly string[], opts: { cwd: string; env?: Record<string, string>; timeoutMs?: number }): Promise<ScriptRun> {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (/^GASFRAMES_(TOKEN|CACHE.*|.*_URL|.*_TOKEN)$/.test(k)) delete env[k];
  Object.assign(env, opts.env);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, { cwd: opts.cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    let hung = false;
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    const timer = setTimeout(() => {
      hung = true;
      child.kill("SIGKILL");
    }, opts.timeoutMs ?? SAFETY_TIMEOUT_MS);
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr, hung, ms: Math.round(performance.now() - started) });
    });
  });
}

/** Maps `items` through `fn` with at most `limit` running at once; results in input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  });
  await Promise.all(lanes);
  return out;
}
