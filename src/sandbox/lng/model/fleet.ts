/**
 * The sandbox's LNG fleet: fictitious vessels with valid IMO numbers, plausible MMSIs, call signs
 * and dimensions. A fraction of the world fleet, deterministic from the seed.
 */
import { imoFromPrefix } from "./imo";
import { SeededRandom } from "./random";
import { REGASIFICATION_TERMINALS, type Terminal } from "./terminals";

export type VesselType = "LNG_CARRIER" | "FSRU";
export type VesselStatus = "ACTIVE" | "INACTIVE";

export interface Vessel {
  readonly vesselId: string;
  readonly imo: number;
  readonly mmsi: number;
  readonly name: string;
  readonly callsign: string;
  readonly length: number;
  readonly width: number;
  /** Cargo capacity in cubic metres of LNG. */
  readonly capacityM3: number;
  readonly vesselType: VesselType;
  readonly status: VesselStatus;
  readonly flagState: string;
  readonly charterer: string | null;
  readonly owner: string;
  readonly builder: string;
  readonly buildYear: number;
  readonly containmentSystem: string;
  readonly propulsion: string;
  /** Service speed in knots. */
  readonly serviceSpeed: number;
  /** Carrier in dry dock around asOf (its voyages pause). */
  readonly inMaintenance: boolean;
  /** FSRU: the terminal it is moored at. */
  readonly station?: Terminal;
}

/** Number of carriers and FSRUs in the sandbox fleet. */
export const CARRIER_COUNT = 126;
const FSRU_STATIONS = REGASIFICATION_TERMINALS.filter((t) => t.fsru === true || t.name === "Port Qasim");

const FLAGS: ReadonlyArray<{ state: string; mid: number; prefix: string }> = [
  { state: "Marshall Islands", mid: 538, prefix: "V7" },
  { state: "Liberia", mid: 636, prefix: "D5" },
  { state: "Bahamas", mid: 311, prefix: "C6" },
  { state: "Malta", mid: 248, prefix: "9H" },
  { state: "Singapore", mid: 563, prefix: "9V" },
  { state: "Bermuda", mid: 310, prefix: "ZC" },
  { state: "Greece", mid: 241, prefix: "SV" },
  { state: "Japan", mid: 431, prefix: "7J" },
  { state: "Panama", mid: 352, prefix: "3E" },
];

const NAME_FIRST = [
  "Aurora", "Nordic", "Pacific", "Atlantic", "Coral", "Arctic", "Solar", "Polar", "Golden", "Silver",
  "Azure", "Crimson", "Ocean", "Celtic", "Iberian", "Baltic", "Orient", "Meridian", "Boreal", "Tidal",
  "Summit", "Harbor", "Island", "Cape", "Northern", "Southern",
];
const NAME_SECOND = [
  "Spirit", "Energy", "Voyager", "Breeze", "Star", "Pioneer", "Horizon", "Dawn", "Glory", "Pearl",
  "Frontier", "Challenger", "Explorer", "Harmony", "Crest", "Vision", "Legend", "Serenity", "Navigator",
];
const OWNERS = ["Meridian Gas Shipping", "Bluewater LNG Carriers", "Kestrel Maritime", "Northline Tankers", "Orca Gas Transport", "Halcyon Shipholding"];
const CHARTERERS = ["Atlas Energy Trading", "Gulfstream Gas Marketing", "Pacific Utilities Supply", "Euroflame Trading", "Sunrise Power Fuels"];
const BUILDERS = ["Hanbit Heavy Industries", "Seogwang Shipbuilding", "Kurose Zosen", "Jiangbei Shipyard", "Dalmar Marine Works"];
const CONTAINMENT = ["Membrane GTT Mark III", "Membrane GTT NO96", "Moss spherical"];
const PROPULSION = ["ME-GI", "X-DF", "DFDE", "Steam turbine"];

function uuidLike(rng: SeededRandom): string {
  const hex = (n: number) => Array.from({ length: n }, () => rng.int(0, 15).toString(16)).join("");
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${(8 + rng.int(0, 3)).toString(16)}${hex(3)}-${hex(12)}`;
}

/** Generates the fleet for a seed: CARRIER_COUNT carriers then one FSRU per FSRU station. */
export function generateFleet(seed: number): Vessel[] {
  const rng = new SeededRandom(seed, "fleet");
  const usedImos = new Set<number>();
  const usedNames = new Set<string>();
  const vessels: Vessel[] = [];
  const total = CARRIER_COUNT + FSRU_STATIONS.length;
  for (let i = 0; i < total; i++) {
    const isFsru = i >= CARRIER_COUNT;
    let imo = imoFromPrefix(rng.int(930_000, 999_999));
    while (usedImos.has(imo)) imo = imoFromPrefix(rng.int(930_000, 999_999));
    usedImos.add(imo);
    let name = `${rng.pick(NAME_FIRST)} ${rng.pick(NAME_SECOND)}`;
    while (usedNames.has(name)) name = `${rng.pick(NAME_FIRST)} ${rng.pick(NAME_SECOND)} ${rng.int(2, 9)}`;
    usedNames.add(name);
    const flag = rng.pick(FLAGS);
    const capacityM3 = isFsru ? rng.int(1700, 1740) * 100 : rng.int(1250, 1800) * 100;
    const size = (capacityM3 - 125_000) / 55_000;
    const letters = "ABCDEFGHJKLMNPQRSTUVWXYZ";
    const callsign = `${flag.prefix}${letters[rng.int(0, letters.length - 1)]}${letters[rng.int(0, letters.length - 1)]}${rng.int(2, 9)}`;
    const buildYear = rng.int(2004, 2023);
    const inactive = !isFsru && rng.chance(0.05);
    vessels.push({
      vesselId: uuidLike(rng),
      imo,
      mmsi: flag.mid * 1_000_000 + rng.int(100_000, 999_999),
      name,
      callsign,
      length: Math.round((278 + size * 21 + rng.between(-2, 2)) * 10) / 10,
      width: Math.round((42.5 + size * 6 + rng.between(-0.5, 0.5)) * 10) / 10,
      capacityM3,
      vesselType: isFsru ? "FSRU" : "LNG_CARRIER",
      status: inactive ? "INACTIVE" : "ACTIVE",
      flagState: flag.state,
      charterer: rng.chance(0.7) ? rng.pick(CHARTERERS) : null,
      owner: rng.pick(OWNERS),
      builder: rng.pick(BUILDERS),
      buildYear,
      containmentSystem: rng.pick(CONTAINMENT),
      propulsion: buildYear < 2010 ? "Steam turbine" : rng.pick(PROPULSION),
      serviceSpeed: Math.round(rng.between(16.5, 19.5) * 10) / 10,
      inMaintenance: !isFsru && !inactive && rng.chance(0.04),
      ...(isFsru ? { station: FSRU_STATIONS[i - CARRIER_COUNT] } : {}),
    });
  }
  return vessels;
}
