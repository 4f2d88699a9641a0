#!/usr/bin/env node
// `npm run notebooks`: the notebooks in Debian's classic Jupyter Notebook server, in one command.
//
//   1. checks for the Debian packages (jupyter-notebook, python3-ipykernel, fonts-dejavu-core); when one is
//      missing it prints the exact apt-get line, and runs it when we are root;
//   2. builds the toolkit if dist/ is missing and links node_modules/gasframes (what `npm ci` does), since
//      the notebooks import "gasframes" by name and the Deno kernel maps "tslab" to dist/;
//   3. registers this checkout's tslab and Deno kernels in the user's Jupyter kernels folder, for
//      /usr/bin/python3's Jupyter (not whichever python3 is first on PATH);
//   4. starts `jupyter notebook --no-browser` on 127.0.0.1 in notebooks/ and prints the URL to open.
//
// Options: --check (steps 1-3, then exit), --port N (default 8888; Jupyter takes the next free one if it
// is taken), --dir DIR (the folder to serve, default notebooks/). Jupyter's own variables apply
// (JUPYTER_TOKEN, JUPYTER_RUNTIME_DIR, JUPYTER_CONFIG_DIR; HOME decides the user kernels folder).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PYTHON = "/usr/bin/python3";
const DEBS = ["jupyter-notebook", "python3-ipykernel", "fonts-dejavu-core"];

function fail(message) {
  process.stderr.write(`notebooks: ${message}\n`);
  process.exit(1);
}

function parseArgs(argv) {
  const options = { check: false, port: 8888, dir: join(root, "notebooks") };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === "--check") options.check = true;
    else if (a === "--port") {
      const port = Number(argv[++i]);
      if (!Number.isInteger(port) || port < 1 || port > 65535) fail(`--port: expected a port number from 1 to 65535, got ${JSON.stringify(argv[i])}`);
      options.port = port;
    } else if (a === "--dir") {
      if (argv[i + 1] === undefined) fail("--dir: expected a folder");
      options.dir = resolve(argv[++i]);
    } else fail(`unknown option ${JSON.stringify(a)}; expected --check, --port N or --dir DIR`);
  }
  return options;
}

function run(command, args, options = {}) {
  const r = spawnSync(command, args, { stdio: ["ignore", "pipe", "pipe"], encoding: "utf8", ...options });
  return { ok: r.status === 0, out: `${r.stdout ?? ""}${r.stderr ?? ""}${r.error ? String(r.error.message) : ""}` };
}

