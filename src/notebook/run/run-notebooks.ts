import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { executeInKernel } from "./execute-notebook";
import { KernelClient } from "../kernel/kernel-client";
import { findKernelSpec, type KernelSpec } from "../kernel/kernel-spec";
import { resetLine, reusableTslabSpec } from "../kernel/tslab-reusable";
import { tslabCellCacheDir, tslabCellSeedDir, tslabProjectRoot } from "../kernel/tslab-cell-cache";
import { joinLines, readNotebook, writeNotebook } from "../nbformat/notebook-file";
import type { Notebook } from "../nbformat/types";
import { KernelError } from "../shared/notebook-errors";

/** Options for {@link runNotebooks}. */
export interface RunNotebooksOptions {
  /** Folder the executed notebooks are written to (same file names). Required. */
  outDir: string;
  /** Kernelspec name. Default: each notebook's metadata.kernelspec.name, else "tslab". */
  kernelName?: string;
  /** Environment of the kernels. Default: process.env. */
  env?: NodeJS.ProcessEnv;
  /** Time limit per cell. Default 600 000 ms. */
  cellTimeoutMs?: number;
  /** Progress lines ("quickstart.ipynb: 12 cells in 4.1 s"). Default: nothing. */
  log?: (line: string) => void;
  /**
   * Called with the path of the partially executed notebook written for a failed run
   * (`<outDir>/<name>.failed.ipynb`) before the error is thrown. Default: nothing.
   */
  onPartial?: (path: string) => void;
  /**
   * How many notebooks run at once (lanes), each lane with its own kernel. Default 1 (one after another). With more, the
   * results still come in the order of `paths`; after a failure no further notebook starts, those
   * running finish, and the failure of the earliest failing notebook in `paths` is thrown.
   */
  concurrency?: number;
  /**
   * Whether a tslab kernel runs the next notebook of its lane after a reset (its declarations, values,
   * execution count and gasframes' modules forgotten) instead of a new kernel being started for each.
   * A kernel that reports state a reset cannot undo (globals, process.env, working directory, timers or
   * sockets left running) is retired and the next notebook gets a fresh one. Only for tslab 1.x found from
   * the notebook's folder or beside gasframes; other kernels always start once per notebook. Default true.
   */
  reuseKernels?: boolean;
  /**
   * Folder where the tslab kernels started for a reused lane (see `reuseKernels`) keep the cells they compiled,
   * so a later run skips type-checking a cell that, and whose earlier cells' declarations and every file
   * TypeScript read for it, are unchanged (docs/report.md, "npm start": where the cache lives and how to clear it). `false`:
   * no cache. Default: `node_modules/.cache/gasframes/tslab-cells` in the nearest folder from the notebook's
   * upwards that has `node_modules`, none when there is no such folder.
   */
  cellCache?: string | false;
  /**
   * A read-only folder of compiled cells in the cache's format, consulted after `cellCache` misses (its hits are
   * copied into `cellCache`); unused when `cellCache` is `false`. `false`: none. Default: the `.tslab-cells` folder
   * beside the notebook, when there is one (the repository ships one for its notebooks: `npm run seed-cells`).
   */
  cellSeed?: string | false;
}

/** One executed notebook. */
export interface NotebookRun {
  /** The notebook that was run. */
  source: string;
  /** Where the executed copy was written. */
  output: string;
  notebook: Notebook;
  seconds: number;
}

/**
 * Executes each notebook top to bottom in a kernel started in the notebook's folder (as Jupyter does): a
 * tslab kernel runs the next notebook of its lane after a reset (see `reuseKernels`), any other kernel
 * runs one notebook. Writes the executed copy to `outDir`. Stops at the first failing cell of the first failing notebook by
 * throwing CellExecutionError (notebook, cell number, error text). The failed notebook is written as far as it
 * ran, outputs up to and including the failing cell's error, as `<outDir>/<stem>.failed.ipynb` (never under
 * its own name, so nothing half-done looks complete); a run that succeeds removes an earlier `.failed` copy.
  * @example
  * const runs = await runNotebooks(["notebooks/01-quickstart.ipynb"], { outDir: "reports" });
 */
