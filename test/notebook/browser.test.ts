/**
 * Notebook 01 in Debian's classic Jupyter Notebook server, driven in a real headless Chromium (Debian's
 * `chromium` through playwright-core), once under tslab and once under Deno's kernel, as a user does it:
 * `npm run notebooks` (scripts/notebooks.mjs) registers the kernels and starts the server on 127.0.0.1;
 * the page opens the notebook, runs every cell with Cell > Run All, and the test waits for the kernel to go
 * idle with every cell numbered; then, on the same page, Kernel > Change kernel picks Deno, Cell > All Output
 * > Clear empties the outputs, and Run All runs them again (a page of its own, whose tslab kernel the switch
 * replaces at once, started a tslab kernel for nothing; it is only opened when the tslab case failed). Then: no
 * error output and no stderr but the sandbox notice, the chart drawn (the SVG of the display bundle, which
 * the classic notebook shows since it has no Vega-Lite renderer), a table with rows. Screenshots go to
 * test-artifacts/browser/.
 *
 * Private everything: a temporary HOME (user kernels folder, Jupyter config and data), runtime folder and
 * token; no GASFRAMES_* variable, so the notebook starts its embedded sandbox. The browser may only reach
 * 127.0.0.1: any other request is aborted, recorded, and fails the test.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budget } from "../helpers/budget";
import { SANDBOX_NOTICE } from "../../src/connect/connect";
import { chromiumPath } from "./helpers/headless-chromium";
import { repoRoot } from "./helpers/jupyter";

const ARTIFACTS = join(repoRoot, "test-artifacts", "browser");
const NOTEBOOK = "01-quickstart.ipynb";
// Generous, and longer still when the machine is busy (budget()): a cold tslab compiles the toolkit's types first.
const START_MS = budget(180_000);
const RUN_MS = budget(480_000);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Starts `scripts/notebooks.mjs` and resolves to the URL it prints, once Jupyter listens. */
function startNotebooks(args: string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string; log: () => string }> {
  const child = spawn(process.execPath, [join(repoRoot, "scripts", "notebooks.mjs"), ...args], { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  let out = "";
  const log = () => out;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL from npm run notebooks within ${START_MS} ms:\n${out}`)), START_MS);
    const take = (chunk: Buffer) => {
      out += chunk.toString("utf8");
      const url = /^notebooks: open (http:\/\/127\.0\.0\.1:\d+\/\S*)$/m.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        resolve({ child, url, log });
      }
    };
    child.stdout!.on("data", take);
    child.stderr!.on("data", take);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`npm run notebooks exited (${code}):\n${out}`));
    });
  });
}

/** What the notebook page shows once the run is over. */
interface PageState {
  kernel: string;
  counts: (number | string | null)[];
  errors: string[];
  stderr: string[];
  chartMarks: number;
  tableRows: number;
  chartText: string;
}

const STATE = `(() => {
  const nb = window.Jupyter && window.Jupyter.notebook;
  const code = nb ? nb.get_cells().filter((c) => c.cell_type === "code") : [];
  const text = (sel) => [...document.querySelectorAll(sel)].map((e) => e.textContent.trim());
  return {
    kernel: nb && nb.kernel ? nb.kernel.name : "",
    counts: code.map((c) => (c.input_prompt_number === undefined ? null : c.input_prompt_number)),
    errors: text(".output_area .output_error"),
    stderr: text(".output_area .output_stderr"),
    chartMarks: document.querySelectorAll(".output_svg svg g.role-mark > path, .output_svg svg g.role-mark > g, .vega-embed svg g.role-mark > path, .vega-embed canvas").length,
    tableRows: document.querySelectorAll(".output_html table tbody tr").length,
    chartText: text(".output_svg svg, .vega-embed svg").join("\\n"),
  };
})()`;

describe("notebook 01 in the classic Jupyter Notebook, in headless Chromium", () => {
  const binary = chromiumPath();
  const blocked: string[] = [];
  const allowed: string[] = [];
  let home: string;
  let work: string;
  let token: string;
  let server: { child: ChildProcess; url: string; log: () => string };
  let browser: Browser;

  beforeAll(async () => {
    if (!binary) throw new Error("this test needs Chromium: apt-get install chromium (or set GASFRAMES_CHROMIUM)");
    home = mkdtempSync(join(tmpdir(), "notebooks-home-"));
    // The served folder sits inside the checkout, as notebooks/ does, so "gasframes" (node_modules) and
    // deno.json are found upward from it; a copy per kernel keeps autosave away from the tracked notebook.
    mkdirSync(ARTIFACTS, { recursive: true });
    work = mkdtempSync(join(ARTIFACTS, "served-"));
    for (const kernel of ["tslab", "deno"]) {
      mkdirSync(join(work, kernel));
      copyFileSync(join(repoRoot, "notebooks", NOTEBOOK), join(work, kernel, NOTEBOOK));
    }
    token = randomBytes(16).toString("hex");
    const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, JUPYTER_TOKEN: token, JUPYTER_RUNTIME_DIR: join(home, "runtime"), JUPYTER_CONFIG_DIR: join(home, "config"), CI: "1" };
    for (const k of Object.keys(env)) if (/^(GASFRAMES_|JUPYTER_PATH$|JUPYTER_DATA_DIR$)/.test(k)) delete env[k];
    server = await startNotebooks(["--port", String(await freePort()), "--dir", work], env);
    browser = await chromium.launch({ executablePath: binary, headless: true, args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-sync"] });
  }, START_MS + 60_000);

  afterAll(async () => {
    await browser?.close();
    if (server) {
      // Shut the kernels down through the server's API, then the server (the script passes SIGTERM on).
      const base = new URL(server.url).origin;
      const headers = { Authorization: `token ${token}` };
      const sessions = (await fetch(`${base}/api/sessions`, { headers }).then((r) => r.json()).catch(() => [])) as { id: string }[];
      for (const s of sessions) await fetch(`${base}/api/sessions/${s.id}`, { method: "DELETE", headers }).catch(() => undefined);
      const exited = new Promise((resolve) => server.child.once("exit", resolve));
      server.child.kill("SIGTERM");
      await exited;
    }
    if (work) rmSync(work, { recursive: true, force: true });
    if (home) rmSync(home, { recursive: true, force: true });
  }, budget(120_000));

  async function openPage(kernel: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 1400 } });
    await context.route("**/*", (route) => {
      const url = route.request().url();
      if (/^(https?|wss?):\/\/127\.0\.0\.1(:\d+)?\//.test(url) || /^(data|blob):/.test(url)) {
        allowed.push(url);
        return route.continue();
      }
      blocked.push(url);
      return route.abort("blockedbyclient");
    });
    const page = await context.newPage();
    page.on("websocket", (ws) => {
      if (!/^wss?:\/\/127\.0\.0\.1(:\d+)?\//.test(ws.url())) blocked.push(ws.url());
    });
    const { origin } = new URL(server.url);
    await page.goto(`${origin}/notebooks/${kernel}/${NOTEBOOK}?token=${token}`);
    // The notebook is loaded and its kernel (the one its metadata names: tslab) is up and idle.
    await page.waitForFunction(
      `!!(window.Jupyter && Jupyter.notebook && Jupyter.notebook._fully_loaded && Jupyter.notebook.kernel && Jupyter.notebook.kernel.is_connected() && document.querySelector("#kernel_indicator_icon.kernel_idle_icon"))`,
      undefined,
      { timeout: START_MS, polling: 250 },
    );
    return page;
  }

  // The tslab case's page, once that case passed: the Deno case switches its kernel.
  let ranTslab: Page | undefined;

  it.each(["tslab", "deno"])("%s: Run All draws the chart and the table, with no error", async (kernel) => {
    const folder = kernel === "deno" && ranTslab ? "tslab" : kernel;
    const page = folder === kernel ? await openPage(kernel) : ranTslab!;
    if (kernel === "deno") {
      await page.click("#kernellink");
      await page.hover("#menu-change-kernel");
      await page.click("#kernel-submenu-deno");
      await page.waitForFunction(
        `!!(Jupyter.notebook.kernel && Jupyter.notebook.kernel.name === "deno" && Jupyter.notebook.kernel.is_connected() && document.querySelector("#kernel_indicator_icon.kernel_idle_icon"))`,
        undefined,
        { timeout: START_MS, polling: 250 },
      );
      // Cell > All Output > Clear: the tslab run's outputs and execution counts go.
      await page.click("#celllink");
      await page.hover("#all_outputs");
      await page.click("#clear_all_output");
      await page.waitForFunction(`(() => { const s = ${STATE}; return s.counts.length > 0 && s.counts.every((c) => c === null) && s.errors.length + s.stderr.length + s.chartMarks + s.tableRows === 0; })()`, undefined, {
        timeout: START_MS,
        polling: 250,
      });
    }
    await page.click("#celllink");
    await page.click("#run_all_cells");
    // Over when the kernel is idle with every code cell numbered, or as soon as an error shows (a failed
    // cell stops Run All, so the rest would never be numbered).
    await page.waitForFunction(
      `(() => {
        const s = ${STATE};
        const idle = !!document.querySelector("#kernel_indicator_icon.kernel_idle_icon");
        return s.errors.length > 0 || (idle && s.counts.length > 0 && s.counts.every((c) => typeof c === "number"));
      })()`,
      undefined,
      { timeout: RUN_MS, polling: 500 },
    );
    const state = (await page.evaluate(STATE)) as PageState;
    await page.screenshot({ path: join(ARTIFACTS, `notebook-01-${kernel}.png`) });
    const chart = page.locator(".output_svg").first();
    if ((await chart.count()) > 0) await chart.screenshot({ path: join(ARTIFACTS, `notebook-01-${kernel}-chart.png`) });
    const table = page.locator(".output_html table").first();
    if ((await table.count()) > 0) await table.screenshot({ path: join(ARTIFACTS, `notebook-01-${kernel}-table.png`) });

    expect(state.kernel).toBe(kernel);
    expect(state.errors).toEqual([]);
    // The only stderr allowed is the notice of a notebook without a token (tslab shows it; Deno's kernel
    // does not capture process.stderr, so it goes to the server's log there).
    const stderr = state.stderr.flatMap((t) => t.split("\n")).filter((l) => l.trim() !== "");
    expect(stderr).toEqual(kernel === "tslab" ? [SANDBOX_NOTICE] : []);
    // Ran against the embedded sandbox: the chart carries its mark.
    expect(state.chartText).toContain("Synthetic data (gasframes sandbox)");
    expect(state.counts).toEqual(state.counts.map((_, i) => i + 1));
    expect(state.chartMarks).toBeGreaterThan(0);
    expect(state.tableRows).toBeGreaterThan(0);
    expect(blocked).toEqual([]);
    // The guard saw the page's own requests (so an empty list above means something).
    expect(allowed.some((u) => u.includes(`/notebooks/${folder}/${NOTEBOOK}`))).toBe(true);
    if (kernel === "tslab") ranTslab = page;
    else await page.context().close();
  }, START_MS * 2 + RUN_MS + 60_000);
});
