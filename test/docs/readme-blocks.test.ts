// Every TypeScript block of the README and of docs/**/*.md is a script that typechecks and runs
// against the sandbox, so the documentation cannot drift from the code. Each block is one script
// importing "gasframes" (the built package, by name: `npm test` builds first). A block preceded by the
// comment `<!-- readme-blocks: continues -->` is a fragment that goes on from the block before it in
// the same file: the two (or more) run as one script. Scripts run one after the other in two runner
// processes (test/docs/block-runner.mjs: Node, the package and its dependencies loaded twice, not once a
// script), each script its own ES module, and each must end as its own process would with code 0: the
// event loop drained by itself, nothing thrown or rejected unhandled, no exit code set (the safety
// time-out only kills a hung one, and fails the test). Between scripts the runner clears the state a
// fresh process would not have (connect()'s shared sandbox, the once-only warnings, the secrets to mask). Only fences marked `ts` or `typescript` are run; any other info string (`sh`, `ts-pending`
// for an example of an API not merged yet) is a block of another kind, skipped whole.
//
// The environment of the scripts: GASFRAMES_NATGAS_URL / _LNG_URL / _LEGACY_URL point at a sandbox
// this test starts, and no token is set. So clients built "from the environment" have their URL, and
// `connect()` starts its own in-process sandbox, as it does for a user without an account.
// GASFRAMES_SANDBOX_ANSWER_CACHE names one folder for the sandboxes of every script's `connect()`: the
// scripts ask many of the same questions (the west's rigs, Texas production), and an answer one script
// generated whole is sent to the next as the same bytes (keyed by this build's code, seed, asOf and the
// request: src/sandbox/core/stored-answers.ts). Sandboxes a block starts itself (`startSandbox()`, which reads
// the same variable when no answerCache is given: about 4 s of CPU less) share it too; this test's own, in
// this process, generates every answer (given the folder too, it took no less). GASFRAMES_TEST_COMPILE_CACHE and test/helpers/compile-cache.cjs
// (loaded with --require) share V8's compiled code of dist/ and of the dependencies between the scripts:
// about 8 s of the scripts' ~64 s of CPU, measured (docs/performance.md).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { ts } from "../helpers/typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SANDBOX_AS_OF } from "../../src/connect";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { SAFETY_TIMEOUT_MS, runNode } from "../helpers/run-script";
import { runInRunners, type BlockRun } from "./block-runs";
import { markdownFiles } from "../helpers/markdown-files";
import { budget } from "../helpers/budget";

const root = join(__dirname, "..", "..");
const CONTINUES = /^\s*<!--\s*readme-blocks:\s*continues\s*-->\s*$/;

interface Block {
  /** `README.md:34`: the file and line of the block's opening fence. */
  where: string;
  file: string;
  code: string;
  continues: boolean;
}

/** The ```ts blocks of one markdown file (fences may be indented, inside a list item). */
function extractBlocks(markdown: string, file: string): Block[] {
  const lines = markdown.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    // The info string may hold hyphens (`ts-pending`): read as a fence all the same, or its closing
    // fence would be taken for an opening one and the blocks after it misread.
    const open = /^(\s*)```([\w-]*)\s*$/.exec(lines[i]!);
    if (!open) continue;
    const indent = open[1]!.length;
    let j = i + 1;
    while (j < lines.length && !/^\s*```\s*$/.test(lines[j]!)) j++;
    if (open[2] === "ts" || open[2] === "typescript") {
      let k = i - 1;
      while (k >= 0 && lines[k]!.trim() === "") k--;
      blocks.push({
        where: `${file}:${i + 1}`,
        file,
        code: lines.slice(i + 1, j).map((l) => l.slice(Math.min(indent, l.length - l.trimStart().length))).join("\n"),
        continues: k >= 0 && CONTINUES.test(lines[k]!),
      });
    }
    i = j;
  }
  return blocks;
}

/** Blocks joined into scripts: a continuing block is appended to the script of the block before it. */
function scriptsOf(blocks: readonly Block[]): { where: string[]; code: string }[] {
  const scripts: { where: string[]; code: string; file: string }[] = [];
  for (const b of blocks) {
    const last = scripts.at(-1);
    if (b.continues) {
      if (last === undefined || last.file !== b.file) throw new Error(`${b.where}: marked as continuing, but no block comes before it in ${b.file}`);
      last.where.push(b.where);
      last.code += `\n// ---- ${b.where}\n${b.code}`;
    } else scripts.push({ where: [b.where], code: `// ---- ${b.where}\n${b.code}`, file: b.file });
  }
  return scripts;
}


