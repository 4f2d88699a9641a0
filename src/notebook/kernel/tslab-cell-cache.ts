import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";

/** What tslab's converter returns for one cell (tslab 1.0.22, dist/converter.js), as far as the cache needs it. */
export interface ConvertedCell {
  output?: string;
  declOutput?: string;
  diagnostics: unknown[];
  hasToplevelAwait?: boolean;
  sideOutputs?: { path: string; data: string }[];
  lastExpressionVar?: string;
}

/** The subset of TypeScript's `ts.sys` that tslab's converter reads the disk through. */
export interface TsSys {
  readFile(path: string, encoding?: string): string | undefined;
  fileExists(path: string): boolean;
  directoryExists(path: string): boolean;
  getDirectories(path: string): string[];
  readDirectory(path: string, extensions?: readonly string[], exclude?: readonly string[], include?: readonly string[], depth?: number): string[];
  realpath?(path: string): string;
}

/** A cache of compiled cells on disk (see {@link createTslabCellCache}). */
export interface TslabCellCache {
  /**
   * Records, from now on, what TypeScript reads through `sys` (call before tslab's converter is created), and
   * checks cached entries through the same functions. Until it is called, nothing is a hit.
   */
  watch(sys: TsSys): void;
  /**
   * The compiled cell from the cache when its key and every file it depended on are unchanged, else
   * `compile()`'s, stored when `storable(result)` says so.
   */
  convert(prevDecl: string, src: string, compile: () => ConvertedCell, storable: (result: ConvertedCell) => boolean): ConvertedCell;
  /** Hits (`seeded`: of them, served from the seed) and misses so far. */
  readonly stats: { hits: number; misses: number; stored: number; seeded: number };
}

/** Where {@link createTslabCellCache} finds the project and a read-only seed. */
export interface TslabCellCacheLayout {
  /**
   * The project's folder (the one holding `node_modules`): facts are recorded relative to it, so the cache can
   * move with the project. Default: none (absolute paths, as recorded).
   */
  root?: string;
  /** A read-only cache in the same format, consulted after `dir` misses; its hits are copied into `dir`. Default: none. */
  seed?: string;
}

/**
 * A disk cache of tslab's compiled cells, for a kernel process. tslab compiles each cell by type-checking it
 * against the declarations of the cells before it (`prevDecl`) with a TypeScript program over the standard
 * library, every `@types` package and what the cell imports: 0.1-1.4 s of CPU per cell, and 2.5 s to build the
 * converter at all. The result depends only on that input, so it is kept under `dir`:
 * - `cells/<sha256 of salt, prevDecl and src>.json`: the converter's result and the list of dependency chunks;
 * - `deps/<sha256>.json`: a chunk of what TypeScript found on disk while the kernel compiled (each file read and
 *   the sha1 of its content, each existence probe and its answer, each directory listing and real path), one
 *   chunk per package or top folder, so kernels that read the same package share its chunk.
 * An entry is used only when every recorded fact still holds (file contents are compared, not times, so a
 * rebuild that rewrites identical declaration files still hits); a hit never builds the converter. `salt`
 * carries what else decides the output (tslab's and TypeScript's versions, Node's major version, the
 * kernel's folder relative to the project). The dependencies are over-approximated: each entry depends on everything the process's
 * TypeScript read up to its compile. Failures to read or write the cache are ignored (it only saves time).
 *
 * With `layout.root`, paths are kept relative to the project (a path inside a package that `node_modules/<name>`
 * links to as `node_modules/<name>/...`), so a cache made in one checkout holds in another with the same files.
 * Facts about folders above the project (TypeScript probes `node_modules` and `node_modules/@types` of every
 * ancestor) are checked at every ancestor of the current project, which may be more or fewer than where they
 * were recorded: an ancestor not recorded must answer as all recorded ones did, else the entry misses. Other
 * paths outside the project (a package installed elsewhere) are kept absolute.
 *
 * Self-contained (no imports; `require` only inside): the kernel launcher embeds its source text.
 */
