import { relative } from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";
import { loadFactor } from "./test/helpers/budget";

// The default time-outs grow with the load measured at start (test/helpers/budget.ts): 30 s on a quiet
// machine, 150 s at load 10 on 2 cores. Tests that start processes set their own budget() on top.
const timeout = Math.round(30_000 * loadFactor());

/**
 * The files that take longest (kernels, Jupyter, npm, a browser), longest first. Vitest starts the files
 * it has no timings for (a clean clone) largest first, which put these small files last: the suite then
 * ended with one worker running a notebook file alone for minutes. Started first, they overlap with the
 * hundreds of short files that fill the other worker. Measured on a quiet 2-core machine; a file missing
 * here only starts in vitest's own order.
 */
const START_FIRST = [
  "test/notebook/notebooks-execute.test.ts",
  "test/docs/readme-blocks.test.ts",
  "test/package/install.test.ts",
  "test/notebook/deno-kernel.test.ts",
  "test/notebook/browser.test.ts",
  "test/notebook/build-report.test.ts",
  "test/sandbox/datalinks-limits.test.ts",
  "test/resilience/notebook-under-faults.test.ts",
  "test/http/wide-records.test.ts",
  "test/notebook/binder.test.ts",
  "test/notebook/run-notebooks-lanes.test.ts",
  "test/notebook/execute-notebook.test.ts",
  "test/sandbox/hostile-requests.test.ts",
  "test/resilience/faults-end-to-end.test.ts",
  "test/notebook/notebooks-typecheck.test.ts",
];

/**
 * The projects below in the order their files are handed to the workers: every file that runs in a
 * process of its own first, the shared-process files last. A worker of the shared project keeps its
 * process (its loaded modules and the sandbox's generated datasets) only while the next file it takes is
 * of the same project; with the projects mixed in one queue, each own-process file between two shared
 * ones restarted it, and the toolkit was loaded and the datasets generated again (four or more times a
 * run). Grouped, each of the two workers starts the shared process once. The own-process files are the
 * long ones (kernels, npm, a browser), so the short shared files fill the end of the run.
 */
const PROJECT_ORDER = ["own-process", "own-process-files", "shared-process"];

class HeaviestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const byVitest = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = START_FIRST.indexOf(relative(f.project.config.root, f.moduleId).split("\\").join("/"));
      return i < 0 ? START_FIRST.length : i;
    };
    const group = (f: TestSpecification) => {
      const i = PROJECT_ORDER.indexOf(f.project.name);
      return i < 0 ? PROJECT_ORDER.length : i;
    };
    return byVitest
      .map((f, i) => ({ f, i }))
      .sort((a, b) => group(a.f) - group(b.f) || rank(a.f) - rank(b.f) || a.i - b.i)
      .map(({ f }) => f);
  }
}

/**
 * Folders whose files test in-memory work (or talk only to a sandbox or server of their own on 127.0.0.1,
 * closed in afterAll): their files share a worker's loaded modules instead of each loading the toolkit
 * afresh in a new process, about 1 s of CPU less per file, and the sandbox's generated datasets (cached
 * per seed and "today" in src/sandbox, deterministic) are made once per worker instead of once per file.
 * None of them sets a global dispatcher, mocks a module or changes the environment without restoring it
 * in the same file; their spies are restored after each test (restoreMocks), so none outlives its file.
 * The process-wide state a file would otherwise start without is cleared before each file
 * (test/helpers/fresh-process-state.ts): the once-per-process warnings of src/util/warn-once.ts, the
 * registry of secrets to mask (a token another file's client registered masked "class" in a parameter
 * name) and the note that the process received synthetic data (charts drawn after it carry a subtitle).
 * A file that needs a process of its own belongs in another folder or in OWN_PROCESS_FILES.
 */
const SHARED_PROCESS = [
  "test/analysis",
  "test/table",
  "test/frame",
  "test/validate",
  "test/catalog",
  "test/errors",
  "test/io",
  "test/sandbox",
  "test/architecture",
  "test/natgas",
  "test/lng",
  "test/client",
  "test/http",
  "test/plot",
  "test/resilience",
  // The lake's files sync and compact snapshots of a sandbox's data into temporary folders of their own
  // (an s3rver of their own for test/lake/s3): in a shared worker they load polars, parquet and the
  // sandbox once, and the sandbox's datasets are generated once (test/lake alone: 56 s of CPU instead of 95).
  "test/lake",
];

