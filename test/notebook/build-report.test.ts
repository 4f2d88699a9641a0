import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildReport, type ReportResult } from "../../src/notebook/report/build-report";
import { CellExecutionError } from "../../src/notebook/shared/notebook-errors";
import { budget } from "../helpers/budget";

const fixtures = join(__dirname, "fixtures");
const notebooks = [join(fixtures, "hello.ipynb"), join(fixtures, "sandbox-check.ipynb")];
// One lane: both notebooks in one reused tslab kernel, one kernel start per report instead of two (buildReport
// only passes `concurrency` on to runNotebooks, whose lanes test/notebook/run-notebooks-lanes.test.ts runs).
const ONE_LANE = { concurrency: 1 } as const;
const sandboxEnv = () => {
  const env = { ...process.env };
  for (const k of ["GASFRAMES_TOKEN", "GASFRAMES_NATGAS_URL", "GASFRAMES_LNG_URL", "GASFRAMES_CACHE"]) delete env[k];
  return env;
};
const snapshot = (dir: string) => {
  const files: Record<string, string> = {};
  for (const sub of ["", "notebooks"]) {
    for (const f of readdirSync(join(dir, sub)).filter((n) => /\.(html|ipynb)$/.test(n))) files[join(sub, f)] = readFileSync(join(dir, sub, f), "utf8");
  }
  return files;
};

