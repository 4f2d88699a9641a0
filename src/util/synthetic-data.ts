/**
 * How synthetic data is told apart from market data. The embedded sandbox marks every answer with a
 * response header; the transport notes each marked answer (and each cached answer recorded from one),
 * so results say where they came from (`meta.source`) and charts drawn in a process that received
 * synthetic data carry a visible mark.
 */

/** The response header every sandbox answer carries. */
export const SYNTHETIC_DATA_HEADER = "x-gasframes-data";
/** Its value. */
export const SYNTHETIC_DATA_VALUE = "synthetic";

let seen = false;

/** Records that this process received synthetic data. */
export function noteSyntheticData(): void {
  seen = true;
}

/**
 * Whether this process has received synthetic data (from the sandbox, or replayed from a recording of
 * it). Charts are marked from this: gasframes cannot trace every derived table back to its source, so a
 * process that ever received synthetic data marks every chart it draws. A process that only talks to the
 * live services never does.
 */
export function syntheticDataSeen(): boolean {
  return seen;
}

/**
 * Forgets that synthetic data was received. For the test suite only (not exported by the package): test
 * files that share one process (vitest.config.ts) each start as a process of their own would, so a chart
 * drawn by one file is not marked because another file talked to the sandbox.
 */
export function forgetSyntheticDataForTests(): void {
  seen = false;
}
