import type { NatgasDataset } from "./dataset";
import { FIRST_ACTIVITY_DAY } from "./dataset";
import { Fleet } from "./fleet";
import type { FleetSpec } from "./fleet";

/** Drilling rigs in the covered basins, shaped on the public rig count (the 2020 collapse, the 2022 recovery). */
export const RIG_FLEET: FleetSpec = {
  salt: 71,
  knots: [["2020-01-01", 780], ["2020-03-15", 760], ["2020-08-15", 245], ["2021-06-01", 460], ["2022-12-01", 770], ["2023-12-01", 620], ["2025-01-01", 585], ["2026-01-01", 545], ["2028-01-01", 540]],
  jobDays: [12, 25],
  basinWeights: {
    Delaware: 190, Midland: 120, Haynesville: 55, "Eagle Ford": 55, Anadarko: 50, "Northeast Marcellus": 25, "Southwest Marcellus": 22,
    Utica: 12, Bakken: 40, "DJ Basin": 15, "Green River": 10, "Uinta-Piceance": 12, Arkoma: 5, Barnett: 5, "Gulf Coast Conventional": 12,
  },
};

/** Frac crews in the covered basins, shaped on the public frac-spread count. */
export const FRAC_FLEET: FleetSpec = {
  salt: 73,
  knots: [["2020-01-01", 400], ["2020-03-15", 380], ["2020-05-15", 65], ["2021-06-01", 230], ["2022-10-01", 295], ["2024-01-01", 265], ["2025-06-01", 215], ["2026-06-01", 205], ["2028-01-01", 200]],
  jobDays: [5, 11],
  basinWeights: {
    Delaware: 95, Midland: 60, Haynesville: 22, "Eagle Ford": 28, Anadarko: 18, "Northeast Marcellus": 14, "Southwest Marcellus": 12,
    Utica: 6, Bakken: 20, "DJ Basin": 10, "Green River": 4, "Uinta-Piceance": 5, Arkoma: 2, Barnett: 2, "Gulf Coast Conventional": 4,
  },
};

const cache = new Map<string, Fleet>();

/** The fleet of a dataset, from 2020-01-01 to the day before asOf; built once per (seed, asOf, fleet). */
export function fleetOf(data: NatgasDataset, spec: FleetSpec): Fleet {
  const key = `${data.seed}|${data.asOfDay}|${spec.salt}`;
  let fleet = cache.get(key);
  if (!fleet) {
    if (cache.size > 16) cache.clear();
    fleet = new Fleet(data.seed, spec, FIRST_ACTIVITY_DAY, data.asOfDay - 1);
    cache.set(key, fleet);
  }
  return fleet;
}
