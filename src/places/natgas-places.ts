/**
 * The natural gas service's place names: regions (`region_natgas`, v3 `region`), sub-regions
 * (`sub_region_natgas`, v3 `sub_region`), state codes and counties, in one hierarchy
 * (county -> sub-region -> region). This is the one list: the client's name checks
 * (src/validate/names) and the sandbox's geography (src/sandbox/natgas/geo) both read it.
 *
 * Where each name comes from (docs/sandbox.md, "Place names", has the table):
 * - `shownOn`: the published page that shows the name as a parameter or response value;
 * - no `shownOn`: the page lists stop there, so the name follows the pattern the pages show
 *   ("S LA", "West - TX", "Haynesville - TX": a part of a state, or a basin, then the state).
 * Every county is a real county (parish in LA) of its state; every state code is a USPS code.
 */

/** Published pages that show natural gas place names. */
export const NATGAS_NAME_PAGES = {
  /** `region: ["GULF", "WEST"]`, `sub_region: ["S LA", "West - TX"]` (v3 parameter examples). */
  v3DailyProduction: "https://apidocs.synmax.com/references/dailyproduction.html",
  /** `region_natgas "gulf"`, `"northeast"`; `sub_region_natgas "S LA"` (v4 function examples). */
  v4LongTermForecast: "http://exceldocs.synmax.com/hyperion_v4/longtermforecast.html",
  /** `region_natgas "west"` (v4 function example). */
  v4DailyProduction: "http://exceldocs.synmax.com/hyperion_v4/dailyproduction.html",
  /** `sub_region_natgas "Haynesville - TX"` (v4 function example). */
  v4DryGasFactors: "http://exceldocs.synmax.com/hyperion_v4/drygasfactors.html",
  /** `county "Winkler"`, `state_code "CO"` (v4 function arguments). */
  v4ShortTermForecastDeclines: "http://exceldocs.synmax.com/hyperion_v4/shorttermforecastdeclines.html",
} as const;

/** A region of the natural gas service. */
export interface NatgasRegion {
  readonly name: string;
  /** Page that shows the name (see {@link NATGAS_NAME_PAGES}). */
  readonly shownOn: string;
}

/** A sub-region and the region it belongs to. */
export interface NatgasSubRegion {
  readonly name: string;
  readonly region: string;
  /** The state codes its counties are in (one each: the service's sub-regions end at state lines). */
  readonly states: readonly string[];
  /** Page that shows the name, or undefined for a name made in the pages' pattern. */
  readonly shownOn?: string;
}

/** A county, its state code and its place in the hierarchy. */
export interface NatgasCounty {
  readonly county: string;
  readonly state: string;
  readonly subRegion: string;
  readonly region: string;
}

const P = NATGAS_NAME_PAGES;

/** Regions, as the v4 service spells them (lower case; the v3 pages write them upper case, and both compare ignoring case). */
export const NATGAS_REGIONS: readonly NatgasRegion[] = [
  { name: "northeast", shownOn: P.v4LongTermForecast },
  { name: "west", shownOn: P.v4DailyProduction },
  { name: "gulf", shownOn: P.v4LongTermForecast },
];

type SubRegionRow = readonly [name: string, region: string, state: string, counties: readonly string[], shownOn?: string];

/** Sub-regions with their counties, in catalogue order. */
const ROWS: readonly SubRegionRow[] = [
  ["NE PA", "northeast", "PA", ["Susquehanna", "Bradford", "Tioga", "Lycoming", "Wyoming", "Sullivan"]],
  ["SW PA", "northeast", "PA", ["Washington", "Greene", "Westmoreland", "Fayette"]],
  ["WV", "northeast", "WV", ["Doddridge", "Marshall", "Wetzel", "Tyler", "Ritchie", "Harrison"]],
  ["OH", "northeast", "OH", ["Belmont", "Monroe", "Harrison", "Guernsey", "Carroll", "Noble", "Jefferson"]],
  [
    "West - TX", "west", "TX",
    ["Reeves", "Loving", "Ward", "Culberson", "Pecos", "Winkler", "Midland", "Martin", "Howard", "Upton", "Reagan", "Glasscock", "Andrews", "Ector", "Crane"],
    P.v3DailyProduction,
  ],
  ["NM", "west", "NM", ["Eddy", "Lea"]],
  ["Haynesville - LA", "gulf", "LA", ["De Soto", "Caddo", "Bossier", "Red River", "Sabine", "Bienville", "Natchitoches"]],
  ["Haynesville - TX", "gulf", "TX", ["Panola", "Harrison", "Shelby", "Nacogdoches", "San Augustine"], P.v4DryGasFactors],
  ["South - TX", "gulf", "TX", ["Webb", "La Salle", "Dimmit", "McMullen", "Karnes", "DeWitt", "Gonzales", "Live Oak", "Atascosa", "Frio", "Zapata", "Starr", "Hidalgo"]],
  ["S LA", "gulf", "LA", ["Cameron", "Vermilion"], P.v3DailyProduction],
  ["OK", "gulf", "OK", ["Canadian", "Kingfisher", "Grady", "Blaine", "Caddo", "Garvin", "McClain", "Custer", "Dewey", "Pittsburg", "Hughes", "Coal", "Latimer"]],
  ["North - TX", "gulf", "TX", ["Hemphill", "Wheeler", "Tarrant", "Johnson", "Denton", "Wise", "Parker"]],
  ["ND", "west", "ND", ["McKenzie", "Williams", "Mountrail", "Dunn"]],
  ["MT", "west", "MT", ["Richland"]],
  ["CO", "west", "CO", ["Weld", "Adams", "Garfield", "Rio Blanco"]],
  ["WY", "west", "WY", ["Sublette", "Sweetwater", "Converse"]],
  ["UT", "west", "UT", ["Uintah", "Duchesne"]],
];

/** Sub-regions in catalogue order. */
export const NATGAS_SUB_REGIONS: readonly NatgasSubRegion[] = ROWS.map(([name, region, state, , shownOn]) => ({
  name,
  region,
  states: [state],
  ...(shownOn === undefined ? {} : { shownOn }),
}));

/** Counties in catalogue order (by sub-region). A county name is unique only with its state. */
export const NATGAS_COUNTIES: readonly NatgasCounty[] = ROWS.flatMap(([subRegion, region, state, counties]) =>
  counties.map((county) => ({ county, state, subRegion, region })),
);

/** State codes in catalogue order. */
export const NATGAS_STATES: readonly string[] = [...new Set(NATGAS_COUNTIES.map((c) => c.state))];

/** The key of a county in {@link natgasCountyByKey}: state code and county name. */
export function natgasCountyKey(state: string, county: string): string {
  return `${state}|${county}`;
}

/** Counties by {@link natgasCountyKey}. */
export const natgasCountyByKey: ReadonlyMap<string, NatgasCounty> = new Map(NATGAS_COUNTIES.map((c) => [natgasCountyKey(c.state, c.county), c]));
