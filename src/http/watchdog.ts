/**
 * The per-attempt time-out: aborts the attempt when no progress (response start or a body chunk) was
 * seen for `ms`. Paused while the consumer holds a batch, so slow processing is not a slow server.
 */
export class Watchdog {
  fired = false;
  private timer?: NodeJS.Timeout;

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

  /** Stops for good. */
  stop(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private arm(): void {
    this.stop();
    if (this.fired) return;
    this.timer = setTimeout(() => {
      this.fired = true;
      this.controller.abort(new Error("attempt time-out"));
    }, this.ms);
  }
}
