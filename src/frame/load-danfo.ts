/**
 * danfojs-node is an optional peer dependency, loaded only when a frame is built (`toFrame()` and the
 * functions that return a danfo frame): it is not installable from the npm registry without overrides
 * (see docs/installing.md), and it pulls in TensorFlow.js, which takes a while to load and prints a
 * banner unless production mode is on. Code that never builds a frame never needs it. The packages only a few
 * of danfo's methods use are loaded when one of them is first called (see danfo-deferred-modules.ts).
 */
import { requireOptional } from "../errors/missing-dependency";
import { withDeferredModules } from "./danfo-deferred-modules";
import { withoutBrowserPlotting } from "./danfo-without-plotly";
import { installFrameDisplay } from "./frame-display";

type Danfo = typeof import("danfojs-node");

let danfo: Danfo | undefined;

/**
 * Returns the danfojs-node module, loading it (quietly) on first use. Throws MissingDependencyError,
 * naming the set-up, when danfojs-node is not installed or cannot be loaded.
 */
export function loadDanfo(): Danfo {
  if (danfo === undefined) {
    const mod = withoutBrowserPlotting(() => withDeferredModules(() => requireOptional<Danfo>("danfojs-node", "a danfo DataFrame (toFrame())")));
    mod.tensorflow.enableProdMode();
    installFrameDisplay(mod);
    danfo = mod;
  }
  return danfo;
}