export async function runNotebooks(paths: string[], options: RunNotebooksOptions): Promise<NotebookRun[]> {
  const runs: NotebookRun[] = new Array(paths.length);
  const failures: { index: number; error: unknown }[] = [];
  let next = 0;
  const lanes = Math.max(1, Math.min(Math.floor(options.concurrency ?? 1), paths.length));
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      const lane: Lane = {};
      try {
        while (next < paths.length && failures.length === 0) {
          const index = next++;
          try {
            runs[index] = await runOne(paths[index]!, options, lane);
          } catch (error) {
            failures.push({ index, error });
          }
        }
      } finally {
        await lane.kernel?.client.shutdown();
      }
    }),
  );
  if (failures.length > 0) throw failures.sort((a, b) => a.index - b.index)[0]!.error;
  return runs;
}

/** The kernel a lane keeps between its notebooks, when it is a reusable one. */
interface Lane {
  kernel?: { client: KernelClient; spec: KernelSpec; cwd: string; token: string; code: string };
}

/**
 * The kernel for the next notebook of `lane`, run in `cwd`: the lane's reusable kernel once reset, else a
 * new one. `keep` says whether the lane may hold it afterwards (only reusable tslab kernels).
 */
async function kernelFor(lane: Lane, cwd: string, spec: KernelSpec, options: RunNotebooksOptions, name: string, code: string): Promise<{ client: KernelClient; spec: KernelSpec; keep: boolean }> {
  const held = lane.kernel;
  if (held) {
    lane.kernel = undefined;
    const leaks =
      held.cwd !== cwd ? ["the notebook is in another folder"]
      : held.spec.name !== spec.name || held.spec.argv.join("\0") !== spec.argv.join("\0") ? ["the notebook asks for another kernel"]
      : held.client.dead ? ["it exited"]
      : await resetKernel(held.client, held.token, held.code);
    if (leaks.length === 0) {
      lane.kernel = { ...held, code };
      return { client: held.client, spec: held.spec, keep: true };
    }
    options.log?.(`${name}: a fresh kernel (the one that ran the previous notebook is not reused: ${leaks.join("; ")})`);
    await held.client.kill();
  }
  const token = randomUUID();
  const cellCache = options.cellCache === undefined ? tslabCellCacheDir(cwd) : options.cellCache || undefined;
  const cellSeed = options.cellSeed === undefined ? tslabCellSeedDir(cwd) : options.cellSeed || undefined;
  const cells = { root: tslabProjectRoot(cwd), seed: cellSeed === undefined ? undefined : resolve(cellSeed) };
  const reusable = options.reuseKernels !== false && isTslab(spec) ? reusableTslabSpec(cwd, token, cellCache === undefined ? undefined : resolve(cellCache), cells) : undefined;
  const started = reusable ? { ...reusable, env: { ...spec.env, ...reusable.env } } : spec;
  const client = await KernelClient.start(started, { cwd, env: options.env });
  if (reusable) lane.kernel = { client, spec, cwd, token, code };
  return { client, spec, keep: reusable !== undefined };
}

/** True for the tslab TypeScript kernel: the bundled one, or an installed kernelspec running `tslab kernel` (not `--js`). */
function isTslab(spec: KernelSpec): boolean {
  if (spec.name !== "tslab") return false;
  if (spec.resourceDir === "(bundled)") return true;
  const at = spec.argv.findIndex((a) => /(?:^|[\\/])tslab(?:\.cmd)?$/.test(a));
  return at >= 0 && spec.argv[at + 1] === "kernel" && !spec.argv.includes("--js");
}

/** What a reusable kernel's reset reports (see tslab-reusable.ts): members as [owner, key], symbols by description. */
interface ResetReport {
  added: [string, string][];
  removed: [string, string][];
  envChanged: boolean;
  cwd?: string;
  running?: string;
}

