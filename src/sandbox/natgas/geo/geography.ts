import { NATGAS_SUB_REGIONS, natgasCountyByKey, natgasCountyKey } from "../../../places/natgas-places";
import { normal, unit } from "../../core/hash";
import { COUNTY_ROWS } from "./county-rows";
import { OPERATORS } from "./operators";

/** A producing county of the sandbox. */
export interface County {
  readonly index: number;
  readonly region: string;
  readonly subRegion: string;
  /** The sandbox's model key (production curve, type well, fleet share); never sent. */
  readonly basin: string;
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
  const [basin, stateAb, name, apiState, apiCounty, ring] = row;
  const place = natgasCountyByKey.get(natgasCountyKey(stateAb, name));
  if (place === undefined) throw new Error(`sandbox county ${name}, ${stateAb} is not in src/places/natgas-places.ts`);
  let minLon = Infinity, minLat = Infinity, maxLon = -Infinity, maxLat = -Infinity;
  for (let i = 0; i < ring.length; i += 2) {
    minLon = Math.min(minLon, ring[i]);
    maxLon = Math.max(maxLon, ring[i]);
    minLat = Math.min(minLat, ring[i + 1]);
    maxLat = Math.max(maxLat, ring[i + 1]);
  }
  return { index, region: place.region, subRegion: place.subRegion, basin, stateAb, name, apiState, apiCounty, ring, bbox: [minLon, minLat, maxLon, maxLat] };
});

/** A sub-region of the sandbox: its live name, region, and how much of each model basin it holds. */
export interface SandboxSubRegion {
  readonly name: string;
  readonly region: string;
  /** Share of each basin's counties that lie in this sub-region (basin -> fraction). */
  readonly basins: ReadonlyMap<string, number>;
  /** The basin with the largest share: its type well and decline stand for the sub-region. */
  readonly mainBasin: string;
}

/** Sub-regions in catalogue order (that of src/places/natgas-places.ts), each with its region. */
export const SUB_REGIONS: readonly SandboxSubRegion[] = NATGAS_SUB_REGIONS.filter((s) => COUNTIES.some((c) => c.subRegion === s.name)).map((s) => {
  const basins = new Map<string, number>();
  for (const c of COUNTIES) {
    if (c.subRegion !== s.name) continue;
    const ofBasin = COUNTIES.filter((d) => d.basin === c.basin).length;
    basins.set(c.basin, (basins.get(c.basin) ?? 0) + 1 / ofBasin);
  }
  const mainBasin = [...basins].sort((a, b) => b[1] - a[1])[0][0];
  return { name: s.name, region: s.region, basins, mainBasin };
});

/** A per-basin figure (`value` of each model basin) summed over a sub-region's shares of the basins. */
export function overBasins(sub: SandboxSubRegion, value: (basin: string) => number): number {
  let total = 0;
  for (const [basin, share] of sub.basins) total += share * value(basin);
  return total;
}

/** Index in SUB_REGIONS of each county's sub-region, by county index. */
export const SUB_REGION_OF_COUNTY: Int32Array = Int32Array.from(COUNTIES, (c) => SUB_REGIONS.findIndex((s) => s.name === c.subRegion));

/** Regions in catalogue order. */
export const REGIONS: readonly string[] = [...new Set(SUB_REGIONS.map((s) => s.region))];

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
