/**
 * A counting semaphore for requests on the wire. Pages parse after their bytes are in, so a page's
 * network slot is freed as soon as its body is read: the next page downloads while this one parses.
 */
export class NetworkSlots {
  private free: number;
  private readonly waiting: (() => void)[] = [];

  /** @param size requests allowed on the wire at once (at least 1). */
  constructor(size: number) {
    this.free = Math.max(1, Math.floor(size));
  }

  /** Waits for a slot; returns its release function (safe to call more than once). */
  async acquire(): Promise<() => void> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next !== undefined) next();
      else this.free++;
    };
  }
}
