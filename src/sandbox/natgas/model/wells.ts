import { firstDayOfMonth, monthNumber, monthOfDay, parseDay } from "../../core/dates";
import { normal, unit } from "../../core/hash";
import { PAIR_COUNT, PAIRS, pointInCounty } from "../geo/geography";
import type { County } from "../geo/geography";
import { wellTypeOf } from "./well-types";

/** Wells per county-operator pair (two wellpads of three wells). */
export const WELLS_PER_PAIR = 6;
/** Wells in the catalogue (some are only permitted by asOf, some not yet permitted). */
export const WELL_COUNT = PAIR_COUNT * WELLS_PER_PAIR;

const SPAN_START = parseDay("2008-01-01") as number;
const SPAN_END = parseDay("2030-12-31") as number;

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

/** The whole well catalogue of a seed, built once (about 20 ms) and kept. */
export function wellsOf(seed: number): readonly Well[] {
  let wells = cache.get(seed);
  if (!wells) {
    wells = Array.from({ length: WELL_COUNT }, (_, i) => buildWell(seed, i));
    cache.set(seed, wells);
  }
  return wells;
}

/** Wellpad id of pad `k` (0 or 1) of a pair. */
export function wellpadIdOf(pairIndex: number, k: number): number {
  return 500_000 + pairIndex * 2 + k;
}

function buildWell(seed: number, index: number): Well {
  const pairIndex = index % PAIR_COUNT;
  const j = Math.floor(index / PAIR_COUNT);
  const pad = Math.floor(j / 3);
  const pair = PAIRS[pairIndex];
  const county = pair.county;
  const type = wellTypeOf(county.basin);
  const padKey = pairIndex * 2 + pad;
  const padDay = SPAN_START + Math.floor(unit(seed, padKey, 1) * (SPAN_END - SPAN_START));
  const completionDay = padDay + (j % 3) * 2 + Math.floor(unit(seed, index, 2) * 3);
  const fracStartDay = completionDay - 4 - Math.floor(unit(seed, index, 3) * 10);
  const spudDay = fracStartDay - 25 - Math.floor(unit(seed, padKey, 4) * 90);
  const permitDay = spudDay - 30 - Math.floor(unit(seed, padKey, 5) * 240);
  const completionMonth = monthOfDay(completionDay);
  const firstProdMonth = completionMonth + (completionDay - firstDayOfMonth(completionMonth) > 20 ? 2 : 1);
  const shale = monthOfDay(completionDay) >= monthNumber(2010, 1);
  const boreDraw = unit(seed, index, 6);
  const wellboreType = boreDraw < (shale ? 0.86 : 0.5) ? "horizontal" : boreDraw < (shale ? 0.94 : 0.75) ? "directional" : "vertical";
  const tvd = Math.round(type.tvd * (1 + 0.12 * normal(seed, index, 7)));
  const horizontalLength = wellboreType === "horizontal" ? Math.round(4000 + unit(seed, index, 8) * 11000) : 0;
  const measuredDepth = tvd + horizontalLength + (wellboreType === "vertical" ? 0 : Math.round(600 + unit(seed, index, 9) * 900));
  const surface = pointInCounty(county, seed, padKey, 10);
  const lat = surface.lat + (j % 3) * 0.00012;
  const lon = surface.lon;
  const bearing = unit(seed, padKey, 11) * 2 * Math.PI;
  const feet = horizontalLength + (wellboreType === "directional" ? 1500 : 0);
  const latBottom = lat + (Math.cos(bearing) * feet) / 364_000;
  const lonBottom = lon + (Math.sin(bearing) * feet) / (364_000 * Math.cos((lat * Math.PI) / 180));
  const lateralScale = wellboreType === "horizontal" ? horizontalLength / 9000 : 0.35;
  const gasIp = type.gasIp * lateralScale * Math.exp(0.35 * normal(seed, index, 12));
  const oilIp = type.oilIp * lateralScale * Math.exp(0.35 * normal(seed, index, 13));
  const gor = oilIp === 0 ? Infinity : (gasIp * 1e9) / oilIp;
  const local = Math.floor(pairIndex - firstPairOfCounty(county.index)) * WELLS_PER_PAIR + j;
  const unique = 10_000 + local * 97;
  const api = county.apiState * 100_000_000 + county.apiCounty * 100_000 + unique;
  const leaseWord = pair.operatorName.split(" ")[0].toUpperCase();
  return {
    index,
    api,
    pairIndex,
    county,
    operatorName: pair.operatorName,
    wellpadId: wellpadIdOf(pairIndex, pad),
    wellName: `${leaseWord} ${county.name.toUpperCase()} ${padKey % 97} ${(j % 3) + 1}${wellboreType === "horizontal" ? "H" : ""}`,
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
