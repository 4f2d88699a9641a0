/** `gasframes report`'s switch for the cache of compiled cells: read before anything runs. */
import { describe, expect, it } from "vitest";
import { checkReportArgs, REPORT_FLAGS } from "../../src/cli/report";
import { readArgs } from "../../src/cli/read-args";


describe("gasframes report --no-cell-cache", () => {
  it("turns the cache of compiled cells off; without it buildReport's default (the project's cache) holds", () => {
    expect(checkReportArgs(readArgs(["--no-cell-cache"], REPORT_FLAGS)).cellCache).toBe(false);
    expect(checkReportArgs(readArgs([], REPORT_FLAGS))).not.toHaveProperty("cellCache");
  });
});
