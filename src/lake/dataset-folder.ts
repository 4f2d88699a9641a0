/**
 * Where a dataset lives in a lake, and the sweep of temporary files a killed sync left behind.
 */
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { EndpointSpec } from "../catalog/types";

/**
 * `<dir>/<service>/<version>/<endpoint>`: the endpoint is its path after the version, `/` as `_`
 * (`natgas/v4/rigs`, `lng/v1/volume_flows_history`).
 */
export function datasetFolder(dir: string, spec: EndpointSpec): string {
  const segments = spec.path.split("/").filter((s) => s !== "");
  const rest = segments[0] === spec.version ? segments.slice(1) : segments;
  return join(dir, spec.service, spec.version, rest.join("_"));
}

/**
 * Deletes the temporary files (`*.tmp`) a killed sync left in the dataset folder and its month
 * folders. Only this dataset's folder is swept; one sync per dataset runs at a time.
 */
export function removeLeftovers(datasetDir: string): void {
  for (const entry of readdirSync(datasetDir, { withFileTypes: true })) {
    const path = join(datasetDir, entry.name);
    if (entry.isFile() && entry.name.endsWith(".tmp")) rmSync(path, { force: true });
    if (entry.isDirectory() && entry.name.startsWith("month=")) {
      for (const inner of readdirSync(path, { withFileTypes: true })) {
        if (inner.isFile() && inner.name.endsWith(".tmp")) rmSync(join(path, inner.name), { force: true });
      }
    }
  }
}
