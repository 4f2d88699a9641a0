/**
 * An output updated in place, for download progress, in whichever notebook kernel runs the code: tslab's
 * `newDisplay()` when this process is a running tslab kernel, or a display id of Deno's Jupyter kernel.
 * The tslab kernel loads its own copy of tslab, which may not be the copy `require("tslab")` would find
 * from here, so the loaded modules are searched for a tslab whose Jupyter link is live.
 */
import { randomUUID } from "node:crypto";
import { denoDisplay } from "../util/deno-jupyter";

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

/**
 * In Deno's Jupyter kernel, a maker of outputs each replaced in place by its later texts (one display id,
 * `update_display_data` after the first); undefined anywhere else.
 */
export function findDenoNewDisplay(): (() => InPlaceDisplay) | undefined {
  const send = denoDisplay();
  if (send === undefined) return undefined;
  return () => {
    const displayId = randomUUID();
    let sent = false;
    return {
      text(s: string): void {
        // A display that cannot draw must never fail the download.
        send({ "text/plain": s }, { displayId, update: sent }).catch(() => undefined);
        sent = true;
      },
    };
  };
}

/** The in-place display of the running notebook kernel (tslab or Deno), or undefined outside one. */
export function findKernelNewDisplay(): (() => InPlaceDisplay) | undefined {
  return findTslabNewDisplay() ?? findDenoNewDisplay();
}
