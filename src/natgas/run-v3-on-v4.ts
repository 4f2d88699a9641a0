/**
 * A v3 notebook's query run on v4: the function form of `client.v4.asV3.<method>`.
 */
import type { EndpointCallOptions } from "../client/endpoint-methods";
import type { AggregatedRecordOf, ParamsOf, RecordOf } from "../catalog/derive-types";
import type { Result } from "../table/result";
import type { V3Catalog } from "./catalog/v3";
import type { NatGasClient } from "./natgas-client";
import type { AsV3Api } from "./migrate/as-v3";

/**
 * Runs v3 `endpoint` with v3 `params` on the v4 service and returns v3-shaped rows: the same as
 * `client.v4.asV3[endpoint](params, options)`.
 * @throws InvalidParamsError when the v3 params are invalid (nothing is sent).
  * @example
  * const rigs = await runV3OnV4(natgas, "rigs", { start_date: "2024-01-01" }); // v3 records, from v4
 */
export function runV3OnV4<K extends keyof AsV3Api>(
  client: NatGasClient,
  endpoint: K,
  params: ParamsOf<V3Catalog[K]>,
  options?: EndpointCallOptions,
): Promise<Result<RecordOf<V3Catalog[K]> | AggregatedRecordOf<V3Catalog[K]>>> {
  return (client.v4.asV3[endpoint] as (p: unknown, o?: EndpointCallOptions) => Promise<Result<RecordOf<V3Catalog[K]> | AggregatedRecordOf<V3Catalog[K]>>>)(params, options);
}
