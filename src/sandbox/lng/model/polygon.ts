/**
 * Polygon filters of the LNG service: a polygon is a list of closed rings of [longitude, latitude]
 * pairs (EPSG:4326). A point is inside a polygon by the even-odd rule over all its rings, so a
 * second ring inside the first is a hole.
 */

export type Ring = ReadonlyArray<readonly [number, number]>;
export type Polygon = ReadonlyArray<Ring>;

/** True when (lon, lat) is inside the polygon (even-odd rule over every ring). */
export function pointInPolygon(lon: number, lat: number, polygon: Polygon): boolean {
  let inside = false;
  for (const ring of polygon) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [xi, yi] = ring[i] as readonly [number, number];
      const [xj, yj] = ring[j] as readonly [number, number];
      if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
    }
  }
  return inside;
}

/**
 * Reads a list of polygons from request JSON. Also takes the vendor's form, a list of closed rings
 * (its OpenAPI document types polygons `list[list[list[float]]]` and its examples are two separate
 * boxes): each ring is then one polygon. Returns the polygons, or a message saying what is wrong.
 */
export function readPolygons(value: unknown): Polygon[] | string {
  if (!Array.isArray(value)) return "expected a list of polygons, each a list of closed rings of [longitude, latitude] pairs";
  if (value.length === 0) return [];
  const depth = arrayDepth(value);
  const polygons = depth === 3 ? value.map((ring) => [ring]) : value;
  const out: Polygon[] = [];
  for (let p = 0; p < polygons.length; p++) {
    const polygon: unknown = polygons[p];
    if (!Array.isArray(polygon) || polygon.length === 0) return `polygon ${p} must be a non-empty list of rings`;
    const rings: Ring[] = [];
    for (let r = 0; r < polygon.length; r++) {
      const ring = readRing(polygon[r]);
      if (typeof ring === "string") return `polygon ${p} ring ${r}: ${ring}`;
      rings.push(ring);
    }
    out.push(rings);
  }
  return out;
}

function arrayDepth(value: unknown): number {
  let depth = 0;
  let cur: unknown = value;
  while (Array.isArray(cur) && cur.length > 0) {
    depth++;
    cur = cur[0];
  }
  return depth;
}

function readRing(value: unknown): Ring | string {
  if (!Array.isArray(value)) return "a ring must be a list of [longitude, latitude] pairs";
  if (value.length < 4) return `a closed ring needs at least 4 points (first = last), got ${value.length}`;
  const ring: Array<readonly [number, number]> = [];
  for (const point of value as unknown[]) {
    if (!Array.isArray(point) || point.length !== 2 || !point.every((n) => typeof n === "number" && Number.isFinite(n))) {
      return `${JSON.stringify(point)} is not a [longitude, latitude] pair of numbers`;
    }
    const [lon, lat] = point as [number, number];
    if (lon < -180 || lon > 180 || lat < -90 || lat > 90) return `[${lon}, ${lat}] is outside longitude -180..180 / latitude -90..90`;
    ring.push([lon, lat]);
  }
  const first = ring[0] as readonly [number, number];
  const last = ring[ring.length - 1] as readonly [number, number];
  if (first[0] !== last[0] || first[1] !== last[1]) return "ring is not closed (its first and last pairs differ)";
  return ring;
}
