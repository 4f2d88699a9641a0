/**
 * The transport knows bytes, requests and retries: it imports nothing of the services, their clients,
 * schemas, the Result, the sandbox, the column model or the decoders (src/decode reads its bodies), nor
 * the notebook's display (the clients hand it in as the `inPlaceDisplay` hook), and names no service.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const HTTP = resolve(__dirname, "../../src/http");
const SRC = resolve(__dirname, "../../src");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

/** Every module a file imports or re-exports, as a path relative to src/. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?["'](\.[^"']+)["']|require\(\s*["'](\.[^"']+)["']\s*\)/g)) {
    out.push(relative(SRC, resolve(file, "..", m[1] ?? m[2]!)));
  }
  return out;
}

/** The code of a file without its comments (a comment may mention a service as an example). */
function code(file: string): string {
  return readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
}

describe("src/http", () => {
  const files = sources(HTTP);

  it("has files to check", () => {
    expect(files.length).toBeGreaterThan(20);
  });

  it("imports only itself, the errors, the synthetic-data header's name and the provenance type it fills", () => {
    const outside = files.flatMap((f) => importsOf(f).filter((p) => !p.startsWith("http/")).map((p) => `${relative(SRC, f)} -> ${p}`));
    // The name of the header that marks synthetic answers is util/synthetic-data's.
    // FetchMeta (util/fetch-meta) is the type the transport fills and a Result carries.
    const allowed = /-> (errors(\/index)?|util\/synthetic-data|util\/fetch-meta)$/;
    expect(outside.filter((line) => !allowed.test(line))).toEqual([]);
  });

  it("names no service and no sandbox", () => {
    const named = files.filter((f) => /["'`](natgas|lng|legacy)["'`]|sandbox|GASFRAMES_(NATGAS|LNG|LEGACY)/i.test(code(f))).map((f) => relative(SRC, f));
    expect(named).toEqual([]);
  });
});
