/**
 * The state of one logical call (one request, or every page of one): its cancellation signals,
 * deadline, counters for the result's provenance, and its progress display.
 */
import { setMaxListeners } from "node:events";
import { AbortError, GasframesError, TimeoutError, redact, redactValue } from "../errors";
import type { ResolvedConfig } from "./config";
import { connectionErrorOf } from "./http-errors";
import { ProgressTracker, chooseProgressSink, type ProgressEnvironment } from "./progress";
import type { HttpRequest, TransportMeta } from "./types";

/** Marks an abort caused by this library (a sibling page failed), not by the user. */
class InternalCancel extends Error {}

export class Call<R extends HttpRequest = HttpRequest> {
  /** Fires on user abort, deadline, or internal cancel. */
  readonly signal: AbortSignal;
  readonly startedAt: number;
  readonly deadlineAt?: number;
  readonly progress: ProgressTracker;
  attempts = 0;
  pages = 0;
  rows = 0;
  bytes = 0;
  exchanges = 0;
  cachedExchanges = 0;
  syntheticExchanges = 0;
  readonly requestIds: string[] = [];
  private readonly fetchedAt: string;
  private readonly deadlineController = new AbortController();
  private readonly cancelController = new AbortController();
  private readonly deadlineTimer?: NodeJS.Timeout;

  constructor(
    readonly config: ResolvedConfig,
    readonly req: R,
    readonly url: string,
  ) {
    this.startedAt = config.clock();
    this.fetchedAt = new Date(this.startedAt).toISOString();
    const signals = [this.deadlineController.signal, this.cancelController.signal];
    if (req.signal !== undefined) signals.push(req.signal);
    this.signal = AbortSignal.any(signals);
    // Every page in flight or backing off listens on this signal; many pages are not a leak.
    setMaxListeners(0, this.signal);
    if (config.deadlineMs !== undefined) {
      this.deadlineAt = this.startedAt + config.deadlineMs;
      this.deadlineTimer = setTimeout(() => this.deadlineController.abort(new Error("deadline")), config.deadlineMs);
    }
    this.progress = new ProgressTracker(req.endpoint, config.clock, this.startedAt, chooseProgressSink(config.progress, progressEnvironment(config)));
  }

  /** Stops every attempt of this call still running (a sibling page failed). */
  cancel(): void {
    this.cancelController.abort(new InternalCancel("cancelled"));
  }

  /** The error of a fired call signal, or undefined while the call may go on. */
  stopError(): GasframesError | undefined {
    if (this.req.signal?.aborted) {
      return new AbortError(`${this.req.endpoint}: aborted by the caller`, { cause: this.req.signal.reason });
    }
    if (this.deadlineController.signal.aborted) return this.deadlineError();
    if (this.cancelController.signal.aborted) return new AbortError(`${this.req.endpoint}: cancelled because another page failed`);
    return undefined;
  }

  /**
   * {@link stopError}, or the deadline error once the call's clock is past the deadline although its
   * timer has not fired yet: a long parse on this thread holds timers back, and the call must not then
   * end as if it had finished in time.
   */
  stopNow(): GasframesError | undefined {
    const stop = this.stopError();
    if (stop !== undefined) return stop;
    return this.deadlineAt !== undefined && this.config.clock() >= this.deadlineAt ? this.deadlineError() : undefined;
  }

  /** The overall-deadline error (optionally with the last attempt's error as cause). */
  deadlineError(cause?: unknown): TimeoutError {
    const ms = this.config.deadlineMs ?? 0;
    return new TimeoutError(`${this.req.httpMethod} ${this.url}: no complete answer within the ${ms} ms deadline`, {
      which: "deadline",
      timeoutMs: ms,
      ...(cause !== undefined ? { cause } : {}),
    });
  }

  /**
   * The typed error of anything an attempt threw: the call's own stop reason first (an abort or
   * deadline often surfaces as a socket error), then the attempt time-out, then the error itself.
   */
  classify(err: unknown, attemptTimedOut: boolean): GasframesError {
    const stop = this.stopError();
    if (stop !== undefined) return stop;
    if (attemptTimedOut) {
      return new TimeoutError(
        `${this.req.httpMethod} ${this.url}: no answer within the ${this.config.attemptTimeoutMs} ms attempt time-out`,
        { which: "attempt", timeoutMs: this.config.attemptTimeoutMs },
      );
    }
    if (err instanceof GasframesError) return err;
    const code = (err as { code?: unknown } | null)?.code;
    if (code === "UND_ERR_HEADERS_TIMEOUT" || code === "UND_ERR_BODY_TIMEOUT") {
      return new TimeoutError(`${this.req.httpMethod} ${this.url}: ${String(code)}`, {
        which: "attempt",
        timeoutMs: this.config.attemptTimeoutMs,
        cause: err,
      });
    }
    return connectionErrorOf(err, { method: this.req.httpMethod, url: this.url });
  }

  /** The provenance of the finished call. A token pasted into a parameter is masked in `url` and `params`. */
  meta(): TransportMeta {
    const req = this.req;
    const params = redactValue(req.params ?? req.body ?? { ...(req.query ?? {}) });
    const fromCache = this.exchanges > 0 && this.cachedExchanges === this.exchanges;
    const synthetic = this.syntheticExchanges > 0;
    return {
      method: req.httpMethod,
      url: redact(this.url),
      params: params as Record<string, unknown>,
      fetchedAt: this.fetchedAt,
      pages: this.pages,
      rows: this.rows,
      bytes: this.bytes,
      attempts: this.attempts,
      durationMs: Math.max(0, this.config.clock() - this.startedAt),
      fromCache,
      synthetic,
      requestIds: [...this.requestIds],
    };
  }

  /** Releases timers and ends the progress display. */
  close(): void {
    if (this.deadlineTimer !== undefined) clearTimeout(this.deadlineTimer);
    this.progress.done();
  }
}

/** Where the automatic progress display goes: the notebook's in-place output (the hook, asked only when progress may show), else stderr. */
function progressEnvironment(config: ResolvedConfig): ProgressEnvironment {
  const env: ProgressEnvironment = { env: process.env, stderr: process.stderr };
  if (config.progress === false || typeof config.progress === "object" || config.inPlaceDisplay === undefined) return env;
  const newDisplay = config.inPlaceDisplay();
  if (newDisplay !== undefined) env.newDisplay = newDisplay;
  return env;
}
