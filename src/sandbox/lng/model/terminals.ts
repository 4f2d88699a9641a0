/**
 * Real LNG terminals (approximate coordinates) used by the sandbox. Liquefaction terminals load
 * cargoes, regasification terminals receive them; a few regas terminals also reload.
 */

export type TerminalKind = "liquefaction" | "regasification";

/** Ocean basin, used only to make trade routes look like the real market. */
export type Basin = "atlantic" | "pacific" | "middle_east";

export interface Terminal {
  readonly id: string;
  readonly name: string;
  readonly country: string;
  /** ISO 3166-1 alpha-2. */
  readonly countryCode: string;
  readonly region: string;
  readonly latitude: number;
  readonly longitude: number;
  readonly kind: TerminalKind;
  readonly basin: Basin;
  /** Relative share of the world's loadings (liquefaction) or offloadings (regasification). */
  readonly weight: number;
  /** Regas terminal that also reloads cargoes onto carriers. */
  readonly reloads?: boolean;
  /** Regas terminal that is a floating storage and regasification unit. */
  readonly fsru?: boolean;
}

type Row = [name: string, country: string, code: string, region: string, lat: number, lon: number, basin: Basin, weight: number, flags?: "reload" | "fsru"];

const LIQUEFACTION: Row[] = [
  ["Sabine Pass", "United States", "US", "North America", 29.73, -93.87, "atlantic", 10],
  ["Corpus Christi", "United States", "US", "North America", 27.88, -97.26, "atlantic", 6],
  ["Cameron", "United States", "US", "North America", 29.79, -93.33, "atlantic", 5],
  ["Freeport", "United States", "US", "North America", 28.96, -95.3, "atlantic", 5],
  ["Calcasieu Pass", "United States", "US", "North America", 29.76, -93.34, "atlantic", 4],
  ["Cove Point", "United States", "US", "North America", 38.4, -76.38, "atlantic", 2],
  ["Elba Island", "United States", "US", "North America", 32.09, -81.01, "atlantic", 1],
  ["Ras Laffan", "Qatar", "QA", "Middle East", 25.9, 51.58, "middle_east", 14],
  ["Qalhat", "Oman", "OM", "Middle East", 22.69, 59.38, "middle_east", 3],
  ["Gorgon", "Australia", "AU", "Asia Pacific", -20.79, 115.45, "pacific", 5],
  ["Wheatstone", "Australia", "AU", "Asia Pacific", -21.68, 115.03, "pacific", 3],
  ["Ichthys", "Australia", "AU", "Asia Pacific", -12.5, 130.87, "pacific", 3],
  ["Bintulu", "Malaysia", "MY", "Asia Pacific", 3.27, 113.07, "pacific", 5],
  ["Bontang", "Indonesia", "ID", "Asia Pacific", 0.1, 117.48, "pacific", 2],
  ["PNG LNG", "Papua New Guinea", "PG", "Asia Pacific", -9.32, 146.97, "pacific", 2],
  ["Bonny", "Nigeria", "NG", "Africa", 4.43, 7.15, "atlantic", 4],
  ["Arzew", "Algeria", "DZ", "Africa", 35.85, -0.3, "atlantic", 3],
  ["Idku", "Egypt", "EG", "Africa", 31.33, 30.3, "atlantic", 1],
  ["Point Fortin", "Trinidad and Tobago", "TT", "Latin America", 10.18, -61.68, "atlantic", 2],
  ["Hammerfest", "Norway", "NO", "Europe", 70.69, 23.6, "atlantic", 1],
  ["Yamal", "Russia", "RU", "Russia", 71.27, 72.07, "atlantic", 4],
];

const REGASIFICATION: Row[] = [
  ["Gate", "Netherlands", "NL", "Europe", 51.96, 4.04, "atlantic", 4, "reload"],
  ["Eemshaven FSRU", "Netherlands", "NL", "Europe", 53.45, 6.83, "atlantic", 2, "fsru"],
  ["Zeebrugge", "Belgium", "BE", "Europe", 51.34, 3.2, "atlantic", 4, "reload"],
  ["Dunkirk", "France", "FR", "Europe", 51.03, 2.2, "atlantic", 3],
  ["Montoir", "France", "FR", "Europe", 47.31, -2.15, "atlantic", 3, "reload"],
  ["Isle of Grain", "United Kingdom", "GB", "Europe", 51.45, 0.71, "atlantic", 4],
  ["South Hook", "United Kingdom", "GB", "Europe", 51.7, -5.08, "atlantic", 3],
  ["Wilhelmshaven FSRU", "Germany", "DE", "Europe", 53.57, 8.15, "atlantic", 2, "fsru"],
  ["Rovigo", "Italy", "IT", "Europe", 45.09, 12.58, "atlantic", 2],
  ["Barcelona", "Spain", "ES", "Europe", 41.34, 2.16, "atlantic", 3, "reload"],
  ["Swinoujscie", "Poland", "PL", "Europe", 53.91, 14.27, "atlantic", 2],
  ["Klaipeda FSRU", "Lithuania", "LT", "Europe", 55.68, 21.13, "atlantic", 1, "fsru"],
  ["Futtsu", "Japan", "JP", "Asia Pacific", 35.31, 139.82, "pacific", 5],
  ["Sodegaura", "Japan", "JP", "Asia Pacific", 35.44, 140.01, "pacific", 4],
  ["Mizushima", "Japan", "JP", "Asia Pacific", 34.51, 133.74, "pacific", 2],
  ["Incheon", "South Korea", "KR", "Asia Pacific", 37.46, 126.6, "pacific", 5],
  ["Tongyeong", "South Korea", "KR", "Asia Pacific", 34.82, 128.43, "pacific", 3],
  ["Tianjin", "China", "CN", "Asia Pacific", 38.97, 117.8, "pacific", 4],
  ["Dapeng", "China", "CN", "Asia Pacific", 22.6, 114.47, "pacific", 3],
  ["Yong-An", "Taiwan", "TW", "Asia Pacific", 22.82, 120.2, "pacific", 3],
  ["Dahej", "India", "IN", "Asia Pacific", 21.7, 72.55, "middle_east", 4],
  ["Port Qasim", "Pakistan", "PK", "Asia Pacific", 24.77, 67.33, "middle_east", 1],
];

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
}

function toTerminal(kind: TerminalKind, row: Row): Terminal {
  const [name, country, code, region, lat, lon, basin, weight, flags] = row;
  return {
    id: `${kind === "liquefaction" ? "liq" : "reg"}-${code.toLowerCase()}-${slug(name)}`,
    name,
    country,
    countryCode: code,
    region,
    latitude: lat,
    longitude: lon,
    kind,
    basin,
    weight,
    ...(flags === "reload" ? { reloads: true } : {}),
    ...(flags === "fsru" ? { fsru: true } : {}),
  };
}

/** Every terminal of the sandbox, liquefaction first; the order is part of determinism. */
export const TERMINALS: readonly Terminal[] = [
  ...LIQUEFACTION.map((r) => toTerminal("liquefaction", r)),
  ...REGASIFICATION.map((r) => toTerminal("regasification", r)),
];

export const LIQUEFACTION_TERMINALS: readonly Terminal[] = TERMINALS.filter((t) => t.kind === "liquefaction");
export const REGASIFICATION_TERMINALS: readonly Terminal[] = TERMINALS.filter((t) => t.kind === "regasification");

/** Great-circle distance in nautical miles. */
export function distanceNm(a: Terminal, b: Terminal): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLon = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * 3440.065 * Math.asin(Math.min(1, Math.sqrt(h)));
}
