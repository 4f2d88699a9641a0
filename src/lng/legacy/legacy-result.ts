/**
 * The Result of an old-API call: the records of the report, the job that produced them, and the
 * parts of the report that are not rows (polygon_order, aggregation, live_status details, notes).
 */
import type { RecordSchema } from "../../table/schema";
import { Result, type ResultMeta } from "../../table/result";
import { legacyRecordToV1, type LegacyRecordToV1Options } from "../migrate/legacy-record-to-v1";
import type { LegacySource } from "../migrate/legacy-field-renames";
import { tryParseServiceTimestamp } from "../../table/dates";
import type { LegacyJob } from "../../client/job-response";

/**
 * A `Result` of the old API, with the job and the report's non-row parts.
 * @example
 * const report = await old.liveStatus({});
 * console.log(report.job.state, report.toV1().length);
 */
export class LegacyResult<R = Record<string, unknown>> extends Result<R> {
  /** The job fields of the wrapper (state, job_id, func, code, execution_seconds...). */
  readonly job: LegacyJob;
  /** `report_result` without its rows: e.g. polygon_order, volume_unit, aggregation, tx_type, details, notes. */
  readonly report: Record<string, unknown>;
  /** The old report or query endpoint the rows came from (`overview`, `targetd_query`, ...). */
  readonly source: LegacySource;

  constructor(
    records: R[],
    meta: ResultMeta,
    schema: RecordSchema | undefined,
    extra: { job: LegacyJob; report: Record<string, unknown>; source: LegacySource },
  ) {
    super(records, meta, schema);
    this.job = extra.job;
    this.report = extra.report;
    this.source = extra.source;
  }

  /**
   * The records in their v1 shape, as a plain `Result` with the same meta:
   * - reports and targetd_query: each record renamed by `legacyRecordToV1`;
   * - flow_timeseries: the wide rows (one volume column per polygon) become long rows like v1
   *   volume flows: `timestamp` (the period's first day, ISO 8601 UTC), `polygon`, `volume`,
   *   `volume_unit`, in row order then `polygon_order`.
   *
   * @param options `dropRemoved` (default false) drops the fields v1 no longer returns
   */
  toV1(options: LegacyRecordToV1Options = {}): Result<Record<string, unknown>> {
    const rows = this.records as unknown as Record<string, unknown>[];
    const out = this.source === "flow_timeseries" ? flowRowsToV1(rows, this.report) : rows.map((r) => legacyRecordToV1(this.source, r, options));
    return new Result(out, { ...this.meta, rows: out.length });
  }

  /** JSON form: records, meta, job and report. */
  override toJSON(): { records: R[]; meta: ResultMeta; job: LegacyJob; report: Record<string, unknown> } {
    return { records: this.records, meta: this.meta, job: this.job, report: this.report };
  }
}

function flowRowsToV1(rows: readonly Record<string, unknown>[], report: Record<string, unknown>): Record<string, unknown>[] {
  const order = Array.isArray(report.polygon_order) ? report.polygon_order.map(String) : undefined;
  const out: Record<string, unknown>[] = [];
  for (const row of rows) {
    const polygons = order ?? Object.keys(row).filter((k) => k !== "date" && k !== "volume_unit");
    const timestamp = tryParseServiceTimestamp(row.date).value;
    for (const polygon of polygons) {
      out.push({ timestamp, polygon, volume: row[polygon] ?? null, volume_unit: row.volume_unit ?? null });
    }
  }
  return out;
}
