import type { NatgasEndpoint } from "./shared/endpoint";
import { fracCrews, rigs } from "./v3/activity";
import { completions } from "./v3/completions";
import { dailyFrackedFeet } from "./v3/daily-fracked-feet";
import { dtils } from "./v3/dtils";
import { longTermForecast } from "./v3/long-term-forecast";
import { pipelineScrapeStatus } from "./v3/pipeline-scrape-status";
import { dropdownFilters, filterRegions, glossaryByPath } from "./v3/reference";
import { productionByCountyAndOperator } from "./v3/production-by-county-and-operator";
import { shortTermForecast } from "./v3/short-term-forecast";
import { shortTermForecastHistory } from "./v3/short-term-forecast-history";
import { wells } from "./v3/wells";
import { V4_ENDPOINTS } from "./v4/endpoints";

/** Every natural-gas endpoint by path (lower case). */
export const NATGAS_ENDPOINTS: ReadonlyMap<string, NatgasEndpoint> = new Map<string, NatgasEndpoint>([
  ["/v3/shorttermforecasthistory", shortTermForecastHistory],
  ["/v3/productionbycountyandoperator", productionByCountyAndOperator],
  ["/v3/shorttermforecast", shortTermForecast],
  ["/v3/fraccrews", fracCrews],
  ["/v3/completions", completions],
  ["/v3/rigs", rigs],
  ["/v3/wells", wells],
  ["/v3/longtermforecast", longTermForecast],
  ["/v3/dailyfrackedfeet", dailyFrackedFeet],
  ["/v3/pipelinescrapestatus", pipelineScrapeStatus],
  ["/v3/dtils", dtils],
  ["/v3/dropdownfilters", dropdownFilters],
  ["/v3/filter_regions", filterRegions],
  ...V4_ENDPOINTS,
]);

/** The endpoint of a path, including the parameterised /v3/glossary/{path}/{filter_field}. */
export function natgasEndpointOf(path: string): NatgasEndpoint | undefined {
  const lower = path.toLowerCase();
  return NATGAS_ENDPOINTS.get(lower) ?? (/^\/v3\/glossary\/[^/]+\/[^/]+$/.test(lower) ? glossaryByPath : undefined);
}
