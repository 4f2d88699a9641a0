import { firstDayOfMonth, monthOfDay, parseDay } from "../../core/dates";
import type { SandboxContext } from "../../core/types";
import { wellsOf } from "./wells";
import type { Well } from "./wells";

/** First day of backcast data, and the spacing of forecast runs. */
export const FIRST_RUN_DAY = parseDay("2021-01-15") as number;
export const RUN_EVERY_DAYS = 3;
/** First month of productionbycountyandoperator. */
export const FIRST_PRODUCTION_MONTH = 2000 * 12;
/** First day of the daily activity series (rigs, frac crews, fracked feet, daily production). */
export const FIRST_ACTIVITY_DAY = parseDay("2020-01-01") as number;

/** What every natural-gas endpoint needs to know about "today" and the wells that exist by then. */
export interface NatgasDataset {
  readonly seed: number;
  readonly asOfDay: number;
  readonly asOfMonth: number;
  /** Last month with reported history (the month before asOf's month). */
  readonly lastHistoryMonth: number;
  /** Wells permitted on or before asOf, in catalogue order. */
  readonly wells: readonly Well[];
  /** Wells with first production on or before the last history month, ordered by first production then API. */
  readonly producingWells: readonly Well[];
  /** Day numbers of the forecast runs, ascending (every 3 days from 2021-01-15 up to asOf). */
  readonly runDays: readonly number[];
}

/** The datasets last used, least recently used first (a hit moves its entry to the end of the Map). */
const cache = new Map<string, NatgasDataset>();
/** The tests of one shared worker use a dozen (seed, asOf) pairs; emptying the whole cache past 8 made them build their wells lists again (issue 31). */
const CACHE_SIZE = 16;

/** The dataset of a context, built on first use and kept (the last 16 used). */
export function datasetOf(ctx: SandboxContext): NatgasDataset {
  const key = `${ctx.seed}|${ctx.asOf}`;
  let data = cache.get(key);
  if (data) {
    cache.delete(key);
  } else {
    if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
    data = build(ctx);
  }
  cache.set(key, data);
  return data;
}

function build(ctx: SandboxContext): NatgasDataset {
  const asOfDay = parseDay(ctx.asOf) as number;
  const asOfMonth = monthOfDay(asOfDay);
  const runDays: number[] = [];
  for (let day = FIRST_RUN_DAY; day <= asOfDay; day += RUN_EVERY_DAYS) runDays.push(day);
  // The well catalogue takes 0.1 to 0.3 s to build (wells.ts): only endpoints that read wells pay for it.
  let wells: readonly Well[] | undefined;
  let producingWells: readonly Well[] | undefined;
  return {
    seed: ctx.seed,
    asOfDay,
    asOfMonth,
    lastHistoryMonth: asOfMonth - 1,
    runDays,
    get wells() {
      wells ??= wellsOf(ctx.seed).filter((w) => w.permitDay <= asOfDay);
      return wells;
    },
    get producingWells() {
      producingWells ??= wellsOf(ctx.seed)
        .filter((w) => w.firstProdMonth < asOfMonth && firstDayOfMonth(w.firstProdMonth) <= asOfDay)
        .sort((a, b) => a.firstProdMonth - b.firstProdMonth || a.api - b.api);
      return producingWells;
    },
  };
}
