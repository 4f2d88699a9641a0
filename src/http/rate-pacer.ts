/**
 * Keeps requests under a documented rate limit ("30 requests per minute") with a sliding window per
 * key: a request may go once fewer than `requests` requests went in the `perMs` before it. Each
 * request reserves its send time when it asks, so waiting requests go in the order they asked and
 * never more than the limit fall in any window.
 */
import { ConfigurationError } from "./configuration-error";
import { sleepUnlessAborted } from "./sleep";

/** At most `requests` requests per `perMs` milliseconds. */
export interface RateLimit {
  readonly requests: number;
  readonly perMs: number;
}

/** What a caller of {@link RatePacer.acquire} is told, and when it must give up. */
export interface PaceOptions {
  /** Called once, before a wait, with its length in milliseconds. Default: none. */
  onWait?(waitMs: number): void;
  /** Epoch ms a wait must end by. Default: none. */
  deadlineAt?: number;
  /** The error thrown at once when the wait would end after `deadlineAt`. Default: a plain Error. */
  tooLate?(): Error;
}

export class RatePacer {
  /** Per key, the send times in the last window and the ones reserved ahead, ascending. */
  readonly #sent = new Map<string, number[]>();

  /**
   * @param clock epoch milliseconds.
   * @param sleep the wait (an abort of its signal cuts it short).
   */
  constructor(
    private readonly clock: () => number,
    private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>,
  ) {}

  /**
   * Waits until a request under `key` fits in `limit`, and counts it. A wait that `signal` ends rejects
   * with the signal's reason and frees the slot it had reserved. Returns the milliseconds waited.
   * @throws ConfigurationError for a limit that is not a whole number of requests > 0 per a time > 0.
   */
  async acquire(key: string, limit: RateLimit, signal: AbortSignal, options: PaceOptions = {}): Promise<number> {
    checkLimit(limit);
    const now = this.clock();
    let times = this.#sent.get(key);
    if (times === undefined) this.#sent.set(key, (times = []));
    while (times.length > 0 && times[0]! <= now - limit.perMs) times.shift();
    const at = times.length < limit.requests ? now : Math.max(now, times[times.length - limit.requests]! + limit.perMs);
    const waitMs = at - now;
    if (waitMs > 0 && options.deadlineAt !== undefined && at > options.deadlineAt) {
      throw options.tooLate?.() ?? new Error(`${key}: the rate limit allows the next request only after the deadline`);
    }
    times.push(at);
    if (waitMs <= 0) return 0;
    options.onWait?.(waitMs);
    try {
      await sleepUnlessAborted(this.sleep, waitMs, signal);
    } catch (err) {
      // The slot goes back; later reservations keep their (now generous) times, which stays under the limit.
      const i = times.lastIndexOf(at);
      if (i >= 0) times.splice(i, 1);
      throw err;
    }
    return waitMs;
  }
}

/** `30 requests/minute`, `1 request/second`, `5 requests per 90 s`. */
export function describeRateLimit(limit: RateLimit): string {
  const what = `${limit.requests} ${limit.requests === 1 ? "request" : "requests"}`;
  const unit = limit.perMs === 1000 ? "second" : limit.perMs === 60_000 ? "minute" : limit.perMs === 3_600_000 ? "hour" : undefined;
  return unit !== undefined ? `${what}/${unit}` : `${what} per ${Number((limit.perMs / 1000).toFixed(3))} s`;
}

function checkLimit(limit: RateLimit): void {
  const { requests, perMs } = limit;
  if (!Number.isSafeInteger(requests) || requests < 1 || !Number.isFinite(perMs) || perMs <= 0) {
    throw new ConfigurationError(`rateLimit must be a whole number of requests >= 1 per a time > 0 ms, got ${JSON.stringify(limit)}`);
  }
}
