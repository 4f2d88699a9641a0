import { monthNumber } from "../../core/dates";
import { key3, normalAfter } from "./keyed-noise";
import { SUB_REGION_OF_COUNTY, SUB_REGIONS } from "../geo/geography";
import { actualGas, actualOil, expectedGas, expectedOil } from "./region-curve";
import { wellTypeOf } from "./well-types";
import { wellsOf } from "./wells";
import type { Well } from "./wells";

/**
 * How much a well's type-curve rate is multiplied by so that the wells of a sub-region add up to the
 * sub-region's total (region-curve.ts). The wells stand for all of the sub-region's production, the way
 * the county-operator rows do.
 *
 * For month m and cohort cutoff c (wells whose first production month is <= c), the type-curve sum is
 * S(c, m) = sum over first-production months f <= min(c, m) of IP(f) * D(m - f), where IP(f) is the
 * summed initial rate of the sub-region's wells first producing in f and D its decline (every well of a
 * sub-region shares b and D). A forecast run uses the wells it knew (c = its month), so its wells also
 * carry the months after the run. Actuals divide by the sum of the wells' noisy rates instead, so the
 * wells of a sub-region add up to its actual total exactly.
 */

const FIRST_MONTH = monthNumber(2000, 1);
const MIN_LAST_MONTH = monthNumber(2040, 12);
/** Lags (months after the cutoff) whose forecast scales are kept; larger lags are computed each time. */
const CACHED_LAGS = 8;
/** Relative month-to-month noise of a well's actual rate around its type curve. */
const WELL_NOISE = 0.06;

/** A well's noise factor in a month: salt 21 for gas, 22 for oil. */
export function wellNoise(seed: number, well: Well, month: number, salt: 21 | 22): number {
  return wellNoiseAt(key3(seed, well.index, month), salt);
}

/** wellNoise from the well-month's `key3(seed, well.index, month)`. */
export function wellNoiseAt(key: number, salt: 21 | 22): number {
  return 1 + WELL_NOISE * normalAfter(key, salt);
}

/**
 * A well-month's gas noise into `into[at]` and its oil noise into `into[at + 1]` (0 without oil), from
 * its key. Through a typed array: a fraction returned from a call V8 did not inline is boxed, and a row
 * of productionbywell drew two that way (a sandbox allocation profile, 2026-11-29).
 */
export function wellNoisesInto(key: number, oil: boolean, into: Float64Array, at: number): void {
  into[at + 1] = 0;
  // One call site, which V8 inlines; a second was left a call.
  for (let k = 0, n = oil ? 2 : 1; k < n; k++) into[at + k] = wellNoiseAt(key, k === 0 ? 21 : 22);
}

/** The decline factor of a sub-region's type curve `t` months after first production, computed. */
function declineBeyond(sub: number, t: number): number {
  const { b, d } = wellTypeOf(SUB_REGIONS[sub].mainBasin);
  return Math.pow(1 + b * d * t, -1 / b);
}

/** Per-seed scale tables, months FIRST_MONTH .. lastMonth. */
export class WellScales {
  private readonly months: number;
  private readonly gasIp: Float64Array;
  private readonly oilIp: Float64Array;
  private readonly decline: Float64Array;
  /** Wells of each sub-region by first production month. */
  private readonly wellsBySub: Well[][];
  private readonly actual: Float64Array;
  private readonly forecast: Float64Array;
  /**
   * The noise factors [gas, oil] by well index that `noisySums` last drew for each well, in month
   * `noiseMonths[index]` (oil 0 where not drawn): a month's answer writes every well of that month and
   * would draw the same noise again (`noisesInto`).
   */
  private readonly noise: Float64Array;
  private readonly noiseMonths: Int32Array;

  constructor(
    private readonly seed: number,
    readonly lastMonth: number,
  ) {
    const subs = SUB_REGIONS.length;
    const n = (this.months = lastMonth - FIRST_MONTH + 1);
    this.gasIp = new Float64Array(subs * n);
    this.oilIp = new Float64Array(subs * n);
    this.wellsBySub = SUB_REGIONS.map(() => []);
    const wells = wellsOf(seed);
    this.noise = new Float64Array(wells.length * 2);
    this.noiseMonths = new Int32Array(wells.length).fill(-1);
    for (const w of wells) {
      this.wellsBySub[SUB_REGION_OF_COUNTY[w.county.index]].push(w);
      const f = w.firstProdMonth - FIRST_MONTH;
      if (f < 0 || f >= n) continue;
      const i = SUB_REGION_OF_COUNTY[w.county.index] * n + f;
      this.gasIp[i] += w.gasIp;
      this.oilIp[i] += w.oilIp;
    }
    for (const list of this.wellsBySub) list.sort((a, b) => a.firstProdMonth - b.firstProdMonth);
    this.decline = new Float64Array(subs * n);
    SUB_REGIONS.forEach((s, k) => {
      const { b, d } = wellTypeOf(s.mainBasin);
      for (let t = 0; t < n; t++) this.decline[k * n + t] = Math.pow(1 + b * d * t, -1 / b);
    });
    // [gas, oil] pairs, NaN until first asked
    this.actual = new Float64Array(subs * n * 2).fill(NaN);
    this.forecast = new Float64Array(subs * n * CACHED_LAGS * 2).fill(NaN);
  }

