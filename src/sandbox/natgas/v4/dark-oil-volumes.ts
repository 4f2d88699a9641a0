import { formatDay, formatMonth, monthOfDay, parseDay } from "../../core/dates";
import { pick, unit } from "../../core/hash";
import type { NatgasEndpoint } from "../shared/endpoint";
import { accepts, listRowSet } from "../shared/row-set";
import { aggregateBy } from "../v3/shared-params";
import { DATE, LIST } from "./v4-params";

/** The sandbox's dark oil terminals (synthetic; the first is the page's example). */
export const DARK_OIL_TERMINALS = [
  { terminal_id: "TERMINAL_001", terminal: "Port of Houston", country: "United States" },
  { terminal_id: "TERMINAL_002", terminal: "Kharg Island", country: "Iran" },
  { terminal_id: "TERMINAL_003", terminal: "Bandar Abbas", country: "Iran" },
  { terminal_id: "TERMINAL_004", terminal: "Primorsk", country: "Russia" },
  { terminal_id: "TERMINAL_005", terminal: "Ust-Luga", country: "Russia" },
  { terminal_id: "TERMINAL_006", terminal: "Jose", country: "Venezuela" },
] as const;

const FIRST_DAY = parseDay("2023-01-01") as number;
const MEASURES = ["count", "images", "imputed_count", "imputed_volume", "total_count", "total_volume", "volume"] as const;
const DIMENSIONS = ["date", "terminal", "country", "month", "year"] as const;

/** One terminal-day: imagery some days; on the others the count and volume are imputed (barrels). */
function terminalDay(seed: number, day: number, t: number): Record<string, unknown> {
  const term = DARK_OIL_TERMINALS[t];
  const images = pick(3, seed, day, t, 301);
  const cargo = () => Math.round((600_000 + 1_400_000 * unit(seed, day, t, 303)) / 1000) * 1000;
  const count = images > 0 ? pick(3, seed, day, t, 302) : 0;
  const imputedCount = images > 0 ? 0 : pick(2, seed, day, t, 304);
  const volume = count * cargo();
  const imputedVolume = imputedCount * cargo();
  return {
    count,
    country: term.country,
    date: formatDay(day),
    images,
    imputed_count: imputedCount,
    imputed_volume: imputedVolume,
    month: formatMonth(monthOfDay(day)),
    terminal: term.terminal,
    terminal_id: term.terminal_id,
    total_count: count + imputedCount,
    total_volume: volume + imputedVolume,
    volume,
    volume_unit: "barrels",
    year: Number(formatDay(day).slice(0, 4)),
  };
}

/**
 * POST /v4/beta/dark_oil/volumes (apidocs.synmax.com/v4/beta_dark_oil_volumes.html): daily transaction
 * counts and volumes (barrels) at dark oil terminals from 2023-01-01 to the day before asOf, filtered by
 * country, terminal, terminal_id and date_min/date_max. Without aggregate_by, "all dimensions are
 * included": one row per terminal and day, with its date, terminal, country, month and year. aggregate_by (date, terminal, country, month, year) sums the
 * measures over the other dimensions; rows carry terminal and terminal_id only when grouped by terminal,
 * country only when grouped by country, date only when grouped by date, and `month` (YYYY-MM-01) or
 * `year` (an integer) when grouped by them (the page names the dimensions, not these two fields).
 */
export const v4DarkOilVolumes: NatgasEndpoint = {
  method: "POST",
  paged: false,
  params: { aggregate_by: aggregateBy(...DIMENSIONS), country: LIST, date_max: DATE, date_min: DATE, terminal: LIST, terminal_id: LIST },
  answer(params, data) {
    const terms = DARK_OIL_TERMINALS.map((t, i) => [t, i] as const).filter(
      ([t]) => accepts(params, "country", t.country) && accepts(params, "terminal", t.terminal) && accepts(params, "terminal_id", t.terminal_id),
    );
    const from = Math.max(FIRST_DAY, params.dates.get("date_min") ?? FIRST_DAY);
    const to = Math.min(data.asOfDay - 1, params.dates.get("date_max") ?? data.asOfDay - 1);
    const days = Math.max(0, to - from + 1);
    const n = terms.length;
    const plain = { count: days * n, row: (k: number) => terminalDay(data.seed, from + Math.floor(k / n), terms[k % n][1]) };
    const dims = params.listOrder.get("aggregate_by");
    if (!dims) return { rows: plain };
    return { rows: listRowSet(groupDarkOil(plain, new Set(dims.map((d) => d.toLowerCase()))), (r) => r) };
  },
};

function groupDarkOil(rows: { count: number; row(k: number): Record<string, unknown> }, dims: Set<string>): Record<string, unknown>[] {
  const groups = new Map<string, Record<string, unknown>>();
  for (let k = 0; k < rows.count; k++) {
    const r = rows.row(k);
    const day = parseDay(r.date as string) as number;
    const date = dims.has("date") ? r.date : undefined;
    const month = dims.has("month") ? formatMonth(monthOfDay(day)) : undefined;
    const year = dims.has("year") ? Number((r.date as string).slice(0, 4)) : undefined;
    const key = JSON.stringify([date, month, year, dims.has("terminal") ? r.terminal_id : null, dims.has("country") ? r.country : null]);
    let g = groups.get(key);
    if (g === undefined) {
      g = {};
      for (const m of MEASURES) g[m] = 0;
      if (dims.has("country")) g.country = r.country;
      if (date !== undefined) g.date = date;
      if (month !== undefined) g.month = month;
      if (year !== undefined) g.year = year;
      if (dims.has("terminal")) {
        g.terminal = r.terminal;
        g.terminal_id = r.terminal_id;
      }
      g.volume_unit = "barrels";
      groups.set(key, g);
    }
    for (const m of MEASURES) (g[m] as number) += r[m] as number;
  }
  const ordered = ["count", "country", "date", "images", "imputed_count", "imputed_volume", "month", "terminal", "terminal_id", "total_count", "total_volume", "volume", "volume_unit", "year"];
  const period = (g: Record<string, unknown>) => String(g.date ?? g.month ?? g.year ?? "");
  return [...groups.values()]
    .sort((a, b) => period(a).localeCompare(period(b)) || String(a.terminal_id ?? a.country ?? "").localeCompare(String(b.terminal_id ?? b.country ?? "")))
    .map((g) => Object.fromEntries(ordered.filter((f) => f in g).map((f) => [f, g[f]])));
}
