/**
 * The limits of the sandbox's SQL engine for data links, set by `startSandbox({ datalinks })`.
 */
import { InvalidParamsError } from "../../../errors";

/** Limits of the sandbox's `/v4/beta/query_datalinks` (each optional; defaults below). */
export interface DatalinkLimits {
  /**
   * Longest a query may take once the tables it names are loaded (loading the sandbox's own tables is
   * not counted), to its last row: waiting for a free connection, preparing and running included, in
   * milliseconds; then it is interrupted and answered 400. Default 60,000.
   */
  readonly queryTimeoutMs?: number;
  /** Largest answer, in bytes of JSON, counted as the rows are produced; more answers 400. Default 256 MiB. */
  readonly maxResultBytes?: number;
  /** Largest total size of DuckDB's spill files (in a private temporary folder removed at close), in bytes. Default 4 GiB. */
  readonly maxTempBytes?: number;
  /** Queries run at once (one DuckDB connection each). Default 2. */
  readonly maxConcurrentQueries?: number;
  /** Queries waiting for a connection; one more answers 429. Default 16. */
  readonly maxQueuedQueries?: number;
}

/** The limits with every default filled in. */
export type ResolvedDatalinkLimits = Required<DatalinkLimits>;

/** The defaults of {@link DatalinkLimits}. */
export const DEFAULT_DATALINK_LIMITS: ResolvedDatalinkLimits = {
  queryTimeoutMs: 60_000,
  maxResultBytes: 256 * 1024 * 1024,
  maxTempBytes: 4 * 1024 * 1024 * 1024,
  maxConcurrentQueries: 2,
  maxQueuedQueries: 16,
};

const BOUNDS: Record<keyof DatalinkLimits, readonly [number, number]> = {
  queryTimeoutMs: [1, 24 * 3600 * 1000],
  maxResultBytes: [1, Number.MAX_SAFE_INTEGER],
  maxTempBytes: [0, Number.MAX_SAFE_INTEGER],
  // Each running query holds one of Node's 4 default thread-pool threads while DuckDB works.
  maxConcurrentQueries: [1, 3],
  maxQueuedQueries: [0, 10_000],
};

/**
 * `limits` checked and completed with the defaults.
 * @throws InvalidParamsError naming the option (`datalinks.queryTimeoutMs`...) and its bounds.
 */
export function resolveDatalinkLimits(limits: DatalinkLimits | undefined): ResolvedDatalinkLimits {
  if (limits === undefined) return DEFAULT_DATALINK_LIMITS;
  if (limits === null || typeof limits !== "object" || Array.isArray(limits)) {
    throw new InvalidParamsError("startSandbox", [{ param: "datalinks", value: limits, expected: "an object of limits { queryTimeoutMs, maxResultBytes, maxTempBytes, maxConcurrentQueries, maxQueuedQueries }" }]);
  }
  const out: Record<string, number> = { ...DEFAULT_DATALINK_LIMITS };
  for (const [key, value] of Object.entries(limits)) {
    const bounds = BOUNDS[key as keyof DatalinkLimits];
    if (bounds === undefined) {
      throw new InvalidParamsError("startSandbox", [{ param: `datalinks.${key}`, value, expected: `one of ${Object.keys(BOUNDS).join(", ")}` }]);
    }
    if (value === undefined) continue;
    if (typeof value !== "number" || !Number.isSafeInteger(value) || value < bounds[0] || value > bounds[1]) {
      throw new InvalidParamsError("startSandbox", [{ param: `datalinks.${key}`, value, expected: `an integer from ${bounds[0].toLocaleString("en-US")} to ${bounds[1].toLocaleString("en-US")}` }]);
    }
    out[key] = value;
  }
  return out as ResolvedDatalinkLimits;
}
