/**
 * `display`: markdown, HTML, text, images or any MIME type as a cell output, in whichever kernel runs
 * the code, with the same names as tslab's `display` (`import * as tslab from "tslab"; tslab.display.markdown(...)`).
 *
 * In tslab it sends through tslab's cell sender; in Deno's Jupyter kernel through `Deno.jupyter.display`;
 * outside a kernel it prints the text to stdout. The repository's deno.json maps the module name "tslab"
 * to this file, so the notebooks written for tslab run unchanged in Deno.
 */
import type { DisplayBundle } from "./display-bundle";
import { kernelChannel } from "./kernel-channel";

/**
 * Sends one bundle to the running cell. Returns nothing, as tslab's `display` does: a cell that ends with
 * a display call must not print a value after it (Deno shows a cell's last value, a promise included).
 * Deno hands the bundle to the kernel within the same cell.
 */
function send(bundle: DisplayBundle, text: string): void {
  const channel = kernelChannel();
  if (channel === undefined) {
    process.stdout.write(`${text}\n`);
    return;
  }
  channel.send(bundle).catch((e: unknown) => process.stderr.write(`display: ${String((e as Error)?.message ?? e)}\n`));
}

function base64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64");
}

/** Cell outputs by kind, in any kernel (see the file comment). */
export const display = {
  /** Markdown text (`text/markdown`, with the text as `text/plain`). */
  markdown: (text: string): void => send({ "text/markdown": text, "text/plain": text }, text),
  /** HTML (`text/html`). */
  html: (html: string): void => send({ "text/html": html }, html),
  /** Plain text (`text/plain`). */
  text: (text: string): void => send({ "text/plain": text }, text),
  /** An SVG image (`image/svg+xml`). */
  svg: (svg: string): void => send({ "image/svg+xml": svg }, svg),
  /** A PNG image from its bytes. */
  png: (bytes: Uint8Array): void => send({ "image/png": base64(bytes) }, `[PNG image, ${bytes.length} bytes]`),
  /** A JPEG image from its bytes. */
  jpeg: (bytes: Uint8Array): void => send({ "image/jpeg": base64(bytes) }, `[JPEG image, ${bytes.length} bytes]`),
  /** One output of any MIME type (tslab's `display.raw`); binary types take base64 text. */
  raw: (contentType: string, data: string): void => send({ [contentType]: data }, data),
};
