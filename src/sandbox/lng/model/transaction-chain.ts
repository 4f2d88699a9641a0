/**
 * The "true" history of every carrier: a chain of transactions in which each transaction's origin
 * is the previous transaction's destination. Loadings happen at liquefaction terminals (or, for
 * reloads, at regas terminals that reload), offloadings at regas terminals; some cargoes are split
 * over two offloadings. The chain runs past asOf: the part before asOf is observed, the part after
 * it is the hidden truth that forecasts are drawn from.
 */
import type { Vessel } from "./fleet";
import { SeededRandom } from "./random";
import {
  LIQUEFACTION_TERMINALS,
  REGASIFICATION_TERMINALS,
  distanceNm,
  type Basin,
  type Terminal,
} from "./terminals";
import { DAY_MS, HOUR_MS } from "./time";

export type TransactionType = "loading" | "offloading";

export interface ChainTransaction {
  readonly imo: number;
  readonly origin: Terminal;
  readonly originTs: number;
  readonly destination: Terminal;
  readonly destinationTs: number;
  readonly loadingOrigin: Terminal;
  readonly loadingOriginTs: number;
  /** Volume in billion cubic feet of gas, rounded to 6 decimals. */
  readonly volumeBcf: number;
  readonly type: TransactionType;
  /** Global identifier, assigned once every chain exists. */
  transactionNumber: number;
}

export interface VesselChain {
  readonly vessel: Vessel;
  readonly transactions: ChainTransaction[];
  /** Dry-dock pause (vessel idle at its last terminal), when one covers asOf. */
  readonly maintenance?: { readonly from: number; readonly to: number };
}

/** Billion cubic feet of gas per cubic metre of LNG (about 600 m3 of gas per m3 of liquid). */
export const BCF_PER_M3_LNG = 21.19e-6;
const ROUTE_FACTOR = 1.25;

function round6(x: number): number {
  return Math.round(x * 1e6) / 1e6;
}

/** Whole seconds: the records print seconds, so the data holds no hidden milliseconds. */
function toSecond(ms: number): number {
  return Math.round(ms / 1000) * 1000;
}

function affinity(a: Basin, b: Basin): number {
  if (a === b) return 1;
  if (a === "middle_east" || b === "middle_east") return 0.6;
  return 0.25;
}

/** Hours at sea between two terminals at a service speed. */
export function transitMs(from: Terminal, to: Terminal, knots: number): number {
  return (Math.max(distanceNm(from, to) * ROUTE_FACTOR, 30) / knots) * HOUR_MS;
}

interface ChainWindow {
  /** First instant the chain may start (well before the data start). */
  readonly start: number;
  /** asOf midnight UTC. */
  readonly asOf: number;
  /** Last instant the truth needs to cover. */
  readonly end: number;
}

/** Builds the transaction chain of one carrier. FSRUs have no chain. */
export function buildChain(seed: number, vessel: Vessel, window: ChainWindow): VesselChain {
  const transactions: ChainTransaction[] = [];
  if (vessel.vesselType === "FSRU") return { vessel, transactions };
  const rng = new SeededRandom(seed, `voyages:${vessel.imo}`);
  const end = vessel.status === "INACTIVE" ? window.asOf - rng.int(60, 500) * DAY_MS : window.end;
  const knots = vessel.serviceSpeed;
  const fullCargo = () => round6(vessel.capacityM3 * rng.between(0.965, 0.985) * BCF_PER_M3_LNG);

  let here = rng.weighted(LIQUEFACTION_TERMINALS, (t) => t.weight);
  const from = rng.weighted(REGASIFICATION_TERMINALS, (t) => t.weight * affinity(t.basin, here.basin));
  let t = toSecond(window.start + rng.between(0, 40) * DAY_MS);
  let onBoard = fullCargo();
  let loadedAt = here;
  let loadedTs = t;
  transactions.push({
    imo: vessel.imo, origin: from, originTs: toSecond(t - transitMs(from, here, knots)), destination: here, destinationTs: t,
    loadingOrigin: here, loadingOriginTs: t, volumeBcf: onBoard, type: "loading", transactionNumber: 0,
  });
  let splitRemainder = false;
  let maintenancePending = vessel.inMaintenance;
  let maintenance: { from: number; to: number } | undefined;

  for (;;) {
    let next: Terminal;
    let type: TransactionType;
    let volume: number;
    let portMs = rng.between(18, 40) * HOUR_MS;
    if (onBoard > 0) {
      type = "offloading";
      const sameRegion = REGASIFICATION_TERMINALS.filter((r) => r.region === here.region && r !== here);
      if (splitRemainder && sameRegion.length > 0) {
        next = rng.weighted(sameRegion, (r) => r.weight);
      } else {
        next = rng.weighted(REGASIFICATION_TERMINALS.filter((r) => r !== here), (r) => r.weight * affinity(loadedAt.basin, r.basin));
      }
    } else {
      type = "loading";
      const reloaders = REGASIFICATION_TERMINALS.filter((r) => r.reloads === true);
      if (here.kind === "regasification" && rng.chance(0.05)) {
        next = rng.weighted(reloaders, (r) => r.weight / (1 + distanceNm(here, r) / 200));
      } else {
        next = rng.weighted(LIQUEFACTION_TERMINALS, (l) => l.weight * affinity(here.basin, l.basin));
        portMs += rng.between(0, 6) * DAY_MS;
      }
    }
    let departure = toSecond(t + portMs);
    const leg = transitMs(here, next, knots) * rng.between(0.95, 1.08);
    const lastType = transactions[transactions.length - 1]?.type;
    if (maintenancePending && lastType === "offloading" && t < window.asOf && departure + leg >= window.asOf - 3 * DAY_MS) {
      const resume = window.asOf + rng.int(10, 25) * DAY_MS;
      maintenance = { from: t, to: resume };
      departure = resume;
      maintenancePending = false;
    }
    const arrival = toSecond(departure + leg);
    if (arrival > end) break;
    const days = leg / DAY_MS;
    if (type === "offloading") {
      const afterBoilOff = round6(onBoard * (1 - 0.001 * days));
      const partial: boolean = !splitRemainder && rng.chance(0.08);
      volume = partial ? round6(afterBoilOff * rng.between(0.4, 0.6)) : afterBoilOff;
      onBoard = partial ? round6(afterBoilOff - volume) : 0;
      splitRemainder = partial;
    } else {
      volume = next.kind === "regasification" ? round6(vessel.capacityM3 * rng.between(0.5, 0.9) * BCF_PER_M3_LNG) : fullCargo();
      onBoard = volume;
      loadedAt = next;
      loadedTs = arrival;
      splitRemainder = false;
    }
    transactions.push({
      imo: vessel.imo, origin: here, originTs: departure, destination: next, destinationTs: arrival,
      loadingOrigin: loadedAt, loadingOriginTs: loadedTs, volumeBcf: volume, type, transactionNumber: 0,
    });
    here = next;
    t = arrival;
  }
  return maintenance ? { vessel, transactions, maintenance } : { vessel, transactions };
}
