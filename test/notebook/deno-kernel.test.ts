/**
 * The notebooks under Deno's built-in Jupyter kernel (`deno jupyter`, from the `deno` devDependency):
 * registered as a user would (`deno jupyter --install`) into a temporary Jupyter data folder, executed
 * by standard Jupyter (nbclient, through jupyter-nbconvert) and by `gasframes run --kernel deno`, with the
 * MIME types of their outputs checked and their numbers compared with tslab's.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundledDenoSpec, findKernelSpec } from "../../src/notebook/kernel/kernel-spec";
import { joinLines } from "../../src/notebook/nbformat/notebook-file";
import type { Notebook, Output } from "../../src/notebook/nbformat/types";
import { executeNotebook } from "../../src/notebook/run/execute-notebook";
import { runNotebooks } from "../../src/notebook/run/run-notebooks";
import { startSandbox, type SandboxHandle } from "../../src/sandbox/start-sandbox";
import { repoRoot } from "./helpers/jupyter";
import { budget } from "../helpers/budget";

const run = promisify(execFile);
// The binary of the `deno` devDependency, as `gasframes run --kernel deno` finds it without a kernelspec.
const DENO = bundledDenoSpec().argv[0]!;
const VEGA_LITE = "application/vnd.vegalite.v5+json";
const AS_OF = "2025-03-31";
const NOTEBOOKS = ["01-quickstart.ipynb", "05-activity.ipynb"];

/** The rich outputs (display_data, execute_result) of a notebook's code cells, and any error or stderr text. */
function outputsOf(nb: Notebook): { rich: Record<string, unknown>[]; failures: string[] } {
  const outs: Output[] = nb.cells.flatMap((c) => (c.cell_type === "code" ? c.outputs : []));
  const rich = outs.flatMap((o) => (o.output_type === "display_data" || o.output_type === "execute_result" ? [o.data] : []));
  const failures = outs.flatMap((o) =>
    o.output_type === "error" ? [`${o.ename}: ${o.evalue}`] : o.output_type === "stream" && o.name === "stderr" ? [joinLines(o.text)] : [],
  );
  return { rich, failures };
}

/** The markdown the notebook wrote: its numbers. */
function markdownOf(nb: Notebook): string[] {
  return outputsOf(nb).rich.flatMap((d) => (d["text/markdown"] === undefined ? [] : [joinLines(d["text/markdown"] as string | string[])]));
}