function ensureDebianPackages() {
  const missing = DEBS.filter((p) => !/install ok installed/.test(run("dpkg-query", ["-W", "-f=${Status}", p]).out));
  if (missing.length === 0) return;
  const line = `apt-get update && apt-get install -y --no-install-recommends ${missing.join(" ")}`;
  if (process.getuid?.() !== 0) fail(`missing Debian packages: ${missing.join(", ")}. Install them with:\n  sudo sh -c '${line}'\nthen run this again.`);
  process.stdout.write(`notebooks: installing ${missing.join(", ")}: ${line}\n`);
  const r = spawnSync("sh", ["-c", line], { stdio: "inherit", env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  if (r.status !== 0) fail(`apt-get failed (exit ${r.status})`);
}

function ensureJupyter() {
  const v = run(PYTHON, ["-m", "notebook", "--version"]);
  if (!v.ok) fail(`${PYTHON} -m notebook does not run:\n${v.out}`);
  return v.out.trim();
}

function ensureBuild() {
  if (!existsSync(join(root, "node_modules", "tslab")) || !existsSync(join(root, "node_modules", "deno"))) fail("node_modules is not installed: run `npm ci` first");
  if (!existsSync(join(root, "dist", "index.js")) || !existsSync(join(root, "dist", "display", "notebook-display.js"))) {
    process.stdout.write("notebooks: building the toolkit (npm run build)\n");
    const r = spawnSync(process.execPath, [join(root, "node_modules", "typescript", "bin", "tsc"), "-p", join(root, "tsconfig.build.json")], { stdio: "inherit", cwd: root });
    if (r.status !== 0) fail("the build failed");
  }
  const r = run(process.execPath, [join(root, "scripts", "link-self.mjs")]);
  if (!r.ok) fail(`cannot link node_modules/gasframes:\n${r.out}`);
}

/** The environment Jupyter and its kernels run in: node first on PATH (tslab's binary starts with `env node`). */
function jupyterEnv() {
  return { ...process.env, PATH: `${dirname(process.execPath)}:${process.env.PATH ?? ""}`, DENO_NO_UPDATE_CHECK: "1", PYDEVD_DISABLE_FILE_VALIDATION: "1" };
}

function registerKernels(env) {
  const tslab = run(process.execPath, [join(root, "node_modules", "tslab", "bin", "tslab"), "install", "--user", "--python", PYTHON, "--binary", join(root, "node_modules", ".bin", "tslab")], { env });
  if (!tslab.ok) fail(`registering the tslab kernel failed:\n${tslab.out}`);
  // `deno jupyter --install` writes under $HOME and ignores JUPYTER_DATA_DIR: let it write into a scratch
  // home, then hand the kernelspec to Jupyter, which puts it where it will look.
  const scratch = mkdtempSync(join(tmpdir(), "deno-kernelspec-"));
  try {
    const deno = run(join(root, "node_modules", ".bin", "deno"), ["jupyter", "--install", "--name", "deno", "--display", "Deno"], { env: { ...env, HOME: scratch } });
    if (!deno.ok) fail(`registering the Deno kernel failed:\n${deno.out}`);
    const spec = join(scratch, ".local", "share", "jupyter", "kernels", "deno");
    const install = run(PYTHON, ["-m", "jupyter", "kernelspec", "install", "--user", "--replace", "--name", "deno", spec], { env });
    if (!install.ok) fail(`registering the Deno kernel failed:\n${install.out}`);
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
  const list = run(PYTHON, ["-m", "jupyter", "kernelspec", "list"], { env });
  for (const name of ["tslab", "deno"]) if (!new RegExp(`^\\s*${name}\\s`, "m").test(list.out)) fail(`Jupyter does not list the ${name} kernel after registering it:\n${list.out}`);
  process.stdout.write(`notebooks: kernels registered for ${PYTHON}:\n${list.out.trimEnd()}\n`);
}

function startServer(options, env) {
  if (!existsSync(options.dir)) fail(`--dir: no such folder ${options.dir}`);
  const args = ["-m", "notebook", "--no-browser", "--ip=127.0.0.1", `--port=${options.port}`, `--notebook-dir=${options.dir}`];
  // Containers and CI run as root, where Jupyter refuses to start without being told it is meant.
  if (process.getuid?.() === 0) args.push("--allow-root");
  const server = spawn(PYTHON, args, { cwd: options.dir, env, stdio: ["ignore", "inherit", "pipe"] });
  let told = false;
  let seen = "";
  server.stderr.setEncoding("utf8");
  server.stderr.on("data", (chunk) => {
    process.stderr.write(chunk);
    if (told) return;
    seen += chunk;
    const url = /http:\/\/127\.0\.0\.1:\d+\/\S*/.exec(seen)?.[0];
    if (url) {
      told = true;
      process.stdout.write(`\nnotebooks: open ${url}\n(Ctrl-C stops the server; pick the Deno kernel with Kernel > Change kernel > Deno)\n`);
    }
  });
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.kill("SIGTERM"));
  server.on("exit", (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
}

const options = parseArgs(process.argv.slice(2));
ensureDebianPackages();
const version = ensureJupyter();
ensureBuild();
const env = jupyterEnv();
registerKernels(env);
if (options.check) process.stdout.write(`notebooks: ready (Jupyter Notebook ${version}); run \`npm run notebooks\` to start the server\n`);
else startServer(options, env);
