/**
 * Parameters and helpers shared by the v4 catalog files.
 */
import { kind } from "../shared/fields";

export const strArr = <N extends string>(name: N) => ({ name, type: kind.strArr }) as const;
export const date = <N extends string>(name: N) => ({ name, type: kind.date }) as const;
export const int = <N extends string>(name: N) => ({ name, type: kind.int }) as const;
export const bool = <N extends string>(name: N, description: string) => ({ name, type: { kind: "bool" }, description }) as const;
export const range = <S extends string, E extends string>(start: S, end: E) => ({ start, end }) as const;
export const aggregateBy = <V extends readonly string[]>(values: V) => ({ name: "aggregate_by", type: { kind: "strArr", values } }) as const;

export const county = strArr("county");
export const operator = strArr("operator");
export const region_natgas = strArr("region_natgas");
export const sub_region_natgas = strArr("sub_region_natgas");
export const state_code = strArr("state_code");
export const well_id = { name: "well_id", type: { kind: "idArr", width: 10 }, description: "well identifiers (v3 api numbers), sent as 10-digit strings" } as const;

export const post = { service: "natgas", version: "v4", httpMethod: "POST", decoder: "array" } as const;
export const get = { service: "natgas", version: "v4", httpMethod: "GET", decoder: "array", params: [] } as const;
export const ROW_LIMIT = 1_000_000;

/** The spec section every v4 entry it describes follows. */
export const SPEC = "natgas-service.md#v4-endpoint-changes";
/** The vendor's v3 -> v4 migration guide (renamed parameters and fields, endpoint by endpoint). */
export const MIGRATION_GUIDE = "https://apidocs.synmax.com/pages/changelog.html";
/** The vendor's Excel add-in page of a v4 endpoint: it names the endpoint's v4 parameters (and some fields). */
export const excelPage = (path: string): string => `https://exceldocs.synmax.com/hyperion_v4/${path}.html`;
