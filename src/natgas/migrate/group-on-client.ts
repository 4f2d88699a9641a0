/**
 * `aggregate_by` for v3 queries run on v4 endpoints whose grouped rows are not v3's (the short-term
 * forecasts: v4 adds a count of wells and drops the run date): the plain v4 rows are streamed,
 * converted to v3, and grouped as v3 groups them.
 */
import type { EndpointApi, EndpointCallOptions } from "../../client/endpoint-methods";
import type { RecordSchema } from "../../table/schema";
import { Result, type ResultMeta } from "../../table/result";
import type { V4Catalog } from "../catalog/v4";
import { v4RecordToV3 } from "./convert";
import { RowGrouper } from "./group-rows";
import type { MigratedEndpoint } from "./renames";

/** v3 aggregate_by dimension -> the v3 record field it groups. */
const DIMENSION_FIELD: Record<string, string> = {
  county: "county",
  operator: "operator_name",
  region: "region",
  state_code: "state_ab",
  sub_region: "sub_region",
  service_company: "service_company",
};

/**
 * Groups by the date and the chosen dimensions (and by `forecast_run_date`, so runs are never summed
 * together), summing the numeric fields of the v3 aggregated schema. Memory is bounded by the groups.
 */
export async function groupOnClient(
  v4Api: EndpointApi<V4Catalog>,
  endpoint: MigratedEndpoint,
  v4Method: keyof V4Catalog,
  v4Params: Record<string, unknown>,
  dimensions: readonly string[],
  options: EndpointCallOptions | undefined,
  schema: RecordSchema,
): Promise<Result<Record<string, unknown>>> {
  const groupFields = dimensions.filter((d) => d !== "date").map((d) => DIMENSION_FIELD[d] ?? d);
  if (schema.fields.some((f) => f.name === "forecast_run_date")) groupFields.push("forecast_run_date");
  const grouper = new RowGrouper({
    dateField: "date",
    groupFields,
    sumFields: schema.fields.filter((f) => f.type === "int" || f.type === "float").map((f) => f.name),
  });
  const { aggregate_by: _dropped, ...plainParams } = v4Params;
  const stream = (v4Api.stream[v4Method] as (p: unknown, o?: EndpointCallOptions) => AsyncGenerator<Record<string, unknown>[], ResultMeta, undefined>)(
    plainParams,
    options,
  );
  let step = await stream.next();
  while (!step.done) {
    grouper.add(step.value.map((r) => v4RecordToV3(endpoint, r)));
    step = await stream.next();
  }
  const rows = grouper.rows();
  return new Result(rows, { ...step.value, rows: rows.length }, schema);
}
