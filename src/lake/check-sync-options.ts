/**
 * The options of `syncDataset`, checked before anything is written or sent.
 */
import type { EndpointSpec } from "../catalog/types";
import { InvalidParamsError, type ParamIssue } from "../errors";
import { isCalendarDate } from "../table/dates";
import { isMonthKey, monthOf, type MonthKey } from "./lake-months";
import { isS3Url, parseS3Url } from "./s3-client";
import type { SyncDatasetOptions } from "./sync-types";
import { toTimeMs } from "../table/dates";

/** The options with their defaults filled in. */
export interface CheckedSyncOptions {
  readonly from: MonthKey;
  readonly to: MonthKey;
  readonly asOf: string;
  readonly reviseDays: number;
  readonly retainDays: number;
  readonly batchSize?: number;
  readonly clock: () => number;
}


/** Checks the endpoint, params and options; an InvalidParamsError names every bad one. */
export function checkSyncOptions(endpoint: EndpointSpec, params: unknown, options: SyncDatasetOptions): CheckedSyncOptions {
  const isSpec = endpoint !== null && typeof endpoint === "object" && typeof endpoint.path === "string" && typeof endpoint.method === "string" && Array.isArray(endpoint.params) && endpoint.record !== undefined;
  if (!isSpec) {
    throw new InvalidParamsError("syncDataset", [{ param: "endpoint", value: endpoint, expected: "a catalog entry such as NATGAS_V4.rigs, NATGAS_V3.rigs or LNG_V1.volumeFlows" }]);
  }
  const label = `syncDataset ${endpoint.service} ${endpoint.version} ${endpoint.method}`;
  const issues: ParamIssue[] = [];
  if (params !== null && params !== undefined && (typeof params !== "object" || Array.isArray(params))) {
    issues.push({ param: "params", value: params, expected: "an object of the endpoint's filters, or null" });
  }
  if (options === null || typeof options !== "object") throw new InvalidParamsError(label, [{ param: "options", value: options, expected: "an object with at least dir and from" }]);
  if (typeof options.dir !== "string" || options.dir.trim() === "") issues.push({ param: "dir", value: options.dir, expected: "the lake's folder, a non-empty path" });
  else if (isS3Url(options.dir)) parseS3Url(options.dir, label);
  const clock = options.clock ?? Date.now;
  const asOf = options.asOf ?? new Date(clock()).toISOString().slice(0, 10);
  if (typeof asOf !== "string" || !isCalendarDate(asOf)) {
    issues.push({ param: "asOf", value: asOf, expected: "a day, YYYY-MM-DD" });
  }
  const from = options.from;
  if (!isMonthKey(from)) issues.push({ param: "from", value: from, expected: "the first month, YYYY-MM", ...monthHint(from) });
  const to = options.to ?? (typeof asOf === "string" && isCalendarDate(asOf) ? monthOf(toTimeMs(asOf)) : undefined);
  if (options.to !== undefined && !isMonthKey(options.to)) issues.push({ param: "to", value: options.to, expected: "the last month, YYYY-MM", ...monthHint(options.to) });
  else if (isMonthKey(from) && isMonthKey(to) && to < from) issues.push({ param: "to", value: to, expected: `a month at or after from (${from})`, suggestion: from });
  const reviseDays = options.reviseDays ?? 60;
  if (typeof reviseDays !== "number" || !Number.isFinite(reviseDays) || reviseDays < 0) issues.push({ param: "reviseDays", value: reviseDays, expected: "a number of days, 0 or more", suggestion: "60" });
  const retainDays = options.retainDays ?? 7;
  if (typeof retainDays !== "number" || !Number.isFinite(retainDays) || retainDays < 0) issues.push({ param: "retainDays", value: retainDays, expected: "a number of days, 0 or more", suggestion: "7" });
  const batchSize = options.batchSize;
  if (batchSize !== undefined && (!Number.isInteger(batchSize) || batchSize < 1)) issues.push({ param: "batchSize", value: batchSize, expected: "a positive integer", suggestion: "10000" });
  if (options.onProgress !== undefined && typeof options.onProgress !== "function") issues.push({ param: "onProgress", value: typeof options.onProgress, expected: "a function" });
  if (issues.length > 0 || !isMonthKey(from) || !isMonthKey(to)) throw new InvalidParamsError(label, issues);
  return { from, to, asOf, reviseDays, retainDays, clock, ...(batchSize !== undefined ? { batchSize } : {}) };
}

/** A month written as a day (`2024-01-15`) or without its zero (`2024-1`): the month meant. */
function monthHint(value: unknown): { suggestion?: string } {
  if (typeof value !== "string") return {};
  const m = /^(\d{4})-(\d{1,2})(?:-\d{1,2})?$/.exec(value.trim());
  if (m === null || Number(m[2]) < 1 || Number(m[2]) > 12) return {};
  return { suggestion: `${m[1]}-${m[2]!.padStart(2, "0")}` };
}
