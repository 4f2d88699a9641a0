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
export type PolygonsValue = readonly (readonly (readonly (readonly number[])[])[])[];

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

/** The record of an endpoint when `aggregate_by` is set (its plain record when it has no aggregated shape). */
export type AggregatedRecordOf<S> = S extends { readonly aggregatedRecord: infer Schema extends RecordSchema }
  ? RecordOfSchema<Schema>
  : RecordOf<S>;
