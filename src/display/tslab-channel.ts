/**
 * Sending one display bundle (several MIME types in one output) from inside a tslab kernel.
 *
 * tslab's public `display.raw(type, data)` sends one MIME type per output. Underneath, tslab's
 * `dist/jupyter.js` keeps the running cell's sender in its export `lastWriteDisplayData(content, update)`
 * (set at the start of every execute request), and `display.raw` calls it with `{ data: { [type]: data },
 * metadata, transient }`. We call the same sender with the whole bundle. This relies on tslab internals
 * (checked against tslab 1.0.22; a test loads the real module and guards it).
 */

/** The content of a Jupyter `display_data` message. */
export interface DisplayContent {
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  transient?: Record<string, unknown>;
}

/** tslab's per-cell sender of display messages. */
export type DisplaySender = (content: DisplayContent, update: boolean) => void;

const JUPYTER_MODULE = /[\\/]tslab[\\/]dist[\\/]jupyter\.js$/;

/**
 * The sender of the tslab cell running now, or undefined outside a tslab kernel (or before its first cell).
 * Looked up in the module cache rather than by `require("tslab")`, because the kernel may run a different
 * copy of tslab than the one next to this package.
 */
export function tslabSender(): DisplaySender | undefined {
  for (const [file, mod] of Object.entries(require.cache)) {
    if (!JUPYTER_MODULE.test(file)) continue;
    const sender = (mod?.exports as { lastWriteDisplayData?: unknown } | undefined)?.lastWriteDisplayData;
    if (typeof sender === "function") return sender as DisplaySender;
  }
  return undefined;
}
