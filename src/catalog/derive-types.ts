/**
 * TypeScript types derived from an `as const` endpoint catalog, so that one table gives the runtime
 * checks and the editor's completions: `ParamsOf<typeof v3.rigs>` has `aggregate_by?: "county" |
 * "date" | ...` and no key the endpoint does not take; `RecordOf<typeof v3.rigs>` has one typed field
 * per schema field.
 */
import type { FieldType, RecordSchema } from "../table/schema";
import type { ParamKind, ParamSpec } from "./types";

/** Flattens an intersection into one object type (for readable editor tooltips). */
export type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** A polygon filter value: polygons of closed rings of [longitude, latitude] pairs. */
export type PolygonsValue =
  | readonly (readonly (readonly (readonly number[])[])[])[]
  /** The vendor's form: a list of closed rings, one polygon each. */
  | readonly (readonly (readonly number[])[])[];

/** The value a parameter of kind `K` accepts. */
export type ValueOfKind<K extends ParamKind> = K extends { kind: "strArr"; values: readonly (infer V)[] }
  ? V | readonly V[]
  : K extends { kind: "strArr" }
    ? string | readonly string[]
    : K extends { kind: "str"; orList: true; values: readonly (infer V)[] }
      ? V | readonly V[]
      : K extends { kind: "str"; values: readonly (infer V)[] }
      ? V
      : K extends { kind: "str" }
        ? string
        : K extends { kind: "date" }
          ? string
          : K extends { kind: "timestamp" }
            ? string | Date
            : K extends { kind: "idArr" }
              ? string | number | readonly (string | number)[]
              : K extends { kind: "intArr" }
                ? number | readonly number[]
                : K extends { kind: "countryCodes" }
                  ? string | readonly string[]
                  : K extends { kind: "polygons" }
                    ? PolygonsValue
                    : K extends { kind: "int" }
                      ? number
                      : K extends { kind: "bool" }
                        ? boolean
                        : K extends { kind: "pyBool" }
                          ? boolean | "True" | "False"
                          : never;

type ParamList<S> = S extends { readonly params: readonly (infer P)[] } ? P : never;
type RequiredNames<P> = P extends { name: infer N; required: true } ? N : never;

/**
 * The parameters object of an endpoint: required parameters as required keys, the others optional and
 * nullable (null = not sent). Unknown keys are refused by the compiler's excess-property check.
 */
export type ParamsOf<S> = Simplify<
  {
    [P in ParamList<S> as P extends ParamSpec ? (P["name"] extends RequiredNames<ParamList<S>> ? P["name"] : never) : never]: P extends ParamSpec
      ? ValueOfKind<P["type"]>
      : never;
  } & {
    [P in ParamList<S> as P extends ParamSpec ? (P["name"] extends RequiredNames<ParamList<S>> ? never : P["name"]) : never]?: P extends ParamSpec
      ? ValueOfKind<P["type"]> | null
      : never;
  }
>;

/** The values of `aggregate_by` an endpoint takes (`never` when it takes none). */
export type AggregateByOf<S> = ParamsOf<S> extends { aggregate_by?: infer A } ? Exclude<A, null | undefined> : never;

/** How a field type reads in a record: every value may be null (spec convention 3). */
export type FieldValue<T extends FieldType> = T extends "int" | "float"
  ? number | null
  : T extends "string" | "date" | "timestamp"
    ? string | null
    : T extends "bool"
      ? boolean | null
      : unknown;

/** A record of a schema: one field per schema field, typed by its field type. */
export type RecordOfSchema<S extends RecordSchema> = Simplify<{
  [F in S["fields"][number] as F["name"]]: FieldValue<F["type"]>;
}>;

/** The plain record of an endpoint. */
export type RecordOf<S> = S extends { readonly record: infer Schema extends RecordSchema } ? RecordOfSchema<Schema> : never;

/** One value of an endpoint's `aggregate_by` (`"region"`, not a list). */
export type AggregateDimensionOf<S> = AggregateByOf<S> extends infer A ? (A extends readonly (infer V)[] ? V : A) & string : never;

