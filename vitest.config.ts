import { defineConfig } from "vitest/config";
import { loadFactor } from "./test/helpers/budget";

// The default time-outs grow with the load measured at start (test/helpers/budget.ts): 30 s on a quiet
// machine, 150 s at load 10 on 2 cores. Tests that start processes set their own budget() on top.
const timeout = Math.round(30_000 * loadFactor());

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: timeout,
    hookTimeout: timeout,
    pool: "forks",
    // vitest's default on 2 cores is one worker; the slow files mostly wait on kernels and sockets, so
    // two files at a time finish the suite sooner without starving either.
    maxWorkers: 2,
  },
});
