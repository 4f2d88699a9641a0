// Makes `require("gasframes")` / `import ... from "gasframes"` resolve inside this repository (the notebooks
// import the toolkit by package name, as a user's notebook would) by linking node_modules/gasframes to the repo.
import { existsSync, lstatSync, mkdirSync, rmSync, symlinkSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const link = join(root, "node_modules", "gasframes");
mkdirSync(join(root, "node_modules"), { recursive: true });
if (existsSync(link) || isDanglingLink(link)) {
  if (!lstatSync(link).isSymbolicLink()) process.exit(0); // a real install: leave it alone
  rmSync(link);
}
symlinkSync("..", link, "dir");

function isDanglingLink(p) {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}
