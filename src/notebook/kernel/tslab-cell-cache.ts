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
  /** Hits and misses so far. */
  readonly stats: { hits: number; misses: number; stored: number };
}

/**
 * A disk cache of tslab's compiled cells, for a kernel process. tslab compiles each cell by type-checking it
 * against the declarations of the cells before it (`prevDecl`) with a TypeScript program over the standard
 * library, every `@types` package and what the cell imports: 0.1-1.4 s of CPU per cell, and 2.5 s to build the
 * converter at all. The result depends only on that input, so it is kept under `dir`:
 * - `cells/<sha256 of salt, prevDecl and src>.json`: the converter's result and the list of dependency chunks;
 * - `deps/<sha256>.json`: a chunk of what TypeScript found on disk while the kernel compiled (each file read and
 *   the sha1 of its content, each existence probe and its answer, each directory listing and real path).
 * An entry is used only when every recorded fact still holds (file contents are compared, not times, so a
 * rebuild that rewrites identical declaration files still hits); a hit never builds the converter. `salt`
 * carries what else decides the output (tslab's and TypeScript's versions, Node's major version, the
 * kernel's folder). The dependencies are over-approximated: each entry depends on everything the process's
 * TypeScript read up to its compile. Failures to read or write the cache are ignored (it only saves time).
 *
 * Self-contained (no imports; `require` only inside): the kernel launcher embeds its source text.
 */
export function createTslabCellCache(dir: string, salt: string): TslabCellCache {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const fs = require("node:fs") as typeof import("node:fs");
  const path = require("node:path") as typeof import("node:path");
  const crypto = require("node:crypto") as typeof import("node:crypto");
  type Fact = [kind: string, path: string, value: unknown];
  const hash = (algorithm: string, text: string) => crypto.createHash(algorithm).update(text).digest("hex");
  const seen = new Set<string>();
  let pending: Fact[] = [];
  const chunks: string[] = [];
  const checked = new Map<string, boolean>();
  const stats = { hits: 0, misses: 0, stored: 0 };
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
  // Each fact is checked again through the same (unwrapped) functions TypeScript asked.
  const now = (f: Fact): unknown => {
    const [kind, p] = f;
    const o = original;
    if (!o) return Symbol("not watching");
    try {
      if (kind === "r") return contentHash(o.readFile(p));
      if (kind === "f") return o.fileExists(p);
      if (kind === "d") return o.directoryExists(p);
      if (kind === "g") return [...o.getDirectories(p)].sort();
      if (kind === "p") return o.realpath ? o.realpath(p) : p;
      if (kind === "l") {
        const [dirPath, args] = JSON.parse(p) as [string, [string[]?, string[]?, string[]?, number?]];
        return o.readDirectory(dirPath, ...args);
      }
    } catch {
      return Symbol("failed");
    }
    return Symbol("unknown");
  };
  const chunkHolds = (id: string): boolean => {
    const known = checked.get(id);
    if (known !== undefined) return known;
    const facts = read(path.join(dir, "deps", `${id}.json`));
    const holds = Array.isArray(facts) && facts.every((f: Fact) => JSON.stringify(now(f)) === JSON.stringify(f[2]));
    checked.set(id, holds);
    return holds;
  };
  const flush = () => {
    if (pending.length === 0) return;
    const facts = pending;
    pending = [];
    const id = hash("sha256", JSON.stringify(facts));
    const file = path.join(dir, "deps", `${id}.json`);
    if (!fs.existsSync(file)) write(file, facts);
    chunks.push(id);
    checked.set(id, true);
  };
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
        note("r", p, contentHash(text));
        return text;
      };
      target.fileExists = (p) => {
        const yes = fileExists(p);
        note("f", p, yes);
        return yes;
      };
      target.directoryExists = (p) => {
        const yes = directoryExists(p);
        note("d", p, yes);
        return yes;
      };
      target.getDirectories = (p) => {
        const names = getDirectories(p);
        note("g", p, [...names].sort());
        return names;
      };
      target.readDirectory = (p, extensions, exclude, include, depth) => {
        const names = readDirectory(p, extensions, exclude, include, depth);
        note("l", JSON.stringify([p, [extensions, exclude, include, depth]]), names);
        return names;
      };
      if (realpath) {
        target.realpath = (p) => {
          const real = realpath(p);
          note("p", p, real);
          return real;
        };
      }
    },
    convert(prevDecl, src, compile, storable) {
      const key = hash("sha256", JSON.stringify([salt, prevDecl, src]));
      const file = path.join(dir, "cells", `${key}.json`);
      const entry = read(file) as { chunks?: unknown; result?: ConvertedCell } | undefined;
      if (entry && Array.isArray(entry.chunks) && entry.result && Array.isArray(entry.result.diagnostics) && entry.chunks.every((c) => typeof c === "string" && chunkHolds(c))) {
        stats.hits++;
        return entry.result;
      }
      stats.misses++;
      const result = compile();
      if (storable(result) && !holdsSecret(JSON.stringify(result))) {
        flush();
        write(file, { chunks, result });
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