/**
 * Files of the folders above that keep a process of their own: they use the process's one parse-worker
 * pool (of the build or of the sources), whose workers another file may have closed, or read the
 * environment when it starts, or assert its workers or the process's memory. (parse-columns,
 * parse-workers, parse-pool-waiting, fetch-columns and throttling share a worker: they parse on the
 * calling thread, through the sources' pool as the other shared files do, or in pools of their own,
 * closed in their afterAll.)
 */
const OWN_PROCESS_FILES = [
  "test/http/ndjson-pieces-path.test.ts",
  "test/http/page-memory.test.ts",
  "test/http/pages-in-place.test.ts",
  "test/http/parse-worker-failures.test.ts",
  "test/http/token-masking.test.ts",
  "test/http/wide-records.test.ts",
  // Runs notebooks in kernels of its own.
  "test/resilience/notebook-under-faults.test.ts",
  // vi.resetModules(): in a shared worker every later file would load the toolkit again.
  "test/table/ground-floor.test.ts",
];

/** Single files of other folders that are as self-contained (pure functions over text and JSON). */
const SHARED_FILES = [
  "test/notebook/render-markdown.test.ts",
  "test/notebook/report-index.test.ts",
  "test/notebook/connection-file.test.ts",
  "test/notebook/report-table.test.ts",
  "test/notebook/report-interactive-spec.test.ts",
  // The notebook format and the kernels' wire protocol (each validated by Python in a child process), and the
  // report's code wrapping in a headless Chromium closed in its afterAll.
  "test/notebook/nbformat.test.ts",
  "test/notebook/wire.test.ts",
  "test/notebook/report-code-wrap.test.ts",
  // `gasframes run` on a failing cell: one tslab kernel, killed before the file ends; the command sets no
  // process-wide state.
  "test/notebook/run-failing.test.ts",
  "test/docs/links.test.ts",
  "test/helpers/start-first.test.ts",
  // Restores the one variable it sets after each test.
  "test/helpers/budget.test.ts",
  // Command-line, package and connect() files that close what they start and set no process-wide state
  // (connect-answer-cache first closes a shared sandbox another file left open): together in a shared
  // worker, about 9.5 s of CPU less than in processes of their own (docs/performance.md, issue 31,
  // eighth round).
  "test/cli/report-args.test.ts",
  "test/cli/command-line.test.ts",
  "test/cli/sandbox-command.test.ts",
  "test/cli/sync-command.test.ts",
  "test/docs/catalog-sources.test.ts",
  "test/package/package.test.ts",
  "test/package/contents.test.ts",
  "test/package/exports-map.test.ts",
  "test/package/public-api.test.ts",
  "test/connect/connect.test.ts",
  "test/connect/connect-answer-cache.test.ts",
  "test/connect/live-or-sandbox.test.ts",
  "test/connect/scripts-exit.test.ts",
  "test/doctor/doctor.test.ts",
  // The byte parser on the calling thread, no worker, no process-wide state.
  "test/decode/parser-reuse.test.ts",
];

export default defineConfig({
  test: {
    testTimeout: timeout,
    hookTimeout: timeout,
    // ...and measured again as each file starts: the load can rise after the run began.
    setupFiles: ["test/helpers/load-timeouts.ts"],
    pool: "forks",
    // vitest's default on 2 cores is one worker; the slow files mostly wait on kernels and sockets, so
    // two files at a time finish the suite sooner without starving either.
    maxWorkers: 2,
    sequence: { sequencer: HeaviestFirst },
    projects: [
      {
        extends: true,
        test: { name: "own-process", include: ["test/**/*.test.ts"], exclude: [...SHARED_PROCESS.map((d) => `${d}/**`), ...SHARED_FILES] },
      },
      // The few files of shared folders that keep a process of their own (a project: vitest's exclude wins
      // over include, so the first project cannot take them back).
      { extends: true, test: { name: "own-process-files", include: OWN_PROCESS_FILES } },
      {
        extends: true,
        test: {
          name: "shared-process",
          include: [...SHARED_PROCESS.map((d) => `${d}/**/*.test.ts`), ...SHARED_FILES],
          exclude: OWN_PROCESS_FILES,
          isolate: false,
          restoreMocks: true,
          // Each file starts from the process-wide state a process of its own would have.
          setupFiles: ["test/helpers/load-timeouts.ts", "test/helpers/fresh-process-state.ts"],
        },
      },
    ],
  },
});
