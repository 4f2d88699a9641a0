import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { readNotebook } from "../../src/notebook/nbformat/notebook-file";
import { repoRoot } from "./helpers/jupyter";
import { notebookAsModule } from "./helpers/notebook-source";
import { budget } from "../helpers/budget";

const run = promisify(execFile);
const notebooksDir = join(repoRoot, "notebooks");
const notebooks = readdirSync(notebooksDir).filter((n) => n.endsWith(".ipynb")).sort();

/** Type-checks files strictly against the built package's declarations (`gasframes` -> dist/index.d.ts). */
async function strictCheck(files: string[], dir: string): Promise<string> {
  writeFileSync(
    join(dir, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: "ES2022",
        lib: ["ES2022", "DOM"],
        module: "commonjs",
        moduleResolution: "node",
        esModuleInterop: true,
        skipLibCheck: true,
        noUnusedLocals: false,
        baseUrl: ".",
        paths: { gasframes: [join(repoRoot, "dist", "index.d.ts")], tslab: [join(repoRoot, "node_modules", "tslab", "dist", "public.d.ts")] },
        typeRoots: [join(repoRoot, "node_modules", "@types")],
        types: ["node"],
      },
      files,
    }),
  );
  try {
    await run(process.execPath, [join(repoRoot, "node_modules", "typescript", "bin", "tsc"), "-p", join(dir, "tsconfig.json")], { cwd: dir, maxBuffer: 16 * 1024 * 1024 });
    return "";
  } catch (e) {
    return String((e as { stdout?: string }).stdout ?? e);
  }
}

/** What the one compiler run said, per file (its `file.ts(line,col): error ...` lines, with what follows each). */
function diagnosticsByFile(output: string, files: readonly string[]): Map<string, string> {
  const by = new Map(files.map((f) => [f, ""]));
  let current: string | undefined;
  for (const line of output.split("\n")) {
    // The compiler runs in the files' folder, so it names them by their base names.
    const named = files.find((f) => line.startsWith(`${basename(f)}(`));
    if (named !== undefined) current = named;
    else if (/^\S/.test(line)) current = undefined;
    if (current !== undefined) by.set(current, by.get(current)! + line + "\n");
  }
  return by;
}

describe("notebook code cells pass a strict TypeScript check against the package's types", () => {
  // One compiler run checks every notebook and the deliberately broken file: the package's declarations
  // load once instead of once per notebook. Each file is a module, so none sees another's names.
  let dir: string;
  let byFile: Map<string, string>;
  let output: string;
  const fileOf = (name: string) => join(dir, `${basename(name, ".ipynb")}.ts`);
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "nb-typecheck-"));
    for (const name of notebooks) writeFileSync(fileOf(name), notebookAsModule(readNotebook(join(notebooksDir, name))));
    const bad = join(dir, "bad.ts");
    writeFileSync(bad, notebookAsModule({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [{ cell_type: "code", id: "a", metadata: {}, execution_count: null, outputs: [], source: 'import { NatGasClient } from "gasframes";\nconst n: number = new NatGasClient({ baseUrl: "http://127.0.0.1:1", token: "t" });' }] }));
    const files = [...notebooks.map(fileOf), bad];
    output = await strictCheck(files, dir);
    byFile = diagnosticsByFile(output, files);
  }, budget(180_000));

  it("has the notebooks the project promises", () => {
    expect(notebooks.length).toBeGreaterThanOrEqual(6);
    expect(existsSync(join(repoRoot, "dist", "index.d.ts"))).toBe(true);
  });

  it.each(notebooks)("%s", (name) => {
    expect(readFileSync(fileOf(name), "utf8")).toMatch(/from "gasframes"/);
    expect(byFile.get(fileOf(name))).toBe("");
    expect(byFile.get(join(dir, "bad.ts")), "the compiler ran and reported the broken file").toMatch(/error TS2322/);
  });

  it("catches a type error in a cell (the check can fail), and says nothing the files do not cause", () => {
    expect(byFile.get(join(dir, "bad.ts"))).toMatch(/bad\.ts\(\d+,\d+\): error TS2322/);
    // Every line of the compiler's output belongs to one of the files: no error elsewhere goes unseen.
    const attributed = [...byFile.values()].join("");
    expect(output.split("\n").filter((l) => l.trim() !== "" && !attributed.includes(l))).toEqual([]);
  });
});
