import { parseDay } from "../../core/dates";
import { pick, unit } from "../../core/hash";
import { overBasins, PAIR_COUNT, PAIRS, SUB_REGIONS } from "../geo/geography";
import { wellsOf } from "./wells";
import type { Well } from "./wells";

/** A moving fleet (drilling rigs or frac crews): how many units work each day and where. */
export interface FleetSpec {
  readonly salt: number;
  /** [YYYY-MM-DD, active units] knots, linearly interpolated by day. */
  readonly knots: readonly (readonly [string, number])[];
  /** Days a unit stays on one wellpad: [min, max]. */
  readonly jobDays: readonly [number, number];
  /** Relative share of units per model basin (geo/county-rows.ts); a sub-region gets its share of each. */
  readonly basinWeights: Readonly<Record<string, number>>;
}

/** Where unit `unit` works on day `day`: a wellpad, described by its first well. */
export interface FleetPosition {
  readonly unit: number;
  readonly day: number;
  readonly pad: Well;
}

/** A fleet over [firstDay, lastDay], with random access to the n-th (day, unit) position. */
export class Fleet {
  readonly firstDay: number;
  readonly lastDay: number;
  /** prefix[i] = positions before day firstDay + i. */
  private readonly prefix: Float64Array;
  private readonly counts: Int32Array;
  private readonly unitSubRegion: Int32Array;
  private readonly padsBySubRegion: number[][];

  constructor(
    private readonly seed: number,
    private readonly spec: FleetSpec,
    firstDay: number,
    lastDay: number,
  ) {
    this.firstDay = firstDay;
    this.lastDay = lastDay;
    const days = Math.max(0, lastDay - firstDay + 1);
    this.counts = new Int32Array(days);
    this.prefix = new Float64Array(days + 1);
    let max = 0;
    const knots = spec.knots.map(([d, v]) => [parseDay(d) as number, v] as const);
    for (let i = 0; i < days; i++) {
      this.counts[i] = Math.round(interpolateKnots(knots, firstDay + i));
      this.prefix[i + 1] = this.prefix[i] + this.counts[i];
      max = Math.max(max, this.counts[i]);
    }
    const names = SUB_REGIONS.map((s) => s.name);
    const weights = SUB_REGIONS.map((s) => overBasins(s, (b) => spec.basinWeights[b] ?? 0));
    const total = weights.reduce((a, b) => a + b, 0);
    this.unitSubRegion = new Int32Array(max);
    for (let u = 0; u < max; u++) {
      let x = unit(seed, spec.salt, u, 1) * total;
      let s = 0;
      while (s < weights.length - 1 && x >= weights[s]) x -= weights[s++];
      this.unitSubRegion[u] = s;
    }
    this.padsBySubRegion = names.map(() => []);
    for (const pair of PAIRS) {
      const s = names.indexOf(pair.county.subRegion);
      this.padsBySubRegion[s].push(pair.index * 2, pair.index * 2 + 1);
    }
  }

  /** Positions in the whole fleet history. */
  get count(): number {
    return this.prefix[this.prefix.length - 1];
  }

  /** Units working on a day (0 outside the fleet's days). */
  unitsOn(day: number): number {
    const i = day - this.firstDay;
    return i >= 0 && i < this.counts.length ? this.counts[i] : 0;
  }

  /** Index of the first position of a day. */
  firstPositionOf(day: number): number {
    return this.prefix[Math.min(Math.max(0, day - this.firstDay), this.counts.length)];
  }

  /** Sub-region index (in SUB_REGIONS order) a unit works in. */
  subRegionOf(unitIndex: number): number {
    return this.unitSubRegion[unitIndex];
  }

  /** The n-th position, day-major then unit. */
  position(n: number): FleetPosition {
    let lo = 0;
    let hi = this.counts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.prefix[mid] <= n) lo = mid;
      else hi = mid - 1;
    }
    const day = this.firstDay + lo;
    const u = n - this.prefix[lo];
    return { unit: u, day, pad: this.padOf(u, day) };
  }

  /** The wellpad unit `u` works on that day (its first well stands for it). */
  padOf(u: number, day: number): Well {
    const [min, max] = this.spec.jobDays;
    const length = min + pick(max - min + 1, this.seed, this.spec.salt, u, 2);
    const phase = pick(length, this.seed, this.spec.salt, u, 3);
    const job = Math.floor((day + phase) / length);
    const pads = this.padsBySubRegion[this.unitSubRegion[u]];
    const padKey = pads[pick(pads.length, this.seed, this.spec.salt, u, job, 4)];
    const pairIndex = padKey >> 1;
    const k = padKey & 1;
    return wellsOf(this.seed)[k * 3 * PAIR_COUNT + pairIndex];
  }
}

function interpolateKnots(points: readonly (readonly [number, number])[], day: number): number {
  if (day <= points[0][0]) return points[0][1];
  for (let i = 1; i < points.length; i++) {
    if (day <= points[i][0]) {
      const [d0, v0] = points[i - 1];
      const [d1, v1] = points[i];
      return v0 + ((v1 - v0) * (day - d0)) / (d1 - d0);
    }
  }
  return points[points.length - 1][1];
}