const scripts = scriptsOf(markdownFiles(root).flatMap((f) => extractBlocks(readFileSync(join(root, f), "utf8"), f)));
/** The sandbox answers' folder, inside the scripts' folder (removed with it). */
const ANSWERS = "sandbox-answers";
/** The scripts' shared V8 code cache, in the scripts' folder too. */
const COMPILE_CACHE = "compile-cache";
const COMPILE_CACHE_HOOK = join(__dirname, "..", "helpers", "compile-cache.cjs");
/** Runner processes at a time (test/docs/block-runner.mjs), each running scripts one after the other. */
const RUNNERS = 2;
const fileOf = (i: number) => `block-${String(i).padStart(2, "0")}.mts`;

let dir: string;
let sandbox: SandboxHandle;
beforeAll(async () => {
  // A folder of its own (files the blocks save land there), resolving "gasframes" through this repo.
  dir = mkdtempSync(join(tmpdir(), "gasframes-readme-"));
  symlinkSync(join(root, "node_modules"), join(dir, "node_modules"), "dir");
  for (const [i, s] of scripts.entries()) writeFileSync(join(dir, fileOf(i)), s.code);
  sandbox = await startSandbox({ seed: 1, asOf: DEFAULT_SANDBOX_AS_OF });
});
afterAll(async () => {
  await sandbox?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe("the TypeScript blocks of the README and docs/", () => {
  it("are found, and every continuing block has one before it", () => {
    expect(scripts.length).toBeGreaterThan(10);
    // The quickstart's first example is among them, wherever edits above it move it.
    const lines = readFileSync(join(root, "README.md"), "utf8").split("\n");
    const fence = lines.findIndex((l, i) => l === "```ts" && lines[i + 1] === 'import { connect } from "gasframes";');
    expect(fence).toBeGreaterThan(0);
    expect(scripts.map((s) => s.where[0])).toContain(`README.md:${fence + 1}`);
    // Every ```ts line of every file opens a block that is run: a fence of another kind (```sh,
    // ```ts-pending) misread would swallow the blocks after it. Counted by a plain line match here.
    const tsFences = markdownFiles(root).flatMap((f) =>
      readFileSync(join(root, f), "utf8").split("\n").flatMap((l, i) => (/^\s*```(ts|typescript)\s*$/.test(l) ? [`${f}:${i + 1}`] : [])),
    );
    expect(scripts.flatMap((s) => s.where).sort()).toEqual(tsFences.sort());
  });

  it("typecheck as written", () => {
    const program = ts.createProgram(
      scripts.map((_, i) => join(dir, fileOf(i))),
      {
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        target: ts.ScriptTarget.ES2022,
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: ["node"],
      },
    );
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const text = ts.flattenDiagnosticMessageText(d.messageText, "\n");
      if (d.file === undefined || d.start === undefined) return text;
      const { line } = d.file.getLineAndCharacterOfPosition(d.start);
      const script = d.file.text.split("\n").slice(0, line + 1);
      // The README line: the last block marker above the error, plus the lines after it.
      const marker = script.map((l, k) => [l, k] as const).filter(([l]) => l.startsWith("// ---- ")).at(-1);
      const [file, at] = marker ? marker[0].slice(8).split(":") : [relative(dir, d.file.fileName), "0"];
      return `${file}:${Number(at) + (line - (marker?.[1] ?? 0))}: ${text}`;
    });
    expect(problems).toEqual([]);
  }, budget(120_000));

  it("share a code cache that leaves an ES module a package require()s to Node", async () => {
    // Node 20.19+ require()s a package's "module-sync" export, an ES module (danfo's request reaches
    // async-function/require.mjs that way): the hook must not compile it as a CommonJS function's body.
    const pkg = join(dir, "node_modules-fixture", "node_modules", "esm-dep");
    mkdirSync(pkg, { recursive: true });
    writeFileSync(join(pkg, "package.json"), JSON.stringify({ name: "esm-dep", exports: { ".": { "module-sync": "./index.mjs", default: "./index.cjs" } } }));
    writeFileSync(join(pkg, "index.mjs"), "export const from = 'the ES module';\n");
    writeFileSync(join(pkg, "index.cjs"), "exports.from = 'the CommonJS file';\n");
    const script = 'const m = require("esm-dep"); console.log(m.from);';
    const run = await runNode(["--require", COMPILE_CACHE_HOOK, "-e", script], { cwd: join(dir, "node_modules-fixture"), env: { GASFRAMES_TEST_COMPILE_CACHE: join(dir, "compile-cache-fixture") } });
    const plain = await runNode(["-e", script], { cwd: join(dir, "node_modules-fixture") });
    expect(plain.code, plain.stderr).toBe(0);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe(plain.stdout);
  }, budget(60_000));

  it("run in runners that fail a script for each way its own process would fail, and only that script", async () => {
    // The runner (test/docs/block-runner.mjs) runs scripts one after the other; each must still end as
    // it would alone. Tiny scripts, without the package's work: one per way to fail, and passing ones
    // between them (a runner ends with the script that failed; a new one takes the scripts left). A
    // script that never ends is left out here (it costs the safety time-out): checked by hand, reported
    // in docs/performance.md's tenth round.
    const fixture = join(dir, "runner-fixture");
    mkdirSync(fixture);
    symlinkSync(join(root, "node_modules"), join(fixture, "node_modules"), "dir");
    const cases: [code: string, expected: string][] = [
      ['setTimeout(() => { throw new Error("later"); }, 1);', "uncaught exception: Error: later"],
      ['console.log("fine"); setTimeout(() => {}, 60_000).unref(); await Promise.resolve();', "exit 0"],
      ["await new Promise(() => {});", "top-level await never settled (alone, Node exits with code 13)"],
      ["process.exitCode = 2;", "process.exitCode 2"],
      ['console.error("a warning is not a failure");', "exit 0"],
      ['throw new Error("at top level");', "thrown: Error: at top level"],
      ['Promise.reject(new Error("nobody waits"));', "unhandled rejection: Error: nobody waits"],
      ["process.exit(5);", "process.exit(5)"],
      ['await new Promise((r) => setTimeout(r, 5)); process.exit(0);', "exit 0"],
      ['import { closeSharedSandbox } from "gasframes"; await closeSharedSandbox();', "exit 0"],
    ];
    const files = cases.map(([code], i) => {
      writeFileSync(join(fixture, `case-${i}.mjs`), `${code}\n`);
      return `case-${i}.mjs`;
    });
    const { runs } = await runInRunners(files, RUNNERS, fixture, { CI: "1" });
    expect(runs.map((r) => (r.hung ? "HUNG" : r.errors.length === 0 ? "exit 0" : r.errors.join("; ")))).toEqual(cases.map(([, e]) => e));
    expect(runs[4]!.stderr).toContain("a warning is not a failure");
    expect(runs[5]!.stderr).toContain("at top level");
  }, budget(60_000));

  it("run against the sandbox, and each script exits by itself with code 0", async () => {
    const env = { GASFRAMES_NATGAS_URL: sandbox.natgasUrl, GASFRAMES_LNG_URL: sandbox.lngUrl, GASFRAMES_LEGACY_URL: sandbox.legacyUrl, GASFRAMES_SANDBOX_ANSWER_CACHE: join(dir, ANSWERS), GASFRAMES_TEST_COMPILE_CACHE: join(dir, COMPILE_CACHE), CI: "1" };
    const files = scripts.map((_s, i) => {
      const js = ts.transpileModule(readFileSync(join(dir, fileOf(i)), "utf8"), {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      }).outputText;
      const file = fileOf(i).replace(/\.mts$/, ".mjs");
      writeFileSync(join(dir, file), js);
      return file;
    });
    const { runs, runners } = await runInRunners(files, RUNNERS, dir, env);
    const outcome = (r: BlockRun) => (r.hung ? "HUNG: killed by the safety time-out" : r.errors.length === 0 ? "exit 0" : r.errors.join("; "));
    const name = (i: number) => scripts[i]!.where.join(" + ");
    const slowest = runs.map((r, i) => [r.ms, name(i)] as const).sort((a, b) => b[0] - a[0]).slice(0, 3);
    console.log(`README blocks: ${runs.length} scripts in ${runners} runner processes; slowest ${slowest.map(([ms, n]) => `${n} ${ms} ms`).join(", ")}`);
    const failed = runs.flatMap((r, i) => (outcome(r) !== "exit 0" ? [`${name(i)}: ${outcome(r)}\n${r.stderr.slice(-1500)}`] : []));
    expect(runs.map((r, i) => `${name(i)}: ${outcome(r)}`), failed.join("\n\n")).toEqual(scripts.map((_, i) => `${name(i)}: exit 0`));
  }, SAFETY_TIMEOUT_MS * 4 + 60_000);
});
