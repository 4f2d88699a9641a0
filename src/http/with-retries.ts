/**
 * The retry loop around one request. Each attempt opens an exchange and lets `consume` read its
 * body; connection failures, time-outs and 408/429/5xx answers are retried with backoff (or the
 * wait the service asked for) up to `maxRetries` times. Once `consume` has handed anything to the
 * caller, a failure is final: re-sending could duplicate or reorder what the caller already has.
 */
import { ApiError, RateLimitError } from "../errors";
import type { Call } from "./call";
import { openExchange, type Exchange, type RequestSpec } from "./exchange";
import { retryAfterMsOf } from "./http-errors";
import { backoffDelay, isRetryable } from "./retry";
import { sleepUnlessAborted } from "./sleep";
import { Watchdog } from "./watchdog";

/** Runs `spec` with retries, yielding what `consume` yields from the successful attempt. */
export async function* withRetries<T>(
  call: Call,
  spec: RequestSpec,
  consume: (exchange: Exchange) => AsyncGenerator<T, void, undefined>,
): AsyncGenerator<T, void, undefined> {
  const config = call.config;
  for (let retry = 0; ; retry++) {
    const stop = call.stopError();
    if (stop !== undefined) throw stop;
    const attemptController = new AbortController();
    const signal = AbortSignal.any([call.signal, attemptController.signal]);
    const watchdog = new Watchdog(config.attemptTimeoutMs, attemptController);
    let exchange: Exchange | undefined;
    let handedOut = false;
    let finished = false;
    try {
      call.attempts++;
      exchange = await openExchange(call, spec, signal, watchdog);
      for await (const item of consume(exchange)) {
        handedOut = true;
        watchdog.pause();
        yield item;
        watchdog.resume();
      }
      await exchange.commit();
      finished = true;
      return;
    } catch (raw) {
      await exchange?.discard();
      const err = call.classify(raw, watchdog.fired);
      if (handedOut || !isRetryable(err) || retry >= config.maxRetries) {
        if (retry > 0) config.logger.warn?.(`${spec.method} ${spec.url}: giving up after ${retry + 1} attempts: ${err.message}`);
        throw err;
      }
      const retryAfterMs = err instanceof ApiError ? retryAfterMsOf(err) : undefined;
      const delay = backoffDelay(retry, {
        baseMs: config.retryBaseDelayMs,
        maxMs: config.maxRetryDelayMs,
        random: config.random,
        ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      });
      if (call.deadlineAt !== undefined && config.clock() + delay > call.deadlineAt) throw call.deadlineError(err);
      const why = err instanceof RateLimitError ? "rate limited (429)" : err.message;
      config.logger.warn?.(`${spec.method} ${spec.url}: retry ${retry + 1}/${config.maxRetries} in ${delay} ms after: ${why}`);
      watchdog.stop();
      try {
        await sleepUnlessAborted(config.sleep, delay, call.signal);
      } catch (sleepErr) {
        throw call.stopError() ?? call.classify(sleepErr, false);
      }
    } finally {
      watchdog.stop();
      if (!finished) {
        await exchange?.discard();
        attemptController.abort();
      }
    }
  }
}
