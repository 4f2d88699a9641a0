/**
 * v3 productionbycountyandoperator rows rebuilt from v4 productionbywell: the wells summed per
 * county, operator and month.
 */
import type { EndpointApi, EndpointCallOptions } from "../../client/endpoint-methods";
import type { RecordSchema } from "../../frame/schema";
import { Result, type ResultMeta } from "../../result/result";
import type { V4Catalog } from "../catalog/v4";
import { v4RecordToV3 } from "./convert";

const KEYS = ["date", "county", "operator_name"] as const;
const CARRIED = ["region", "state_code", "sub_region"] as const;
const MEASURES = ["gas_daily", "gas_monthly", "oil_daily", "oil_monthly", "water_daily", "water_monthly"] as const;

/**
 * Streams the wells (memory bounded by the groups, not the wells), converts each to v3 units, and
 * sums the measures per (date, county, operator). A measure null in every well of a group stays null
 * (no data is not zero). Rows are ordered by date, county, operator.
 */
export async function groupProductionByCountyAndOperator(
  v4Api: EndpointApi<V4Catalog>,
  v4Params: Record<string, unknown>,
  options: EndpointCallOptions | undefined,
  schema: RecordSchema,
): Promise<Result<Record<string, unknown>>> {
  const groups = new Map<string, Record<string, unknown>>();
  const stream = (v4Api.stream.productionByWell as (p: unknown, o?: EndpointCallOptions) => AsyncGenerator<Record<string, unknown>[], ResultMeta, undefined>)(
    v4Params,
    options,
  );
  let step = await stream.next();
  while (!step.done) {
    for (const well of step.value) add(groups, v4RecordToV3("productionByCountyAndOperator", well));
    step = await stream.next();
  }
  const rows = [...groups.values()].sort(compareRows).map((g) => {
    for (const m of MEASURES) if (typeof g[m] === "number") g[m] = Number((g[m] as number).toPrecision(15));
    return g;
  });
  const meta: ResultMeta = { ...step.value, rows: rows.length };
  return new Result(rows, meta, schema);
}

function add(groups: Map<string, Record<string, unknown>>, row: Record<string, unknown>): void {
  const key = JSON.stringify(KEYS.map((k) => row[k] ?? null));
  let g = groups.get(key);
  if (!g) {
    g = {};
    for (const f of ["county", "date", ...MEASURES, "operator_name", ...CARRIED]) g[f] = null;
    for (const k of KEYS) g[k] = row[k] ?? null;
    for (const c of CARRIED) g[c] = row[c] ?? null;
    groups.set(key, g);
  }
  for (const m of MEASURES) {
    const v = row[m];
    if (typeof v === "number") g[m] = ((g[m] as number | null) ?? 0) + v;
  }
}

function compareRows(a: Record<string, unknown>, b: Record<string, unknown>): number {
  for (const k of KEYS) {
    const x = String(a[k] ?? "");
    const y = String(b[k] ?? "");
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}
