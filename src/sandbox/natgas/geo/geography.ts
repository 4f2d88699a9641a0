import { normal, unit } from "../../core/hash";
import { COUNTY_ROWS } from "./county-rows";
import { OPERATORS } from "./operators";

/** A producing county of the sandbox. */
export interface County {
  readonly index: number;
  readonly region: string;
  readonly subRegion: string;
  readonly stateAb: string;
  readonly name: string;
  readonly apiState: number;
  readonly apiCounty: number;
  /** Closed outline, flat lon,lat pairs. */
  readonly ring: readonly number[];
  readonly bbox: readonly [minLon: number, minLat: number, maxLon: number, maxLat: number];
}

/** A county and an operator producing in it: one series of productionbycountyandoperator. */
export interface Pair {
  readonly index: number;
  readonly county: County;
  readonly operatorIndex: number;
  readonly operatorName: string;
}

/** Exactly 4,000 county-operator pairs, whatever the seed: 1,000,000 rows = 250 months of them. */
export const PAIR_COUNT = 4000;

export const COUNTIES: readonly County[] = COUNTY_ROWS.map((row, index) => {
  const ring = row[6];
  let minLon = Infinity, minLat = Infinity, maxLon = -Infinity, maxLat = -Infinity;
  for (let i = 0; i < ring.length; i += 2) {
    minLon = Math.min(minLon, ring[i]);
    maxLon = Math.max(maxLon, ring[i]);
    minLat = Math.min(minLat, ring[i + 1]);
    maxLat = Math.max(maxLat, ring[i + 1]);
  }
  return { index, region: row[0], subRegion: row[1], stateAb: row[2], name: row[3], apiState: row[4], apiCounty: row[5], ring, bbox: [minLon, minLat, maxLon, maxLat] };
});

/** Sub-regions in catalogue order, each with its region. */
export const SUB_REGIONS: readonly { readonly name: string; readonly region: string }[] = [
  ...new Map(COUNTIES.map((c) => [c.subRegion, { name: c.subRegion, region: c.region }])).values(),
];

/** Index in SUB_REGIONS of each county's sub-region, by county index. */
export const SUB_REGION_OF_COUNTY: Int32Array = Int32Array.from(COUNTIES, (c) => SUB_REGIONS.findIndex((s) => s.name === c.subRegion));

/** Regions in catalogue order. */
export const REGIONS: readonly string[] = [...new Set(COUNTIES.map((c) => c.region))];

/**
 * The county-operator pairs, ordered by county (catalogue order) then operator name. Each county gets
 * 39 or 40 operators drawn from the operators active in its region (a fixed draw, not seeded).
 */
export const PAIRS: readonly Pair[] = buildPairs();

function buildPairs(): Pair[] {
  const perCounty = Math.floor(PAIR_COUNT / COUNTIES.length);
  const extra = PAIR_COUNT - perCounty * COUNTIES.length;
  const pairs: Pair[] = [];
  for (const county of COUNTIES) {
    const want = perCounty + (county.index < extra ? 1 : 0);
    const regionKey = REGIONS.indexOf(county.region);
    // Operators ranked by a fixed hash of (operator, region, county): regional players recur across counties.
    const ranked = OPERATORS.map((op) => ({
      op,
      score: (unit(op.index, regionKey, 11) < 0.45 ? 0 : 1) + unit(op.index, county.index, 17),
    })).sort((a, b) => a.score - b.score);
    const chosen = ranked.slice(0, want).map((r) => r.op).sort((a, b) => (a.name < b.name ? -1 : 1));
    for (const op of chosen) pairs.push({ index: pairs.length, county, operatorIndex: op.index, operatorName: op.name });
  }
  return pairs;
}

/**
 * A point inside the county, deterministic from the keys: sampled in the bounding box and kept only
 * when inside the outline (even-odd rule); falls back to the box centre after 32 tries.
 */
export function pointInCounty(county: County, ...keys: number[]): { lat: number; lon: number } {
  const [minLon, minLat, maxLon, maxLat] = county.bbox;
  for (let attempt = 0; attempt < 32; attempt++) {
    const lon = minLon + unit(...keys, attempt, 101) * (maxLon - minLon);
    const lat = minLat + unit(...keys, attempt, 202) * (maxLat - minLat);
    if (insideRing(county.ring, lon, lat)) return { lat, lon };
  }
  return { lat: (minLat + maxLat) / 2, lon: (minLon + maxLon) / 2 };
}

/** Even-odd point-in-polygon test on a flat closed ring. */
export function insideRing(ring: readonly number[], lon: number, lat: number): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 2; i < ring.length; j = i, i += 2) {
    const xi = ring[i], yi = ring[i + 1], xj = ring[j], yj = ring[j + 1];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Stable weight of a pair within its sub-region (log-normal-ish: a few big operators, many small). */
export function pairWeight(seed: number, pair: Pair): number {
  return Math.exp(1.1 * normal(seed, pair.index, 31));
}
