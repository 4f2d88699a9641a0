import { normal, unit } from "../../core/hash";
import type { Well } from "./wells";

/** Expected (noise-free) gas of a well in a month, BCF/day: what a forecast aims at. */
function expectedGas(well: Well, month: number): number {
  if (month < well.firstProdMonth) return 0;
  return well.gasIp * Math.pow(1 + well.b * well.d * (month - well.firstProdMonth), -1 / well.b);
}

function expectedOil(well: Well, month: number): number {
  if (month < well.firstProdMonth) return 0;
  return well.oilIp * Math.pow(1 + well.b * well.d * (month - well.firstProdMonth), -1 / well.b);
}

/** A run's forecast of one well-month: gas BCF/day and oil BBL/day, or null where the input was invalid (~0.5%). */
export function forecastOf(seed: number, well: Well, runDay: number, month: number): { gas: number | null; oil: number | null } {
  const invalid = unit(seed, well.index, runDay, month, 51) < 0.005;
  if (invalid) return { gas: null, oil: null };
  const error = 1 + 0.07 * normal(seed, well.index, runDay, month, 52);
  return { gas: expectedGas(well, month) * error, oil: expectedOil(well, month) * error };
}
