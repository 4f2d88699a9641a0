// Run by `npm run build` in this repository. Makes `require("gasframes")` / `import ... from "gasframes"`
// resolve inside the checkout (the notebooks import the toolkit by package name, as a user's notebook
// would) by linking node_modules/gasframes to the repository, and makes `npx gasframes` run the
// checkout's build by linking node_modules/.bin/gasframes to its command. Without that bin link, npx
// finds no `gasframes` command, installs the checkout as a package and rebuilds it on every first call.
//
// Usage: node scripts/link-self.mjs [root]   (root defaults to the repository holding this script)
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, readlinkSync, rmSync, symlinkSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), ".."));
const modules = join(root, "node_modules");
mkdirSync(modules, { recursive: true });

const selfLink = join(modules, "gasframes");
if (!isRealFolder(selfLink)) replaceLink(selfLink, "..", "dir");

const bins = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).bin ?? {};
const binDir = join(modules, ".bin");
// A .bin that is itself a link leads into another installation (a worktree sharing one install):
// its commands are that installation's to manage.
if (!isLink(binDir)) {
  mkdirSync(binDir, { recursive: true });
  for (const [name, target] of Object.entries(bins)) {
    const link = join(binDir, name);
    if (isRealFolder(link) || (exists(link) && !isLink(link))) continue; // a real install's file: leave it
    replaceLink(link, relative(binDir, join(selfLink, target)), "file");
    // The build writes the command without the execute bit; npm sets it on install, so this does too.
    if (existsSync(join(root, target))) chmodSync(join(root, target), 0o755);
  }
}

function replaceLink(link, target, type) {
  if (isLink(link)) {
    if (readlinkSync(link) === target) return;
    rmSync(link);
  }
  symlinkSync(target, link, type);
}

function isLink(p) {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

function exists(p) {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}

function isRealFolder(p) {
  try {
    const s = lstatSync(p);
    return s.isDirectory() && !s.isSymbolicLink();
  } catch {
    return false;
  }
}
