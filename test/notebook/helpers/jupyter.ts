import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, delimiter, join } from "node:path";
import { promisify } from "node:util";
import { tslabCellCacheDir, tslabCellSeedDir, tslabProjectRoot } from "../../../src/notebook/kernel/tslab-cell-cache";
import { resetLine, reusableTslabSpec } from "../../../src/notebook/kernel/tslab-reusable";
import { joinLines } from "../../../src/notebook/nbformat/notebook-file";
import type { Notebook, Output } from "../../../src/notebook/nbformat/types";

const run = promisify(execFile);
export const SYSTEM_PYTHON = "/usr/bin/python3";
export const repoRoot = join(__dirname, "..", "..", "..");

/** Registers the repository's tslab kernel into `prefix` (as a user would with `npx tslab install --prefix`). */
export async function installTslabKernel(prefix: string): Promise<string> {
  const bin = join(repoRoot, "node_modules", ".bin", "tslab");
  await run(process.execPath, [join(repoRoot, "node_modules", "tslab", "bin", "tslab"), "install", "--python", SYSTEM_PYTHON, "--prefix", prefix, "--binary", bin]);
  return join(prefix, "share", "jupyter");
}

/**
 * Executes notebooks with standard nbclient (Debian's), one tslab kernel per folder reset between its notebooks
 * (helpers/nbclient-shared-kernel.py; the kernel is the report's reusable tslab launcher, registered here
 * under a name of its own in a temporary JUPYTER_PATH entry). Returns the executed notebooks in the order given
 * and how each got its kernel ("new", "reused", "replaced: ..."). The names must differ (they share `outDir`).
 * The kernels take compiled cells from the cell cache and seed runNotebooks uses by default (the project's
 * node_modules/.cache and notebooks/.tslab-cells), as our side of the comparison does: what is compared is how
 * each side runs cells and collects their outputs, not tslab's TypeScript compile, which is the same converter
 * on both sides (test/notebook/tslab-cell-cache.test.ts and tslab-cell-seed.test.ts test the cache itself).
 */
export async function nbclientSharedKernel(notebooks: string[], outDir: string, env: NodeJS.ProcessEnv, timeoutSeconds = 300): Promise<{ notebooks: Notebook[]; kernels: string[] }> {
  const token = randomUUID();
  const spec = reusableTslabSpec(repoRoot, token, tslabCellCacheDir(repoRoot), { root: tslabProjectRoot(repoRoot), seed: tslabCellSeedDir(join(repoRoot, "notebooks")) });
  if (!spec) throw new Error("no tslab 1.x beside gasframes: the reusable kernel cannot start");
  const jupyterPath = mkdtempSync(join(tmpdir(), "reusable-kernelspec-"));
  try {
    mkdirSync(join(jupyterPath, "kernels", "tslab-reusable"), { recursive: true });
    writeFileSync(join(jupyterPath, "kernels", "tslab-reusable", "kernel.json"), JSON.stringify({ argv: spec.argv, display_name: spec.display_name, language: spec.language, env: spec.env }));
    const { stdout } = await run(
      SYSTEM_PYTHON,
      [join(__dirname, "nbclient-shared-kernel.py"), "tslab-reusable", resetLine(token), outDir, String(timeoutSeconds), ...notebooks],
      { env: { ...env, JUPYTER_PATH: [jupyterPath, env.JUPYTER_PATH].filter(Boolean).join(delimiter), PYDEVD_DISABLE_FILE_VALIDATION: "1" }, maxBuffer: 64 * 1024 * 1024 },
    );
    const kernels = stdout.trim().split("\n").map((l) => (JSON.parse(l) as { kernel: string }).kernel);
    return { notebooks: notebooks.map((nb) => JSON.parse(readFileSync(join(outDir, basename(nb)), "utf8")) as Notebook), kernels };
  } finally {
    rmSync(jupyterPath, { recursive: true, force: true });
  }
}

/** Validates the notebook files against the nbformat schema with the system's Python `nbformat`, in one process; throws on the first invalid one. */
export async function validateNotebooks(paths: string[]): Promise<string> {
  const script = "import nbformat,sys\nfor p in sys.argv[1:]: nbformat.validate(nbformat.read(p, as_version=4))\nprint('valid', len(sys.argv) - 1)";
  const { stdout } = await run(SYSTEM_PYTHON, ["-c", script, ...paths], { env: { ...process.env, PYDEVD_DISABLE_FILE_VALIDATION: "1" } });
  return stdout.trim();
}

/**
 * The outputs of each code cell in comparable form: consecutive streams merged, text joined, and the
 * volatile parts dropped (execution counts: nbclient leaves them null because tslab sends no execute_input;
 * timing metadata; ANSI colour codes; elapsed-time figures).
 */
export function comparableOutputs(nb: Notebook): unknown[] {
  const clean = (s: string) => s.replace(/\x1b\[[0-9;]*[A-Za-z]/g, "").replace(/\b\d+(\.\d+)?\s?(ms|s)\b/g, "<t>");
  return nb.cells
    .filter((c) => c.cell_type === "code")
    .map((c) => {
      const merged: Output[] = [];
      for (const o of c.cell_type === "code" ? c.outputs : []) {
        const last = merged[merged.length - 1];
        if (o.output_type === "stream" && last?.output_type === "stream" && last.name === o.name) last.text = joinLines(last.text) + joinLines(o.text);
        else merged.push(structuredClone(o));
      }
      return merged.map((o) => {
        if (o.output_type === "stream") return { stream: o.name, text: clean(joinLines(o.text)) };
        if (o.output_type === "error") return { error: o.ename, evalue: clean(o.evalue) };
        const data: Record<string, unknown> = {};
        for (const [mime, v] of Object.entries(o.data)) data[mime] = typeof v === "string" || Array.isArray(v) ? clean(joinLines(v)) : v;
        return { [o.output_type]: data };
      });
    });
}
