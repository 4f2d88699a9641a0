/**
 * Where a dataset lives in a lake, and how a lake folder's datasets are found.
 */
import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { EndpointSpec } from "../catalog/types";
import { DataError } from "../errors";
import { fsCall, isMetadataRoot, metadataRootOf } from "./lake-storage";

/**
 * `<dir>/<service>/<version>/<endpoint>`: the endpoint is its path after the version, `/` as `_`
 * (`natgas/v4/rigs`, `lng/v1/volume_flows_history`).
 */
export function datasetFolder(dir: string, spec: EndpointSpec): string {
  const segments = spec.path.split("/").filter((s) => s !== "");
  const rest = segments[0] === spec.version ? segments.slice(1) : segments;
  if (/^s3:\/\//i.test(dir.trim())) return [dir.trim().replace(/\/+$/, ""), spec.service, spec.version, rest.join("_")].join("/");
  return join(dir, spec.service, spec.version, rest.join("_"));
}

/** A dataset folder of a lake and its view name. */
export interface FoundDataset {
  /** `<service>_<version>_<endpoint>` in lower case. */
  readonly view: string;
  readonly dir: string;
}

/**
 * The datasets of a lake folder: `<service>/<version>/<endpoint>` folders with a log (`_log/`) or a
 * manifest in their metadata root (`<dir>/_gasframes/<service>/<version>/<endpoint>`) or, for lakes of the
 * earlier layout, inside them. `root` may also be one dataset's folder; a metadata root is never a dataset.
 */
export function findLakeDatasets(root: string): FoundDataset[] {
  const isDataset = (p: string): boolean => !isMetadataRoot(p) && [metadataRootOf(p), p].some((d) => ["_log", "_manifest.json"].some((n) => exists(join(d, n))));
  if (!exists(root)) throw new DataError(`lake: no folder ${root} (sync a dataset into it first: syncDataset(..., { dir }))`);
  if (isDataset(root)) return [{ view: viewName(root.split(/[\\/]/).slice(-3)), dir: root }];
  const out: FoundDataset[] = [];
  const dirs = (p: string): string[] =>
    fsCall("list", p, () => readdirSync(p, { withFileTypes: true }))
      .filter((e) => e.isDirectory() && !e.name.startsWith(".") && !e.name.startsWith("_"))
      .map((e) => e.name)
      .sort();
  for (const service of dirs(root))
    for (const version of dirs(join(root, service)))
      for (const endpoint of dirs(join(root, service, version))) {
        const dir = join(root, service, version, endpoint);
        if (isDataset(dir)) out.push({ view: viewName([service, version, endpoint]), dir });
      }
  return out;
}

function viewName(parts: readonly string[]): string {
  return parts.join("_").toLowerCase().replace(/[^a-z0-9_]/g, "_");
}

function exists(p: string): boolean {
  try {
    lstatSync(p);
    return true;
  } catch {
    return false;
  }
}
