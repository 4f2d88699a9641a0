import { firstDayOfMonth, monthNumber, monthOfDay, parseDay } from "../../core/dates";
import { START, mixKey } from "../../core/hash";
import { normalAfter, unitAfter } from "./keyed-noise";
import { insideRing, PAIR_COUNT, PAIRS } from "../geo/geography";
import type { County } from "../geo/geography";
import { wellTypeOf } from "./well-types";

/** Wells per county-operator pair (two wellpads of three wells). */
export const WELLS_PER_PAIR = 6;
/** Wells in the catalogue (some are only permitted by asOf, some not yet permitted). */
export const WELL_COUNT = PAIR_COUNT * WELLS_PER_PAIR;

const SPAN_START = parseDay("2008-01-01") as number;
const SPAN_END = parseDay("2030-12-31") as number;
/** Wells completed from this month on are shale wells (mostly horizontal). */
const SHALE_MONTH = monthNumber(2010, 1);

/** One well. Dates are day numbers (UTC); the well "exists" for a given asOf once permitted. */
export interface Well {
  readonly index: number;
  readonly api: number;
  readonly pairIndex: number;
  readonly county: County;
  readonly operatorName: string;
  readonly wellpadId: number;
  readonly wellName: string;
  readonly lat: number;
  readonly lon: number;
  readonly latBottom: number;
  readonly lonBottom: number;
  readonly permitDay: number;
  readonly spudDay: number;
  /** Day fracking started (completions start_date). */
  readonly fracStartDay: number;
  /** Day the completion ended (completion_date, completions end_date). */
  readonly completionDay: number;
  /** First productive month (month number). */
  readonly firstProdMonth: number;
  readonly wellboreType: "vertical" | "horizontal" | "directional";
  readonly tvd: number;
  readonly horizontalLength: number;
  readonly measuredDepth: number;
  /** "oil" or "gas" by the EIA GOR definition (gas-oil ratio above 6,000 cf/bbl is gas). */
  readonly wellClass: "oil" | "gas";
  readonly gasIp: number;
  readonly oilIp: number;
  readonly b: number;
  readonly d: number;
}

const cache = new Map<number, readonly Well[]>();

/**
 * The whole well catalogue of a seed, built once and kept (24,000 wells: about 0.1 s of CPU; built well
 * by well with a hash of its keys each time, it took 0.25 to 0.7 s, issue 31).
 */
export function wellsOf(seed: number): readonly Well[] {
  let wells = cache.get(seed);
  if (!wells) {
    wells = buildWells(seed);
    cache.set(seed, wells);
  }
  return wells;
}

/** Wellpad id of pad `k` (0 or 1) of a pair. */
export function wellpadIdOf(pairIndex: number, k: number): number {
  return 500_000 + pairIndex * 2 + k;
}

/** What the three wells of a wellpad share (drawn from the pad's key). */
interface Pad {
  readonly padDay: number;
  /** Draws of the spud and permit days before the frac start (unit(seed, padKey, 4) and 5). */
  readonly spudDraw: number;
  readonly permitDraw: number;
  readonly surface: { lat: number; lon: number };
  readonly bearing: number;
  readonly wellpadId: number;
  /** The well name before the well's number on the pad. */
  readonly namePrefix: string;
}

// The draws below are unit(seed, key, n) and normal(seed, key, n) of core/hash.ts, the running hash of
// (seed, key) computed once per pad or well and then mixed with each n (keyed-noise.ts's unitAfter and
// normalAfter): the same numbers, without hashing the seed and key again for each of a well's dozen draws.
const unitOf = unitAfter;
const normalOf = normalAfter;

/** pointInCounty(county, seed, padKey, 10) of geo/geography.ts, from the running hash of (seed, padKey). */
function padPoint(county: County, hPad: number): { lat: number; lon: number } {
  const [minLon, minLat, maxLon, maxLat] = county.bbox;
  const h10 = mixKey(hPad, 10);
  for (let attempt = 0; attempt < 32; attempt++) {
    const h = mixKey(h10, attempt);
    const lon = minLon + unitOf(h, 101) * (maxLon - minLon);
    const lat = minLat + unitOf(h, 202) * (maxLat - minLat);
    if (insideRing(county.ring, lon, lat)) return { lat, lon };
  }
  return { lat: (minLat + maxLat) / 2, lon: (minLon + maxLon) / 2 };
}