export function createTslabCellCache(dir: string, salt: string, layout: TslabCellCacheLayout = {}): TslabCellCache {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs");
  const path = require("node:path") as typeof import("node:path");
  const crypto = require("node:crypto") as typeof import("node:crypto");
  type Fact = [kind: string, path: string, value: unknown];
  interface Chunk {
    depth: number;
    facts: Fact[];
  }
  const hash = (algorithm: string, text: string) => crypto.createHash(algorithm).update(text).digest("hex");
  const seen = new Set<string>();
  let pending: Fact[] = [];
  const chunks: string[] = [];
  const checked = new Map<string, boolean>();
  const stats = { hits: 0, misses: 0, stored: 0, seeded: 0 };
  const root = layout.root === undefined ? undefined : path.resolve(layout.root);
  const depth = root === undefined ? 0 : root.split(path.sep).filter(Boolean).length;
  // Real folders that stand for a path in the project: the project itself, and what `node_modules` (or a
  // package in it) links to when the install lives elsewhere. Longest first.
  const anchors: [real: string, as: string][] = [];
  if (root !== undefined) {
    const inRoot = (real: string) => real === root || real.startsWith(root + path.sep);
    const modules = path.join(root, "node_modules");
    const link = (at: string, as: string) => {
      try {
        const real = fs.realpathSync(at);
        if (!inRoot(real)) anchors.push([real, as]);
        return real;
      } catch {
        return undefined;
      }
    };
    link(modules, "node_modules");
    const parents = new Set<string>();
    try {
      for (const e of fs.readdirSync(modules, { withFileTypes: true })) {
        const names = e.name.startsWith("@") && e.isDirectory() ? fs.readdirSync(path.join(modules, e.name)).map((n) => `${e.name}/${n}`) : [e.name];
        for (const name of names) {
          const at = path.join(modules, name);
          if (!fs.lstatSync(at).isSymbolicLink()) continue;
          const real = link(at, `node_modules/${name}`);
          if (real !== undefined && !inRoot(real)) parents.add(name.includes("/") ? path.dirname(path.dirname(real)) : path.dirname(real));
        }
      }
    } catch {
      // No node_modules: only the project itself is an anchor.
    }
    // Every linked package in one folder (an install shared by symlinks): that folder is `node_modules`.
    if (parents.size === 1) anchors.push([[...parents][0]!, "node_modules"]);
    anchors.push([root, ""]);
    anchors.sort((a, b) => b[0].length - a[0].length);
  }
  // A kept path above the project: how many folders up, and the rest.
  const above = (p: string): [up: number, rest: string] | undefined => {
    if (root === undefined || !p.startsWith("..")) return undefined;
    const parts = p.split("/");
    let up = 0;
    while (parts[up] === "..") up++;
    return [up, parts.slice(up).join("/")];
  };
  const toKept = (p: string): string => {
    if (root === undefined) return p;
    for (const [real, as] of anchors) {
      if (p === real) return as === "" ? "." : as;
      if (p.startsWith(real + path.sep) || p.startsWith(real + "/")) return path.posix.join(as, p.slice(real.length + 1).split(path.sep).join("/"));
    }
    const kept = path.relative(root, p).split(path.sep).join("/");
    const up = above(kept);
    // Above the project, only what a walk up from it asks (a folder, its node_modules, its package.json) is kept
    // relative; anything else (a package installed elsewhere) stays absolute and holds only where it is.
    return up === undefined || up[1] === "" || up[1] === "package.json" || up[1].split("/")[0] === "node_modules" ? kept : p;
  };
  const fromKept = (p: string): string => (root === undefined ? p : path.resolve(root, p));
  // The access tokens the kernel can see: a compiled cell that holds one, whole or any 8 characters of it
  // (a literal pasted into a cell), is never written to disk. Read once: a reset keeps the environment.
  const secrets = ["GASFRAMES_TOKEN", "GASFRAMES_NATGAS_TOKEN", "GASFRAMES_LNG_TOKEN", "GASFRAMES_LEGACY_TOKEN"]
    .map((k) => (process.env[k] ?? "").trim())
    // The token the report gives its kernels for its own sandbox is a published constant, not a secret:
    // "gasframes" is in nearly every cell, so guarding it would keep nothing.
    .filter((t) => t.length > 0 && t !== "gasframes-sandbox-token");
  const holdsSecret = (text: string) =>
    secrets.some((t) => {
      const w = Math.min(8, t.length);
      for (let i = 0; i + w <= t.length; i++) if (text.includes(t.slice(i, i + w))) return true;
      return false;
    });
  const note = (kind: string, p: string, value: unknown) => {
    const key = JSON.stringify([kind, p]);
    if (seen.has(key)) return;
    seen.add(key);
    pending.push([kind, p, value]);
  };
  const contentHash = (text: string | undefined) => (text === undefined ? null : hash("sha1", text));
  const read = (file: string): unknown => {
    try {
      return JSON.parse(fs.readFileSync(file, "utf8"));
    } catch {
      return undefined;
    }
  };
  const write = (file: string, value: unknown) => {
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const tmp = `${file}.${process.pid}.tmp`;
      fs.writeFileSync(tmp, JSON.stringify(value));
      fs.renameSync(tmp, file);
    } catch {
      // A read-only or full disk: the cell was compiled; the next run compiles it again.
    }
  };
  let original: TsSys | undefined;
  // Each fact is checked again through the same (unwrapped) functions TypeScript asked, its answer kept as recorded.
  const now = (kind: string, p: string): unknown => {
    const o = original;
    if (!o) return Symbol("not watching");
    try {
      if (kind === "r") return contentHash(o.readFile(fromKept(p)));
      if (kind === "f") return o.fileExists(fromKept(p));
      if (kind === "d") return o.directoryExists(fromKept(p));
      if (kind === "g") return [...o.getDirectories(fromKept(p))].sort();
      if (kind === "p") return toKept(o.realpath ? o.realpath(fromKept(p)) : fromKept(p));
      if (kind === "l") {
        const [dirPath, args] = JSON.parse(p) as [string, [string[]?, string[]?, string[]?, number?]];
        return o.readDirectory(fromKept(dirPath), ...args).map(toKept);
      }
    } catch {
      return Symbol("failed");
    }
    return Symbol("unknown");
  };
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const holds = (chunk: Chunk): boolean => {
    // Facts above the project by what they ask ("node_modules/@types exists?"): answers by how far up.
    const ancestral = new Map<string, Map<number, unknown>>();
    for (const [kind, p, value] of chunk.facts) {
      const up = kind === "l" || kind === "p" ? undefined : above(p);
      if (up === undefined) {
        // A listing or real path above the project holds only at the same depth.
        if ((kind === "l" || kind === "p") && (kind === "l" ? (JSON.parse(p) as [string])[0] : p).startsWith("..") && chunk.depth !== depth) return false;
        if (!same(now(kind, p), value)) return false;
        continue;
      }
      const what = JSON.stringify([kind, up[1]]);
      const byUp = ancestral.get(what) ?? new Map<number, unknown>();
      ancestral.set(what, byUp);
      byUp.set(up[0], value);
    }
    for (const [what, byUp] of ancestral) {
      const [kind, rest] = JSON.parse(what) as [string, string];
      const answers = [...byUp.values()];
      const uniform = answers.every((a) => same(a, answers[0]));
      for (let up = 1; up <= depth; up++) {
        if (!byUp.has(up) && !uniform) return false;
        const expected = byUp.has(up) ? byUp.get(up) : answers[0];
        if (!same(now(kind, path.posix.join("../".repeat(up), rest)), expected)) return false;
      }
    }
    return true;
  };
  const chunkHolds = (id: string): boolean => {
    const known = checked.get(id);
    if (known !== undefined) return known;
    const chunk = (read(path.join(dir, "deps", `${id}.json`)) ?? (layout.seed ? read(path.join(layout.seed, "deps", `${id}.json`)) : undefined)) as Chunk | undefined;
    const yes = !!chunk && typeof chunk.depth === "number" && Array.isArray(chunk.facts) && holds(chunk);
    checked.set(id, yes);
    return yes;
  };
  // A chunk per package (or per top folder of the project, or for the folders above it), so that kernels reading
  // the same package write the same chunk.
  const group = (f: Fact): string => {
    const p = f[0] === "l" ? (JSON.parse(f[1]) as [string])[0] : f[1];
    if (p.startsWith("..")) return "..";
    const parts = p.split("/");
    const n = parts[0] === "node_modules" ? (parts[1]?.startsWith("@") ? 3 : 2) : 1;
    return parts.slice(0, n).join("/");
  };
  const flush = () => {
    if (pending.length === 0) return;
    const groups = new Map<string, Fact[]>();
    for (const f of pending) {
      const g = group(f);
      const facts = groups.get(g);
      if (facts) facts.push(f);
      else groups.set(g, [f]);
    }
    pending = [];
    // Small groups (a later cell's few new files, packages only probed) share one chunk: fewer files, shorter entries.
    const rest = [...groups.values()].filter((facts) => facts.length < 32).flat();
    for (const facts of [...[...groups.values()].filter((facts) => facts.length >= 32), ...(rest.length > 0 ? [rest] : [])]) {
      const chunk: Chunk = { depth, facts };
      const id = hash("sha256", JSON.stringify(chunk));
      const file = path.join(dir, "deps", `${id}.json`);
      if (!fs.existsSync(file)) write(file, chunk);
      chunks.push(id);
      checked.set(id, true);
    }
  };
  const usable = (entry: { chunks?: unknown; result?: ConvertedCell } | undefined): entry is { chunks: string[]; result: ConvertedCell } =>
    !!entry && Array.isArray(entry.chunks) && !!entry.result && Array.isArray(entry.result.diagnostics) && entry.chunks.every((c) => typeof c === "string" && chunkHolds(c));
  return {
    stats,
    watch(target: TsSys) {
      const readFile = target.readFile.bind(target);
      const fileExists = target.fileExists.bind(target);
      const directoryExists = target.directoryExists.bind(target);
      const getDirectories = target.getDirectories.bind(target);
      const readDirectory = target.readDirectory.bind(target);
      const realpath = target.realpath?.bind(target);
      original = { readFile, fileExists, directoryExists, getDirectories, readDirectory, realpath };
      target.readFile = (p, encoding) => {
        const text = readFile(p, encoding);
        note("r", toKept(p), contentHash(text));
        return text;
      };
      target.fileExists = (p) => {
        const yes = fileExists(p);
        note("f", toKept(p), yes);
        return yes;
      };
      target.directoryExists = (p) => {
        const yes = directoryExists(p);
        note("d", toKept(p), yes);
        return yes;
      };
      target.getDirectories = (p) => {
        const names = getDirectories(p);
        note("g", toKept(p), [...names].sort());
        return names;
      };
      target.readDirectory = (p, extensions, exclude, include, depth) => {
        const names = readDirectory(p, extensions, exclude, include, depth);
        note("l", JSON.stringify([toKept(p), [extensions, exclude, include, depth]]), names.map(toKept));
        return names;
      };
      if (realpath) {
        target.realpath = (p) => {
          const real = realpath(p);
          note("p", toKept(p), toKept(real));
          return real;
        };
      }
    },
    convert(prevDecl, src, compile, storable) {
      const key = hash("sha256", JSON.stringify([salt, prevDecl, src]));
      const name = path.join("cells", `${key}.json`);
      const entry = read(path.join(dir, name)) as { chunks?: unknown; result?: ConvertedCell } | undefined;
      if (usable(entry)) {
        stats.hits++;
        return entry.result;
      }
      const seeded = layout.seed ? (read(path.join(layout.seed, name)) as { chunks?: unknown; result?: ConvertedCell } | undefined) : undefined;
      if (layout.seed && usable(seeded)) {
        // Into the user's cache, so the next run finds it there (and the seed may change with a checkout).
        for (const id of seeded.chunks) {
          const dep = path.join("deps", `${id}.json`);
          if (!fs.existsSync(path.join(dir, dep))) write(path.join(dir, dep), read(path.join(layout.seed, dep)));
        }
        write(path.join(dir, name), seeded);
        stats.hits++;
        stats.seeded++;
        return seeded.result;
      }
      stats.misses++;
      const result = compile();
      if (storable(result) && !holdsSecret(JSON.stringify(result))) {
        flush();
        write(path.join(dir, name), { chunks, result });
        stats.stored++;
      }
      return result;
    },
  };
}

/**
 * Where a kernel started in `cwd` keeps its compiled cells: `node_modules/.cache/gasframes/tslab-cells` in the
 * nearest folder from `cwd` upwards that has a `node_modules` folder (the project's), or undefined when there is none.
 */
export function tslabCellCacheDir(cwd: string): string | undefined {
  for (let dir = cwd; ; dir = dirname(dir)) {
    const modules = join(dir, "node_modules");
    if (existsSync(modules) && statSync(modules).isDirectory()) return join(modules, ".cache", "gasframes", "tslab-cells");
    if (dirname(dir) === dir) return undefined;
  }
}

/** The folder holding `node_modules` nearest from `cwd` upwards (the project), or undefined when there is none. */
export function tslabProjectRoot(cwd: string): string | undefined {
  const cache = tslabCellCacheDir(cwd);
  return cache === undefined ? undefined : dirname(dirname(dirname(dirname(cache))));
}

/** The seed of compiled cells shipped beside the notebooks of `notebooksDir`: its `.tslab-cells` folder, or undefined when there is none. */
export function tslabCellSeedDir(notebooksDir: string): string | undefined {
  const seed = join(notebooksDir, ".tslab-cells");
  return existsSync(join(seed, "cells")) ? seed : undefined;
}
