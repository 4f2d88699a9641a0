/**
 * The notebook kernel this code runs in, and how a display bundle reaches the running cell: tslab (through
 * its per-cell sender), Deno's Jupyter kernel (`Deno.jupyter.display`), or none (a script, a REPL, a test).
 */
import type { DisplayBundle } from "./display-bundle";
import { denoDisplay } from "./deno-channel";
import { tslabSender } from "./tslab-channel";

/** The notebook kernels gasframes displays in. */
export type NotebookKernel = "tslab" | "deno";

/** A way to the running cell. */
export interface KernelChannel {
  readonly kernel: NotebookKernel;
  /** Sends one bundle as one `display_data` output of the cell. */
  send(bundle: DisplayBundle): Promise<void>;
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
      send: async (bundle) => tslab({ data: bundle, metadata: {} }, false),
    };
  }
  const deno = denoDisplay();
  if (deno !== undefined) return { kernel: "deno", send: deno };
  return undefined;
}
