import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { promisify } from "node:util";
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

/** Executes a notebook with Debian's `jupyter-nbconvert --execute` (nbclient) and returns the executed notebook. */
export async function nbconvertExecute(notebook: string, outDir: string, env: NodeJS.ProcessEnv, timeoutSeconds = 300): Promise<Notebook> {
  await run(
    "/usr/bin/jupyter-nbconvert",
    ["--to", "notebook", "--execute", "--ExecutePreprocessor.kernel_name=tslab", `--ExecutePreprocessor.timeout=${timeoutSeconds}`, "--output-dir", outDir, notebook],
    { env: { ...env, PYDEVD_DISABLE_FILE_VALIDATION: "1" }, maxBuffer: 64 * 1024 * 1024 },
  );
  return JSON.parse(readFileSync(join(outDir, basename(notebook)), "utf8")) as Notebook;
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
