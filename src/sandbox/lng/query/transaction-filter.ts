/** Matching of transactions (observed or forecast) against a validated LNG query. */
import type { LngQuery, PlaceFilter, PlaceRole } from "./params";
import { pointInPolygon } from "../model/polygon";
import type { TransactionType } from "../model/transaction-chain";
import type { Terminal } from "../model/terminals";

/** The fields of a transaction a filter looks at. */
export interface FilterableTransaction {
  readonly imo: number;
  readonly origin: Terminal;
  readonly destination: Terminal;
  readonly loadingOrigin: Terminal;
  readonly type: TransactionType;
}

/** True when the terminal passes every filter of the family (filters AND, values of one filter OR). */
export function terminalMatches(terminal: Terminal, filter: PlaceFilter): boolean {
  if (filter.countries && !filter.countries.has(terminal.country.toLowerCase())) return false;
  if (filter.country_codes && !filter.country_codes.has(terminal.countryCode.toLowerCase())) return false;
  if (filter.regions && !filter.regions.has(terminal.region.toLowerCase())) return false;
  if (filter.terminals && !filter.terminals.has(terminal.name.toLowerCase())) return false;
  if (filter.terminal_ids && !filter.terminal_ids.has(terminal.id.toLowerCase())) return false;
  if (filter.polygons && !filter.polygons.some((p) => pointInPolygon(terminal.longitude, terminal.latitude, p))) return false;
  return true;
}

const ROLE_FIELD: Record<PlaceRole, "origin" | "destination" | "loadingOrigin"> = {
  origin: "origin",
  destination: "destination",
  loading_origin: "loadingOrigin",
};

/**
 * A predicate for a query's place, IMO and type filters.
 * @param defaultTypes transaction types kept when the query sets none (default: both).
 */
export function transactionPredicate(query: LngQuery, defaultTypes?: ReadonlySet<TransactionType>): (tx: FilterableTransaction) => boolean {
  const types = query.transactionTypes ?? defaultTypes;
  const roles = (Object.keys(ROLE_FIELD) as PlaceRole[]).filter((role) => Object.keys(query.places[role]).length > 0);
  return (tx) => {
    if (types && !types.has(tx.type)) return false;
    if (query.imos && !query.imos.has(tx.imo)) return false;
    for (const role of roles) {
      if (!terminalMatches(tx[ROLE_FIELD[role]], query.places[role])) return false;
    }
    return true;
  };
}
