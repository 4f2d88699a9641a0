/**
 * The periods of resampled flows as a chart reads them: how long they are, where their ticks go, and
 * which of them are partial (cut by the data's window, or holding both observed and forecast days).
 */
import { canonicalUnit } from "../table/units";
import { unitLabel } from "../table/unit-label";

const MS_PER_DAY = 86_400_000;

/** `d`, `week` or `month` when the periods' starts are that far apart, else undefined (the unit is then said alone). */
export function periodWord(times: readonly number[]): "d" | "week" | "month" | undefined {
  const starts = [...new Set(times)].sort((a, b) => a - b);
  let gap = Infinity;
  for (let i = 1; i < starts.length; i++) gap = Math.min(gap, starts[i]! - starts[i - 1]!);
  const days = gap / MS_PER_DAY;
  if (days === 1) return "d";
  if (days === 7) return "week";
  if (days >= 28 && days <= 31) return "month";
  return undefined;
}

/** The instant after a period starting at `t` (a day, a week or a calendar month); undefined for an unknown length. */
export function periodEnd(t: number, word: ReturnType<typeof periodWord>): number | undefined {
  if (word === "d") return t + MS_PER_DAY;
  if (word === "week") return t + 7 * MS_PER_DAY;
  if (word === "month") {
    const d = new Date(t);
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
  }
  return undefined;
}

/**
 * Why a period is partial, or undefined when it is whole: `complete` false (resampleFlows: the data cover
 * only some of its days), or its days straddle `asOf` (some observed, some forecast). A period starting
 * on `asOf` is wholly forecast, one ending on or before it wholly observed.
 */
export function partialReason(t: number, end: number | undefined, complete: unknown, asOf: number | undefined): string | undefined {
  if (complete === false || complete === "false") return "not every day of it is in the data";
  if (asOf !== undefined && end !== undefined && t < asOf && end > asOf) return "part observed, part forecast";
  return undefined;
}

/** At most eight of the weeks' own starts, evenly spaced from the first, as axis tick values (epoch ms). */
export function weekTicks(times: readonly number[]): number[] {
  const starts = [...new Set(times)].sort((a, b) => a - b);
  const step = Math.max(1, Math.ceil(starts.length / 8));
  return starts.filter((_, i) => i % step === 0);
}

/**
 * The volume axis: `LNG volume (Bcf/d)` for daily rows, `(Bcf/week)` or `(Bcf/month)` for resampled
 * periods, so an axis never reads a bare "Volume" or a service label such as `gas_Bcf`.
 */
export function volumeAxisTitle(unit: string | undefined, per: string | undefined): string {
  if (unit === undefined) return "LNG volume";
  const canonical = canonicalUnit(unit);
  // A rate already says per what (bcm/d); a volume gets the period's length.
  const words = unitLabel(canonical ?? unit);
  return per === undefined || words.includes("/") ? `LNG volume (${words})` : `LNG volume (${words}/${per})`;
}
