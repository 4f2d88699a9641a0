// danfojs-node, tslab and zeromq are optional peer dependencies: a user's `npm install gasframes` does not
// bring them, and the feature that needs one says how to set it up. These tests take them away for real:
// the built package is copied beside links to its production dependencies only (as a user's project has
// them), and a loader is pointed at folders where the package is absent or broken. `npm test` builds first.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budget } from "../helpers/budget";
import { GasframesError, MissingDependencyError } from "../../src/errors";
import { OPTIONAL_DEPENDENCIES, requireOptional, resolveOptional } from "../../src/errors/missing-dependency";
import { runNode } from "../helpers/run-script";
import { docsOverrides } from "./installing-doc";

const root = join(__dirname, "..", "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
  overrides: Record<string, unknown>;
};
const OPTIONAL = ["danfojs-node", "tslab", "zeromq"] as const;

const temps: string[] = [];
function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of temps) rmSync(d, { recursive: true, force: true });
});

/** Whether `name` resolves from `dir` (a test's precondition: it must not, for "absent" to mean anything). */
function resolvable(name: string, dir: string): boolean {
  try {
    createRequire(join(dir, "noop.js")).resolve(name);
    return true;
  } catch {
    return false;
  }
}

describe("package.json", () => {
  it("installs danfojs-node, tslab and zeromq only on request: optional peers here, dev dependencies for this repository", () => {
    for (const name of OPTIONAL) {
      expect(pkg.dependencies[name], name).toBeUndefined();
      expect(pkg.peerDependencies[name], name).toBe(OPTIONAL_DEPENDENCIES[name].range);
      expect(pkg.peerDependenciesMeta[name]?.optional, name).toBe(true);
      expect(pkg.devDependencies[name], name).toBe(OPTIONAL_DEPENDENCIES[name].range);
    }
  });

  it("installs nodejs-polars only on request: an optional peer of the range the error names, a dev dependency in it", () => {
    expect(pkg.dependencies["nodejs-polars"]).toBeUndefined();
    expect(pkg.peerDependencies["nodejs-polars"]).toBe(OPTIONAL_DEPENDENCIES["nodejs-polars"].range);
    expect(pkg.peerDependenciesMeta["nodejs-polars"]?.optional).toBe(true);
    expect(pkg.devDependencies["nodejs-polars"]).toBe("0.25.2");
    expect(OPTIONAL_DEPENDENCIES["nodejs-polars"].overrides).toEqual({});
  });

  it("has the overrides for this repository's danfojs-node that docs/installing.md tells a user to add", () => {
    // The two the error names (without them danfojs-node does not install from the registry), and the
    // form-data of request raised past its critical advisory.
    expect(pkg.overrides).toEqual({ ...OPTIONAL_DEPENDENCIES["danfojs-node"].overrides, request: { "form-data": "^2.5.4" } });
  });

  it("is described by docs/installing.md: the same install commands, and the same overrides to paste", () => {
    const doc = readFileSync(join(root, "docs", "installing.md"), "utf8");
    for (const name of [...OPTIONAL, "nodejs-polars", "@duckdb/node-api"] as const) expect(doc).toContain(OPTIONAL_DEPENDENCIES[name].install);
    // Every feature that needs an optional package has its row in the table.
    for (const feature of ["toFrame()", "toPolars()", "gasframes run", "query_datalinks", "openLake()"]) expect(doc).toContain(feature);
    expect(docsOverrides()).toEqual(pkg.overrides);
  });
});

