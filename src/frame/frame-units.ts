/**
 * Units recorded on danfo frames. danfo frames carry no metadata, so the units of a frame made by
 * `toFrame()` (or registered by `withUnits`) are kept here, keyed by the frame object: they live exactly
 * as long as that frame. `unitsOf` (frame/) reads them. A Table is not kept here: its units live in its
 * schema.
 */
import { Table, withTableUnits } from "../table/table";

const registered = new WeakMap<object, Record<string, string>>();

/**
 * Returns `frame` after recording units for some of its columns (merged with any already recorded).
 * The record lives as long as the frame object; see `unitsOf` for what survives danfo operations. A
 * gasframes Table takes the units into its schema instead (see `withTableUnits`).
 * @example
 * const df = withUnits(frame, { output: "MMcf" });
 */
export function withUnits<T extends object>(frame: T, units: Record<string, string>): T {
  if (frame instanceof Table) return withTableUnits(frame, units);
  registered.set(frame, { ...(registered.get(frame) ?? {}), ...units });
  return frame;
}

/** The units recorded for this object by `withUnits`, or undefined. */
export function registeredUnits(frame: object): Readonly<Record<string, string>> | undefined {
  return registered.get(frame);
}
