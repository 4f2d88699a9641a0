// Run before each test file (vitest.config.ts, setupFiles). The default time-outs are set from the load
// measured when this file starts, not only once when the run started: a run begun on a quiet machine
// that others then load (a shared CI host) otherwise keeps the quiet time-outs to its end.
import { vi } from "vitest";
import { loadFactor } from "./budget";

const timeout = Math.round(30_000 * loadFactor());
vi.setConfig({ testTimeout: timeout, hookTimeout: timeout });