type FieldsOf<Schema> = Schema extends { readonly fields: readonly (infer F)[] } ? F : never;
type FieldNameOf<Schema> = FieldsOf<Schema> extends { readonly name: infer N } ? N : never;
type PlainRecordOf<S> = S extends { readonly record: infer Schema } ? Schema : never;
type AggregatedSchemaOf<S> = S extends { readonly aggregatedRecord: infer Schema extends RecordSchema } ? Schema : never;
type DateLikeField = { readonly type: "date" | "timestamp" };

type FirstDateName<Fields> = Fields extends readonly [infer F, ...infer Rest]
  ? F extends DateLikeField & { readonly name: infer N extends string }
    ? N
    : FirstDateName<Rest>
  : never;

/**
 * The date aggregated rows are always grouped by: the aggregated record's first date or timestamp
 * field (`date`; `end_date` for v3 completions; `date_observed`). Runtime twin: `groupedDateField`.
 */
export type GroupedDateOf<S> = AggregatedSchemaOf<S> extends { readonly fields: infer Fields } ? FirstDateName<Fields> : never;

/**
 * The field a dimension of `aggregate_by` groups by, and which aggregated rows carry: the plain
 * record's field of that name, else `<dimension>_name` (`operator` -> `operator_name`), else
 * `state_ab` for `state_code`; `date` where the record has no `date` field is the grouped date.
 * Runtime twin: `dimensionField`.
 */
export type DimensionFieldOf<S, D extends string> = D extends FieldNameOf<PlainRecordOf<S>>
  ? D
  : `${D}_name` extends FieldNameOf<PlainRecordOf<S>>
    ? `${D}_name`
    : D extends "state_code"
      ? "state_ab" extends FieldNameOf<PlainRecordOf<S>>
        ? "state_ab"
        : D
      : D extends "date"
        ? [GroupedDateOf<S>] extends [never]
          ? D
          : GroupedDateOf<S>
        : D;

/** Names of the group columns of aggregated rows: every dimension's field but the grouped date, which rows always carry. */
type GroupFieldNames<S> = Exclude<DimensionFieldOf<S, AggregateDimensionOf<S>>, GroupedDateOf<S>>;
/** How a group column reads: typed as in the aggregated record, else as in the plain record, else text. */
type TypeOfField<Fields, N> = Fields extends { readonly name: N; readonly type: infer T extends FieldType } ? T : never;
type GroupFieldValue<S, N> = [TypeOfField<FieldsOf<AggregatedSchemaOf<S>>, N>] extends [never]
  ? [TypeOfField<FieldsOf<PlainRecordOf<S>>, N>] extends [never]
    ? string | null
    : FieldValue<TypeOfField<FieldsOf<PlainRecordOf<S>>, N>>
  : FieldValue<TypeOfField<FieldsOf<AggregatedSchemaOf<S>>, N>>;

/**
 * The record of an endpoint when `aggregate_by` is set to `A` (its plain record when it has no
 * aggregated shape): one field per dimension in `A`, named by the record's field (`region`,
 * `operator_name`; `date` adds none: rows always carry their date), then the aggregated record's
 * fields that are no group column (the date, the measures, the counts; for
 * productionbycountyandoperator `aggregate_by` and `aggregate_by_filter_value`), and no other group
 * column. Without `A`, the group columns are optional. At run time the Result's schema lists the same
 * fields in this order (`aggregatedSchema`).
 */
export type AggregatedRecordOf<S, A extends string = never> = S extends { readonly aggregatedRecord: RecordSchema }
  ? Simplify<
      ([A] extends [never]
        ? { [N in GroupFieldNames<S>]?: GroupFieldValue<S, N> }
        : { [N in Exclude<DimensionFieldOf<S, A>, GroupedDateOf<S>>]: GroupFieldValue<S, N> }) & {
        [F in FieldsOf<AggregatedSchemaOf<S>> as F extends { readonly name: infer N extends string } ? (N extends GroupFieldNames<S> ? never : N) : never]: F extends {
          readonly type: infer T extends FieldType;
        }
          ? FieldValue<T>
          : never;
      }
    >
  : RecordOf<S>;
