import { formatDay } from "../../core/dates";
import { normal, unit } from "../../core/hash";
import type { NatgasEndpoint } from "../shared/endpoint";

/** Days of scrape history served (the last year before asOf), here and by /v3/pipelinescrapes. */
export const SCRAPE_DAYS = 365;

/** GET /v3/pipelinescrapestatus: one record per gas day over the last year, shares in percent. */
export const pipelineScrapeStatus: NatgasEndpoint = {
  method: "GET",
  paged: false,
  params: {},
  answer(_params, data) {
    const records = [];
    for (let day = data.asOfDay - SCRAPE_DAYS; day < data.asOfDay; day++) {
      const id1 = 55 + 8 * normal(data.seed, day, 61);
      const id2 = 14 + 4 * unit(data.seed, day, 62);
      const id3 = 6 + 3 * unit(data.seed, day, 63);
      const other = 2 + 2 * unit(data.seed, day, 64);
      const timely = Math.max(0, 100 - id1 - id2 - id3 - other);
      records.push({
        date: formatDay(day),
        id1_pct: round2(id1),
        id2_pct: round2(id2),
        id3_pct: round2(id3),
        other_pct: round2(other),
        points_reporting_pct: Math.round(93 + 6 * unit(data.seed, day, 65)),
        timely_pct: round2(timely),
      });
    }
    return { json: { data: records } };
  },
};

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}