describe("notebooks under Deno's Jupyter kernel", () => {
  let env: NodeJS.ProcessEnv;
  let sandbox: SandboxHandle;
  let jupyterPath: string;

  beforeAll(async () => {
    expect(existsSync(DENO) && DENO.startsWith(join(repoRoot, "node_modules"))).toBe(true);
    // `deno jupyter --install` writes into $HOME's Jupyter data folder: a temporary home keeps it out of the user's.
    const home = mkdtempSync(join(tmpdir(), "deno-home-"));
    await run(DENO, ["jupyter", "--install", "--name", "deno", "--display", "Deno"], { env: { ...process.env, HOME: home, DENO_NO_UPDATE_CHECK: "1" } });
    jupyterPath = join(home, ".local", "share", "jupyter");
    sandbox = await startSandbox({ asOf: AS_OF });
    env = { ...process.env, HOME: home, JUPYTER_PATH: jupyterPath, JUPYTER_DATA_DIR: jupyterPath, DENO_NO_UPDATE_CHECK: "1", PYDEVD_DISABLE_FILE_VALIDATION: "1" };
    for (const k of Object.keys(env)) if (/^GASFRAMES_/.test(k)) delete env[k];
    Object.assign(env, { GASFRAMES_TOKEN: "sandbox", GASFRAMES_NATGAS_URL: sandbox.natgasUrl, GASFRAMES_LNG_URL: sandbox.lngUrl, GASFRAMES_SANDBOX_AS_OF: AS_OF });
  }, budget(300_000));
  afterAll(() => sandbox?.close());

  it("registered the kernel where Jupyter finds it, running this checkout's deno binary", () => {
    const spec = findKernelSpec("deno", env);
    expect(spec.resourceDir).toBe(join(jupyterPath, "kernels", "deno"));
    // The binary as deno saw its own path (node_modules/deno/deno, or the node_modules/.bin link to it).
    expect(spec.argv[0]).toMatch(new RegExp(`^${join(repoRoot, "node_modules").replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}/(deno|\\.bin)/deno$`));
    expect(spec.argv.slice(1)).toEqual(["jupyter", "--kernel", "--conn", "{connection_file}"]);
  });

  it.each(NOTEBOOKS)("%s runs under nbclient: tables as HTML and text, charts as Vega-Lite objects with SVG, no error", async (name) => {
    const outDir = mkdtempSync(join(tmpdir(), "deno-nbconvert-"));
    await run(
      "/usr/bin/jupyter-nbconvert",
      ["--to", "notebook", "--execute", "--ExecutePreprocessor.kernel_name=deno", "--ExecutePreprocessor.timeout=600", "--output-dir", outDir, join(repoRoot, "notebooks", name)],
      { env, cwd: join(repoRoot, "notebooks"), maxBuffer: 64 * 1024 * 1024, timeout: budget(900_000) },
    );
    const nb = JSON.parse(readFileSync(join(outDir, basename(name)), "utf8")) as Notebook;
    const { rich, failures } = outputsOf(nb);
    expect(failures).toEqual([]);
    const charts = rich.filter((d) => VEGA_LITE in d);
    const tables = rich.filter((d) => "text/html" in d);
    expect(charts.length).toBeGreaterThan(0);
    expect(tables.length).toBeGreaterThan(0);
    for (const chart of charts) {
      expect(Object.keys(chart).sort()).toEqual([VEGA_LITE, "image/svg+xml", "text/plain"].sort());
      expect(typeof chart[VEGA_LITE]).toBe("object");
      expect((chart[VEGA_LITE] as { $schema: string }).$schema).toContain("vega-lite/v5");
      expect(joinLines(chart["image/svg+xml"] as string[])).toMatch(/^<svg[\s\S]*<\/svg>$/);
    }
    for (const table of tables) {
      expect(Object.keys(table).sort()).toEqual(["text/html", "text/plain"]);
      expect(joinLines(table["text/html"] as string[])).toMatch(/\d+ rows? [x×] \d+ columns?/);
    }
    expect(rich.some((d) => "application/vnd.dataresource+json" in d)).toBe(false);
    expect(markdownOf(nb).length).toBeGreaterThan(0);
  }, budget(900_000));

  it("updates a progress display in place under Deno (one output, its last text)", async () => {
    // The display download progress uses, driven directly: a quick call never shows progress (it waits a second).
    const code = [
      'import { findKernelNewDisplay } from "../dist/display/kernel-display.js";',
      "const make = findKernelNewDisplay();",
      'if (make === undefined) throw new Error("no in-place display found in the Deno kernel");',
      "const progress = make();",
      'for (const n of [1, 2, 3]) progress.text(`gasframes rigs: page ${n}/3`);',
    ].join("\n");
    const nb: Notebook = {
      nbformat: 4,
      nbformat_minor: 5,
      metadata: { kernelspec: { name: "deno", display_name: "Deno", language: "typescript" } },
      cells: [{ cell_type: "code", id: "progress", metadata: {}, source: code, outputs: [], execution_count: null }],
    };
    const ran = await executeNotebook(nb, { name: "progress", cwd: join(repoRoot, "notebooks"), env, cellTimeoutMs: budget(600_000) });
    const outs = (ran.cells[0] as { outputs: Output[] }).outputs;
    expect(outs.filter((o) => o.output_type === "error" || (o.output_type === "stream" && o.name === "stderr"))).toEqual([]);
    const shown = outs.flatMap((o) => (o.output_type === "display_data" ? [joinLines(o.data["text/plain"] as string | string[])] : []));
    expect(shown).toEqual(["gasframes rigs: page 3/3"]);
  }, budget(900_000));

  it("gasframes run --kernel deno gives the numbers tslab gives", async () => {
    const path = join(repoRoot, "notebooks", NOTEBOOKS[0]!);
    const [deno] = await runNotebooks([path], { outDir: mkdtempSync(join(tmpdir(), "deno-run-")), kernelName: "deno", env, cellTimeoutMs: budget(600_000) });
    const [tslab] = await runNotebooks([path], { outDir: mkdtempSync(join(tmpdir(), "tslab-run-")), kernelName: "tslab", env, cellTimeoutMs: budget(600_000) });
    expect((deno!.notebook.metadata.kernelspec as { name: string }).name).toBe("deno");
    expect((tslab!.notebook.metadata.kernelspec as { name: string }).name).toBe("tslab");
    const numbers = markdownOf(deno!.notebook);
    expect(numbers.join("\n")).toMatch(/\*\*\d+\*\* daily rows/);
    expect(numbers).toEqual(markdownOf(tslab!.notebook));
  }, budget(900_000));
});
