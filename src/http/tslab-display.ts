/**
 * Finds tslab's `newDisplay()` when, and only when, this process is a running tslab kernel. The
 * kernel loads its own copy of tslab, which may not be the copy `require("tslab")` would find from
 * here, so the loaded modules are searched for a tslab whose Jupyter link is live.
 */

/** A notebook display entry updated in place. */
export interface InPlaceDisplay {
  text(s: string): void;
}

/** tslab's `newDisplay` of the running kernel, or undefined outside a tslab kernel. */
export function findTslabNewDisplay(): (() => InPlaceDisplay) | undefined {
  try {
    for (const path of Object.keys(require.cache)) {
      if (!/[\\/]tslab[\\/]dist[\\/]jupyter\.js$/.test(path)) continue;
      const jupyter = require.cache[path]?.exports as { lastWriteDisplayData?: unknown } | undefined;
      if (jupyter?.lastWriteDisplayData == null) continue;
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const pub = require(path.replace(/jupyter\.js$/, "public.js")) as { newDisplay?: () => InPlaceDisplay };
      if (typeof pub.newDisplay === "function") return pub.newDisplay;
    }
  } catch {
    // Not inside a kernel we understand: no notebook display.
  }
  return undefined;
}
