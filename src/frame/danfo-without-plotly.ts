/**
 * danfo decides it runs in a browser when a global `window` exists, and then requires Plotly
 * (`plotly.js-dist-min`, which danfojs-node does not install). A notebook cell in Deno's kernel that
 * declares `const window = ...` makes such a global (Deno's cells share one global scope; tslab's do
 * not), and danfo would then fail to load. With a `window` but no `document` (no browser), loading
 * danfo sees an empty Plotly: danfo's `plot()` needs a page anyway, and nothing else uses it.
 */
import { createRequire } from "node:module";

interface ModuleLoader {
  _load(request: string, ...rest: unknown[]): unknown;
}

/** `load()`, with danfo's request for Plotly answered by an empty module when a non-browser has a global `window`. */
export function withoutBrowserPlotting<T>(load: () => T): T {
  const g = globalThis as { document?: unknown };
  let hasWindow: boolean;
  try {
    hasWindow = typeof (globalThis as { window?: unknown }).window !== "undefined" || typeof window !== "undefined";
  } catch {
    // A `window` declared later in the running cell (not yet initialised): danfo's check would throw too.
    hasWindow = true;
  }
  if (!hasWindow || g.document !== undefined) return load();
  const Module = createRequire(__filename)("node:module") as ModuleLoader;
  const original = Module._load;
  Module._load = function (request: string, ...rest: unknown[]): unknown {
    return request === "plotly.js-dist-min" ? {} : original.call(this, request, ...rest);
  };
  try {
    return load();
  } finally {
    Module._load = original;
  }
}

declare const window: unknown;
