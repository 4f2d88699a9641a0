/**
 * KernelClient.start against a kernel that answers kernel_info and then keeps its one thread busy before it
 * echoes the first heartbeat (tslab builds its TypeScript converter then; on CI's loaded machine that took
 * longer than the 5 s the heartbeat once had of its own). The echo gets the start's time limit.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { KernelClient } from "../../src/notebook/kernel/kernel-client";
import type { KernelSpec } from "../../src/notebook/kernel/kernel-spec";
import { KernelError } from "../../src/notebook/shared/notebook-errors";
import { budget } from "../helpers/budget";

const slowEcho = (holdMs: number | "exit" | "lose-idle"): KernelSpec => ({
  name: "slow-echo",
  display_name: "slow echo",
  language: "typescript",
  argv: [process.execPath, join(__dirname, "helpers", "slow-echo-kernel.mjs"), "{connection_file}", String(holdMs)],
  resourceDir: __dirname,
});

describe("KernelClient.start", () => {
  it("waits for a heartbeat echo that comes 6 s late, within the start's time limit", async () => {
    const kernel = await KernelClient.start(slowEcho(6_000), { startupTimeoutMs: budget(60_000) });
    try {
      expect(kernel.dead).toBe(false);
      await kernel.heartbeat(budget(10_000)); // echoed at once now that the thread is free
    } finally {
      await kernel.kill();
    }
  }, budget(120_000));

  it("asks again soon after a reply whose idle status was lost, not when the attempt's time is over", async () => {
    // Each attempt is given the whole start's time: a client that waited for an attempt to end would fail here.
    const limit = budget(60_000);
    const kernel = await KernelClient.start(slowEcho("lose-idle"), { startupTimeoutMs: limit, startAttemptMs: limit });
    try {
      expect(kernel.dead).toBe(false);
    } finally {
      await kernel.kill();
    }
  }, budget(120_000));

  it("refuses a time limit that is not a positive number of milliseconds, before starting anything", async () => {
    for (const options of [{ startAttemptMs: 0 }, { startAttemptMs: Number.NaN }, { startupTimeoutMs: -1 }, { startAttemptMs: "1000" as unknown as number }]) {
      const err = await KernelClient.start(slowEcho("exit"), options).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(KernelError);
      expect((err as KernelError).message).toMatch(/(startAttemptMs|startupTimeoutMs) must be a positive number of milliseconds/);
    }
  });

  it("fails at once with the kernel's exit when it dies before it echoes, not when the time limit ends", async () => {
    const err = await KernelClient.start(slowEcho("exit"), { startupTimeoutMs: budget(60_000) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KernelError);
    expect((err as KernelError).message).toMatch(/"slow-echo" .* exited \(code 7, signal null\)/);
  }, budget(120_000));
});
