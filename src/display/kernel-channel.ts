/**
 * The notebook kernel this code runs in, and how a display bundle reaches the running cell: tslab (through
 * its per-cell sender), Deno's Jupyter kernel (`Deno.jupyter.display`), or none (a script, a REPL, a test).
 */
import type { DisplayBundle } from "./display-bundle";
import { denoDisplay } from "../util/deno-jupyter";
import { tslabSender } from "./tslab-channel";

/** The notebook kernels gasframes displays in. */
export type NotebookKernel = "tslab" | "deno";

/** Where a bundle goes: a new output, or (with `update`) the output sent earlier under the same `displayId`. */
export interface SendOptions {
  /** Names the output so that later bundles can replace it. Default none. */
  displayId?: string;
  /** Replace the output named `displayId` instead of adding one. Default false. */
  update?: boolean;
}

/** A way to the running cell. */
export interface KernelChannel {
  readonly kernel: NotebookKernel;
  /** Sends one bundle as one `display_data` output of the cell (or an `update_display_data`). */
  send(bundle: DisplayBundle, options?: SendOptions): Promise<void>;
}

/**
 * The channel of the kernel running now, or undefined outside a notebook kernel. Take it when a display
 * starts, before any await: tslab's sender belongs to the cell that is running at that moment.
 */
export function kernelChannel(): KernelChannel | undefined {
  const tslab = tslabSender();
  if (tslab !== undefined) {
    return {
      kernel: "tslab",
      send: async (bundle, options = {}) =>
        tslab({ data: bundle, metadata: {}, ...(options.displayId === undefined ? {} : { transient: { display_id: options.displayId } }) }, options.update === true),
    };
  }
  const deno = denoDisplay();
  if (deno !== undefined) return { kernel: "deno", send: deno };
  return undefined;
}