/**
 * Resets a reusable kernel and returns what the notebook it ran (`code`, its code cells) left behind that a
 * reset cannot undo: a global or a member of a built-in (Array.prototype, JSON, ...) that it added (one its
 * code names: those the libraries it loaded add on their first load are theirs, and set once) or removed,
 * process.env or the working directory changed, timers, servers or processes left running.
 */
async function resetKernel(kernel: KernelClient, token: string, code: string): Promise<string[]> {
  let stdout = "";
  try {
    const reply = await kernel.execute(resetLine(token), (m) => {
      if (m.header.msg_type === "stream") stdout += String(m.content.text ?? "");
    }, 60_000);
    if (reply.status !== "ok") return [`the reset replied "${reply.status}"`];
  } catch (e) {
    return [e instanceof KernelError ? e.message : String(e)];
  }
  let report: ResetReport;
  try {
    report = JSON.parse(stdout.trim().split("\n").pop() ?? "") as ResetReport;
    if (!Array.isArray(report.added) || !Array.isArray(report.removed)) throw new Error("not a reset report");
  } catch {
    return [`the reset answered ${JSON.stringify(stdout.slice(0, 200))}`];
  }
  const member = ([owner, key]: [string, string]) => (owner === "globalThis" ? key : `${owner}.${key}`);
  return [
    ...report.added.filter(([, key]) => namedIn(code, key)).map((m) => `it added ${member(m)}`),
    ...report.removed.map((m) => `it removed ${member(m)}`),
    ...(report.envChanged ? ["it changed process.env"] : []),
    ...(report.cwd ? [`it changed the working directory to ${report.cwd}`] : []),
    ...(report.running ? [`it left running: ${report.running}`] : []),
  ];
}

/** True when `code` names `key`: as an identifier when it is one, else anywhere (a computed or quoted name). */
function namedIn(code: string, key: string): boolean {
  if (!/^[\w$]+$/.test(key)) return code.includes(key);
  return new RegExp(`(?<![\\w$])${key.replace(/\$/g, "\\$")}(?![\\w$])`).test(code);
}

async function runOne(path: string, options: RunNotebooksOptions, lane: Lane): Promise<NotebookRun> {
  const started = Date.now();
  const source = resolve(path);
  const nb = readNotebook(source);
  const name = basename(source);
  const wanted = options.kernelName ?? (nb.metadata.kernelspec as { name?: string } | undefined)?.name ?? "tslab";
  const kernelSpec = findKernelSpec(wanted, options.env);
  const output = join(resolve(options.outDir), name);
  const failedOutput = join(resolve(options.outDir), `${name.replace(/\.ipynb$/, "")}.failed.ipynb`);
  const code = nb.cells.filter((c) => c.cell_type === "code").map((c) => joinLines(c.source)).join("\n");
  const kernel = await kernelFor(lane, dirname(source), kernelSpec, options, name, code);
  let executed: Notebook;
  try {
    executed = await executeInKernel(kernel.client, kernel.spec, nb, {
      name,
      cellTimeoutMs: options.cellTimeoutMs,
      onFailure: (partial) => {
        try {
          writeNotebook(failedOutput, partial);
        } catch (e) {
          // The cell's own failure is the error to report; a full disk must not replace it.
          options.log?.(`could not write the partial notebook ${failedOutput}: ${(e as Error).message}`);
          return;
        }
        options.onPartial?.(failedOutput);
      },
    });
  } catch (e) {
    if (lane.kernel?.client === kernel.client) lane.kernel = undefined;
    await kernel.client.kill();
    throw e;
  }
  if (!kernel.keep) await kernel.client.shutdown();
  writeNotebook(output, executed);
  rmSync(failedOutput, { force: true });
  const seconds = (Date.now() - started) / 1000;
  options.log?.(`${name}: ${executed.cells.filter((c) => c.cell_type === "code").length} code cells in ${seconds.toFixed(1)} s -> ${output}`);
  return { source, output, notebook: executed, seconds };
}
