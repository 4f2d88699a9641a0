import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    // vitest's default on 2 cores is one worker; the slow files mostly wait on kernels and sockets, so
    // two files at a time finish the suite sooner without starving either.
    maxWorkers: 2,
  },
});
