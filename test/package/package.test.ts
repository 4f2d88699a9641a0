// The built package must load both ways a user loads it: require() (tslab compiles notebooks to CommonJS)
// and import. `npm test` builds before running the suite.
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(__dirname, "..", "..");
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as Record<string, unknown>;

describe("the built package", () => {
  it("points main and types at the build", () => {
    expect(pkg.main).toBe("dist/index.js");
    expect(pkg.types).toBe("dist/index.d.ts");
    expect(existsSync(join(root, "dist", "index.js"))).toBe(true);
    expect(existsSync(join(root, "dist", "index.d.ts"))).toBe(true);
  });

  it("loads with require('gasframes') and exports the error classes", () => {
    const out = execFileSync(
      process.execPath,
      ["-e", "const g = require('gasframes'); console.log(typeof g.Result, typeof g.InvalidParamsError, typeof g.ApiError)"],
      { cwd: root, encoding: "utf8" },
    );
    expect(out.trim()).toBe("function function function");
  });

  it("loads with import from an ES module", () => {
    const out = execFileSync(
      process.execPath,
      ["--input-type=module", "-e", "import { Result, GasframesError } from 'gasframes'; console.log(typeof Result, typeof GasframesError)"],
      { cwd: root, encoding: "utf8" },
    );
    expect(out.trim()).toBe("function function");
  });
});
