/**
 * Typical well of each model basin: true vertical depth (ft), initial gas rate (BCF/day), initial oil
 * rate (BBL/day) and hyperbolic decline (b factor, initial monthly decline D). Shaped on public type
 * curves: big gas wells in the Haynesville and Marcellus, oily wells in the Permian and the Bakken.
 */
export interface WellType {
  readonly tvd: number;
  readonly gasIp: number;
  readonly oilIp: number;
  readonly b: number;
  readonly d: number;
}

const DEFAULT: WellType = { tvd: 9000, gasIp: 0.003, oilIp: 50, b: 0.9, d: 0.1 };

const TYPES: Record<string, WellType> = {
  "Northeast Marcellus": { tvd: 7500, gasIp: 0.015, oilIp: 0, b: 0.9, d: 0.08 },
  "Southwest Marcellus": { tvd: 7000, gasIp: 0.011, oilIp: 20, b: 0.9, d: 0.08 },
  Utica: { tvd: 8500, gasIp: 0.014, oilIp: 80, b: 0.85, d: 0.1 },
  Delaware: { tvd: 10500, gasIp: 0.0035, oilIp: 1100, b: 1.0, d: 0.15 },
  Midland: { tvd: 9000, gasIp: 0.0018, oilIp: 800, b: 1.0, d: 0.14 },
  Haynesville: { tvd: 11500, gasIp: 0.02, oilIp: 4, b: 0.8, d: 0.12 },
  "Eagle Ford": { tvd: 11000, gasIp: 0.004, oilIp: 600, b: 1.0, d: 0.15 },
  "Gulf Coast Conventional": { tvd: 12000, gasIp: 0.003, oilIp: 40, b: 0.5, d: 0.05 },
  Anadarko: { tvd: 12000, gasIp: 0.005, oilIp: 350, b: 0.9, d: 0.12 },
  Arkoma: { tvd: 8000, gasIp: 0.004, oilIp: 2, b: 0.8, d: 0.1 },
  Barnett: { tvd: 7500, gasIp: 0.0025, oilIp: 10, b: 0.9, d: 0.1 },
  Bakken: { tvd: 10500, gasIp: 0.001, oilIp: 900, b: 1.0, d: 0.13 },
  "DJ Basin": { tvd: 7000, gasIp: 0.0012, oilIp: 500, b: 1.0, d: 0.14 },
  "Green River": { tvd: 12000, gasIp: 0.005, oilIp: 30, b: 0.7, d: 0.07 },
  "Uinta-Piceance": { tvd: 9000, gasIp: 0.003, oilIp: 150, b: 0.8, d: 0.09 },
};

/** The type well of a model basin (geo/county-rows.ts). */
export function wellTypeOf(basin: string): WellType {
  return TYPES[basin] ?? DEFAULT;
}
