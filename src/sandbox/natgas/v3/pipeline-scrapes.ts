import { formatDay } from "../../core/dates";
import { normal, unit } from "../../core/hash";
import type { NatgasEndpoint } from "../shared/endpoint";
import { PIPELINE_POINTS } from "../geo/pipelines";
import { dailyGas } from "../model/daily-gas";
import { accepts } from "../shared/row-set";
import { DATE, LIST } from "./shared-params";
import { SCRAPE_DAYS } from "./pipeline-scrape-status";

/** MMBtu in a thousand cubic feet of pipeline-quality gas. */
const MMBTU_PER_MCF = 1.037;
/** Cycles a posting is scraped in, with cumulative shares near those pipelinescrapestatus reports. */
const CYCLES: readonly (readonly [string, number])[] = [["id1", 0.55], ["id2", 0.69], ["id3", 0.77], ["other", 0.8], ["timely", 1]];

/**
 * POST /v3/pipelinescrapes: scheduled volumes of the sandbox's pipeline points per gas day over the
 * days pipelinescrapestatus covers (the last year before asOf), day-major. A point carries a fixed
 * share of its sub-region's modelled daily gas (dailyproduction) with 5% noise.
 */
export const pipelineScrapes: NatgasEndpoint = {
  method: "POST",
  paged: true,
  params: { end_date: DATE, region: LIST, start_date: DATE, state_code: LIST, sub_region: LIST },
  answer(params, data) {
    const points = PIPELINE_POINTS.filter((p) => accepts(params, "region", p.region) && accepts(params, "state_code", p.stateAb) && accepts(params, "sub_region", p.subRegionName));
    const from = Math.max(data.asOfDay - SCRAPE_DAYS, params.dates.get("start_date") ?? -Infinity);
    const to = Math.min(data.asOfDay - 1, params.dates.get("end_date") ?? Infinity);
    return {
      rows: {
        count: Math.max(0, to - from + 1) * points.length,
        row(k) {
          const day = from + Math.floor(k / points.length);
          const p = points[k % points.length];
          const volume = dailyGas(data.seed, p.subRegion, day) * 1e6 * MMBTU_PER_MCF * p.share * (1 + 0.05 * normal(data.seed, day, p.index, 93));
          const u = unit(data.seed, day, p.index, 94);
          return {
            date: formatDay(day),
            pipeline_name: p.pipeline,
            point_name: p.name,
            flow_direction: p.direction,
            cycle: CYCLES.find(([, upTo]) => u < upTo)![0],
            scheduled_volume: Math.round(volume),
            region: p.region,
            state_ab: p.stateAb,
            sub_region: p.subRegionName,
          };
        },
      },
    };
  },
};

