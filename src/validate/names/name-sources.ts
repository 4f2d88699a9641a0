/**
 * Where each service publishes its names, fetched through the client's own transport (so the token
 * stays in its header, and retries, time-outs, the cache and the token masking all apply).
 */
import type { TransportRequest } from "../../decode/types";
import type { NameKind, NameService } from "./name-kinds";
import type { NameLists } from "./known-names";

/** A service's own lists, and where they came from (for messages). */
export interface LiveNames {
  lists: NameLists;
  /** `GET /v4/regions`. */
  source: string;
  /** What the list may miss, said in a refusal. */
  note?: string;
}

/** A list request: the transport's, plus the service and version a client's transport reports in meta. */
export type NameListRequest = TransportRequest & { service: NameService; apiVersion: string };

/** What the lists are fetched through: the client's transport (any transport of a client will do). */
export interface NameListTransport {
  fetchRecords<R>(req: NameListRequest): Promise<{ records: R[] }>;
}

/** Fetches a service's lists of names. */
export type NameFetcher = (transport: NameListTransport) => Promise<LiveNames>;

const collect = (records: readonly unknown[], fields: Readonly<Record<string, NameKind>>): NameLists => {
  const sets = new Map<NameKind, Set<string>>();
  for (const kind of Object.values(fields)) sets.set(kind, new Set());
  for (const record of records) {
    if (record === null || typeof record !== "object") continue;
    for (const [field, kind] of Object.entries(fields)) {
      const value = (record as Record<string, unknown>)[field];
      if (typeof value === "string" && value !== "") sets.get(kind)!.add(value);
    }
  }
  const lists: NameLists = {};
  for (const [kind, set] of sets) lists[kind] = [...set];
  return lists;
};

/** Natural gas: `GET /v4/regions`, every county with its state, region and sub-region (the same names v3 takes). */
export const fetchNatgasNames: NameFetcher = async (transport) => {
  const { records } = await transport.fetchRecords<unknown>({
    service: "natgas",
    apiVersion: "v4",
    endpoint: "regions",
    httpMethod: "GET",
    path: "/v4/regions",
    response: "array",
    params: {},
  });
  const fields = { county: "county", region_natgas: "region", sub_region_natgas: "sub_region", state_code: "state", state_ab: "state", region: "region", sub_region: "sub_region" } as const;
  return { lists: collect(records, fields), source: "GET /v4/regions" };
};

/** The fields of a `/v1/terminals` record that carry each kind of LNG name. */
const TERMINAL_FIELDS: Readonly<Record<string, NameKind>> = {
  name: "terminal",
  terminal_id: "terminal_id",
  country: "country",
  country_code: "country_code",
};

/**
 * LNG: `POST /v1/terminals` (the vendor's OpenAPI document), every liquefaction and regasification
 * terminal with its id, country and country code: the names the place filters take. It lists no
 * regions.
 */
export const fetchLngNames: NameFetcher = async (transport) => {
  const { records } = await transport.fetchRecords<unknown>({
    service: "lng",
    apiVersion: "v1",
    endpoint: "terminals",
    httpMethod: "POST",
    path: "/v1/terminals",
    response: "array",
    params: {},
    body: {},
    ndjson: true,
  });
  return {
    lists: collect(records, TERMINAL_FIELDS),
    source: "the terminal list (POST /v1/terminals)",
    note: "a name not on the service's terminal list matches nothing: pass checkNames: false to the client to send any name",
  };
};

/** The fetcher of each service. */
export const NAME_FETCHERS: Readonly<Record<NameService, NameFetcher>> = { natgas: fetchNatgasNames, lng: fetchLngNames };