  /**
   * The well's noise factors of `month` into `into[0]` (gas) and `into[1]` (oil, 0 without oil): those
   * `noisySums` drew for that month if it did (the actual scale of the well's sub-region was just
   * computed), else drawn from the well-month's `key`.
   */
  noisesInto(well: Well, month: number, key: number, into: Float64Array): void {
    const i = well.index;
    if (this.noiseMonths[i] === month) {
      into[0] = this.noise[i << 1];
      into[1] = this.noise[(i << 1) | 1];
    } else wellNoisesInto(key, well.oilIp > 0, into, 0);
  }

  /** Type-curve sums [gas, oil] of the sub-region's wells first producing by `cutoff` (<= month), in `month`. */
  private sums(sub: number, cutoff: number, month: number): [number, number] {
    const base = sub * this.months;
    const m = month - FIRST_MONTH;
    let gas = 0;
    let oil = 0;
    for (let f = 0; f <= cutoff - FIRST_MONTH; f++) {
      const dec = this.decline[base + m - f];
      gas += this.gasIp[base + f] * dec;
      oil += this.oilIp[base + f] * dec;
    }
    return [gas, oil];
  }

  /** Decline factor of the sub-region's type curve `t` months after first production. */
  declineAt(sub: number, t: number): number {
    return t < this.months ? this.decline[sub * this.months + t] : declineBeyond(sub, t);
  }

  /** Sums [gas, oil] of the noisy type-curve rates of the sub-region's wells producing in `month`. */
  private noisySums(sub: number, month: number): [number, number] {
    let gas = 0;
    let oil = 0;
    const wells = this.wellsBySub[sub];
    const noise = this.noise;
    const noiseMonths = this.noiseMonths;
    for (const w of wells) {
      if (w.firstProdMonth > month) break;
      const dec = this.declineAt(sub, month - w.firstProdMonth);
      const at = w.index << 1;
      wellNoisesInto(key3(this.seed, w.index, month), w.oilIp > 0, noise, at);
      noiseMonths[w.index] = month;
      gas += w.gasIp * dec * noise[at];
      if (w.oilIp > 0) oil += w.oilIp * dec * noise[at + 1];
    }
    return [gas, oil];
  }

  /**
   * Scale of the actual gas (index 0) or oil (index 1) of a sub-region's wells in a month. 0 where the
   * sub-region has no producing well (nothing to scale) or the month is outside the tables.
   */
  actualScale(sub: number, month: number, which: 0 | 1): number {
    const m = month - FIRST_MONTH;
    if (m < 0 || m >= this.months) return 0;
    const i = ((sub * this.months + m) << 1) | which;
    let v = this.actual[i];
    if (v !== v) {
      this.computeActual(sub, month, i);
      v = this.actual[i];
    }
    return v;
  }

  /**
   * actualScale's gas and oil scales of a month into `into[0]` and `into[1]`. Through a typed array: a
   * number returned from a call V8 did not inline is boxed, once a row of productionbywell.
   */
  actualScalesInto(sub: number, month: number, into: Float64Array): void {
    const m = month - FIRST_MONTH;
    if (m < 0 || m >= this.months) {
      into[0] = into[1] = 0;
      return;
    }
    const i = (sub * this.months + m) << 1;
    if (this.actual[i] !== this.actual[i]) this.computeActual(sub, month, i);
    into[0] = this.actual[i];
    into[1] = this.actual[i | 1];
  }

  /** actualScale's pair [gas, oil] (`i` the index of either) computed and kept. */
  private computeActual(sub: number, month: number, i: number): void {
    const [gas, oil] = this.noisySums(sub, month);
    this.actual[i & ~1] = gas > 0 ? actualGas(this.seed, sub, month) / gas : 0;
    this.actual[i | 1] = oil > 0 ? actualOil(this.seed, sub, month) / oil : 0;
  }

  /**
   * Scale of a forecast of gas (0) or oil (1) in `month` by a run that knew the wells first producing by
   * `cutoff`: those wells carry the sub-region's expected total.
   */
  forecastScale(sub: number, cutoff: number, month: number, which: 0 | 1): number {
    const m = month - FIRST_MONTH;
    if (m < 0 || m >= this.months) return 0;
    const lag = Math.max(0, month - cutoff);
    const compute = (): [number, number] => {
      const [gas, oil] = this.sums(sub, Math.min(cutoff, month), month);
      return [gas > 0 ? expectedGas(sub, month) / gas : 0, oil > 0 ? expectedOil(sub, month) / oil : 0];
    };
    if (lag >= CACHED_LAGS) return compute()[which];
    const i = (((sub * this.months + m) * CACHED_LAGS + lag) << 1) | which;
    let v = this.forecast[i];
    if (Number.isNaN(v)) {
      const [gas, oil] = compute();
      this.forecast[i & ~1] = gas;
      this.forecast[i | 1] = oil;
      v = this.forecast[i];
    }
    return v;
  }
}

const cache = new Map<number, WellScales>();

/** The scale tables of a seed covering at least up to `month` (built once after the well catalogue; scales are computed on first use). */
export function wellScalesOf(seed: number, month: number): WellScales {
  let scales = cache.get(seed);
  if (!scales || scales.lastMonth < month) {
    if (cache.size > 8) cache.clear();
    scales = new WellScales(seed, Math.max(MIN_LAST_MONTH, month + 12));
    cache.set(seed, scales);
  }
  return scales;
}
