// Runs a TypeScript file of this repository straight from source (each file transpiled on require, no
// type check): `node scripts/charts/run-ts.cjs scripts/charts/render-readme-charts.ts`. Used so the README
// images can be rendered while other areas of the package are mid-change and `npm run build` is not needed.
const ts = require("typescript");
const fs = require("node:fs");
const path = require("node:path");

require.extensions[".ts"] = (mod, filename) => {
  const out = ts.transpileModule(fs.readFileSync(filename, "utf8"), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    fileName: filename,
  });
  mod._compile(out.outputText, filename);
};

require(path.resolve(process.argv[2]));