// The report's sandbox keeps its answers on disk (buildReport's `sandboxCache`): the first report stores the
// answers its notebooks asked for in a folder of this file, the next report sends the stored bytes (shown by an
// entry altered on disk, whose answer the notebook then prints), and `sandboxCache: false` generates every
// answer: the report run again that way must equal the first, byte for byte, with its cells taken from the
// cell cache the first filled. Three reports (one kernel each) where this took five: a run again from the
// cell cache, and a run with `sandboxCache: false`, are one run.
const root = mkdtempSync(join(tmpdir(), "report-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("buildReport", () => {
  let first: ReportResult;
  const outDir = join(root, "first");
  const cellDir = join(root, "cells");
  const answers = join(root, "answers");
  beforeAll(async () => {
    first = await buildReport({ notebooks, outDir, env: sandboxEnv(), asOf: "2025-03-31", cellCache: cellDir, sandboxCache: answers, ...ONE_LANE });
  }, budget(180_000));

  it("writes an index linking one standalone page per notebook, against the sandbox it started", () => {
    expect(first.indexPath).toBe(join(outDir, "index.html"));
    const index = readFileSync(first.indexPath, "utf8");
    expect(index).toContain('<a href="hello.html"><strong>Hello fixture</strong></a>');
    expect(index).toContain('<a href="sandbox-check.html"><strong>Sandbox check</strong></a>');
    expect(index).toContain("the embedded sandbox (synthetic data, seed 1, as of 2025-03-31)");
    const check = readFileSync(join(outDir, "sandbox-check.html"), "utf8");
    expect(check).toContain("status 200; vessels present: true; as of 2025-03-31");
    // The notebooks are told what stands behind the URLs, so they can name the sandbox as their source.
    expect(check).toContain("source: the embedded sandbox (synthetic data, seed 1, as of 2025-03-31)");
    expect(existsSync(join(outDir, "notebooks", "hello.ipynb"))).toBe(true);
  });

  it("renders markdown, shows code with counts and inlines outputs, with nothing fetched from the network", () => {
    const page = readFileSync(join(outDir, "hello.html"), "utf8");
    expect(page).toContain('<h1 id="hello-fixture">Hello fixture</h1>');
    expect(page).toContain("<em>small</em>");
    expect(page).toContain('<div class="prompt">[1]:</div>');
    expect(page).toContain("console.log(&quot;x =&quot;, x);");
    expect(page).toMatch(/<img alt="chart" src="data:image\/svg\+xml;base64,[A-Za-z0-9+/=]+" width="40" height="20">/);
    expect(page).toContain("<table><tr><th>col</th></tr><tr><td>7</td></tr></table>");
    for (const file of [page, readFileSync(first.indexPath, "utf8")]) {
      expect(file).not.toMatch(/<(script|link|iframe)\b/);
      expect(file).not.toMatch(/(src|href)="(https?:)?\/\//);
    }
  });

  it(
    "stores the sandbox's answers and sends them again in the next report; with sandboxCache: false it generates them, giving byte-identical pages and notebooks, its cells then taken from the cell cache",
    async () => {
      const stored = readdirSync(answers).filter((n) => n.endsWith(".answer"));
      expect(stored).toHaveLength(1);
      const file = join(answers, stored[0]!);
      const entry = readFileSync(file);
      expect(entry.includes("gasframes-sandbox-token")).toBe(false);
      // The vessels' answer emptied on disk (with a checksum that matches): the next run must send it as stored.
      const head = JSON.parse(entry.subarray(0, entry.indexOf(10)).toString("utf8"));
      writeFileSync(file, JSON.stringify({ ...head, bytes: 0, sha256: createHash("sha256").update("").digest("hex") }) + "\n");
      const alteredDir = join(root, "altered");
      await buildReport({ notebooks: [join(fixtures, "sandbox-check.ipynb")], outDir: alteredDir, env: sandboxEnv(), asOf: "2025-03-31", cellCache: cellDir, sandboxCache: answers, ...ONE_LANE });
      expect(readFileSync(join(alteredDir, "sandbox-check.html"), "utf8")).toContain("status 200; vessels present: false");
      // The report's kernels see its sandbox token: the cache must still keep their cells.
      expect(readdirSync(join(cellDir, "cells")).length).toBeGreaterThan(0);
      const againDir = join(root, "again");
      await buildReport({ notebooks, outDir: againDir, env: sandboxEnv(), asOf: "2025-03-31", cellCache: cellDir, sandboxCache: false, ...ONE_LANE });
      expect(snapshot(againDir)).toEqual(snapshot(outDir));
    },
    budget(300_000),
  );
});

describe("buildReport with the response cache", () => {
  it("records with GASFRAMES_CACHE=readwrite, then replays byte-identical pages with no sandbox running; fails on a failing notebook (a replay miss) with no index", async () => {
    const { createServer } = await import("node:net");
    const port = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, "127.0.0.1", () => {
        const p = (srv.address() as { port: number }).port;
        srv.close(() => resolve(p));
      });
    });
    const cacheDir = mkdtempSync(join(tmpdir(), "report-cache-"));
    const cached = [join(fixtures, "cached.ipynb")];
    const recordDir = mkdtempSync(join(tmpdir(), "report-rec-"));
    await buildReport({ notebooks: cached, outDir: recordDir, sandboxPort: port, env: { ...sandboxEnv(), GASFRAMES_CACHE: "readwrite", GASFRAMES_CACHE_DIR: cacheDir } });
    expect(readdirSync(cacheDir).length).toBeGreaterThan(0);
    const replayDir = mkdtempSync(join(tmpdir(), "report-replay-"));
    const replayed = await buildReport({ notebooks: cached, outDir: replayDir, sandboxPort: port, env: { ...sandboxEnv(), GASFRAMES_CACHE: "replay", GASFRAMES_CACHE_DIR: cacheDir } });
    expect(readFileSync(join(replayDir, "cached.html"), "utf8")).toMatch(/vessels: \d+; first: \w+/);
    const strip = (s: Record<string, string>) => Object.fromEntries(Object.entries(s).filter(([k]) => k !== "index.html"));
    expect(strip(snapshot(replayDir))).toEqual(strip(snapshot(recordDir)));
    expect(readFileSync(replayed.indexPath, "utf8")).toContain("replayed offline");
    // A replay with nothing cached fails, after a notebook that ran (hello, first in the one lane): a failing
    // notebook fails the report and leaves no index that looks complete.
    const emptyCache = mkdtempSync(join(tmpdir(), "report-nocache-"));
    const missDir = mkdtempSync(join(tmpdir(), "report-miss-"));
    const miss = await buildReport({ notebooks: [join(fixtures, "hello.ipynb"), ...cached], outDir: missDir, sandboxPort: port, env: { ...sandboxEnv(), GASFRAMES_CACHE: "replay", GASFRAMES_CACHE_DIR: emptyCache }, ...ONE_LANE }).catch((e: unknown) => e);
    expect(miss).toBeInstanceOf(CellExecutionError);
    expect((miss as CellExecutionError).notebook).toBe("cached.ipynb");
    expect((miss as CellExecutionError).errorText).toMatch(/CacheMissError|no cached response/);
    expect(existsSync(join(missDir, "notebooks", "hello.ipynb"))).toBe(true);
    expect(existsSync(join(missDir, "index.html"))).toBe(false);
  }, budget(300_000));
});
