/**
 * US state outlines for maps: the us-atlas package's `states-10m.json` TopoJSON, read from disk at run
 * time (never fetched), once per process.
 */
import { readFileSync } from "node:fs";
import { DataError } from "../errors";

let states: unknown;

/** The us-atlas states TopoJSON (50 states, DC and territories; object name `states`). */
export function usStatesTopology(): unknown {
  if (states === undefined) {
    let path: string;
    try {
      path = require.resolve("us-atlas/states-10m.json");
    } catch (e) {
      throw new DataError("mapChart: the us-atlas package (state outlines) is not installed", { cause: e });
    }
    const topo = JSON.parse(readFileSync(path, "utf8")) as { objects: Record<string, unknown> };
    // Only the states layer is drawn; the nation outline would double the borders.
    states = { ...topo, objects: { states: topo.objects.states } };
  }
  return states;
}