function buildWells(seed: number): Well[] {
  const hSeed = mixKey(START, seed);
  const upperCountyNames = new Map<County, string>();
  const pads: Pad[] = [];
  for (let padKey = 0; padKey < PAIR_COUNT * 2; padKey++) {
    const pairIndex = Math.floor(padKey / 2);
    const pair = PAIRS[pairIndex];
    const county = pair.county;
    let countyName = upperCountyNames.get(county);
    if (countyName === undefined) upperCountyNames.set(county, (countyName = county.name.toUpperCase()));
    const hPad = mixKey(hSeed, padKey);
    pads.push({
      padDay: SPAN_START + Math.floor(unitOf(hPad, 1) * (SPAN_END - SPAN_START)),
      spudDraw: unitOf(hPad, 4),
      permitDraw: unitOf(hPad, 5),
      surface: padPoint(county, hPad),
      bearing: unitOf(hPad, 11) * 2 * Math.PI,
      wellpadId: wellpadIdOf(pairIndex, padKey % 2),
      namePrefix: `${pair.operatorName.split(" ")[0].toUpperCase()} ${countyName} ${padKey % 97} `,
    });
  }
  const wells: Well[] = new Array(WELL_COUNT);
  for (let index = 0; index < WELL_COUNT; index++) wells[index] = buildWell(seed, hSeed, index, pads);
  return wells;
}

function buildWell(seed: number, hSeed: number, index: number, pads: readonly Pad[]): Well {
  const pairIndex = index % PAIR_COUNT;
  const j = Math.floor(index / PAIR_COUNT);
  const pad = Math.floor(j / 3);
  const pair = PAIRS[pairIndex];
  const county = pair.county;
  const type = wellTypeOf(county.basin);
  const padKey = pairIndex * 2 + pad;
  const p = pads[padKey];
  const h = mixKey(hSeed, index);
  const completionDay = p.padDay + (j % 3) * 2 + Math.floor(unitOf(h, 2) * 3);
  const fracStartDay = completionDay - 4 - Math.floor(unitOf(h, 3) * 10);
  const spudDay = fracStartDay - 25 - Math.floor(p.spudDraw * 90);
  const permitDay = spudDay - 30 - Math.floor(p.permitDraw * 240);
  const completionMonth = monthOfDay(completionDay);
  const firstProdMonth = completionMonth + (completionDay - firstDayOfMonth(completionMonth) > 20 ? 2 : 1);
  const shale = completionMonth >= SHALE_MONTH;
  const boreDraw = unitOf(h, 6);
  const wellboreType = boreDraw < (shale ? 0.86 : 0.5) ? "horizontal" : boreDraw < (shale ? 0.94 : 0.75) ? "directional" : "vertical";
  const tvd = Math.round(type.tvd * (1 + 0.12 * normalOf(h, 7)));
  const horizontalLength = wellboreType === "horizontal" ? Math.round(4000 + unitOf(h, 8) * 11000) : 0;
  const measuredDepth = tvd + horizontalLength + (wellboreType === "vertical" ? 0 : Math.round(600 + unitOf(h, 9) * 900));
  const lat = p.surface.lat + (j % 3) * 0.00012;
  const lon = p.surface.lon;
  const bearing = p.bearing;
  const feet = horizontalLength + (wellboreType === "directional" ? 1500 : 0);
  const latBottom = lat + (Math.cos(bearing) * feet) / 364_000;
  const lonBottom = lon + (Math.sin(bearing) * feet) / (364_000 * Math.cos((lat * Math.PI) / 180));
  const lateralScale = wellboreType === "horizontal" ? horizontalLength / 9000 : 0.35;
  const gasIp = type.gasIp * lateralScale * Math.exp(0.35 * normalOf(h, 12));
  const oilIp = type.oilIp * lateralScale * Math.exp(0.35 * normalOf(h, 13));
  const gor = oilIp === 0 ? Infinity : (gasIp * 1e9) / oilIp;
  const local = Math.floor(pairIndex - firstPairOfCounty(county.index)) * WELLS_PER_PAIR + j;
  const unique = 10_000 + local * 97;
  const api = county.apiState * 100_000_000 + county.apiCounty * 100_000 + unique;
  return {
    index,
    api,
    pairIndex,
    county,
    operatorName: pair.operatorName,
    wellpadId: p.wellpadId,
    wellName: `${p.namePrefix}${(j % 3) + 1}${wellboreType === "horizontal" ? "H" : ""}`,
    lat,
    lon,
    latBottom,
    lonBottom,
    permitDay,
    spudDay,
    fracStartDay,
    completionDay,
    firstProdMonth,
    wellboreType,
    tvd,
    horizontalLength,
    measuredDepth,
    wellClass: gor > 6000 ? "gas" : "oil",
    gasIp,
    oilIp,
    b: type.b,
    d: type.d,
  };
}

let firstPairs: number[] | undefined;
function firstPairOfCounty(countyIndex: number): number {
  if (!firstPairs) {
    firstPairs = [];
    for (const pair of PAIRS) if (firstPairs[pair.county.index] === undefined) firstPairs[pair.county.index] = pair.index;
  }
  return firstPairs[countyIndex];
}
