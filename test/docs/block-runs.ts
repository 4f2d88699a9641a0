/**
 * The parent side of test/docs/block-runner.mjs: runs the compiled README/docs scripts of a folder in a
 * few long-lived runner processes (`lanes` at a time), each running scripts one after the other, and
 * reports how each script ended. A runner that ends early (a script failed, or called process.exit())
 * is replaced by a new one for the scripts not yet claimed; a script still running after the safety
 * time-out is killed with its runner and reported as hung.
 */
import { spawn } from "node:child_process";
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SAFETY_TIMEOUT_MS } from "../helpers/run-script";

/** How one script ended. */
export interface BlockRun {
  /** Empty when it ended as a process of its own would with code 0. */
  errors: string[];
  /** True when the safety time-out killed it: it did not end by itself. */
  hung: boolean;
  /** Its stderr (and the runner's report of its failure). */
  stderr: string;
  /** Wall-clock time from its start to its end. */
  ms: number;
}

const RUNNER = join(__dirname, "block-runner.mjs");
const COMPILE_CACHE_HOOK = join(__dirname, "..", "helpers", "compile-cache.cjs");
const MARK = /^@@block (\d+) (start|result)(?: (.*))?$/;

/** Runs `files` (names in `dir`) in runner processes, `lanes` at a time; results in input order. */
export async function runInRunners(
  files: readonly string[],
  lanes: number,
  dir: string,
  extraEnv: Record<string, string>,
): Promise<{ runs: BlockRun[]; runners: number }> {
  writeFileSync(join(dir, "blocks.json"), JSON.stringify(files));
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const k of Object.keys(env)) if (/^GASFRAMES_(TOKEN|CACHE.*|.*_URL|.*_TOKEN)$/.test(k)) delete env[k];
  Object.assign(env, extraEnv);
  const runs: (BlockRun | undefined)[] = new Array(files.length);
  const claimed = () => {
    try {
      return readdirSync(join(dir, "claims")).length;
    } catch {
      return 0;
    }
  };
  let runners = 0;

  /** One runner process; resolves when it ends, with whether a script of its own failed. */
  const runner = () =>
    new Promise<{ code: number | null; signal: NodeJS.Signals | null; blockFailed: boolean; stderr: string }>((resolve, reject) => {
      runners++;
      const child = spawn(process.execPath, ["--require", COMPILE_CACHE_HOOK, RUNNER], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
      let current: number | undefined;
      let started = 0;
      let hung = false;
      let blockFailed = false;
      let outBuf = "";
      let stderr = "";
      const stderrOf = new Map<number, string>();
      let timer: NodeJS.Timeout | undefined;
      const armTimer = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          hung = true;
          child.kill("SIGKILL");
        }, SAFETY_TIMEOUT_MS);
      };
      const mine: number[] = [];
      const settle = (i: number, errors: string[], ms: number, isHung = false) => {
        // Its stderr is filled in when the runner ends: stderr is another pipe, and may come after the result.
        runs[i] = { errors, hung: isHung, stderr: "", ms };
        mine.push(i);
        if (isHung || errors.length > 0) blockFailed = true;
        if (current === i) current = undefined;
      };
      child.stdout.setEncoding("utf8").on("data", (d: string) => {
        outBuf += d;
        const lines = outBuf.split("\n");
        outBuf = lines.pop()!;
        for (const line of lines) {
          const m = MARK.exec(line);
          if (!m) continue;
          const i = Number(m[1]);
          if (m[2] === "start") {
            current = i;
            started = performance.now();
            armTimer();
          } else {
            const r = JSON.parse(m[3]!) as { errors: string[]; ms: number };
            settle(i, r.errors, r.ms);
          }
        }
      });
      let errBuf = "";
      let errBlock: number | undefined;
      child.stderr.setEncoding("utf8").on("data", (d: string) => {
        stderr += d;
        errBuf += d;
        const lines = errBuf.split("\n");
        errBuf = lines.pop()!;
        for (const line of lines) {
          const m = MARK.exec(line);
          if (m) errBlock = Number(m[1]);
          else if (errBlock !== undefined) stderrOf.set(errBlock, `${stderrOf.get(errBlock) ?? ""}${line}\n`);
        }
      });
      child.on("error", (err) => {
        clearTimeout(timer);
        reject(err);
      });
      child.on("close", (code, signal) => {
        clearTimeout(timer);
        if (errBlock !== undefined && errBuf !== "") stderrOf.set(errBlock, `${stderrOf.get(errBlock) ?? ""}${errBuf}`);
        if (current !== undefined) {
          const ms = Math.round(performance.now() - started);
          if (hung) settle(current, ["HUNG: killed by the safety time-out"], ms, true);
          else settle(current, [`its runner ended without a result: exit ${code}${signal ? ` ${signal}` : ""}`], ms);
        }
        for (const i of mine) runs[i]!.stderr = stderrOf.get(i) ?? "";
        resolve({ code, signal, blockFailed, stderr });
      });
    });

  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(lanes, files.length)) }, async () => {
      while (claimed() < files.length) {
        const r = await runner();
        // A runner ends with code 0 when no script is left to claim (or a script called process.exit(0));
        // with another code only because a script of its own failed: any other end is the runner's fault.
        if (!r.blockFailed && (r.code !== 0 || r.signal !== null)) throw new Error(`a README runner ended (exit ${r.code} ${r.signal ?? ""}) with scripts left:\n${r.stderr.slice(-3000)}`);
      }
    }),
  );
  const missing = runs.flatMap((r, i) => (r === undefined ? [files[i]] : []));
  if (missing.length > 0) throw new Error(`no result for ${missing.join(", ")}`);
  return { runs: runs as BlockRun[], runners };
}
