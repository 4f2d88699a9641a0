/**
 * Time budgets for tests that start processes (Node scripts, kernels, Jupyter, npm): a budget names what the
 * work takes on a quiet machine and grows with the load measured when the test file is collected, so a
 * suite run beside other work (load 10 on 2 cores) gets the time it needs instead of failing on a
 * time-out. A budget only stops work that hangs; it never measures speed, so it is generous.
 */
import { availableParallelism, loadavg } from "node:os";

/** Never less than this: a process start on a busy machine takes seconds. */
export const BUDGET_FLOOR_MS = 60_000;

/**
 * How many times slower than quiet this machine is now: the load average (the larger of the 1- and
 * 5-minute ones) per core, at least 1, at most 8 (beyond that a hang, not load, is the likelier cause).
 * Env GASFRAMES_TEST_LOAD_FACTOR overrides the measurement (a CI that knows its neighbours).
 */
export function loadFactor(): number {
  const forced = Number(process.env.GASFRAMES_TEST_LOAD_FACTOR);
  if (Number.isFinite(forced) && forced > 0) return forced;
  const cores = Math.max(1, availableParallelism());
  // The larger of the 1- and 5-minute averages: a suite started in a lull still meets the load around it.
  const [one, five] = loadavg();
  return Math.min(8, Math.max(1, Math.max(one!, five!) / cores));
}

/**
 * A test's or hook's time-out: `quietMs` (what it allows on a quiet machine, already generous) times
 * {@link loadFactor}, never below {@link BUDGET_FLOOR_MS}. At load 10 on 2 cores a 180 s budget becomes 900 s.
 */
export function budget(quietMs: number): number {
  return Math.round(Math.max(BUDGET_FLOOR_MS, quietMs * loadFactor()));
}
