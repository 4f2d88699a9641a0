// Runs README/docs scripts (compiled ES modules, in the current folder) one after the other in this one
// process, for test/docs/readme-blocks.test.ts: Node's start, the package's loading and the dependencies'
// are paid once per runner instead of once per script. Each script still runs as a user's file does: it
// is imported as its own ES module (top-level await, `import ... from "gasframes"` resolved by name), and
// it passes only if it ends as a process of its own would end with code 0:
//
// - it is "done" only when the event loop has drained: `beforeExit`, the moment a process running the
//   script alone would exit. A script that leaves a timer, a socket or a server holding the loop never
//   reaches it, and the test's safety time-out kills the runner and fails that script. Nothing of the
//   runner's own holds the loop (no stdin, no IPC; results go to stdout, synchronous on a pipe).
// - a throw at top level, an uncaught exception or an unhandled rejection fails it, and ends this runner
//   at once with code 1 (as the script's own process would end); the test starts a new runner for the
//   scripts not yet run. So does `process.exit()`, with the code the script gave.
// - a top-level await that never settles (Node: exit code 13) and a `process.exitCode` left non-zero
//   fail it.
//
// Between scripts the process-wide state a fresh process would not have is cleared, as the shared test
// worker does between files (test/helpers/fresh-process-state.ts): the sandbox `connect()` shares is
// closed (the next script's `connect()` starts its own), the once-only warnings warn again, the secrets
// to mask and the note of synthetic data received are forgotten. The one thing left is `connect()`'s
// notice on stderr, said once per process.
//
// Which script runs next is claimed through the file system (`mkdir claims/<i>`, atomic), so two runners
// share one queue. Protocol on stdout and stderr: a line `\n@@block <i> start\n` before each script's
// output (both streams), and `\n@@block <i> result <json>\n` on stdout when it ends.
import { mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";

const files = JSON.parse(readFileSync("blocks.json", "utf8"));
mkdirSync("claims", { recursive: true });

/** @type {{ i: number, started: number, settled: boolean, errors: string[], done: boolean } | undefined} */
let current;
let ran = 0;

function say(text) {
  process.stdout.write(text);
}

function finish(errors) {
  if (!current || current.done) return;
  current.done = true;
  say(`\n@@block ${current.i} result ${JSON.stringify({ errors, ms: Math.round(performance.now() - current.started) })}\n`);
}

function failNow(kind, err) {
  const text = err instanceof Error ? (err.stack ?? String(err)) : String(err);
  process.stderr.write(`${kind}: ${text}\n`);
  finish([...(current?.errors ?? []), `${kind}: ${text.split("\n")[0]}`]);
  process.exit(1);
}

process.on("uncaughtException", (err) => failNow("uncaught exception", err));
process.on("unhandledRejection", (err) => failNow("unhandled rejection", err));
process.on("exit", (code) => {
  // process.exit() called by the script itself: its result is the code it gave.
  if (current && !current.done) finish(code === 0 ? current.errors : [...current.errors, `process.exit(${code})`]);
});

function claim() {
  for (let i = 0; i < files.length; i++) {
    try {
      mkdirSync(join("claims", String(i)));
      return i;
    } catch {}
  }
  return undefined;
}

/** What a fresh process would not carry over from the script before (see the header). */
async function freshState() {
  const require = createRequire(join(process.cwd(), "runner.cjs"));
  const gasframes = require("gasframes");
  const dist = dirname(require.resolve("gasframes"));
  await gasframes.closeSharedSandbox();
  gasframes.resetWarnings();
  require(join(dist, "errors", "errors.js")).forgetSecretsForTests();
  require(join(dist, "util", "synthetic-data.js")).forgetSyntheticDataForTests();
}

async function next() {
  if (ran > 0) await freshState();
  const i = claim();
  if (i === undefined) return;
  ran++;
  current = { i, started: performance.now(), settled: false, errors: [], done: false };
  const block = current;
  say(`\n@@block ${i} start\n`);
  process.stderr.write(`\n@@block ${i} start\n`);
  import(pathToFileURL(join(process.cwd(), files[i])).href).then(
    () => (block.settled = true),
    (err) => failNow("thrown", err),
  );
}

process.on("beforeExit", () => {
  if (current && !current.done) {
    const errors = [...current.errors];
    if (!current.settled) errors.push("top-level await never settled (alone, Node exits with code 13)");
    if (process.exitCode !== undefined && process.exitCode !== 0) errors.push(`process.exitCode ${process.exitCode}`);
    process.exitCode = undefined;
    finish(errors);
    if (errors.length > 0) process.exit(1);
  }
  next().catch((err) => {
    process.stderr.write(`runner: ${err?.stack ?? err}\n`);
    process.exit(2);
  });
});
