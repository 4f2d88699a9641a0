/**
 * The variable naming the sandbox's answer folder. Here, at the ground floor, because both sides read it:
 * `startSandbox()` (which may import only errors/ and util/) and `connect()`, which must not load the
 * sandbox until it starts one.
 */
import { resolve } from "node:path";

/**
 * Env naming a folder where a sandbox keeps its row answers between processes (`startSandbox({ answerCache })`):
 * scripts that ask the same questions of the same sandbox get the stored bytes instead of rows generated
 * anew. Read by `startSandbox()` when no `answerCache` option is given, and so by the sandbox `connect()`
 * starts; a `sandbox: { answerCache }` option wins. Unset or blank: every answer generated.
 */
export const SANDBOX_ANSWER_CACHE_ENV = "GASFRAMES_SANDBOX_ANSWER_CACHE";

/** `GASFRAMES_SANDBOX_ANSWER_CACHE` made absolute, or undefined when it is unset or blank. */
export function answerCacheFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const dir = env[SANDBOX_ANSWER_CACHE_ENV];
  return dir === undefined || dir.trim() === "" ? undefined : resolve(dir);
}
