/**
 * Forecast runs and their forecast transactions. A run at time r looks at each carrier's hidden
 * true chain after r and forecasts it with timestamp noise, a probability (score) per leg, the
 * product of the scores along the route (route_score) and, for some legs, an alternative
 * destination that takes part of the probability. Alternatives are dead ends: the route goes on
 * from the most likely destination.
 */
import type { ChainTransaction, VesselChain } from "./transaction-chain";
import { transitMs } from "./transaction-chain";
import { SeededRandom } from "./random";
import { LIQUEFACTION_TERMINALS, REGASIFICATION_TERMINALS } from "./terminals";
import { DAY_MS, HOUR_MS } from "./time";

/** Days ahead of its run that a forecast reaches. */
export const FORECAST_HORIZON_DAYS = 90;
/** Number of daily forecast runs kept (the last one at asOf 00:00:00 UTC). */
export const FORECAST_RUN_COUNT = 90;

/** A forecast of one leg: where and when a chain transaction is expected, with its probabilities. */
export interface ForecastTransaction extends Readonly<ChainTransaction> {
  /** The true transaction this forecasts (alternatives share it). */
  readonly transactionNumber: number;
  readonly score: number;
  readonly routeScore: number;
  readonly routeScoreWeightedVolumeBcf: number;
  readonly runAt: number;
  readonly modifiedAt: number;
  /** Standard deviation of the arrival time, in hours. */
  readonly sigmaHours: number;
}

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** Times of the forecast runs, oldest first: daily at 00:00:00 UTC, the last one at asOf. */
export function forecastRunTimes(asOfMs: number): number[] {
  const runs: number[] = [];
  for (let i = FORECAST_RUN_COUNT - 1; i >= 0; i--) runs.push(asOfMs - i * DAY_MS);
  return runs;
}

/**
 * One forecast per forecast transaction: of the records sharing `imo` and `transactionNumber` (a
 * transaction and its alternative destinations) the one with the highest `routeScore`, the first on
 * a tie. Order is kept.
 */
export function mostLikelyRoutes(txs: readonly ForecastTransaction[]): ForecastTransaction[] {
  const best = new Map<string, ForecastTransaction>();
  for (const tx of txs) {
    const key = `${tx.imo}:${tx.transactionNumber}`;
    const seen = best.get(key);
    if (seen === undefined || tx.routeScore > seen.routeScore) best.set(key, tx);
  }
  return txs.filter((tx) => best.get(`${tx.imo}:${tx.transactionNumber}`) === tx);
}

/** Arrival-time uncertainty of a forecast transaction that far ahead of its run. */
export function arrivalSigmaHours(hoursAhead: number): number {
  return Math.min(120, 8 + (2.5 * hoursAhead) / 24);
}

/** The forecast transactions of one run over every chain, sorted by destination time. */
export function forecastRun(seed: number, chains: readonly VesselChain[], runAt: number): ForecastTransaction[] {
  const out: ForecastTransaction[] = [];
  const horizon = runAt + FORECAST_HORIZON_DAYS * DAY_MS;
  for (const chain of chains) forecastChain(seed, chain, runAt, horizon, out);
  out.sort((a, b) => a.destinationTs - b.destinationTs || a.imo - b.imo || b.routeScore - a.routeScore);
  return out;
}

function forecastChain(seed: number, chain: VesselChain, runAt: number, horizon: number, out: ForecastTransaction[]): void {
  const txs = chain.transactions;
  let k = txs.findIndex((tx) => tx.destinationTs > runAt);
  if (k < 0) return;
  const rng = new SeededRandom(seed, `forecast:${chain.vessel.imo}:${runAt}`);
  let offset = 0;
  let routeScore = 1;
  let prevDestTs = Number.NEGATIVE_INFINITY;
  let loadingTs = k > 0 ? (txs[k - 1] as ChainTransaction).loadingOriginTs : runAt;
  for (let j = 0; k < txs.length; j++, k++) {
    const tx = txs[k] as ChainTransaction;
    if (tx.destinationTs > horizon) break;
    const departed = tx.originTs <= runAt;
    const originTs = departed ? tx.originTs : Math.max(tx.originTs + offset, prevDestTs);
    const legMs = tx.destinationTs - tx.originTs;
    const noise = rng.normal() * (4 * HOUR_MS + 0.04 * legMs);
    const floor = Math.max(originTs + HOUR_MS, runAt + rng.between(1, 36) * HOUR_MS);
    const destinationTs = Math.round(Math.max(originTs + legMs + noise, floor) / 1000) * 1000;
    if (destinationTs > horizon) break;
    offset = destinationTs - tx.destinationTs;
    prevDestTs = destinationTs;
    if (tx.type === "loading") loadingTs = destinationTs;
    else if (tx.loadingOriginTs <= runAt) loadingTs = tx.loadingOriginTs;
    const score = round6(departed && j === 0 ? rng.between(0.9, 0.995) : rng.between(0.86, 0.98) * (1 - 0.005 * Math.min(j, 10)));
    const prevRoute = routeScore;
    routeScore = round6(prevRoute * score);
    const volume = round6(tx.volumeBcf * (1 + 0.02 * rng.normal()));
    const sigmaHours = arrivalSigmaHours((destinationTs - runAt) / HOUR_MS);
    const modifiedAt = runAt + rng.int(300, 3300) * 1000;
    const base = {
      imo: tx.imo, origin: tx.origin, originTs, loadingOrigin: tx.loadingOrigin, loadingOriginTs: loadingTs,
      volumeBcf: volume, type: tx.type, transactionNumber: tx.transactionNumber, runAt, modifiedAt, sigmaHours,
    };
    out.push({ ...base, destination: tx.destination, destinationTs, score, routeScore, routeScoreWeightedVolumeBcf: round6(volume * routeScore) });
    if (score < 0.97 && rng.chance(0.7)) {
      const pool = (tx.type === "loading" && tx.destination.kind === "liquefaction" ? LIQUEFACTION_TERMINALS : REGASIFICATION_TERMINALS)
        .filter((t) => t !== tx.destination && t !== tx.origin);
      const alt = rng.weighted(pool, (t) => t.weight);
      const altScore = round6((1 - score) * rng.between(0.8, 1));
      const altRoute = round6(prevRoute * altScore);
      const altArrival = originTs + transitMs(tx.origin, alt, chain.vessel.serviceSpeed);
      const altDestTs = Math.round(Math.max(altArrival, runAt + rng.between(6, 72) * HOUR_MS) / 1000) * 1000;
      if (altDestTs <= horizon && altRoute > 0) {
        out.push({
          ...base, destination: alt, destinationTs: altDestTs, score: altScore, routeScore: altRoute,
          routeScoreWeightedVolumeBcf: round6(volume * altRoute),
          loadingOrigin: tx.type === "loading" ? alt : tx.loadingOrigin,
          loadingOriginTs: tx.type === "loading" ? altDestTs : loadingTs,
          sigmaHours: arrivalSigmaHours((altDestTs - runAt) / HOUR_MS),
        });
      }
    }
  }
}
