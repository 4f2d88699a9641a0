import { CLASS_VALUES } from "../shared/params";
import type { ParamDef } from "../shared/params";

/** `str arr` filter. */
export const LIST: ParamDef = { kind: "strArr" };
/** `api`: well API numbers as integers (or digit strings, as older clients sent them). */
export const API: ParamDef = { kind: "apiArr" };
/** `str [YYYY-MM-DD]` filter. */
export const DATE: ParamDef = { kind: "date" };
/** oil / gas class filter: one value or a list (the vendor's client sends a list). */
export const CLASS: ParamDef = { kind: "strArr", values: CLASS_VALUES };
/** aggregate_by with its allowed values. */
export function aggregateBy(...values: string[]): ParamDef {
  return { kind: "strArr", values };
}

/** v3 aggregate_by dimension -> record field. */
export const V3_DIMENSION_FIELD: Record<string, string> = {
  county: "county",
  operator: "operator_name",
  region: "region",
  state_code: "state_ab",
  sub_region: "sub_region",
  service_company: "service_company",
};
