/**
 * v3 productionbycountyandoperator rows rebuilt from v4 productionbywell: the wells summed per
 * county, operator and month.
 */
import type { EndpointApi, EndpointCallOptions } from "../../client/endpoint-methods";
import type { RecordSchema } from "../../table/schema";
import { Result, type ResultMeta } from "../../table/result";
import type { V4Catalog } from "../catalog/v4";
import { v4RecordToV3 } from "./convert";
import { RowGrouper } from "./group-rows";
import { padToSchema } from "./pad-to-schema";

/**
 * Streams the wells (memory bounded by the groups, not the wells), converts each to v3 names and
 * units, and sums the measures per (month, county, operator). Rows are ordered by date, county,
 * operator.
 */
export async function groupProductionByCountyAndOperator(
  v4Api: EndpointApi<V4Catalog>,
  v4Params: Record<string, unknown>,
  options: EndpointCallOptions | undefined,
  schema: RecordSchema,
): Promise<Result<Record<string, unknown>>> {
  const grouper = new RowGrouper({
    dateField: "date",
    groupFields: ["county", "operator_name"],
    // v4 gas is wet: summed under its wet names (gas_daily / gas_monthly stay null, see V3_TO_V4).
    sumFields: ["wet_gas_daily", "wet_gas_monthly", "oil_daily", "oil_monthly", "water_daily", "water_monthly"],
    carryFields: ["region", "state_code", "sub_region"],
  });
  const stream = (v4Api.stream.productionByWell as (p: unknown, o?: EndpointCallOptions) => AsyncGenerator<Record<string, unknown>[], ResultMeta, undefined>)(
    v4Params,
    options,
  );
  let step = await stream.next();
  while (!step.done) {
    grouper.add(step.value.map((well) => v4RecordToV3("productionByCountyAndOperator", well)));
    step = await stream.next();
  }
  const rows = grouper.rows().map((r) => padToSchema(r, schema));
  return new Result(rows, { ...step.value, rows: rows.length }, schema);
}
