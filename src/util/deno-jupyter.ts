/**
 * Sending one display bundle from inside Deno's Jupyter kernel (`deno jupyter`): `Deno.jupyter.display(bundle,
 * { raw: true })` sends the MIME bundle as it is to the running cell. Outside that kernel `Deno.jupyter`
 * throws when read (and outside Deno there is no `Deno`), so the lookup is guarded.
 */

/** A MIME bundle: MIME type to content (the display module's DisplayBundle). */
type DisplayBundle = Record<string, unknown>;

interface DenoJupyter {
  display(bundle: DisplayBundle, options: { raw: boolean; display_id?: string; update?: boolean }): Promise<void> | void;
}

/** `Deno.jupyter.display`, bound, when this code runs in Deno's Jupyter kernel; undefined anywhere else. */
export function denoDisplay(): ((bundle: DisplayBundle, options?: { displayId?: string; update?: boolean }) => Promise<void>) | undefined {
  const deno = (globalThis as { Deno?: { jupyter?: DenoJupyter } }).Deno;
  if (deno === undefined) return undefined;
  let jupyter: DenoJupyter | undefined;
  try {
    jupyter = deno.jupyter;
  } catch {
    // "Deno.jupyter is only available in `deno jupyter` subcommand": a Deno script, not a notebook.
    return undefined;
  }
  if (typeof jupyter?.display !== "function") return undefined;
  return async (bundle, options = {}) => {
    const id = options.displayId === undefined ? {} : { display_id: options.displayId, update: options.update === true };
    await jupyter.display(bundle, { raw: true, ...id });
  };
}
