/**
 * Where each vessel is at asOf, derived from its chain: moored at its last terminal, at sea between
 * two terminals (position interpolated on a straight line in longitude/latitude, so a track may
 * cross land), in dry dock, or laid up (INACTIVE).
 */
import type { LngDataset } from "./dataset";
import type { Vessel } from "./fleet";
import { hashKey } from "./random";
import type { ChainTransaction } from "./transaction-chain";
import type { Terminal } from "./terminals";
import { DAY_MS } from "./time";

export type VesselActivity = "at_terminal" | "at_sea" | "maintenance" | "inactive";

export interface VesselState {
  readonly vessel: Vessel;
  readonly activity: VesselActivity;
  readonly latitude: number;
  readonly longitude: number;
  readonly speed: number;
  readonly heading: number;
  /** Terminal the vessel is moored at, when it is at one. */
  readonly terminal: Terminal | null;
  /** Cargo on board in bcf; null for FSRUs. */
  readonly onBoardBcf: number | null;
  /** Last transaction before asOf and the next one after it (hidden truth). */
  readonly last?: ChainTransaction;
  readonly next?: ChainTransaction;
  readonly lastAisMs: number;
}

function bearing(from: Terminal, to: Terminal): number {
  const rad = Math.PI / 180;
  const y = Math.sin((to.longitude - from.longitude) * rad) * Math.cos(to.latitude * rad);
  const x = Math.cos(from.latitude * rad) * Math.sin(to.latitude * rad) -
    Math.sin(from.latitude * rad) * Math.cos(to.latitude * rad) * Math.cos((to.longitude - from.longitude) * rad);
  return Math.round(((Math.atan2(y, x) / rad + 360) % 360) * 10) / 10;
}

function round4(x: number): number {
  return Math.round(x * 1e4) / 1e4;
}

/** Cargo left on board right after a transaction. */
export function onBoardAfter(chain: readonly ChainTransaction[], index: number): number {
  const tx = chain[index];
  if (!tx) return 0;
  if (tx.type === "loading") return tx.volumeBcf;
  const next = chain[index + 1];
  return next && next.type === "offloading" ? next.volumeBcf : 0;
}

/** The state of one vessel at an instant (asOf by default). */
export function vesselStateAt(dataset: LngDataset, vessel: Vessel, at: number = dataset.asOfMs): VesselState {
  const minutes = (hashKey(dataset.seed, `ais:${vessel.imo}`) % 50) + 3;
  const lastAisMs = at - minutes * 60_000;
  if (vessel.station) {
    const s = vessel.station;
    return { vessel, activity: "at_terminal", latitude: s.latitude, longitude: s.longitude, speed: 0, heading: 0, terminal: s, onBoardBcf: null, lastAisMs };
  }
  const chain = dataset.chainsByImo.get(vessel.imo)?.transactions ?? [];
  let i = chain.length - 1;
  while (i >= 0 && (chain[i] as ChainTransaction).destinationTs > at) i--;
  const last = chain[i];
  const next = chain[i + 1];
  const here = last?.destination ?? next?.origin;
  if (!here) {
    return { vessel, activity: "inactive", latitude: 0, longitude: 0, speed: 0, heading: 0, terminal: null, onBoardBcf: 0, lastAisMs };
  }
  const onBoardBcf = onBoardAfter(chain, i);
  const base = { vessel, onBoardBcf, ...(last ? { last } : {}), ...(next ? { next } : {}) };
  if (!next) {
    const idleAis = Math.min(lastAisMs, (last?.destinationTs ?? at) + 2 * DAY_MS);
    return { ...base, activity: "inactive", latitude: here.latitude, longitude: here.longitude, speed: 0, heading: 0, terminal: here, lastAisMs: idleAis };
  }
  const maintenance = dataset.chainsByImo.get(vessel.imo)?.maintenance;
  if (maintenance && at >= maintenance.from && at < maintenance.to) {
    return { ...base, activity: "maintenance", latitude: here.latitude, longitude: here.longitude, speed: 0, heading: 0, terminal: null, lastAisMs };
  }
  if (next.originTs > at) {
    return { ...base, activity: "at_terminal", latitude: here.latitude, longitude: here.longitude, speed: 0, heading: 0, terminal: here, lastAisMs };
  }
  const f = (at - next.originTs) / (next.destinationTs - next.originTs);
  const from = next.origin;
  const to = next.destination;
  const speedJitter = ((hashKey(dataset.seed, `speed:${vessel.imo}:${at}`) % 21) - 10) / 10;
  return {
    ...base,
    activity: "at_sea",
    latitude: round4(from.latitude + (to.latitude - from.latitude) * f),
    longitude: round4(from.longitude + (to.longitude - from.longitude) * f),
    speed: Math.round((vessel.serviceSpeed + speedJitter) * 10) / 10,
    heading: bearing(from, to),
    terminal: null,
    lastAisMs,
  };
}
