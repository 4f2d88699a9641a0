import { monthNumber } from "../../core/dates";

/**
 * Yearly knots of dry gas (BCF/day) and oil (thousand BBL/day) per model basin (the sandbox's own key,
 * geo/county-rows.ts; a sub-region gets its counties' share of each basin), shaped on the public
 * history of the lower 48 (shale growth in Appalachia, Permian and Haynesville; decline of the Barnett
 * and conventional Gulf Coast). The covered sub-regions total about 100 BCF/day in 2024.
 * Values between knots are interpolated by month; after the last knot they are held flat.
 */
const KNOTS: Record<string, { gas: readonly number[]; oil: readonly number[] }> = {
  //                         2000 2004 2008 2012 2016 2020 2024 2028
  "Northeast Marcellus": { gas: [0.1, 0.1, 0.3, 6.0, 12.0, 15.5, 17.5, 18.0], oil: [0, 0, 0, 0, 0, 0, 0, 0] },
  "Southwest Marcellus": { gas: [0.8, 0.8, 1.0, 3.5, 9.0, 12.5, 13.5, 14.0], oil: [5, 5, 5, 15, 35, 45, 50, 50] },
  Utica: { gas: [0.3, 0.3, 0.3, 0.4, 3.8, 6.8, 5.5, 5.0], oil: [10, 10, 8, 12, 60, 55, 45, 40] },
  Delaware: { gas: [1.5, 1.6, 1.8, 2.2, 4.5, 11.0, 17.5, 20.0], oil: [90, 85, 90, 200, 900, 2500, 3800, 4200] },
  Midland: { gas: [1.8, 1.8, 1.9, 2.4, 3.2, 6.0, 8.5, 9.5], oil: [400, 380, 400, 650, 1100, 1700, 2100, 2300] },
  Haynesville: { gas: [2.2, 2.3, 3.0, 8.5, 6.2, 12.5, 15.0, 17.0], oil: [20, 20, 20, 15, 10, 10, 10, 10] },
  "Eagle Ford": { gas: [1.2, 1.1, 1.0, 5.5, 6.5, 5.8, 6.0, 5.8], oil: [50, 45, 40, 800, 1200, 1050, 1100, 1050] },
  "Gulf Coast Conventional": { gas: [7.5, 6.5, 5.5, 4.0, 3.0, 2.3, 1.8, 1.5], oil: [150, 120, 100, 80, 60, 45, 35, 30] },
  Anadarko: { gas: [4.5, 4.6, 5.0, 5.5, 5.6, 6.4, 5.8, 5.5], oil: [60, 60, 70, 150, 300, 420, 380, 360] },
  Arkoma: { gas: [1.5, 1.7, 2.3, 3.0, 2.0, 1.5, 1.2, 1.1], oil: [2, 2, 2, 3, 3, 3, 3, 3] },
  Barnett: { gas: [0.8, 2.0, 4.5, 5.8, 3.8, 2.3, 1.6, 1.3], oil: [5, 5, 10, 20, 15, 8, 6, 5] },
  Bakken: { gas: [0.1, 0.1, 0.2, 0.9, 1.9, 2.9, 3.4, 3.6], oil: [30, 35, 150, 700, 1000, 1200, 1220, 1250] },
  "DJ Basin": { gas: [0.8, 1.0, 1.3, 1.4, 1.9, 2.5, 2.3, 2.2], oil: [20, 25, 35, 80, 300, 480, 470, 450] },
  "Green River": { gas: [3.5, 4.5, 5.5, 5.8, 4.3, 3.6, 3.2, 3.0], oil: [25, 25, 30, 35, 40, 40, 38, 35] },
  "Uinta-Piceance": { gas: [1.5, 2.0, 3.8, 4.5, 3.0, 2.3, 2.0, 1.9], oil: [20, 25, 35, 60, 85, 95, 140, 150] },
};

const FIRST_KNOT_MONTH = monthNumber(2000, 1);
const KNOT_STEP_MONTHS = 48;

/** Dry gas of a basin in a month, BCF/day (0 for an unknown basin). */
export function basinGas(basin: string, month: number): number {
  const knots = KNOTS[basin];
  return knots ? interpolate(knots.gas, month) : 0;
}

/** Oil of a basin in a month, BBL/day (0 for an unknown basin). */
export function basinOil(basin: string, month: number): number {
  const knots = KNOTS[basin];
  return knots ? interpolate(knots.oil, month) * 1000 : 0;
}

/** Seasonal factor: a little more output in winter months (maintenance in shoulder months). */
export function seasonal(month: number): number {
  return 1 + 0.015 * Math.cos(((month % 12) / 12) * 2 * Math.PI);
}

function interpolate(values: readonly number[], month: number): number {
  const position = (month - FIRST_KNOT_MONTH) / KNOT_STEP_MONTHS;
  if (position <= 0) return values[0];
  if (position >= values.length - 1) return values[values.length - 1];
  const i = Math.floor(position);
  const f = position - i;
  return values[i] * (1 - f) + values[i + 1] * f;
}
