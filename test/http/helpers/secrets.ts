/**
 * The token of every test, and the check that it never leaks.
 */
import { inspect } from "node:util";
import { expect } from "vitest";

export const TOKEN = "tok-9f8e7d6c5b4a-SECRET";

/** Logger that keeps every line, to check them for the token. */
export function captureLogs(): { lines: string[]; logger: { debug(m: string): void; warn(m: string): void } } {
  const lines: string[] = [];
  return { lines, logger: { debug: (m) => lines.push(m), warn: (m) => lines.push(m) } };
}

/** Asserts the token is absent from every rendering of `err` and from the log lines. */
export function expectNoToken(err: unknown, lines: string[] = []): void {
  const views = [String(err), inspect(err, { depth: 10 }), JSON.stringify(err), (err as Error).stack ?? "", ...lines];
  for (const view of views) expect(view).not.toContain(TOKEN);
}

/** Awaits a promise that must reject, returning the error. */
export async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error("expected the promise to reject");
}
