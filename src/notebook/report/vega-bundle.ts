import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { GasframesError } from "../../errors";
import { CHART_LOADER_JS } from "./chart-loader";

/** Where report pages find the shared script, relative to the report folder. */
export const VEGA_BUNDLE_HREF = "assets/vega-bundle.js";

/** The browser builds concatenated, in load order: vega-lite and vega-embed read the globals of those before them. */
const PARTS = [
  { name: "vega", file: "vega.min.js" },
  { name: "vega-lite", file: "vega-lite.min.js" },
  { name: "vega-embed", file: "vega-embed.min.js" },
] as const;

/**
 * The report's one script: the minified UMD builds of vega, vega-lite and vega-embed from node_modules
 * (vega-embed's own build carries vega-tooltip), then the loader that embeds the charts. No CDN: the
 * report works from a zip, offline. The same installed packages always give the same bytes.
 */
export function vegaBundle(): string {
  const chunks = PARTS.map(({ name, file }) => {
    let build: string;
    try {
      // Each package's main file lives in its build/ folder, next to the minified browser build.
      build = dirname(require.resolve(name));
    } catch (e) {
      throw new GasframesError(`the report needs the ${name} package for its charts: ${(e as Error).message}`, { cause: e });
    }
    const pkg = JSON.parse(readFileSync(join(build, "..", "package.json"), "utf8")) as { version: string; license?: string };
    return `/*! ${name} ${pkg.version} (${pkg.license ?? "see its package"}) build/${file} */\n${readFileSync(join(build, file), "utf8")}\n;`;
  });
  return `${chunks.join("\n")}\n/*! gasframes report chart loader */\n${CHART_LOADER_JS}`;
}

/** Writes {@link vegaBundle} to `<outDir>/assets/vega-bundle.js`; returns its path. */
export function writeVegaBundle(outDir: string): string {
  const path = join(outDir, VEGA_BUNDLE_HREF);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, vegaBundle());
  return path;
}
