import { firstDayOfMonth, formatDay, formatMonth, monthOfDay } from "../../core/dates";
import { normal, pick } from "../../core/hash";
import type { NatgasEndpoint } from "../shared/endpoint";
import { SUB_REGIONS } from "../geo/geography";
import { actualGas } from "../model/region-curve";
import { accepts, listRowSet, monthOverlaps } from "../shared/row-set";
import type { RowSet } from "../shared/row-set";
import { frackedFeet } from "../v3/daily-fracked-feet";
import { longTermSeries, longTermValues } from "../v3/long-term-forecast";
import { matchingPairs } from "../v3/production-by-county-and-operator";
import { FIRST_ACTIVITY_DAY } from "../model/dataset";
import { aggregateBy } from "../v3/shared-params";
import { groupV4 } from "./v4-aggregate";
import { DATE, LIST, V4_LOCATION, V4_NAMES } from "./v4-params";

/** POST /v4/dailyfrackedfeet: as v3, with date_frac and v4 region names. */
export const v4DailyFrackedFeet: NatgasEndpoint = {
  method: "POST",
  paged: false,
  params: { date_frac_min: DATE, date_frac_max: DATE, region_natgas: LIST, sub_region_natgas: LIST },
  answer(params, data) {
    const list = frackedFeet(data, params, { from: "date_frac_min", to: "date_frac_max", region: "region_natgas", subRegion: "sub_region_natgas" });
    return { rows: listRowSet(list, (r) => ({ date_frac: formatDay(r.day), fracked_feet: r.feet, region_natgas: r.region, sub_region_natgas: r.subRegion })) };
  },
};

/**
 * POST /v4/dailyproduction: daily dry gas per sub-region (BCF/day) from 2020-01-01 to the day before
 * asOf: the sub-region's actual monthly total (the one productionbycountyandoperator and productionbywell
 * distribute) with 1.5% day-to-day noise. aggregate_by (region_natgas, sub_region_natgas, date_prod; the
 * Excel page names the parameter) sums the rates per day and chosen columns.
 */
export const v4DailyProduction: NatgasEndpoint = {
  method: "POST",
  paged: false,
  params: {
    date_prod_min: DATE, date_prod_max: DATE, region_natgas: LIST, sub_region_natgas: LIST,
    aggregate_by: aggregateBy("region_natgas", "sub_region_natgas", "date_prod"),
  },
  answer(params, data) {
    const subs = SUB_REGIONS.filter((s) => accepts(params, "region_natgas", s.region) && accepts(params, "sub_region_natgas", s.name));
    const from = Math.max(FIRST_ACTIVITY_DAY, params.dates.get("date_prod_min") ?? FIRST_ACTIVITY_DAY);
    const to = Math.min(data.asOfDay - 1, params.dates.get("date_prod_max") ?? data.asOfDay - 1);
    const days = Math.max(0, to - from + 1);
    return {
      rows: groupV4({
        count: days * subs.length,
        row(k) {
          const day = from + Math.floor(k / subs.length);
          const s = subs[k % subs.length];
          const sub = SUB_REGIONS.indexOf(s);
          const gas = actualGas(data.seed, sub, monthOfDay(day)) * (1 + 0.015 * normal(data.seed, day, sub, 87));
          return { date_prod: formatDay(day), prod_dry_gas_bcf_day: Number(gas.toPrecision(6)), region_natgas: s.region, sub_region_natgas: s.name };
        },
      }, params, { dateField: "date_prod", sumFields: ["prod_dry_gas_bcf_day"] }),
    };
  },
};

/**
 * POST /v4/longtermforecast: next 12 months per sub-region (states summed), BCF/day and BBL/day;
 * aggregate_by (region_natgas, sub_region_natgas, date_prod) sums the rates per month and chosen columns.
 */
export const v4LongTermForecast: NatgasEndpoint = {
  method: "POST",
  paged: false,
  params: { date_prod_min: DATE, date_prod_max: DATE, region_natgas: LIST, sub_region_natgas: LIST, aggregate_by: aggregateBy("region_natgas", "sub_region_natgas", "date_prod") },
  answer(params, data) {
    const series = longTermSeries(data.seed);
    const subs = SUB_REGIONS.filter((s) => accepts(params, "region_natgas", s.region) && accepts(params, "sub_region_natgas", s.name));
    const out: Record<string, unknown>[] = [];
    for (let m = data.asOfMonth + 1; m <= data.asOfMonth + 12; m++) {
      if (!monthOverlaps(params, "date_prod_min", "date_prod_max", m)) continue;
      for (const s of subs) {
        let gas = 0;
        let oil = 0;
        for (const x of series) {
          if (x.subRegion !== s.name) continue;
          const v = longTermValues(x, m);
          gas += v.gas;
          oil += v.oil;
        }
        out.push({ date_prod: formatMonth(m), prod_dry_gas_bcf_day: Number(gas.toPrecision(6)), prod_oil_bbl_day: oil, region_natgas: s.region, sub_region_natgas: s.name });
      }
    }
    return { rows: groupV4(listRowSet(out, (r) => r), params, { dateField: "date_prod", sumFields: ["prod_dry_gas_bcf_day", "prod_oil_bbl_day"] }) };
  },
};

/**
 * POST /v4/ducsbyoperator: drilled-but-uncompleted wells per county and operator, monthly from 2020-01;
 * aggregate_by (place columns, date_observed) sums ducs_count per date and chosen columns.
 */
export const v4DucsByOperator: NatgasEndpoint = {
  method: "POST",
  paged: false,
  params: {
    ...V4_LOCATION, date_observed_min: DATE, date_observed_max: DATE,
    aggregate_by: aggregateBy("county", "operator", "region_natgas", "state_code", "sub_region_natgas", "date_observed"),
  },
  answer(params, data) {
    const pairs = matchingPairs(params, V4_NAMES);
    const months: number[] = [];
    for (let m = monthOfDay(FIRST_ACTIVITY_DAY); m <= data.lastHistoryMonth; m++) if (monthOverlaps(params, "date_observed_min", "date_observed_max", m)) months.push(m);
    const n = pairs.length;
    const rows: RowSet = {
      count: n * months.length,
      row(k) {
        const pair = pairs[k % n];
        const month = months[Math.floor(k / n)];
        return {
          county: pair.county.name,
          date_observed: formatDay(firstDayOfMonth(month)),
          ducs_count: pick(9, data.seed, pair.index, month, 89),
          operator: pair.operatorName,
          region_natgas: pair.county.region,
          state_code: pair.county.stateAb,
          sub_region_natgas: pair.county.subRegion,
        };
      },
    };
    return { rows: groupV4(rows, params, { dateField: "date_observed", sumFields: ["ducs_count"] }) };
  },
};
