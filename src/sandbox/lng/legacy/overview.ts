/**
 * The old `overview` report: voyage legs. Per IMO, transactions sorted by destination time (ties by
 * transaction_number); each consecutive pair is one leg, numbered tx = 1, 2, 3... from the vessel's
 * first observed transaction. Start = the first's destination and time, end = the second's; type =
 * the second's transaction_type; voyage_tx = "L to R" style (L loading, R offloading); voyage_status
 * "Ballast" for "R to L", else "Laden"; volume = the second's volume if it is an offloading, else
 * the first's if it is a loading, else 0.
 */
import type { LngDataset } from "../model/dataset";
import type { ChainTransaction } from "../model/transaction-chain";
import { DAY_MS, formatRecordTimestamp } from "../model/time";
import type { LegacyParams } from "./legacy-params";

/** Parameters of the overview report. */
export const OVERVIEW_PARAMS = { imos: "integers", start_date: "date", end_date: "date" } as const;

function letter(tx: ChainTransaction): "L" | "R" {
  return tx.type === "loading" ? "L" : "R";
}

/**
 * The legs of one vessel's observed transactions.
 * @param keepEnd which leg end times to keep (default: all); tx numbers count every leg.
 */
export function voyageLegs(transactions: readonly ChainTransaction[], keepEnd: (endMs: number) => boolean = () => true): Record<string, unknown>[] {
  const sorted = [...transactions].sort((a, b) => a.destinationTs - b.destinationTs || a.transactionNumber - b.transactionNumber);
  const legs: Record<string, unknown>[] = [];
  for (let i = 1; i < sorted.length; i++) {
    const first = sorted[i - 1] as ChainTransaction;
    const second = sorted[i] as ChainTransaction;
    if (!keepEnd(second.destinationTs)) continue;
    const voyageTx = `${letter(first)} to ${letter(second)}`;
    const volume = second.type === "offloading" ? second.volumeBcf : first.type === "loading" ? first.volumeBcf : 0;
    legs.push({
      imo: second.imo,
      tx: i,
      start_date: formatRecordTimestamp(first.destinationTs),
      end_date: formatRecordTimestamp(second.destinationTs),
      start_country: first.destination.country,
      start_terminal: first.destination.name,
      end_country: second.destination.country,
      end_terminal: second.destination.name,
      voyage_status: voyageTx === "R to L" ? "Ballast" : "Laden",
      type: second.type,
      voyage_tx: voyageTx,
      volume,
      units: "bcf",
    });
  }
  return legs;
}

/**
 * The overview records: legs of every vessel (or of `imos`), by IMO then tx. `start_date` and
 * `end_date` (inclusive days) keep the legs whose end falls in them, without renumbering tx.
 */
export function overviewReport(dataset: LngDataset, params: LegacyParams): Record<string, unknown>[] {
  const imos = params.get("imos") as number[] | undefined;
  const from = params.get("start_date") as number | undefined;
  const to = params.get("end_date") as number | undefined;
  const byImo = new Map<number, ChainTransaction[]>();
  for (const tx of dataset.observed) {
    if (imos && !imos.includes(tx.imo)) continue;
    let list = byImo.get(tx.imo);
    if (!list) byImo.set(tx.imo, (list = []));
    list.push(tx);
  }
  const fromMs = from === undefined ? Number.NEGATIVE_INFINITY : Math.floor(from / DAY_MS) * DAY_MS;
  const toMs = to === undefined ? Number.POSITIVE_INFINITY : Math.floor(to / DAY_MS) * DAY_MS + DAY_MS;
  const keepEnd = (endMs: number) => endMs >= fromMs && endMs < toMs;
  return [...byImo.keys()].sort((a, b) => a - b).flatMap((imo) => voyageLegs(byImo.get(imo) as ChainTransaction[], keepEnd));
}
