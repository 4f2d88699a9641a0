/**
 * The `job` response kind (the old LNG API): a wrapper `{version, state, job_id, meta: {report_result,
 * message | query, func, execution, epoch, code}, execution_seconds}` around the report. Unwrapped
 * into the report's rows, the job and the report's other parts, or a typed error.
 */
import { JobFailedError, ResponseParseError } from "../errors";

/** The job fields of a wrapper, everything but the report itself. */
export interface LegacyJob {
  version?: unknown;
  state: string;
  job_id?: string;
  /** `meta.func`: the function the job ran. */
  func?: unknown;
  /** `meta.execution`. */
  execution?: unknown;
  /** `meta.epoch`. */
  epoch?: unknown;
  /** `meta.code`: the job's own status code. */
  code?: unknown;
  /** `meta.message` (report jobs) or `meta.query` (query jobs). */
  message?: unknown;
  query?: unknown;
  execution_seconds?: unknown;
}

/** A job whose state says it failed; `jobCode` and `jobMessage` are the wrapper's `meta.code` and `meta.message`. */
export class LegacyJobFailedError extends JobFailedError {
  /** `meta.code` of the failed job. */
  readonly jobCode?: unknown;
  /** `meta.message` of the failed job. */
  readonly jobMessage?: string;

  constructor(message: string, details: { jobId?: string; state: string; jobCode?: unknown; jobMessage?: string }) {
    super(message, details);
    if (details.jobCode !== undefined) this.jobCode = details.jobCode;
    if (details.jobMessage !== undefined) this.jobMessage = details.jobMessage;
  }
}

const SUCCESS_STATES = /^(success|succeeded|successful|completed?|done|finished|ok)$/i;

/**
 * Splits a job wrapper into its job fields and `meta.report_result`.
 *
 * @throws LegacyJobFailedError (a `JobFailedError`) when `state` is not a success state (SUCCESS,
 *   COMPLETED, DONE, FINISHED, OK; any case): a failed job, or one still pending, is never returned
 *   as if it had data
 * @throws ResponseParseError when the body is not a job wrapper
 */
export function unwrapJob(body: unknown, where: { endpoint: string; url?: string }): { job: LegacyJob; reportResult: unknown } {
  const details = where.url === undefined ? {} : { url: where.url };
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new ResponseParseError(`${where.endpoint}: expected a job wrapper object, got ${Array.isArray(body) ? "an array" : typeof body}`, details);
  }
  const wrapper = body as Record<string, unknown>;
  const meta = wrapper.meta;
  if (typeof wrapper.state !== "string" || meta === null || typeof meta !== "object" || Array.isArray(meta)) {
    throw new ResponseParseError(`${where.endpoint}: the job wrapper has no state or no meta object`, details);
  }
  const m = meta as Record<string, unknown>;
  const job: LegacyJob = { state: wrapper.state };
  if (wrapper.version !== undefined) job.version = wrapper.version;
  if (wrapper.job_id !== undefined && wrapper.job_id !== null) job.job_id = String(wrapper.job_id);
  for (const key of ["func", "execution", "epoch", "code", "message", "query"] as const) {
    if (m[key] !== undefined) job[key] = m[key];
  }
  if (wrapper.execution_seconds !== undefined) job.execution_seconds = wrapper.execution_seconds;

  if (!SUCCESS_STATES.test(job.state)) {
    const text = typeof m.message === "string" ? m.message : undefined;
    const said = [m.code === undefined ? "" : `code ${JSON.stringify(m.code)}`, text === undefined ? "" : text].filter(Boolean).join(": ");
    throw new LegacyJobFailedError(
      `${where.endpoint}: job ${job.job_id ?? "(no job_id)"} ended in state ${job.state}${said ? ` (${said})` : ""}`,
      {
        state: job.state,
        ...(job.job_id === undefined ? {} : { jobId: job.job_id }),
        ...(m.code === undefined ? {} : { jobCode: m.code }),
        ...(text === undefined ? {} : { jobMessage: text }),
      },
    );
  }
  if (!("report_result" in m)) {
    throw new ResponseParseError(`${where.endpoint}: job ${job.job_id ?? ""} succeeded but its meta has no report_result`, details);
  }
  return { job, reportResult: m.report_result };
}

/**
 * The rows of a `report_result`: a list is the rows; an object's `data` list is the rows (the rest
 * is the report's non-row part, and its `volume_unit` is copied onto rows that carry no unit, so
 * that every row says its unit); an object with a `summary` object (live_status) is one row; any
 * other object is one row; null is no rows.
 */
export function reportRows(reportResult: unknown): { rows: Record<string, unknown>[]; report: Record<string, unknown> } {
  if (reportResult === null || reportResult === undefined) return { rows: [], report: {} };
  if (Array.isArray(reportResult)) return { rows: reportResult.map(asRow), report: {} };
  if (typeof reportResult !== "object") return { rows: [asRow(reportResult)], report: {} };
  const obj = reportResult as Record<string, unknown>;
  if (Array.isArray(obj.data)) {
    const { data, ...report } = obj;
    const unit = typeof report.volume_unit === "string" ? report.volume_unit : undefined;
    const rows = (data as unknown[]).map(asRow);
    if (unit !== undefined) {
      for (const row of rows) if (!("volume_unit" in row) && !("unit" in row) && !("units" in row)) row.volume_unit = unit;
    }
    return { rows, report };
  }
  if (obj.summary !== null && typeof obj.summary === "object" && !Array.isArray(obj.summary)) {
    const { summary, ...report } = obj;
    return { rows: [{ ...(summary as Record<string, unknown>) }], report };
  }
  return { rows: [{ ...obj }], report: {} };
}

function asRow(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : { value };
}

/** What a `job` answer holds besides its rows. */
export interface JobAnswer {
  /** The job fields of the wrapper. */
  job: LegacyJob;
  /** `report_result` without its rows (polygon_order, volume_unit, details, notes...). */
  report: Record<string, unknown>;
}

/**
 * The rows of a `job` answer (the transport's records: one wrapper), with the job and the report.
 * @throws ResponseParseError when the answer is not exactly one job wrapper
 * @throws LegacyJobFailedError when the job did not succeed
 */
export function jobAnswer(records: readonly unknown[], where: { endpoint: string; url?: string }): { rows: Record<string, unknown>[] } & JobAnswer {
  if (records.length !== 1) {
    throw new ResponseParseError(`${where.endpoint}: expected one job wrapper, got ${records.length} values`, where.url === undefined ? {} : { url: where.url });
  }
  const { job, reportResult } = unwrapJob(records[0], where);
  const { rows, report } = reportRows(reportResult);
  return { rows, job, report };
}
