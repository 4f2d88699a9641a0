/**
 * The LNG service's place names: real LNG terminals with their country, country code and region
 * (approximate coordinates). This is the one list: the client's name checks (src/validate/names) and the
 * sandbox's terminals (src/sandbox/lng/model/terminals.ts) both read it.
 *
 * Regions follow https://leviaton.apidocs.synmax.com/v1/transactions_history.html, whose examples name
 * the regions "Asia" and "Europe" and the countries "Japan" and "Malaysia" (ISO 3166 names, alpha-2
 * codes "JP", "MY"); the other regions are named in the same plain style. docs/sandbox.md has the table.
 */

/** Ocean basin, used only to make the sandbox's trade routes look like the real market. */
export type LngBasin = "atlantic" | "pacific" | "middle_east";

/** A terminal: name, country, ISO 3166-1 alpha-2 code, region, latitude, longitude, ocean basin, relative share of the world's loadings or offloadings, and whether a regas terminal also reloads or is an FSRU. */
export type LngTerminalRow = readonly [name: string, country: string, code: string, region: string, lat: number, lon: number, basin: LngBasin, weight: number, flags?: "reload" | "fsru"];

/** Liquefaction (export) terminals; the order is part of the sandbox's determinism. */
export const LNG_LIQUEFACTION_ROWS: readonly LngTerminalRow[] = [
  ["Sabine Pass", "United States", "US", "North America", 29.73, -93.87, "atlantic", 10],
  ["Corpus Christi", "United States", "US", "North America", 27.88, -97.26, "atlantic", 6],
  ["Cameron", "United States", "US", "North America", 29.79, -93.33, "atlantic", 5],
  ["Freeport", "United States", "US", "North America", 28.96, -95.3, "atlantic", 5],
  ["Calcasieu Pass", "United States", "US", "North America", 29.76, -93.34, "atlantic", 4],
  ["Cove Point", "United States", "US", "North America", 38.4, -76.38, "atlantic", 2],
  ["Elba Island", "United States", "US", "North America", 32.09, -81.01, "atlantic", 1],
  ["Ras Laffan", "Qatar", "QA", "Middle East", 25.9, 51.58, "middle_east", 14],
  ["Qalhat", "Oman", "OM", "Middle East", 22.69, 59.38, "middle_east", 3],
  ["Gorgon", "Australia", "AU", "Asia", -20.79, 115.45, "pacific", 5],
  ["Wheatstone", "Australia", "AU", "Asia", -21.68, 115.03, "pacific", 3],
  ["Ichthys", "Australia", "AU", "Asia", -12.5, 130.87, "pacific", 3],
  ["Bintulu", "Malaysia", "MY", "Asia", 3.27, 113.07, "pacific", 5],
  ["Bontang", "Indonesia", "ID", "Asia", 0.1, 117.48, "pacific", 2],
  ["PNG LNG", "Papua New Guinea", "PG", "Asia", -9.32, 146.97, "pacific", 2],
  ["Bonny", "Nigeria", "NG", "Africa", 4.43, 7.15, "atlantic", 4],
  ["Arzew", "Algeria", "DZ", "Africa", 35.85, -0.3, "atlantic", 3],
  ["Idku", "Egypt", "EG", "Africa", 31.33, 30.3, "atlantic", 1],
  ["Point Fortin", "Trinidad and Tobago", "TT", "Latin America", 10.18, -61.68, "atlantic", 2],
  ["Hammerfest", "Norway", "NO", "Europe", 70.69, 23.6, "atlantic", 1],
  ["Yamal", "Russia", "RU", "Russia", 71.27, 72.07, "atlantic", 4],
];

/** Regasification (import) terminals; the order is part of the sandbox's determinism. */
export const LNG_REGASIFICATION_ROWS: readonly LngTerminalRow[] = [
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
  ["Futtsu", "Japan", "JP", "Asia", 35.31, 139.82, "pacific", 5],
  ["Sodegaura", "Japan", "JP", "Asia", 35.44, 140.01, "pacific", 4],
  ["Mizushima", "Japan", "JP", "Asia", 34.51, 133.74, "pacific", 2],
  ["Incheon", "South Korea", "KR", "Asia", 37.46, 126.6, "pacific", 5],
  ["Tongyeong", "South Korea", "KR", "Asia", 34.82, 128.43, "pacific", 3],
  ["Tianjin", "China", "CN", "Asia", 38.97, 117.8, "pacific", 4],
  ["Dapeng", "China", "CN", "Asia", 22.6, 114.47, "pacific", 3],
  ["Yong-An", "Taiwan", "TW", "Asia", 22.82, 120.2, "pacific", 3],
  ["Dahej", "India", "IN", "Asia", 21.7, 72.55, "middle_east", 4],
  ["Port Qasim", "Pakistan", "PK", "Asia", 24.77, 67.33, "middle_east", 1],
];

/** A terminal's id, as the sandbox serves it: `liq-us-sabine-pass`, `reg-nl-gate`. */
export function lngTerminalId(kind: "liquefaction" | "regasification", countryCode: string, name: string): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return `${kind === "liquefaction" ? "liq" : "reg"}-${countryCode.toLowerCase()}-${slug}`;
}
