/**
 * `display` and `newDisplay()`: markdown, HTML, text, images or any MIME type as a cell output, in whichever
 * kernel runs the code, with the names of tslab's (`import * as tslab from "tslab"; tslab.display.markdown(...)`).
 *
 * In tslab it sends through tslab's cell sender; in Deno's Jupyter kernel through `Deno.jupyter.display`;
 * outside a kernel it prints the text to stdout. The repository's deno.json maps the module name "tslab"
 * to this file, so the notebooks written for tslab run unchanged in Deno.
 */
import { randomUUID } from "node:crypto";
import type { DisplayBundle } from "./display-bundle";
import { kernelChannel, type SendOptions } from "./kernel-channel";

/** Cell outputs by kind. Each call returns nothing, as tslab's do. */
export interface NotebookDisplay {
  /** Markdown text (`text/markdown`, with the text as `text/plain`). */
  markdown(text: string): void;
  /** HTML (`text/html`). */
  html(html: string): void;
  /** Plain text (`text/plain`). */
  text(text: string): void;
  /** An SVG image (`image/svg+xml`). */
  svg(svg: string): void;
  /** A PNG image from its bytes. */
  png(bytes: Uint8Array): void;
  /** A JPEG image from its bytes. */
  jpeg(bytes: Uint8Array): void;
  /** One output of any MIME type (tslab's `display.raw`); binary types take base64 text. */
  raw(contentType: string, data: string): void;
}

/**
 * Sends one bundle to the running cell. Returns nothing: a cell that ends with a display call must not
 * print a value after it (Deno shows a cell's last value, a promise included). Deno hands the bundle to
 * the kernel within the same cell.
 */
function send(bundle: DisplayBundle, text: string, options?: SendOptions): void {
  const channel = kernelChannel();
  if (channel === undefined) {
    process.stdout.write(`${text}\n`);
    return;
  }
  channel.send(bundle, options).catch((e: unknown) => process.stderr.write(`display: ${String((e as Error)?.message ?? e)}\n`));
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}

function makeDisplay(out: (bundle: DisplayBundle, text: string) => void): NotebookDisplay {
  return {
    markdown: (text) => out({ "text/markdown": text, "text/plain": text }, text),
    html: (html) => out({ "text/html": html }, html),
    text: (text) => out({ "text/plain": text }, text),
    svg: (svg) => out({ "image/svg+xml": svg }, svg),
    png: (bytes) => out({ "image/png": base64(bytes) }, `[PNG image, ${bytes.length} bytes]`),
    jpeg: (bytes) => out({ "image/jpeg": base64(bytes) }, `[JPEG image, ${bytes.length} bytes]`),
    raw: (contentType, data) => out({ [contentType]: data }, data),
  };
}

/** Cell outputs by kind, in any kernel (see the file comment): each call adds one output. */
export const display: NotebookDisplay = makeDisplay((bundle, text) => send(bundle, text));

/**
 * A display whose every call replaces the output of its previous one (progress, a changing status).
 * @example
 * const out = newDisplay();
 * out.markdown("**Loaded** 1,204 rows");
 */
export function newDisplay(): NotebookDisplay {
  const displayId = randomUUID();
  let sent = false;
  return makeDisplay((bundle, text) => {
    send(bundle, text, { displayId, update: sent });
    sent = true;
  });
}
