import { availableParallelism } from "node:os";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { DEFAULT_SANDBOX_AS_OF } from "../../connect/connect";
import { GasframesError } from "../../errors";
import { tslabCellCacheDir } from "../kernel/tslab-cell-cache";
import { runNotebooks, type RunNotebooksOptions } from "../run/run-notebooks";
import { renderIndexPage, type IndexEntry } from "./render-index-page";
import { hasSyntheticCharts, hasVegaCharts, notebookTitle, renderNotebookPage } from "./render-notebook-page";
import { writeVegaBundle } from "./vega-bundle";

/** Options for {@link buildReport}. */
export interface BuildReportOptions {
  /** Notebooks to run, in order. Default: every `*.ipynb` in `notebooksDir`, sorted by name. */
  notebooks?: string[];
  /** Folder searched when `notebooks` is not given. Default "notebooks". */
  notebooksDir?: string;
  /** Report folder. Default "reports". */
  outDir?: string;
  /** Base environment for the kernels. Default: process.env. */
  env?: NodeJS.ProcessEnv;
  /** "Today" of the sandbox data (passed to the notebooks as GASFRAMES_SANDBOX_AS_OF). Default: env GASFRAMES_SANDBOX_AS_OF, else connect()'s DEFAULT_SANDBOX_AS_OF. */
  asOf?: string;
  /** Sandbox port. Default 0 (any free port), or 47801 when GASFRAMES_CACHE is set so recorded and replayed requests share one address. */
  sandboxPort?: number;
  /** Time limit per cell. Default 600 000 ms. */
  cellTimeoutMs?: number;
  /** Kernelspec name ("tslab" or "deno", Deno's built-in kernel). Default: each notebook's own kernelspec, else "tslab". */
  kernelName?: string;
  /** Progress lines. Default: nothing. */
  log?: (line: string) => void;
  /**
   * How many notebooks run at once, each lane with its own kernel (they share the one sandbox). Default: the number
   * of cores, at least 2 (a kernel spends part of its start waiting, not computing). 1 runs them one after another.
   */
  concurrency?: number;
  /** Whether each lane's tslab kernel runs its next notebook after a reset rather than a new kernel starting ({@link RunNotebooksOptions.reuseKernels}). Default true. */
  reuseKernels?: boolean;
  /** Where the tslab kernels keep compiled cells between runs ({@link RunNotebooksOptions.cellCache}); `false`: nowhere. Default: `node_modules/.cache/gasframes/tslab-cells` of the project. */
  cellCache?: string | false;
  /** The read-only seed of compiled cells consulted after `cellCache` misses ({@link RunNotebooksOptions.cellSeed}); `false`: none. Default: `.tslab-cells` beside the notebooks, when there is one. */
  cellSeed?: string | false;
  /**
   * Where the report's sandbox keeps the answers it generated, for the next run to send again rather than generate
   * (keyed by gasframes' code, the seed, the date and the request; see docs/report.md); `false`: nowhere. Default:
   * `node_modules/.cache/gasframes/sandbox-answers` of the project (beside the tslab cells), none without a `node_modules`.
   */
  sandboxCache?: string | false;
}

/** What {@link buildReport} wrote. */
export interface ReportResult {
  indexPath: string;
  pages: string[];
  seconds: number;
}

const CACHE_PORT = 47801;

/**
 * Builds the research report: starts the embedded sandbox (unless GASFRAMES_TOKEN and the service URLs are
 * set, or the cache replays), runs every notebook against it (env GASFRAMES_DATA_SOURCE says which, in words
 * a notebook can print; not set in a cache mode), and writes `index.html` linking one page per
 * notebook, the executed notebooks under `notebooks/`, and `assets/vega-bundle.js`, the one script that makes
 * the charts interactive offline (written when a page has a Vega-Lite chart). The index is written last and removed
 * first, so a failed run never leaves a report that looks complete. Throws the first failure
 * (CellExecutionError names the notebook, the cell and the error).
  * @example
  * const report = await buildReport({ outDir: "reports" });
 */
