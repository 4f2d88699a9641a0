import type { NatgasEndpoint } from "./endpoint";
import { pipelineScrapeStatus } from "./v3/pipeline-scrape-status";
import { productionByCountyAndOperator } from "./v3/production-by-county-and-operator";
import { wells } from "./v3/wells";

/** Every natural-gas endpoint by path. */
export const NATGAS_ENDPOINTS: ReadonlyMap<string, NatgasEndpoint> = new Map<string, NatgasEndpoint>([
  ["/v3/productionbycountyandoperator", productionByCountyAndOperator],
  ["/v3/wells", wells],
  ["/v3/pipelinescrapestatus", pipelineScrapeStatus],
]);
