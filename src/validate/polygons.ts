/**
 * Polygon filters: a list of polygons, each a list of closed rings of [longitude, latitude] pairs
 * (EPSG:4326).
 */
import type { ParamIssue } from "../errors";

const EXPECTED = "a list of polygons, each a list of closed rings of [longitude, latitude] pairs (or a list of closed rings, one polygon each)";

/**
 * The vendor's form: a list of closed rings, each one polygon (the LNG OpenAPI document types the
 * polygon filters `list[list[list[float]]]`; the published pages' examples are two separate boxes).
 */
function isRingList(value: readonly unknown[]): boolean {
  const first = value[0];
  return Array.isArray(first) && Array.isArray(first[0]) && typeof first[0][0] === "number";
}

/**
 * Checks a polygons value and returns every problem found, each naming the polygon, ring and pair
 * (`origin_polygons[0][1][3]`; in the vendor's list-of-rings form, the ring and pair) and why. The value
 * is sent as given, in either form. A ring needs at least four pairs, its first pair equal to its
 * last, longitudes in [-180, 180] and latitudes in [-90, 90]. Returns `[]` when the value is valid.
 */
export function checkPolygons(param: string, value: unknown): ParamIssue[] {
  if (!Array.isArray(value)) return [{ param, value, expected: EXPECTED }];
  if (value.length === 0) return [{ param, value, expected: `${EXPECTED} (at least one polygon)` }];
  const issues: ParamIssue[] = [];
  if (isRingList(value)) {
    value.forEach((ring, r) => issues.push(...checkRing(`${param}[${r}]`, ring)));
    return issues;
  }
  value.forEach((polygon, p) => {
    const pPath = `${param}[${p}]`;
    if (!Array.isArray(polygon) || polygon.length === 0 || typeof polygon[0] === "number") {
      const hint = Array.isArray(polygon) && typeof polygon[0] === "number" ? " (this is a pair: a ring goes in two more lists, [[[lon, lat], ...]])" : "";
      issues.push({ param: pPath, value: polygon, expected: `a polygon: a non-empty list of rings${hint}` });
      return;
    }
    polygon.forEach((ring, r) => issues.push(...checkRing(`${pPath}[${r}]`, ring)));
  });
  return issues;
}

function checkRing(path: string, ring: unknown): ParamIssue[] {
  if (!Array.isArray(ring)) return [{ param: path, value: ring, expected: "a ring: a list of [longitude, latitude] pairs" }];
  const issues: ParamIssue[] = [];
  ring.forEach((pair, i) => {
    const issue = checkPair(`${path}[${i}]`, pair);
    if (issue) issues.push(issue);
  });
  if (issues.length > 0) return issues;
  if (ring.length < 4) {
    return [{ param: path, value: ring, expected: `a ring of at least 4 pairs (first = last), got ${ring.length}` }];
  }
  const first = ring[0] as number[];
  const last = ring[ring.length - 1] as number[];
  if (first[0] !== last[0] || first[1] !== last[1]) {
    return [{ param: path, value: ring, expected: `a closed ring: first pair ${JSON.stringify(first)} must equal last pair ${JSON.stringify(last)}` }];
  }
  return [];
}

function checkPair(path: string, pair: unknown): ParamIssue | undefined {
  if (!Array.isArray(pair) || pair.length !== 2 || !pair.every((n) => typeof n === "number" && Number.isFinite(n))) {
    return { param: path, value: pair, expected: "a [longitude, latitude] pair of two finite numbers" };
  }
  const [lon, lat] = pair as [number, number];
  if (lon < -180 || lon > 180) return { param: path, value: pair, expected: `longitude in [-180, 180], got ${lon}` };
  if (lat < -90 || lat > 90) {
    const swapped = lat >= -180 && lat <= 180 && lon >= -90 && lon <= 90 ? " (pairs are [longitude, latitude]; swapped?)" : "";
    return { param: path, value: pair, expected: `latitude in [-90, 90], got ${lat}${swapped}` };
  }
  return undefined;
}