export async function buildReport(options: BuildReportOptions = {}): Promise<ReportResult> {
  const started = Date.now();
  const outDir = resolve(options.outDir ?? "reports");
  const notebooks = (options.notebooks ?? listNotebooks(options.notebooksDir ?? "notebooks")).map((p) => resolve(p));
  if (notebooks.length === 0) throw new GasframesError(`no notebooks to run in ${resolve(options.notebooksDir ?? "notebooks")}`);
  const indexPath = join(outDir, "index.html");
  rmSync(indexPath, { force: true });
  const base = options.env ?? process.env;
  const asOf = options.asOf ?? base.GASFRAMES_SANDBOX_AS_OF ?? DEFAULT_SANDBOX_AS_OF;
  // CI=1: the transport's live progress displays (byte counts, rates) would make every report differ.
  const env: NodeJS.ProcessEnv = { ...base, GASFRAMES_SANDBOX_AS_OF: asOf, CI: "1" };
  const cacheMode = base.GASFRAMES_CACHE;
  if (cacheMode && cacheMode !== "off") env.GASFRAMES_CACHE_DIR = resolve(base.GASFRAMES_CACHE_DIR ?? ".cache/gasframes");
  // A token means the live services, as for connect(): at their URLs if set, else their documented hosts.
  const live = ["GASFRAMES_TOKEN", "GASFRAMES_NATGAS_TOKEN", "GASFRAMES_LNG_TOKEN", "GASFRAMES_LEGACY_TOKEN"].some((n) => (base[n] ?? "").trim() !== "");
  let stop: (() => Promise<void>) | undefined;
  let source = "the live services";
  if (!live) {
    const port = options.sandboxPort ?? (cacheMode && cacheMode !== "off" ? CACHE_PORT : 0);
    let root = `http://127.0.0.1:${port}`;
    if (cacheMode === "replay") {
      source = `the response cache (${env.GASFRAMES_CACHE_DIR}), replayed offline`;
    } else {
      const { startSandbox } = await import("../../sandbox/start-sandbox");
      const answerCache = options.sandboxCache === undefined ? defaultSandboxCache(notebooks[0]!) : options.sandboxCache || undefined;
      const sandbox = await startSandbox({ port, asOf, keepProcessAlive: true, compression: false, ...(answerCache ? { answerCache: resolve(answerCache) } : {}) });
      stop = () => sandbox.close();
      root = sandbox.url;
      source = `the embedded sandbox (synthetic data, seed ${sandbox.seed}, as of ${asOf})`;
    }
    // The replayed address must equal the recorded one: the same fixed port, nothing listening on it.
    Object.assign(env, { GASFRAMES_TOKEN: "gasframes-sandbox-token", GASFRAMES_NATGAS_URL: root, GASFRAMES_LNG_URL: `${root}/lng`, GASFRAMES_LEGACY_URL: `${root}/legacy` });
  }
  // The notebooks see only service URLs; this tells them (and so their readers) what is behind them. Not in
  // a cache mode: a replayed page must equal the recorded one, and the replay cannot know what was recorded.
  if (!cacheMode || cacheMode === "off") env.GASFRAMES_DATA_SOURCE = source;
  else delete env.GASFRAMES_DATA_SOURCE;
  try {
    const runs = await runNotebooks(notebooks, { outDir: join(outDir, "notebooks"), env, cellTimeoutMs: options.cellTimeoutMs, kernelName: options.kernelName, log: options.log, concurrency: options.concurrency ?? Math.max(2, availableParallelism()), reuseKernels: options.reuseKernels, cellCache: options.cellCache, cellSeed: options.cellSeed });
    mkdirSync(outDir, { recursive: true });
    const entries: IndexEntry[] = runs.map((run) => {
      const stem = basename(run.source, ".ipynb");
      const title = notebookTitle(run.notebook, stem);
      const page = { title, indexHref: "index.html", ...(live ? {} : { synthetic: true }) };
      writeFileSync(join(outDir, `${stem}.html`), renderNotebookPage(run.notebook, page));
      return { href: `${stem}.html`, title, notebook: run.notebook };
    });
    if (runs.some((run) => hasVegaCharts(run.notebook))) writeVegaBundle(outDir);
    const kernel = runs[0]?.notebook.metadata.kernelspec as { display_name?: string } | undefined;
    const synthetic = !live || runs.some((run) => hasSyntheticCharts(run.notebook));
    writeFileSync(indexPath, renderIndexPage(entries, kernel?.display_name ? `${source}, in the ${kernel.display_name} kernel` : source, synthetic));
    return { indexPath, pages: entries.map((e) => join(outDir, e.href)), seconds: (Date.now() - started) / 1000 };
  } finally {
    await stop?.();
  }
}

/** `node_modules/.cache/gasframes/sandbox-answers` beside the tslab cells of the kernels started for `notebook`. */
function defaultSandboxCache(notebook: string): string | undefined {
  const cells = tslabCellCacheDir(dirname(notebook));
  return cells === undefined ? undefined : join(dirname(cells), "sandbox-answers");
}

function listNotebooks(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch (e) {
    throw new GasframesError(`cannot list notebooks in ${resolve(dir)}: ${(e as Error).message}`, { cause: e });
  }
  return names.filter((n) => n.endsWith(".ipynb") && !n.startsWith(".")).sort().map((n) => join(dir, n));
}
