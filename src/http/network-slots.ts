/**
 * Requests on the wire, shared by every paged download of one transport, with a limit that adapts to
 * a service that rate-limits (AIMD, as TCP does): a 429 halves the limit, each success adds
 * 1/limit (so one more slot per `limit` successes), and the limit never exceeds the configured
 * `concurrency`. Below one request at a time, request starts are spaced by a gap that adapts the
 * same way. A 429 also pauses every request waiting for a slot until the wait it caused ends,
 * so the pages of a download back off together instead of spending the allowance one by one.
 *
 * Pages parse after their bytes are in, so a page's slot is freed as soon as its body is read: the
 * next page downloads while this one parses. A slot is never held across a retry's wait.
 */
import { sleepUnlessAborted } from "./sleep";

/** One request's hold on a slot. */
export interface NetworkSlot {
  /** Frees the slot (safe to call more than once). */
  release(): void;
  /** The service answered 2xx and the body was read and parsed whole: the limit grows slowly back towards the maximum. */
  succeeded(): void;
  /**
   * The service answered 429: halves the limit (once for all the requests sent under the same
   * limit) or, at a limit of 1, widens the gap between starts; frees the slot, and pauses new
   * requests for `waitMs`. Returns when the pause ends
   * (epoch ms), to pass to the next {@link NetworkSlots.acquire} of this request.
   */
  rateLimited(waitMs: number): number;
}

const MIN_GAP_MS = 100;

export class NetworkSlots {
  readonly max: number;
  private limitF: number;
  private inUse = 0;
  /** Bumped at each decrease: a 429 to a request sent before it does not halve again. */
  private epoch = 0;
  private pausedUntil = -Infinity;
  /**
   * Least time between request starts. Concurrency alone cannot slow a client whose requests answer
   * fast: at a limit of 1 every 429 doubles this gap (from 100 ms, to at most `maxGapMs` and the wait
   * that 429 asked for), and each success shrinks it by a tenth (to 0 below 50 ms), so the request
   * rate settles near the service's allowance; the limit grows again only once the gap is closed.
   */
  private gapMs = 0;
  private nextStartAt = -Infinity;
  private readonly waiting: (() => void)[] = [];

  /**
   * @param size the most requests on the wire at once (at least 1).
   * @param clock epoch ms (default `Date.now`).
   * @param sleep the pause between 429s; default none (then pauses and gaps are not kept).
   * @param maxGapMs the widest gap between request starts (default 60 000, as `maxRetryDelayMs`).
   */
  constructor(
    size: number,
    private readonly clock: () => number = Date.now,
    private readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>,
    private readonly maxGapMs = 60_000,
  ) {
    this.max = Math.max(1, Math.floor(size));
    this.limitF = this.max;
  }

  /** Requests allowed on the wire now (1 to `max`). */
  get limit(): number {
    return Math.floor(this.limitF);
  }

  /**
   * Waits for a slot: first for a pause after a 429 to end, then for a free slot (first come, first
   * served, so pages go out in offset order).
   * @param signal stops the wait (rejects with its reason).
   * @param waitedUntil the end of a pause this request already waited out itself.
   * @param retry a retry goes to the head of the line: pages are handed out in offset order, so an
   *   early page sent to the back would hold up every later one.
   */
  async acquire(signal?: AbortSignal, waitedUntil = -Infinity, retry = false): Promise<NetworkSlot> {
    if (signal?.aborted) throw signal.reason;
    // No await unless there is something to wait for: callers line up in the order they called.
    let seen = this.pausedUntil > waitedUntil ? await this.pause(waitedUntil, signal) : waitedUntil;
    if (this.inUse < this.limit && this.waiting.length === 0) this.inUse++;
    else await this.queue(signal, retry);
    try {
      // A 429 may have come while this request queued: it waits with the others, holding its slot.
      seen = await this.pause(seen, signal);
      await this.pace(signal);
    } catch (err) {
      this.inUse--;
      this.wake();
      throw err;
    }
    return this.slot(this.epoch);
  }

  /** Spaces request starts by the gap (0 unless 429s came at a limit of 1). */
  private async pace(signal: AbortSignal | undefined): Promise<void> {
    if (this.gapMs <= 0 || this.sleep === undefined) return;
    const now = this.clock();
    const at = Math.max(now, this.nextStartAt);
    this.nextStartAt = at + this.gapMs;
    const ms = Math.round(at - now);
    if (ms > 0) await (signal === undefined ? this.sleep(ms) : sleepUnlessAborted(this.sleep, ms, signal));
  }

  /** Waits out the pause, once per extension: an injected sleep that returns at once (tests) must not spin on a clock that has not moved. */
  private async pause(seen: number, signal?: AbortSignal): Promise<number> {
    while (this.sleep !== undefined && this.pausedUntil > seen) {
      seen = this.pausedUntil;
      const ms = seen - this.clock();
      if (ms > 0) await (signal === undefined ? this.sleep(ms) : sleepUnlessAborted(this.sleep, ms, signal));
    }
    return seen;
  }

  /** Waits in line; resolves once a slot was counted for this waiter. */
  private queue(signal: AbortSignal | undefined, first: boolean): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const wake = (): void => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      };
      const onAbort = (): void => {
        const at = this.waiting.indexOf(wake);
        if (at < 0) return;
        this.waiting.splice(at, 1);
        reject(signal?.reason);
      };
      if (first) this.waiting.unshift(wake);
      else this.waiting.push(wake);
      signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /** Hands free slots to the first waiters, counting them at once so no newcomer overtakes. */
  private wake(): void {
    while (this.inUse < this.limit && this.waiting.length > 0) {
      this.inUse++;
      (this.waiting.shift() as () => void)();
    }
  }

  private slot(epoch: number): NetworkSlot {
    let released = false;
    const release = (): void => {
      if (released) return;
      released = true;
      this.inUse--;
      this.wake();
    };
    return {
      release,
      succeeded: () => {
        if (this.gapMs > 0) {
          this.gapMs = this.gapMs * 0.9 < MIN_GAP_MS / 2 ? 0 : this.gapMs * 0.9;
          return;
        }
        if (this.limitF >= this.max) return;
        this.limitF = Math.min(this.max, this.limitF + 1 / this.limit);
        this.wake();
      },
      rateLimited: (waitMs: number) => {
        // At one request at a time any 429 widens the gap (there is no burst of requests to count once),
        // but never beyond the wait the service asked for: after `Retry-After: 0` it is ready again.
        if (this.limit === 1) this.gapMs = Math.min(this.maxGapMs, Math.max(MIN_GAP_MS, waitMs), Math.max(MIN_GAP_MS, this.gapMs * 2));
        else if (epoch === this.epoch) {
          this.limitF = Math.max(1, Math.floor(this.limitF / 2));
          this.epoch++;
        }
        const until = this.clock() + Math.max(0, waitMs);
        if (until > this.pausedUntil) this.pausedUntil = until;
        release();
        return until;
      },
    };
  }
}
