/**
 * The record schema of an aggregated answer, from the catalog entry and the `aggregate_by` sent: the
 * fields its rows carry and no other. The runtime twin of `AggregatedRecordOf` (derive-types.ts):
 * both read the same catalog data by the same rules, and test/natgas/aggregated-schema.test.ts holds
 * them to the sandbox's rows.
 */
import type { FieldSpec, RecordSchema } from "../table/schema";
import type { EndpointSpec } from "./types";

const DATE_LIKE = new Set(["date", "timestamp"]);

/**
 * The date aggregated rows are always grouped by (spec convention 6): the aggregated record's first
 * date or timestamp field (`date`, `end_date` for v3 completions, `date_observed`). Undefined when the
 * entry has no aggregated record or it has no date.
 */
export function groupedDateField(spec: EndpointSpec): string | undefined {
  return spec.aggregatedRecord?.fields.find((f) => DATE_LIKE.has(f.type))?.name;
}

/**
 * The record field a dimension of `aggregate_by` groups by, and that aggregated rows carry: the plain
 * record's field of that name, else `<dimension>_name` (`operator` -> `operator_name`), else
 * `state_ab` for `state_code`; `date` where the record has no `date` field means the grouped date
 * (v3 completions: `end_date`). Else the dimension itself.
 */
export function dimensionField(spec: EndpointSpec, dimension: string): string {
  const names = new Set(spec.record.fields.map((f) => f.name));
  const d = dimension.toLowerCase();
  if (names.has(d)) return d;
  if (names.has(`${d}_name`)) return `${d}_name`;
  if (d === "state_code" && names.has("state_ab")) return "state_ab";
  if (d === "date") return groupedDateField(spec) ?? d;
  return d;
}

/** The allowed values of an entry's `aggregate_by` (none when it takes no such parameter). */
export function aggregateDimensions(spec: EndpointSpec): readonly string[] {
  const type = spec.params.find((p) => p.name === "aggregate_by")?.type;
  return type !== undefined && "values" in type && type.values !== undefined ? type.values : [];
}

/** The columns that only rows grouped by their dimension carry: every dimension's field but the grouped date. */
export function groupColumns(spec: EndpointSpec): Set<string> {
  const date = groupedDateField(spec);
  return new Set(aggregateDimensions(spec).map((d) => dimensionField(spec, d)).filter((n) => n !== date));
}

const cache = new WeakMap<EndpointSpec, Map<string, RecordSchema>>();

/**
 * The schema of the rows an endpoint answers with `aggregate_by` set to `aggregateBy` (one dimension or
 * a list): first the group columns asked for, in the order asked, named by {@link dimensionField};
 * then the aggregated record's other fields, in the catalog's order (the grouped date, the measures,
 * the counts, and for productionbycountyandoperator the service's `aggregate_by` and
 * `aggregate_by_filter_value`). Group columns not asked for are left out: no row carries them. A group
 * column is typed as in the aggregated record, else as in the plain record, else as text. The same
 * `aggregate_by` gives the same schema object. The entry's plain record when it has no aggregated one.
 */
export function aggregatedSchema(spec: EndpointSpec, aggregateBy: unknown): RecordSchema {
  const aggregated = spec.aggregatedRecord;
  if (aggregated === undefined) return spec.record;
  const dimensions = aggregateBy === undefined || aggregateBy === null ? [] : (Array.isArray(aggregateBy) ? aggregateBy : [aggregateBy]).map(String);
  const key = dimensions.join("\u0000");
  let bySpec = cache.get(spec);
  if (bySpec === undefined) cache.set(spec, (bySpec = new Map()));
  const known = bySpec.get(key);
  if (known !== undefined) return known;
  const groups = groupColumns(spec);
  const chosen = [...new Set(dimensions.map((d) => dimensionField(spec, d)))].filter((n) => groups.has(n));
  const typed = (name: string): FieldSpec =>
    aggregated.fields.find((f) => f.name === name) ?? withNull(spec.record.fields.find((f) => f.name === name)) ?? { name, type: "string", nullable: true };
  const schema: RecordSchema = { name: aggregated.name, fields: [...chosen.map(typed), ...aggregated.fields.filter((f) => !groups.has(f.name))] };
  bySpec.set(key, schema);
  return schema;
}

function withNull(field: FieldSpec | undefined): FieldSpec | undefined {
  return field === undefined ? undefined : { ...field, nullable: true };
}
