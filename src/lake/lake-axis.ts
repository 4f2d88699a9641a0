/**
 * The date axis of an endpoint in a lake: which record field partitions it by month, and which pair
 * of request parameters bounds that field, read from the endpoint's catalog entry.
 */
import type { EndpointSpec } from "../catalog/types";
import { InvalidParamsError } from "../errors";

/** How one endpoint is cut into months. */
export interface LakeAxis {
  /** The record field the month filter bounds (`date`, `date_prod`, `timestamp`). */
  readonly field: string;
  /** The parameter bounding it from below (`start_date`, `date_prod_min`, `from_timestamp`). */
  readonly minParam: string;
  /** The parameter bounding it from above (`end_date`, `date_prod_max`, `to_timestamp`). */
  readonly maxParam: string;
  /** `date`: the bounds are calendar days, both inclusive; `timestamp`: UTC instants. */
  readonly kind: "date" | "timestamp";
}

/**
 * Where the catalog's range is not one field's min/max: the field the service filters on. v3
 * `start_date`/`end_date` bound `date`; LNG `from_timestamp`/`to_timestamp` bound the record's time
 * (the sandbox, like the service, filters transactions on their arrival, `destination_timestamp`).
 */
const FIELD_OF_RANGE: Readonly<Record<string, string>> = {
  "start_date/end_date": "date",
  "from_timestamp/to_timestamp": "timestamp",
};

/** Endpoints with two ranges: the one the lake uses. */
const PREFERRED_FIELD: Readonly<Record<string, string>> = {
  "/v4/completions": "date_completion_end",
  "/v1/transactions": "destination_timestamp",
  "/v1/transactions/forecast": "destination_timestamp",
};

/**
 * The axis of `spec`, or an `InvalidParamsError` for an endpoint without one (reference lists such as
 * `regions`, and v3 `completions`/`wells`, whose two dates bound different fields, so a month window
 * would drop records that span months).
 * @param spec a catalog entry (`NATGAS_V4.rigs`, `LNG_V1.volumeFlows`).
  * @example
  * lakeAxis(NATGAS_V4.rigs); // the date field and the params that bound it
 */
export function lakeAxis(spec: EndpointSpec): LakeAxis {
  const fields = new Map(spec.record.fields.map((f) => [f.name, f.type]));
  const candidates: LakeAxis[] = [];
  for (const range of spec.ranges ?? []) {
    const min = spec.params.find((p) => p.name === range.start);
    const kind = min?.type.kind;
    if (kind !== "date" && kind !== "timestamp") continue;
    const stem = range.start.endsWith("_min") && range.end === `${range.start.slice(0, -4)}_max` ? range.start.slice(0, -4) : undefined;
    const field = stem ?? PREFERRED_FIELD[spec.path] ?? FIELD_OF_RANGE[`${range.start}/${range.end}`];
    if (field === undefined || !fields.has(field)) continue;
    candidates.push({ field, minParam: range.start, maxParam: range.end, kind });
  }
  const preferred = PREFERRED_FIELD[spec.path];
  const axis = candidates.find((c) => c.field === preferred) ?? candidates[0];
  if (axis === undefined) {
    throw new InvalidParamsError(`syncDataset ${spec.service} ${spec.version} ${spec.method}`, [
      {
        param: "endpoint",
        value: spec.method,
        expected: "an endpoint whose records one date range filters (v3 rigs, v4 productionByWell, LNG volumeFlows...): this one cannot be cut into months",
      },
    ]);
  }
  return axis;
}
