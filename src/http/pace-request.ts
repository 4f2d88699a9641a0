/**
 * The pacing of one attempt that goes to the network: it waits, if it must, for a free slot under the
 * endpoint's documented rate limit, and shows the wait in the progress display and the debug log.
 */
import type { Call } from "./call";
import { describeRateLimit } from "./rate-pacer";
import type { Watchdog } from "./watchdog";

/**
 * Waits for the request's `rateLimit` (none: returns at once). The attempt time-out does not run while
 * it waits: the wait is ours, not the server's. An abort or the call's deadline ends the wait with the
 * call's own error (a wait that would outlast the deadline fails at once).
 */
export async function paceRequest(call: Call, signal: AbortSignal, watchdog: Watchdog): Promise<void> {
  const limit = call.req.rateLimit;
  const config = call.config;
  if (limit === undefined || !config.pacing) return;
  watchdog.pause();
  try {
    await config.pacer.acquire(`${call.req.httpMethod} ${call.req.path}`, limit, signal, {
      ...(call.deadlineAt !== undefined ? { deadlineAt: call.deadlineAt } : {}),
      tooLate: () => call.deadlineError(),
      onWait: (waitMs) => {
        call.progress.paced(waitMs, limit);
        config.logger.debug?.(`${call.req.httpMethod} ${call.url}: pacing to the documented limit of ${describeRateLimit(limit)}: waiting ${waitMs} ms`);
      },
    });
  } finally {
    watchdog.resume();
  }
}