describe("loading an optional package", () => {
  it("returns the module when it is installed", () => {
    const danfo = requireOptional<{ DataFrame: unknown }>("danfojs-node", "toFrame()", { from: root });
    expect(typeof danfo.DataFrame).toBe("function");
    expect(resolveOptional("tslab", "tslab/package.json", "notebooks", { from: root })).toMatch(/[/\\]tslab[/\\]package\.json$/);
  });

  it("throws MissingDependencyError naming the package, the overrides and the install command when it is absent", () => {
    const empty = tempDir("gasframes-nodeps-");
    expect(resolvable("danfojs-node", empty)).toBe(false);
    let caught: unknown;
    try {
      requireOptional("danfojs-node", "a danfo DataFrame (toFrame())", { from: empty });
    } catch (e) {
      caught = e;
    }
    expect(caught).toBeInstanceOf(MissingDependencyError);
    expect(caught).toBeInstanceOf(GasframesError);
    const e = caught as MissingDependencyError;
    expect(e.code).toBe("MISSING_DEPENDENCY");
    expect(e.packageName).toBe("danfojs-node");
    expect(e.installed).toBe(false);
    expect(e.install).toBe("npm install danfojs-node@^1.2.0");
    expect(e.overrides).toEqual({ "@tensorflow/tfjs-node": "npm:@tensorflow/tfjs@3.21.0", xlsx: "0.18.5" });
    expect(e.message).toBe(
      "a danfo DataFrame (toFrame()) needs danfojs-node, an optional peer dependency of gasframes that is not installed. " +
        "To enable it, add to your project's package.json\n" +
        '  "overrides": {\n    "@tensorflow/tfjs-node": "npm:@tensorflow/tfjs@3.21.0",\n    "xlsx": "0.18.5"\n  }\n' +
        "then run: npm install danfojs-node@^1.2.0. See docs/installing.md in the gasframes package.",
    );
    expect(JSON.stringify(e)).toContain('"packageName":"danfojs-node"');
  });

  it("says a package needing no overrides is one command away", () => {
    const empty = tempDir("gasframes-nodeps-");
    expect(resolvable("tslab/package.json", empty)).toBe(false);
    expect(() => resolveOptional("tslab", "tslab/package.json", "running notebooks", { from: empty })).toThrow(
      "running notebooks needs tslab, an optional peer dependency of gasframes that is not installed. To enable it, run in your project: npm install tslab@^1.0.22 zeromq@^6.8.0.",
    );
    expect(() => requireOptional("zeromq", "running notebooks", { from: empty })).toThrow(/needs zeromq, .* run in your project: npm install zeromq@\^6\.8\.0\./);
  });

  it("tells an installed package that fails to load (danfojs-node installed without the overrides) from an absent one", () => {
    // A danfojs-node whose own dependency is missing, as after an install without the tfjs override.
    const dir = tempDir("gasframes-brokendeps-");
    const danfo = join(dir, "node_modules", "danfojs-node");
    mkdirSync(danfo, { recursive: true });
    writeFileSync(join(danfo, "package.json"), JSON.stringify({ name: "danfojs-node", version: "1.2.0", main: "index.js" }));
    writeFileSync(join(danfo, "index.js"), 'require("@tensorflow/tfjs-node");\n');
    let caught: unknown;
    try {
      requireOptional("danfojs-node", "toFrame()", { from: dir });
    } catch (e) {
      caught = e;
    }
    const e = caught as MissingDependencyError;
    expect(e).toBeInstanceOf(MissingDependencyError);
    expect(e.installed).toBe(true);
    expect(e.message).toMatch(/^toFrame\(\) needs danfojs-node, which is installed but failed to load \(Cannot find module '@tensorflow\/tfjs-node'/);
    expect(e.message).toContain("then run: npm install danfojs-node@^1.2.0 again (that repairs an install made without them). See docs/installing.md");
    expect((e.cause as { code?: string }).code).toBe("MODULE_NOT_FOUND");
  });
});

describe("the built package with its production dependencies only", () => {
  // project/node_modules: a copy of gasframes (package.json + dist) and links to every package a user's
  // install brings (the lock's non-dev entries); danfojs-node, tslab and zeromq are not among them.
  let project: string;
  const gasframesDir = () => join(project, "node_modules", "gasframes");
  beforeAll(() => {
    project = tempDir("gasframes-userproject-");
    const modules = join(project, "node_modules");
    mkdirSync(join(modules, "gasframes"), { recursive: true });
    writeFileSync(join(modules, "gasframes", "package.json"), readFileSync(join(root, "package.json")));
    cpSync(join(root, "dist"), join(modules, "gasframes", "dist"), { recursive: true });
    const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8")) as { packages: Record<string, { dev?: boolean }> };
    for (const [path, entry] of Object.entries(lock.packages)) {
      const m = /^node_modules\/((?:@[^/]+\/)?[^/]+)$/.exec(path);
      if (!m || entry.dev || !existsSync(join(root, path))) continue;
      mkdirSync(dirname(join(modules, m[1]!)), { recursive: true });
      symlinkSync(join(root, path), join(modules, m[1]!), "dir");
    }
  });

  it("has none of the optional packages within reach (the precondition of the tests below)", () => {
    for (const name of OPTIONAL) expect(resolvable(name, join(gasframesDir(), "dist", "frame")), name).toBe(false);
    expect(resolvable("vega", join(gasframesDir(), "dist", "frame"))).toBe(true);
  });

  it("loads, downloads from the sandbox, and refuses toFrame() with MissingDependencyError", async () => {
    const script = `
      const g = require("gasframes");
      (async () => {
        const { natgas } = await g.connect({ sandbox: true });
        const rigs = await natgas.v3.rigs({ region: "west", start_date: "2024-01-01", end_date: "2024-01-31" });
        let error;
        try { rigs.toFrame(); } catch (e) { error = e; }
        console.log(JSON.stringify({
          records: rigs.records.length,
          missing: error instanceof g.MissingDependencyError,
          gasframesError: error instanceof g.GasframesError,
          code: error && error.code, packageName: error && error.packageName, installed: error && error.installed,
          message: error && error.message,
        }));
      })().catch((e) => { console.error(e); process.exit(1); });`;
    writeFileSync(join(project, "frame.cjs"), script);
    const run = await runNode(["frame.cjs"], { cwd: project, env: { CI: "1" } });
    expect(run.code, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout.trim().split("\n").at(-1)!) as Record<string, unknown>;
    expect(out.records).toBeGreaterThan(0);
    expect(out).toMatchObject({ missing: true, gasframesError: true, code: "MISSING_DEPENDENCY", packageName: "danfojs-node", installed: false });
    expect(out.message).toContain('"@tensorflow/tfjs-node": "npm:@tensorflow/tfjs@3.21.0"');
    expect(out.message).toContain("then run: npm install danfojs-node@^1.2.0");
  });

  /** Runs `gasframes run` on a one-cell notebook asking for kernel `kernel`, with kernelspecs only from `jupyterPath`. */
  async function runNotebookCli(kernel: string, jupyterPath: string) {
    const nb = {
      nbformat: 4,
      nbformat_minor: 5,
      metadata: { kernelspec: { name: kernel, display_name: kernel, language: "typescript" } },
      cells: [{ cell_type: "code", id: "c1", metadata: {}, source: ["1 + 1"], outputs: [], execution_count: null }],
    };
    writeFileSync(join(project, "one.ipynb"), JSON.stringify(nb));
    const env: Record<string, string> = { JUPYTER_PATH: jupyterPath, JUPYTER_DATA_DIR: join(project, "no-jupyter-data"), CONDA_PREFIX: "", NB_PYTHON_PREFIX: "", VIRTUAL_ENV: "" };
    return runNode([join(gasframesDir(), "dist", "cli", "main.js"), "run", "one.ipynb", "--out", "out"], { cwd: project, env });
  }

  it("`gasframes run` with no tslab kernelspec and no tslab package says how to install tslab", async () => {
    // Kernelspecs in the system folders are always searched; a tslab one there would be used instead,
    // and then zeromq is the package missing (its message is checked in the next test either way).
    const systemTslab = ["/usr/local/share/jupyter/kernels/tslab", "/usr/share/jupyter/kernels/tslab"].some((d) => existsSync(join(d, "kernel.json")));
    const run = await runNotebookCli("tslab", join(project, "no-kernels"));
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      systemTslab
        ? "needs zeromq, an optional peer dependency of gasframes that is not installed"
        : "error: running notebooks without an installed tslab kernelspec needs tslab, an optional peer dependency of gasframes that is not installed. To enable it, run in your project: npm install tslab@^1.0.22 zeromq@^6.8.0.",
    );
  });

  it("`gasframes run` with a kernelspec but no zeromq says how to install zeromq, before starting any kernel", async () => {
    const kernels = join(project, "kernels");
    const marker = join(project, "kernel-started");
    mkdirSync(join(kernels, "kernels", "probe"), { recursive: true });
    // A kernel that would leave a file behind if it were ever started.
    const argv = [process.execPath, "-e", `require("fs").writeFileSync(${JSON.stringify(marker)}, "")`, "{connection_file}"];
    writeFileSync(join(kernels, "kernels", "probe", "kernel.json"), JSON.stringify({ argv, display_name: "probe", language: "typescript" }));
    const run = await runNotebookCli("probe", kernels);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(
      "error: running notebooks (gasframes run, gasframes report) needs zeromq, an optional peer dependency of gasframes that is not installed. To enable it, run in your project: npm install zeromq@^6.8.0.",
    );
    expect(existsSync(marker)).toBe(false);
  });

  it("typechecks a script importing gasframes under tslab's compiler options, without danfojs-node", () => {
    writeFileSync(
      join(project, "cell.ts"),
      'import { connect, GasframesError, MissingDependencyError } from "gasframes";\n' +
        "export async function cell(): Promise<number> {\n  const { natgas } = await connect();\n" +
        '  const rigs = await natgas.v3.rigs({ region: "west" });\n' +
        "  const e: GasframesError = new MissingDependencyError(\"danfojs-node\", \"toFrame()\");\n  return rigs.records.length + e.code.length;\n}\n",
    );
    // tslab compiles cells with Node10 resolution, CommonJS and skipLibCheck (tslab/dist/converter.js).
    const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
    const args = ["--noEmit", "--strict", "--skipLibCheck", "--module", "commonjs", "--moduleResolution", "node10", "--target", "ES2022", "--types", "node", "--typeRoots", join(root, "node_modules", "@types"), "cell.ts"];
    const out = (() => {
      try {
        return execFileSync(process.execPath, [tsc, ...args], { cwd: project, encoding: "utf8" });
      } catch (e) {
        return String((e as { stdout?: string }).stdout) + String((e as { stderr?: string }).stderr);
      }
    })();
    expect(out.trim()).toBe("");
  }, budget(120_000));
});
