/**
 * The job wrapper of the old LNG API: every answer is a finished job object. A job that cannot run
 * (an unknown report) answers HTTP 200 with state "FAILED", a code and a message, as the old service did.
 */
import type { LngDataset } from "../model/dataset";
import { hashKey } from "../model/random";
import { formatPlain } from "../model/time";

/** Version string the old API reported. */
export const LEGACY_VERSION = "2.0";

export interface JobOutcome {
  /** Name of the function that ran (the report or query name). */
  readonly func: string;
  readonly reportResult: unknown;
  /** `message` for reports, `query` for queries. */
  readonly messageKey: "message" | "query";
  readonly message: unknown;
  readonly failed?: boolean;
  /** Status code inside meta. Default 200, or 400 when failed. */
  readonly code?: number;
  /** Rows in the result, for the deterministic execution_seconds. */
  readonly rows?: number;
}

function jobId(dataset: LngDataset, func: string, request: string): string {
  const parts = [0, 1, 2, 3].map((i) => hashKey(dataset.seed, `job:${i}:${func}:${dataset.asOfMs}:${request}`).toString(16).padStart(8, "0"));
  const hex = parts.join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Wraps an outcome in the job object: {version, state, job_id, meta, execution_seconds}. */
export function wrapJob(dataset: LngDataset, outcome: JobOutcome, request: unknown): Record<string, unknown> {
  const failed = outcome.failed === true;
  const executionSeconds = Math.round((0.05 + (outcome.rows ?? 0) * 0.0002) * 1000) / 1000;
  return {
    version: LEGACY_VERSION,
    state: failed ? "FAILED" : "SUCCESS",
    job_id: jobId(dataset, outcome.func, JSON.stringify(request ?? null)),
    meta: {
      report_result: failed ? null : outcome.reportResult,
      [outcome.messageKey]: outcome.message,
      func: outcome.func,
      execution: formatPlain(dataset.asOfMs),
      epoch: Math.floor(dataset.asOfMs / 1000),
      code: outcome.code ?? (failed ? 400 : 200),
    },
    execution_seconds: executionSeconds,
  };
}
