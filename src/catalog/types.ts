/**
 * The shape of an endpoint catalog. Each service client declares its endpoints as data of these types
 * (path, method, parameters, allowed values, response style, record schema and how its records are
 * labelled); the same data builds the client's methods (src/client/endpoint-methods.ts), and drives
 * parameter validation, the TypeScript types of params and records, the frame schema, and the tests.
 * Adding an endpoint to a client is adding an entry.
 */
import type { ResponseKind } from "../decode/types";
import type { RecordSchema } from "../table/schema";

/** How a parameter is checked and sent. */
export type ParamKind =
  /** `str arr`: a list of strings; a single string is accepted and sent as a one-element list. `values` restricts. */
  | { readonly kind: "strArr"; readonly values?: readonly string[] }
  /**
   * A single string; `values` restricts it (e.g. frac_class oil|gas, transaction_type loading|offloading).
   * With `orList`, a list of such strings is accepted too, each checked, and sent as given (a string
   * stays a string, a list a list).
   */
  | { readonly kind: "str"; readonly values?: readonly string[]; readonly orList?: boolean }
  /**
   * A calendar date, YYYY-MM-DD, checked to be a real date. With `notBefore`, an earlier date is
   * refused, saying `why` (the service has no data before it and would answer nothing).
   */
  | {
      readonly kind: "date";
      readonly notBefore?: { readonly date: string; readonly why: string };
      /**
       * The service keeps this many months back from today: an earlier date is sent, with a warning
       * saying `why` (today is the client's clock, `clock` in the client options).
       */
      readonly keptMonths?: { readonly months: number; readonly why: string };
    }
  /** A UTC ISO 8601 timestamp; a plain YYYY-MM-DD means midnight UTC. */
  | { readonly kind: "timestamp" }
  /**
   * Well identifiers (API numbers): strings or integers, sent as a list of strings. With `width`,
   * an all-digit identifier is zero-padded to that many digits (an integer API number loses the leading
   * zero of its state code: 05 = Colorado). With `asIntegers`, sent as a list of JSON integers instead
   * (the v3 pages type `api` "integer array"): a string must be all digits, and every value must fit in
   * 2^53 - 1 so that it stays exact.
   */
  | { readonly kind: "idArr"; readonly width?: number; readonly asIntegers?: boolean }
  /** A list of integers; `check: "imo"` warns when an IMO check digit is wrong. */
  | { readonly kind: "intArr"; readonly check?: "imo" }
  /** ISO 3166-1 alpha-2 country codes (list). */
  | { readonly kind: "countryCodes" }
  /** A list of polygons; each a list of closed rings of [longitude, latitude] pairs (EPSG:4326). */
  | { readonly kind: "polygons" }
  | { readonly kind: "int" }
  | { readonly kind: "bool" }
  /**
   * A flag sent as the strings "True"/"False", as the vendor's Python client sends `str(bool)` (v3
   * shorttermforecastdeclines `modeled`, `state_reported`); true/false or "True"/"False" are accepted.
   */
  | { readonly kind: "pyBool" };

/** One request parameter. */
export interface ParamSpec {
  /** The wire name (`sub_region`, `date_prod_min`). */
  readonly name: string;
  readonly type: ParamKind;
  /** Refused when absent. */
  readonly required?: boolean;
  /** Shown in errors when a required parameter is missing: how to get a value. */
  readonly requiredHint?: string;
  readonly description?: string;
}

/** A pair of parameters whose values must satisfy start <= end. */
export interface RangeRule {
  readonly start: string;
  readonly end: string;
}

/**
 * The decoder that turns the endpoint's response bodies into records (src/decode; see ResponseKind):
 * - `envelope-paged`: v3 POST, offset pages `{data, pagination}`, all pages fetched.
 * - `envelope`: v3 GET, `{data: [...]}`.
 * - `array`: a JSON array of records (v4, LNG v1); NDJSON when streamed.
 * - `object`: a single JSON object (v4 shorttermforecasthistorydates), returned as a one-record list.
 * - `job`: a legacy job wrapper whose `meta.report_result` holds the records (src/client/job-response.ts).
 */
export type DecoderKind = ResponseKind;
/** The former name of {@link DecoderKind}. */
export type ResponseShape = DecoderKind;

/**
 * Where an endpoint's entry comes from, so a reader can tell what is the spec, what the vendor's
 * published reference and what is gasframes' own choice. At least one of the three is given.
 */
export interface EndpointSource {
  /** The spec document (`../shared/spec/…`) and section the entry follows, e.g. `natgas-service.md#v4-endpoint-changes`. */
  readonly spec?: string;
  /** URLs of the vendor's published reference pages the entry follows. */
  readonly docs?: readonly string[];
  /** Where neither says: what gasframes chose and why, in one sentence. */
  readonly choice?: string;
  /**
   * Public code of the vendor the entry follows where no page documents it: package, version, file and
   * what it shows (`synmax-api-python-client 4.6.0 (PyPI), synmax/leviaton/v1/openapi.yaml: POST /vessels/history`).
   */
  readonly code?: readonly string[];
  /**
   * Set when neither a published page nor the vendor's public code confirms the entry as sent: says
   * what is unconfirmed (path, method, parameters or fields). An entry without it is confirmed by its
   * `docs` or `code`. A `doctor` lists the entries that have it.
   */
  readonly unverified?: string;
}

/** A documented rate limit: at most `requests` per `perMs` milliseconds, per client and endpoint. */
export interface RateLimitSpec {
  readonly requests: number;
  readonly perMs: number;
}

/** One endpoint of a service. */
export interface EndpointSpec {
  readonly service: "natgas" | "lng" | "legacy";
  /** `v3`, `v4`, `v1` or `legacy`. */
  readonly version: string;
  /** The client method name, camelCase (`shortTermForecastHistory`). */
  readonly method: string;
  readonly httpMethod: "GET" | "POST";
  /** Path under the service's base URL, e.g. `/v3/rigs`, `/v1/volume_flows`. */
  readonly path: string;
  readonly params: readonly ParamSpec[];
  readonly ranges?: readonly RangeRule[];
  /** The decoder of its response bodies (see {@link DecoderKind}). */
  readonly decoder: DecoderKind;
  /** The record schema (fields in spec order). */
  readonly record: RecordSchema;
  /** The record schema when `aggregate_by` is set, where it differs. */
  readonly aggregatedRecord?: RecordSchema;
  /** Warn once when called with no filter: the whole dataset is huge (spec convention 4). */
  readonly warnUnfiltered?: boolean;
  /** A deprecation notice to warn once with, naming the replacement. */
  readonly deprecated?: string;
  /** The service refuses queries matching more rows than this. */
  readonly rowLimit?: number;
  /** The field a bare string or number in the answer is a record of (an answer that may be a plain list of values). */
  readonly bareValuesAs?: string;
  /**
   * Service labels of a field that mean a schema field (`{ state_ab: "state_code" }`): records are
   * given the schema's name.
   */
  readonly fieldAliases?: Readonly<Record<string, string>>;
  /**
   * Parameters sent with every request, before the caller's (the old API's `req_report`, which picks
   * the report of `analysis_report`). Not the caller's to give: they are not in `params`.
   */
  readonly fixedParams?: Readonly<Record<string, string>>;
  readonly description?: string;
  /** Where this entry comes from (spec, published reference, or our choice). */
  readonly source?: EndpointSource;
  /** The documented rate limit; the client paces requests to stay under it. */
  readonly rateLimit?: RateLimitSpec;
}
