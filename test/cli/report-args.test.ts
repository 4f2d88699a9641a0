/** `gasframes report`'s switches for the caches of compiled cells and of sandbox answers: read before anything runs. */
import { describe, expect, it } from "vitest";
import { checkReportArgs, REPORT_FLAGS, REPORT_USAGE } from "../../src/cli/report";
import { readArgs } from "../../src/cli/read-args";


describe("gasframes report --no-cell-cache", () => {
  it("turns the cache of compiled cells off; without it buildReport's default (the project's cache) holds", () => {
    expect(checkReportArgs(readArgs(["--no-cell-cache"], REPORT_FLAGS)).cellCache).toBe(false);
    expect(checkReportArgs(readArgs([], REPORT_FLAGS))).not.toHaveProperty("cellCache");
  });
});

describe("gasframes report --no-sandbox-cache", () => {
  it("turns the cache of sandbox answers off, and only it; without it buildReport's default holds", () => {
    const args = checkReportArgs(readArgs(["--no-sandbox-cache"], REPORT_FLAGS));
    expect(args.sandboxCache).toBe(false);
    expect(args).not.toHaveProperty("cellCache");
    expect(checkReportArgs(readArgs([], REPORT_FLAGS))).not.toHaveProperty("sandboxCache");
    expect(REPORT_USAGE).toContain("[--no-sandbox-cache]");
  });
});
