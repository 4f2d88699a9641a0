/**
 * The retry loop around one request. Each attempt opens an exchange and lets `consume` read its
 * body; connection failures, time-outs and 408/5xx answers are retried with backoff (or the wait
 * the service asked for) up to `maxRetries` times, 429s up to `maxRateLimitRetries` times. Once
 * `consume` has handed anything to the caller, a failure is final: re-sending could duplicate or
 * reorder what the caller already has.
 */
import { ApiError, RateLimitError } from "../errors";
import type { Call } from "./call";
import { openExchange, type Exchange, type RequestSpec } from "./exchange";
import { retryAfterMsOf } from "./http-errors";
import { backoffDelay, isRetryable, RATE_LIMIT_BASE_FACTOR } from "./retry";
import type { NetworkSlot, NetworkSlots } from "./network-slots";
import { sleepUnlessAborted } from "./sleep";
import { Watchdog } from "./watchdog";

/** What `consume` may tell the retry loop about its attempt. */
export interface AttemptHooks {
  /** The body's bytes are all in: frees the attempt's network slot before parsing. */
  bodyRead(): void;
}

/**
 * Runs `spec` with retries, yielding what `consume` yields from the successful attempt.
 *
 * A 429 has its own budget (`maxRateLimitRetries`, default 10) apart from other failures
 * (`maxRetries`), and, without a `Retry-After`, a longer backoff (from 4 x `retryBaseDelayMs`);
 * both stay within `deadlineMs`.
 * @param slots the transport's adaptive network slots: each attempt takes one (and reports a 429 or
 *   a success to it, once `consume` has read the whole body without error); default none (a single
 *   request is not limited).
 */
export async function* withRetries<T>(
  call: Call,
  spec: RequestSpec,
  consume: (exchange: Exchange, hooks: AttemptHooks) => AsyncGenerator<T, void, undefined>,
  slots?: NetworkSlots,
): AsyncGenerator<T, void, undefined> {
  const config = call.config;
  let retries = 0;
  let rateLimitRetries = 0;
  let pausedUntil = -Infinity;
  for (;;) {
    const stop = call.stopError();
    if (stop !== undefined) throw stop;
    let slot: NetworkSlot | undefined;
    if (slots !== undefined) {
      try {
        slot = await slots.acquire(call.signal, pausedUntil, retries + rateLimitRetries > 0);
      } catch (waitErr) {
        throw call.stopError() ?? call.classify(waitErr, false);
      }
    }
    const attemptController = new AbortController();
    const signal = AbortSignal.any([call.signal, attemptController.signal]);
    const watchdog = new Watchdog(config.attemptTimeoutMs, attemptController);
    let exchange: Exchange | undefined;
    let handedOut = false;
    let finished = false;
    try {
      call.attempts++;
      exchange = await openExchange(call, spec, signal, watchdog);
      const hooks: AttemptHooks = { bodyRead: () => slot?.release() };
      for await (const item of consume(exchange, hooks)) {
        handedOut = true;
        watchdog.pause();
        yield item;
        watchdog.resume();
      }
      await exchange.commit();
      // Only now a success for the adaptive limit: a 2xx whose body is cut, unreadable or the service's
      // own error is a failure, and must not grow the limit as the headers alone would.
      slot?.succeeded();
      finished = true;
      return;
    } catch (raw) {
      await exchange?.discard();
      const err = call.classify(raw, watchdog.fired);
      const limited = err instanceof RateLimitError;
      const retry = limited ? rateLimitRetries : retries;
      const budget = limited ? config.maxRateLimitRetries : config.maxRetries;
      const attempts = retries + rateLimitRetries + 1;
      if (handedOut || !isRetryable(err) || retry >= budget) {
        if (attempts > 1) config.logger.warn?.(`${spec.method} ${spec.url}: giving up after ${attempts} attempts: ${err.message}`);
        throw err;
      }
      const retryAfterMs = err instanceof ApiError ? retryAfterMsOf(err) : undefined;
      const delay = backoffDelay(retry, {
        baseMs: limited ? config.retryBaseDelayMs * RATE_LIMIT_BASE_FACTOR : config.retryBaseDelayMs,
        maxMs: config.maxRetryDelayMs,
        random: config.random,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      });
      if (call.deadlineAt !== undefined && config.clock() + delay > call.deadlineAt) throw call.deadlineError(err);
      if (limited) {
        rateLimitRetries++;
        // Halves the transport's concurrency and holds the other pages back for as long as this one waits.
        if (slot !== undefined) pausedUntil = slot.rateLimited(delay);
        call.progress.rateLimited(delay, slots?.limit);
      } else {
        retries++;
      }
      const why = limited ? "rate limited (429)" : err.message;
      config.logger.warn?.(`${spec.method} ${spec.url}: retry ${retry + 1}/${budget} in ${delay} ms after: ${why}`);
      watchdog.stop();
      slot?.release();
      try {
        await sleepUnlessAborted(config.sleep, delay, call.signal);
      } catch (sleepErr) {
        throw call.stopError() ?? call.classify(sleepErr, false);
      }
    } finally {
      watchdog.stop();
      slot?.release();
      if (!finished) {
        await exchange?.discard();
        attemptController.abort();
      }
    }
  }
}
