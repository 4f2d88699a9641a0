/**
 * `POST /api/v2/targetd_query` (the old API's spelling): observed transactions under the old field
 * names (start_* = origin, end_* = destination, units = bcf), filtered by IMO, end terminal or
 * country and inclusive dates on the end (transaction) time.
 */
import type { LngDataset } from "../model/dataset";
import { DAY_MS, formatRecordTimestamp } from "../model/time";
import type { LegacyParams } from "./legacy-params";

/** Parameters of targetd_query. */
export const TARGETED_QUERY_PARAMS = { imos: "integers", terminals: "strings", countries: "strings", tx_type: "string", start_date: "date", end_date: "date" } as const;

/** The targetd_query records, in /v1/transactions order. */
export function targetedQuery(dataset: LngDataset, params: LegacyParams): Record<string, unknown>[] {
  const imos = params.get("imos") as number[] | undefined;
  const terminals = (params.get("terminals") as string[] | undefined)?.map((s) => s.toLowerCase());
  const countries = (params.get("countries") as string[] | undefined)?.map((s) => s.toLowerCase());
  const txType = (params.get("tx_type") as string | undefined)?.toLowerCase();
  const from = params.get("start_date") as number | undefined;
  const to = params.get("end_date") as number | undefined;
  const fromMs = from === undefined ? Number.NEGATIVE_INFINITY : Math.floor(from / DAY_MS) * DAY_MS;
  const toMs = to === undefined ? Number.POSITIVE_INFINITY : Math.floor(to / DAY_MS) * DAY_MS + DAY_MS;
  return dataset.observed
    .filter(
      (tx) =>
        (!imos || imos.includes(tx.imo)) &&
        (!terminals || terminals.includes(tx.destination.name.toLowerCase())) &&
        (!countries || countries.includes(tx.destination.country.toLowerCase())) &&
        (!txType || tx.type === txType) &&
        tx.destinationTs >= fromMs &&
        tx.destinationTs < toMs,
    )
    .map((tx) => ({
      imo: tx.imo,
      start_date: formatRecordTimestamp(tx.originTs),
      end_date: formatRecordTimestamp(tx.destinationTs),
      start_terminal: tx.origin.name,
      start_country: tx.origin.country,
      end_terminal: tx.destination.name,
      end_country: tx.destination.country,
      type: tx.type,
      volume: tx.volumeBcf,
      units: "bcf",
      transaction_number: tx.transactionNumber,
    }));
}
