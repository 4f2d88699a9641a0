import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { resolveOptional } from "../../errors/missing-dependency";
import { KernelError } from "../shared/notebook-errors";

/** A kernelspec (`kernel.json`) and where it was found. */
export interface KernelSpec {
  name: string;
  argv: string[];
  display_name: string;
  language: string;
  env?: Record<string, string>;
  /** The folder holding kernel.json, or "(bundled)" for the built-in tslab fallback. */
  resourceDir: string;
}

/**
 * The folders Jupyter searches for kernelspecs, in Jupyter's order: $JUPYTER_PATH, the user data dir
 * ($JUPYTER_DATA_DIR or ~/.local/share/jupyter), the environment prefix ($CONDA_PREFIX, $NB_PYTHON_PREFIX,
 * $VIRTUAL_ENV), then /usr/local/share/jupyter and /usr/share/jupyter. Each entry ends in `kernels`.
  * @example
  * kernelSearchPath(); // the folders Jupyter reads kernel specs from
 */
export function kernelSearchPath(env: NodeJS.ProcessEnv = process.env): string[] {
  const dataDirs: string[] = [];
  if (env.JUPYTER_PATH) dataDirs.push(...env.JUPYTER_PATH.split(delimiter).filter(Boolean));
  dataDirs.push(env.JUPYTER_DATA_DIR ?? join(homedir(), ".local", "share", "jupyter"));
  for (const prefix of [env.CONDA_PREFIX, env.NB_PYTHON_PREFIX, env.VIRTUAL_ENV]) {
    if (prefix) dataDirs.push(join(prefix, "share", "jupyter"));
  }
  dataDirs.push("/usr/local/share/jupyter", "/usr/share/jupyter");
  return [...new Set(dataDirs)].map((d) => join(d, "kernels"));
}

/**
 * Finds the kernelspec called `name` on {@link kernelSearchPath}. When none is installed, falls back for
 * "tslab" to the tslab package installed beside gasframes (an optional peer dependency), run by this Node
 * binary, and for "deno" to the binary of the `deno` npm package installed beside gasframes, so the report
 * works on a machine without Jupyter. Throws KernelError listing where it looked, or MissingDependencyError
 * when the tslab fallback is needed and not installed.
  * @example
  * const spec = findKernelSpec("tslab"); // from gasframes/notebook
 */
export function findKernelSpec(name: string, env: NodeJS.ProcessEnv = process.env): KernelSpec {
  const searched = kernelSearchPath(env);
  for (const dir of searched) {
    const file = join(dir, name, "kernel.json");
    if (!existsSync(file)) continue;
    let spec: Partial<KernelSpec>;
    try {
      spec = JSON.parse(readFileSync(file, "utf8")) as Partial<KernelSpec>;
    } catch (e) {
      throw new KernelError(`kernelspec ${file} is not valid JSON: ${(e as Error).message}`, { cause: e });
    }
    if (!Array.isArray(spec.argv) || spec.argv.length === 0 || !spec.argv.some((a) => a.includes("{connection_file}"))) {
      throw new KernelError(`kernelspec ${file} has no argv with {connection_file}`);
    }
    return {
      name,
      argv: spec.argv,
      display_name: spec.display_name ?? name,
      language: spec.language ?? "",
      env: spec.env,
      resourceDir: dirname(file),
    };
  }
  if (name === "tslab") return bundledTslabSpec();
  if (name === "deno") return bundledDenoSpec(searched);
  throw new KernelError(`no kernelspec named "${name}" in: ${searched.join(", ")}`);
}

/** The kernel of the tslab package installed beside gasframes, run with the current Node binary. */
export function bundledTslabSpec(): KernelSpec {
  // No tslab kernelspec is installed, so the tslab package (an optional peer dependency) must be.
  const bin = join(dirname(resolveOptional("tslab", "tslab/package.json", "running notebooks without an installed tslab kernelspec")), "bin", "tslab");
  return {
    name: "tslab",
    argv: [process.execPath, bin, "kernel", "--config-path", "{connection_file}"],
    display_name: "TypeScript",
    language: "typescript",
    resourceDir: "(bundled)",
  };
}

/**
 * Deno's built-in Jupyter kernel (`deno jupyter --kernel`), run from the `deno` npm package installed
 * beside gasframes (`npm install -D deno`): what `npx deno jupyter --install` would register.
 * @param searched the kernelspec folders already searched, for the error message.
 * @throws KernelError when the package or its binary is not installed.
 */
export function bundledDenoSpec(searched: readonly string[] = kernelSearchPath()): KernelSpec {
  const binary = denoBinary();
  if (binary === undefined) {
    throw new KernelError(
      `no kernelspec named "deno" in: ${searched.join(", ")}, and no deno npm package beside gasframes: ` +
        "run `npm install -D deno` (then `npx deno jupyter --install` registers the kernel for Jupyter too)",
    );
  }
  return {
    name: "deno",
    argv: [binary, "jupyter", "--kernel", "--conn", "{connection_file}"],
    display_name: "Deno",
    language: "typescript",
    // The kernel must not ask the network whether a newer Deno exists.
    env: { DENO_NO_UPDATE_CHECK: "1" },
    resourceDir: "(bundled)",
  };
}

/** The deno binary of the `deno` npm package: beside its package.json once its install script ran, else in its platform package. */
function denoBinary(): string | undefined {
  let pkg: string;
  try {
    pkg = require.resolve("deno/package.json", { paths: [process.cwd(), __dirname] });
  } catch {
    return undefined;
  }
  const exe = process.platform === "win32" ? "deno.exe" : "deno";
  const beside = join(dirname(pkg), exe);
  if (existsSync(beside)) return beside;
  const libc = process.platform === "linux" ? "-glibc" : "";
  try {
    const platformPkg = require.resolve(`@deno/${process.platform}-${process.arch}${libc}/package.json`, { paths: [dirname(pkg)] });
    const inPlatform = join(dirname(platformPkg), exe);
    return existsSync(inPlatform) ? inPlatform : undefined;
  } catch {
    return undefined;
  }
}
