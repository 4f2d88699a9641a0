/**
 * The data-link tables of the sandbox and where their rows come from. The Hyperion tables (`hdl.*`)
 * are the unfiltered rows of the sandbox's own v4 endpoints (without the API's per-row `count`), so a
 * SQL query and the matching v4 call agree; the Leviaton table (`ldl.transaction_history_raw`) is one
 * row per observed LNG loading or offloading of the LNG model.
 */
import type { SandboxContext, SandboxRequest } from "../../core/types";
import { lngDataset } from "../../lng/model/dataset";
import { datasetOf } from "../model/dataset";
import type { NatgasEndpoint } from "../shared/endpoint";
import { parseParams } from "../shared/params";
import { rowsOf } from "../shared/row-set";
import { v4Completions, v4FracCrews, v4Rigs } from "../v4/activity";
import { productionByWell } from "../v4/production-by-well";

/** A column's SQL type: the few the tables need. */
export type DatalinkColumnType = "VARCHAR" | "DOUBLE" | "INTEGER" | "DATE" | "TIMESTAMP";

/** One column of a data-link table. */
export interface DatalinkColumn {
  readonly name: string;
  readonly type: DatalinkColumnType;
}

/** One table: its schema (`hdl`, `ldl`), name, columns and rows. */
export interface DatalinkTable {
  readonly schema: string;
  readonly name: string;
  /** Columns and the rows, in column order, for one sandbox (seed and asOf). */
  rows(ctx: SandboxContext): { readonly columns: readonly DatalinkColumn[]; readonly rows: Iterable<Record<string, unknown>> };
}

const NO_REQUEST: SandboxRequest = { method: "POST", path: "", query: new URLSearchParams(), body: {}, headers: {}, ndjson: false };

/** A natgas column's type: dates by name, the integer identifiers, numbers (and coordinates) as DOUBLE, the rest text. */
function natgasColumnType(name: string, sample: unknown): DatalinkColumnType {
  if (name.startsWith("date_")) return "DATE";
  if (name === "wellpad_id" || name === "production_month") return "INTEGER";
  if (name === "lat" || name === "long" || typeof sample === "number") return "DOUBLE";
  return "VARCHAR";
}

/** A table holding the unfiltered answer of a v4 endpoint, without its `count`. */
function fromV4(name: string, path: string, endpoint: NatgasEndpoint): DatalinkTable {
  return {
    schema: "hdl",
    name,
    rows(ctx) {
      const params = parseParams(path, {}, endpoint.params, { pagination: false });
      const answer = endpoint.answer(params, datasetOf(ctx), NO_REQUEST);
      if (!("rows" in answer)) throw new Error(`${path} answers no rows`);
      const first = answer.rows.count > 0 ? answer.rows.row(0) : {};
      const columns = Object.keys(first)
        .filter((k) => k !== "count")
        .map((k) => ({ name: k, type: natgasColumnType(k, first[k]) }));
      return { columns, rows: rowsOf(answer.rows) };
    },
  };
}

const LNG_COLUMNS: readonly DatalinkColumn[] = [
  { name: "transaction_number", type: "INTEGER" },
  { name: "imo", type: "INTEGER" },
  { name: "transaction_type", type: "VARCHAR" },
  { name: "timestamp", type: "TIMESTAMP" },
  { name: "terminal", type: "VARCHAR" },
  { name: "terminal_id", type: "VARCHAR" },
  { name: "country", type: "VARCHAR" },
  { name: "country_code", type: "VARCHAR" },
  { name: "volume", type: "DOUBLE" },
  { name: "volume_unit", type: "VARCHAR" },
  { name: "origin_terminal", type: "VARCHAR" },
  { name: "origin_country", type: "VARCHAR" },
  { name: "loading_origin_terminal", type: "VARCHAR" },
  { name: "loading_origin_country", type: "VARCHAR" },
  { name: "loading_origin_country_code", type: "VARCHAR" },
];

/** One row per observed transaction: the event at its destination terminal (where the cargo is loaded or offloaded). */
const transactionHistoryRaw: DatalinkTable = {
  schema: "ldl",
  name: "transaction_history_raw",
  rows(ctx) {
    const observed = lngDataset(ctx.seed, ctx.asOf).observed;
    const rows = (function* () {
      for (const tx of observed) {
        yield {
          transaction_number: tx.transactionNumber,
          imo: tx.imo,
          transaction_type: tx.type,
          timestamp: new Date(tx.destinationTs).toISOString(),
          terminal: tx.destination.name,
          terminal_id: tx.destination.id,
          country: tx.destination.country,
          country_code: tx.destination.countryCode,
          volume: tx.volumeBcf,
          volume_unit: "bcf",
          origin_terminal: tx.origin.name,
          origin_country: tx.origin.country,
          loading_origin_terminal: tx.loadingOrigin.name,
          loading_origin_country: tx.loadingOrigin.country,
          loading_origin_country_code: tx.loadingOrigin.countryCode,
        };
      }
    })();
    return { columns: LNG_COLUMNS, rows };
  },
};

/** Every data-link table, by `schema.name` in lower case. */
export const DATALINK_TABLES: ReadonlyMap<string, DatalinkTable> = new Map(
  [
    fromV4("fraccrews", "/v4/fraccrews", v4FracCrews),
    fromV4("rigs", "/v4/rigs", v4Rigs),
    fromV4("completions", "/v4/completions", v4Completions),
    fromV4("production_by_well", "/v4/productionbywell", productionByWell),
    transactionHistoryRaw,
  ].map((t) => [`${t.schema}.${t.name}`, t]),
);
