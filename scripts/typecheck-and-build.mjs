// `npm test`'s first step: what `npm run typecheck` and `npm run build` do, in one compiler run. One
// TypeScript program over src, test, bench and scripts (tsconfig.json) is type-checked, and the files of
// src are emitted to dist/ exactly as tsconfig.build.json emits them; then the checkout is linked to
// itself (scripts/link-self.mjs), as the build does. The sources and the dependencies' declarations are
// parsed and checked once instead of twice: about 20 s of CPU less on a clean clone, where no
// incremental build information exists yet.
//
// Usage: node scripts/typecheck-and-build.mjs [outDir]   (outDir defaults to the build's, dist/; another
// folder is for comparing this script's output with the build's, and skips the linking)
//        node scripts/typecheck-and-build.mjs --vitest [vitest args]   (`npm test`: the build into dist/,
// then `vitest run` with TZ=America/New_York, started as soon as dist/ is written; the exit status is
// vitest's, or 1 at a type error, which also stops the tests)
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { spawn, spawnSync } from "node:child_process";
import { createRequire } from "node:module";
import { lazyRoot } from "./lazy-root.mjs";
import { staleSeedFacts, staleSeedMessage } from "./seed-check.mjs";
// Required, not imported: an ESM import of typescript.js (9 MB of CommonJS) has Node scan it for its
// named exports and for ESM syntax first, about 0.7 s of CPU that require() skips.
const ts = createRequire(import.meta.url)("typescript");

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const src = join(root, "src") + sep;

function parse(configName) {
  const path = join(root, configName);
  const read = ts.readConfigFile(path, ts.sys.readFile);
  if (read.error) fail([read.error]);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, root, undefined, path);
  if (parsed.errors.length > 0) fail(parsed.errors);
  return parsed;
}

const host = {
  getCanonicalFileName: (f) => f,
  getCurrentDirectory: () => root,
  getNewLine: () => ts.sys.newLine,
};
function fail(diagnostics) {
  fail.onFail?.();
  process.stderr.write(ts.formatDiagnostics(diagnostics, host));
  process.stderr.write(`typecheck-and-build: ${diagnostics.length} error(s)\n`);
  process.exit(1);
}

const all = parse("tsconfig.json");
const build = parse("tsconfig.build.json");
// The build's options, with the root of the whole program: a file of src is written to dist/src/... by
// this program and moved to dist/... below, where the build's rootDir "src" puts it.
const options = { ...build.options, rootDir: root, noEmit: false };
const program = ts.createProgram({ rootNames: all.fileNames, options });

const args = process.argv.slice(2);
const thenVitest = args[0] === "--vitest";
const outDir = !thenVitest && args[0] ? resolve(args[0]) : build.options.outDir;

// The files of src are emitted first and the checkout linked; with --vitest the test run starts then, and the
// rest of the check (the diagnostics of every file: about a quarter of this program's time, measured below in
// docs/performance.md) runs beside it on the other core instead of before it. A type error fails the run all
// the same: the tests are stopped and the errors printed. Emitting does not depend on the diagnostics (no
// noEmitOnError), so dist/ is what the build writes either way.
const written = join(build.options.outDir, "src") + sep;
const writeFile = (fileName, text) => {
  if (!fileName.startsWith(written)) throw new Error(`typecheck-and-build: unexpected output ${fileName}`);
  const target = join(outDir, fileName.slice(written.length));
  mkdirSync(dirname(target), { recursive: true });
  // The root loads some modules on first use, as the build's scripts/lazy-root.mjs step makes it.
  writeFileSync(target, target === join(outDir, "index.js") ? lazyRoot(text) : text);
};
const emitted = [];
for (const file of build.fileNames) {
  const result = program.emit(program.getSourceFile(file), writeFile);
  if (result.emitSkipped || result.diagnostics.length > 0) fail([...result.diagnostics]);
  emitted.push(file);
}

const linkSelf = outDir === build.options.outDir;
const link = linkSelf ? spawnSync(process.execPath, [join(root, "scripts", "link-self.mjs")], { stdio: "inherit" }) : { status: 0 };
if (link.status !== 0) process.exit(link.status ?? 1);
// The compiled cells shipped with the notebooks hold for the declarations just written, or a line says so now
// rather than test/notebook/notebooks-execute.test.ts minutes later (scripts/seed-check.mjs).
if (linkSelf) warnStaleSeed(root);

let vitest;
if (thenVitest) {
  // Its own process group, so that a type error stops its workers too.
  vitest = spawn(process.execPath, [join(root, "node_modules", "vitest", "vitest.mjs"), "run", ...args.slice(1)], {
    stdio: "inherit",
    detached: true,
    env: { ...process.env, TZ: "America/New_York" },
  });
  const stop = (signal) => {
    try {
      process.kill(-vitest.pid, signal);
    } catch {
      // already gone
    }
  };
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => (stop(signal), process.exit(1)));
  fail.onFail = () => stop("SIGTERM");
}

// Emitting makes the checker look for names that collide with what CommonJS output adds (`require`,
// `exports`, TS2441; `Promise`, TS2529). Only src is emitted: elsewhere those are what `tsc --noEmit` (the
// typecheck) reports, which is nothing.
const EMIT_ONLY = new Set([2441, 2529]);
const emittedFiles = new Set(build.fileNames.map((f) => resolve(f)));
const diagnostics = ts
  .getPreEmitDiagnostics(program)
  .filter((d) => !(EMIT_ONLY.has(d.code) && d.file !== undefined && !emittedFiles.has(resolve(d.file.fileName))));
// The build compiles src alone: a file of src that imports one outside it fails there (TS6059), so here too.
for (const file of build.fileNames) {
  const sf = program.getSourceFile(file);
  for (const ref of ts.preProcessFile(sf.text, true, true).importedFiles) {
    if (!ref.fileName.startsWith(".")) continue;
    const resolved = ts.resolveModuleName(ref.fileName, file, options, ts.sys).resolvedModule;
    if (resolved && !resolved.isExternalLibraryImport && !resolved.resolvedFileName.startsWith(src)) {
      diagnostics.push({
        category: ts.DiagnosticCategory.Error,
        code: 6059,
        file: sf,
        start: ref.pos,
        length: ref.end - ref.pos,
        messageText: `'${relative(root, resolved.resolvedFileName)}' is not under the build's rootDir 'src'.`,
      });
    }
  }
}
if (diagnostics.length > 0) fail(diagnostics);

console.log(`typecheck-and-build: ${all.fileNames.length} files checked, ${emitted.length} built into ${relative(root, outDir)}/`);
if (vitest) vitest.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

function warnStaleSeed(dir) {
  let message;
  try {
    message = staleSeedMessage(staleSeedFacts(dir));
  } catch (err) {
    message = `the check of notebooks/.tslab-cells failed (${err.message}); test/notebook/notebooks-execute.test.ts checks the seed`;
  }
  if (message !== undefined) process.stderr.write(`typecheck-and-build: ${message}\n`);
}
