/**
 * The LNG sandbox dataset for one (seed, asOf): fleet, transaction chains, observed transactions and
 * forecast runs. Built on first use (a few milliseconds) and kept in a small cache; forecasts of a
 * run are computed when a request first needs them.
 */
import { generateFleet, type Vessel } from "./fleet";
import { forecastRun, forecastRunTimes, type ForecastTransaction } from "./forecasts";
import { buildChain, type ChainTransaction, type VesselChain } from "./transaction-chain";
import { DAY_MS, parseDate } from "./time";

/** Days of observed history before asOf. */
export const HISTORY_DAYS = 1096;
/** Days of hidden truth after asOf (longer than the forecast horizon). */
const TRUTH_DAYS_AFTER = 150;

export interface LngDataset {
  readonly seed: number;
  /** asOf midnight UTC, ms. */
  readonly asOfMs: number;
  /** First day of observed data, ms. */
  readonly dataStartMs: number;
  readonly vessels: readonly Vessel[];
  readonly vesselsByImo: ReadonlyMap<number, Vessel>;
  readonly chains: readonly VesselChain[];
  readonly chainsByImo: ReadonlyMap<number, VesselChain>;
  /** Transactions with a destination time in [dataStart, asOf), sorted by destination time then IMO. */
  readonly observed: readonly ChainTransaction[];
  /** Forecast run times, oldest first. */
  readonly runs: readonly number[];
  /** Forecast transactions of a run (must be one of `runs`). */
  forecast(runAt: number): readonly ForecastTransaction[];
}

/**
 * The datasets last used, least recently used first (a Map keeps its insertion order: a hit moves its
 * entry to the end). About 2.5 MB each before forecasts. Sixteen: the tests of one shared worker use a
 * dozen (seed, asOf) pairs, and a first-in first-out cache of four rebuilt the same datasets (0.1 to
 * 0.4 s each) over and over (issue 31); a sandbox serving one (seed, asOf) holds one.
 */
const cache = new Map<string, LngDataset>();
const CACHE_SIZE = 16;

/** The dataset of (seed, asOf YYYY-MM-DD); throws a RangeError for an impossible asOf date. */
export function lngDataset(seed: number, asOf: string): LngDataset {
  const key = `${seed}|${asOf}`;
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const asOfMs = parseDate(asOf);
  if (asOfMs === undefined) throw new RangeError(`asOf must be a YYYY-MM-DD date, got ${JSON.stringify(asOf)}`);
  const dataset = buildLngDataset(seed, asOfMs);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(key, dataset);
  return dataset;
}

/** Builds a dataset without the cache (asOf as midnight UTC in ms). */
export function buildLngDataset(seed: number, asOfMs: number): LngDataset {
  const dataStartMs = asOfMs - HISTORY_DAYS * DAY_MS;
  const vessels = generateFleet(seed);
  const window = { start: dataStartMs - 60 * DAY_MS, asOf: asOfMs, end: asOfMs + TRUTH_DAYS_AFTER * DAY_MS };
  const chains = vessels.map((v) => buildChain(seed, v, window));
  const all = chains.flatMap((c) => c.transactions);
  all.sort((a, b) => a.destinationTs - b.destinationTs || a.imo - b.imo);
  all.forEach((tx, i) => {
    tx.transactionNumber = 1_000_001 + i;
  });
  const observed = all.filter((tx) => tx.destinationTs >= dataStartMs && tx.destinationTs < asOfMs);
  const runs = forecastRunTimes(asOfMs);
  const runCache = new Map<number, ForecastTransaction[]>();
  return {
    seed,
    asOfMs,
    dataStartMs,
    vessels,
    vesselsByImo: new Map(vessels.map((v) => [v.imo, v])),
    chains,
    chainsByImo: new Map(chains.map((c) => [c.vessel.imo, c])),
    observed,
    runs,
    forecast(runAt: number) {
      let txs = runCache.get(runAt);
      if (!txs) {
        txs = forecastRun(seed, chains, runAt);
        runCache.set(runAt, txs);
      }
      return txs;
    },
  };
}
