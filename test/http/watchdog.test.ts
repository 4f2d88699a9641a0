import { afterEach, describe, expect, it, vi } from "vitest";
import { Watchdog } from "../../src/http/watchdog";

afterEach(() => {
  vi.useRealTimers();
});

describe("Watchdog (the per-attempt time-out)", () => {
  it("aborts the attempt when no progress is seen in time, and restarts its count on progress", () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const dog = new Watchdog(100, controller);
    vi.advanceTimersByTime(90);
    dog.touch();
    vi.advanceTimersByTime(90);
    expect(controller.signal.aborted).toBe(false);
    vi.advanceTimersByTime(20);
    expect(dog.fired).toBe(true);
    expect(controller.signal.aborted).toBe(true);
  });

  it("never fires once the whole body is in, even when counting is resumed afterwards", () => {
    // After the last byte, a page may wait for a parse worker: that is not the server being slow,
    // and a parse error then must not be reported (and retried) as a time-out.
    vi.useFakeTimers();
    const controller = new AbortController();
    const dog = new Watchdog(100, controller);
    dog.done();
    vi.advanceTimersByTime(1_000);
    dog.resume();
    vi.advanceTimersByTime(1_000);
    expect(dog.fired).toBe(false);
    expect(controller.signal.aborted).toBe(false);
  });
});
