/**
 * danfojs-node is loaded lazily: it pulls in TensorFlow.js, which takes a while to load and prints a
 * banner unless production mode is on. Code that never builds a frame never pays for it.
 */
type Danfo = typeof import("danfojs-node");

let danfo: Danfo | undefined;

/** Returns the danfojs-node module, loading it (quietly) on first use. */
export function loadDanfo(): Danfo {
  if (danfo === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mod = require("danfojs-node") as Danfo;
    mod.tensorflow.enableProdMode();
    danfo = mod;
  }
  return danfo;
}
