// The package's `exports` map (issue 29): the root and the documented subpaths resolve, at run time
// (require and import) and for types (Node10 resolution, as tslab compiles cells, and Node16); every
// other file of dist/ is closed to a user. Reads the build: `npm run build` first, as package.test.ts.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type * as TS from "typescript";
import { ts } from "../helpers/typescript";
import { describe, expect, it } from "vitest";

const root = join(__dirname, "..", "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { exports: Record<string, unknown>; bin: Record<string, string> };

/** The subpaths docs/installing.md documents, and a name each must export at run time. */
const SUBPATHS: Record<string, string> = { gasframes: "connect", "gasframes/catalogs": "LNG_V1", "gasframes/notebook": "findKernelSpec" };

/** Runs a script in a fresh Node process from the repository (where node_modules/gasframes is the repository itself). */
function node(args: string[]): string {
  return execFileSync(process.execPath, args, { cwd: root, encoding: "utf8" }).trim();
}

describe("the exports map", () => {
  it("lists the root, the documented subpaths and package.json, and nothing else", () => {
    expect(Object.keys(pkg.exports).sort()).toEqual([".", "./catalogs", "./notebook", "./package.json"]);
  });

  it("makes an internal dist file unreachable: require() throws ERR_PACKAGE_PATH_NOT_EXPORTED", () => {
    const script = `for (const p of ["gasframes/dist/http/transport", "gasframes/dist/index.js", "gasframes/dist/table/dates"]) {
      try { require(p); console.log(p + " loaded"); } catch (e) { console.log(p + " " + e.code); }
    }`;
    expect(node(["-e", script]).split("\n")).toEqual([
      "gasframes/dist/http/transport ERR_PACKAGE_PATH_NOT_EXPORTED",
      "gasframes/dist/index.js ERR_PACKAGE_PATH_NOT_EXPORTED",
      "gasframes/dist/table/dates ERR_PACKAGE_PATH_NOT_EXPORTED",
    ]);
  });

  it("resolves every documented subpath with require() and with import", () => {
    for (const [specifier, name] of Object.entries(SUBPATHS)) {
      expect(node(["-e", `console.log(typeof require(${JSON.stringify(specifier)}).${name})`]), specifier).not.toBe("undefined");
      const esm = node(["--input-type=module", "-e", `const m = await import(${JSON.stringify(specifier)}); console.log(typeof m.${name})`]);
      expect(esm, specifier).not.toBe("undefined");
    }
    expect(node(["-e", `console.log(require("gasframes/package.json").name)`])).toBe("gasframes");
  });

  it("gives the root's lazily loaded exports (scripts/lazy-root.mjs) to a named ESM import, the modules' own", () => {
    const script = `import { openLake, show, runNotebooks, doctor, KernelError } from "gasframes";
      import { createRequire } from "node:module";
      const lake = createRequire(import.meta.url)(${JSON.stringify(join(root, "dist", "lake", "index.js"))});
      console.log([typeof openLake, typeof show, typeof runNotebooks, typeof doctor, typeof KernelError, openLake === lake.openLake].join(" "));`;
    expect(node(["--input-type=module", "-e", script])).toBe("function function function function function true");
  });

  it("resolves every documented subpath's types under Node10 (tslab) and Node16 resolution", () => {
    const from = join(root, "a-users-notebook.ts");
    for (const moduleResolution of [ts.ModuleResolutionKind.Node10, ts.ModuleResolutionKind.Node16]) {
      const options: TS.CompilerOptions = { moduleResolution, module: moduleResolution === ts.ModuleResolutionKind.Node16 ? ts.ModuleKind.Node16 : ts.ModuleKind.CommonJS };
      for (const specifier of Object.keys(SUBPATHS)) {
        const resolved = ts.resolveModuleName(specifier, from, options, ts.sys).resolvedModule?.resolvedFileName;
        const file = specifier === "gasframes" ? "index.d.ts" : `subpaths/${specifier.slice("gasframes/".length)}.d.ts`;
        expect(resolved, `${specifier} (${ts.ModuleResolutionKind[moduleResolution]})`).toBe(join(root, "dist", file));
      }
    }
  });

  it("keeps the CLI's bin working (bin is a file path, which the exports map does not govern)", () => {
    expect(node([join(root, pkg.bin.gasframes!), "--version"])).toMatch(/\d+\.\d+\.\d+/);
  });
});
