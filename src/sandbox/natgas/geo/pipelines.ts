import { COUNTIES, SUB_REGIONS } from "./geography";

/** Invented pipeline names: the sandbox models no real system. */
const PIPELINES = ["Red Mesa Transmission", "Long Bayou Pipeline", "Three Forks Gas Line", "Prairie Star Pipeline", "Cedar Ridge Interstate", "Sabine Cross Pipeline"];

/** A scraped pipeline point: where a sub-region's gas enters (receipt) or leaves (delivery) a pipeline. */
export interface PipelinePoint {
  readonly index: number;
  readonly pipeline: string;
  readonly name: string;
  readonly direction: "receipt" | "delivery";
  /** Index in SUB_REGIONS. */
  readonly subRegion: number;
  readonly subRegionName: string;
  readonly region: string;
  readonly stateAb: string;
  /** Share of the sub-region's daily gas the point carries. */
  readonly share: number;
}

/**
 * Three points per sub-region on two pipelines: two receipts carrying 15% and 10% of the sub-region's
 * gas and one delivery carrying 8%. The state is that of the sub-region's first county.
 */
export const PIPELINE_POINTS: readonly PipelinePoint[] = SUB_REGIONS.flatMap((s, sub) => {
  const state = COUNTIES.find((c) => c.subRegion === s.name)?.stateAb ?? "";
  const a = PIPELINES[sub % PIPELINES.length];
  const b = PIPELINES[(sub + 2) % PIPELINES.length];
  const points = [
    { pipeline: a, name: `${s.name} Receipt 1`, direction: "receipt" as const, share: 0.15 },
    { pipeline: b, name: `${s.name} Receipt 2`, direction: "receipt" as const, share: 0.1 },
    { pipeline: a, name: `${s.name} Delivery 1`, direction: "delivery" as const, share: 0.08 },
  ];
  return points.map((p) => ({ ...p, subRegion: sub, subRegionName: s.name, region: s.region, stateAb: state }));
}).map((p, index) => ({ ...p, index }));
