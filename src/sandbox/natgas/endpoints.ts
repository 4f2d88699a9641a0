import type { NatgasEndpoint } from "./shared/endpoint";
import { fracCrews, rigs } from "./v3/activity";
import { completions } from "./v3/completions";
import { dailyFrackedFeet } from "./v3/daily-fracked-feet";
import { dailyProduction } from "./v3/daily-production";
import { dtils, tilMonitoring } from "./v3/dtils";
import { ducsByOperator } from "./v3/ducs-by-operator";
import { longTermForecast } from "./v3/long-term-forecast";
import { pipelineScrapeStatus } from "./v3/pipeline-scrape-status";
import { pipelineScrapes } from "./v3/pipeline-scrapes";
import { dropdownFilters, filterRegions, glossaryByPath, regions, shortTermForecastHistoryDates } from "./v3/reference";
import { productionByCountyAndOperator } from "./v3/production-by-county-and-operator";
import { productionByWellV3 } from "./v3/production-by-well";
import { shortTermForecast } from "./v3/short-term-forecast";
import { shortTermForecastDeclines } from "./v3/short-term-forecast-declines";
import { shortTermForecastHistory } from "./v3/short-term-forecast-history";
import { stfAggregatedHistory } from "./v3/stf-aggregated-history";
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
  ["/v3/productionbywell", productionByWellV3],
  ["/v3/stfaggregatedhistory", stfAggregatedHistory],
  ["/v3/shorttermforecastdeclines", shortTermForecastDeclines],
  ["/v3/dailyproduction", dailyProduction],
  ["/v3/ducsbyoperator", ducsByOperator],
  ["/v3/pipelinescrapes", pipelineScrapes],
  ["/v3/regions", regions],
  ["/v3/til_monitoring", tilMonitoring],
  ["/v3/shorttermforecasthistorydates", shortTermForecastHistoryDates],
  ["/v3/dropdownfilters", dropdownFilters],
  ["/v3/filter_regions", filterRegions],
  ...V4_ENDPOINTS,
]);

/** The endpoint of a path, including the parameterised /v3/glossary/{path}/{filter_field}. */
export function natgasEndpointOf(path: string): NatgasEndpoint | undefined {
  const lower = path.toLowerCase();
  return NATGAS_ENDPOINTS.get(lower) ?? (/^\/v3\/glossary\/[^/]+\/[^/]+$/.test(lower) ? glossaryByPath : undefined);
}
