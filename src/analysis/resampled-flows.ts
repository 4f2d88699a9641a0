/**
 * Resampled flows as columns, before they become a table: what resampleFlows makes in memory and from a
 * lake dataset alike (the legacy report reuses them).
 */
export interface ResampledFlows {
  readonly by: readonly string[];
  readonly byValues: unknown[][];
  readonly period: string[];
  readonly periodDay: Int32Array;
  readonly volume: Float64Array;
  readonly volumeStd?: Float64Array;
  readonly count?: Float64Array;
  readonly countStd?: Float64Array;
  readonly volumeUnit: (string | null)[];
  readonly days: Int32Array;
  readonly complete: boolean[];
  readonly volumeMissing: Int32Array;
  readonly countMissing?: Int32Array;
  /** First and last UTC day of the input, YYYY-MM-DD (null when empty). */
  readonly firstDay: string | null;
  readonly lastDay: string | null;
}
