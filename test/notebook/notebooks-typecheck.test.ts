import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
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
    await run(process.execPath, [join(repoRoot, "node_modules", "typescript", "bin", "tsc"), "-p", join(dir, "tsconfig.json")], { maxBuffer: 16 * 1024 * 1024 });
    return "";
  } catch (e) {
    return String((e as { stdout?: string }).stdout ?? e);
  }
}

describe("notebook code cells pass a strict TypeScript check against the package's types", () => {
  it("has the notebooks the project promises", () => {
    expect(notebooks.length).toBeGreaterThanOrEqual(6);
    expect(existsSync(join(repoRoot, "dist", "index.d.ts"))).toBe(true);
  });

  it.each(notebooks)("%s", async (name) => {
    const dir = mkdtempSync(join(tmpdir(), "nb-typecheck-"));
    const file = join(dir, `${basename(name, ".ipynb")}.ts`);
    const source = notebookAsModule(readNotebook(join(notebooksDir, name)));
    expect(source).toMatch(/from "gasframes"/);
    writeFileSync(file, source);
    expect(await strictCheck([file], dir)).toBe("");
  }, budget(120_000));

  it("catches a type error in a cell (the check can fail)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "nb-typecheck-"));
    const file = join(dir, "bad.ts");
    writeFileSync(file, notebookAsModule({ nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [{ cell_type: "code", id: "a", metadata: {}, execution_count: null, outputs: [], source: 'import { NatGasClient } from "gasframes";\nconst n: number = new NatGasClient({ baseUrl: "http://127.0.0.1:1", token: "t" });' }] }));
    expect(await strictCheck([file], dir)).toMatch(/bad\.ts\(\d+,\d+\): error TS2322/);
  }, budget(120_000));
});
