/**
 * The per-attempt time-out: aborts the attempt when no progress (response start or a body chunk) was
 * seen for `ms`. Paused while the consumer holds a batch, so slow processing is not a slow server.
 */
export class Watchdog {
  fired = false;
  private timer?: NodeJS.Timeout;
  private finished = false;

  constructor(
    private readonly ms: number,
    private readonly controller: AbortController,
  ) {
    this.arm();
  }

  /** Progress was seen: restart the countdown. */
  touch(): void {
    if (this.timer !== undefined) this.timer.refresh();
  }

  /** Stops counting (the consumer holds control). */
  pause(): void {
    this.stop();
  }

  /** Counts again from now. */
  resume(): void {
    this.arm();
  }

  /**
   * The whole body is in: the server has answered, so the attempt can no longer time out. What
   * follows (a page waiting for a parse worker, parsing) is not the server's slowness, and an error
   * it raises must keep its own type rather than become a retried time-out.
   */
  done(): void {
    this.finished = true;
    this.stop();
  }

  /** Stops counting until the next touch or resume. */
  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(): void {
    this.stop();
    if (this.fired || this.finished) return;
    this.timer = setTimeout(() => {
      this.fired = true;
      this.controller.abort(new Error("attempt time-out"));
    }, this.ms);
  }
}
