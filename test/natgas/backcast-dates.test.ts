/**
 * No backcast data exists before 2021-01-15 (spec): a run date before it, or a month window ending
 * before the first backcast month (2020-11), is refused before anything is sent.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidParamsError } from "../../src/errors";
import { NatGasClient } from "../../src/natgas/natgas-client";
import { sendJson, startServer, type TestServer } from "../http/helpers/test-server";

let server: TestServer;
let client: NatGasClient;

beforeAll(async () => {
  server = await startServer((req, res) =>
    sendJson(res, 200, req.url.startsWith("/v3/") ? { data: [], pagination: { start: 0, page_size: 1000, total_count: 0 } } : []),
  );
  client = new NatGasClient({ baseUrl: server.url, token: "backcast-test-token", progress: false, maxRetries: 0, warn: () => {} });
});

afterAll(async () => {
  await server.close();
});

/** The call's error (undefined when it resolved) and how many requests it sent. */
async function run(call: () => Promise<unknown>): Promise<{ err: unknown; sent: number }> {
  const before = server.seen.length;
  let err: unknown;
  try {
    await call();
  } catch (e) {
    err = e;
  }
  return { err, sent: server.seen.length - before };
}

async function expectRefused(call: () => Promise<unknown>, param: string, words: RegExp): Promise<void> {
  const { err, sent } = await run(call);
  expect(err).toBeInstanceOf(InvalidParamsError);
  const issue = (err as InvalidParamsError).issues.find((i) => i.param === param);
  expect(issue?.expected).toMatch(words);
  expect(sent).toBe(0);
}

describe("backcast dates before the first run", () => {
  it("v3 forecast_run_date before 2021-01-15 is refused, saying no backcast data exists before then", async () => {
    await expectRefused(() => client.v3.shortTermForecastHistory({ forecast_run_date: "2021-01-14" }), "forecast_run_date", /2021-01-15.*no backcast data exists/);
    await expectRefused(() => client.v4.asV3.shortTermForecastHistory({ forecast_run_date: "2019-06-01" }), "forecast_run_date", /no backcast data/);
  });

  it("v4 date_forecast_run before 2021-01-15 is refused, also when streaming", async () => {
    await expectRefused(() => client.v4.shortTermForecastHistory({ date_forecast_run: "2020-12-31" }), "date_forecast_run", /2021-01-15.*no backcast data/);
    const before = server.seen.length;
    expect(() => client.v4.stream.shortTermForecastHistory({ date_forecast_run: "2020-12-31" })).toThrow(InvalidParamsError);
    expect(server.seen.length).toBe(before);
  });

  it("a month window ending before 2020-11, the first month any backcast covers, is refused", async () => {
    await expectRefused(
      () => client.v3.shortTermForecastHistory({ forecast_run_date: "2021-01-15", end_date: "2020-10-31" }),
      "end_date",
      /2020-11-01.*matches no rows/,
    );
    await expectRefused(
      () => client.v4.shortTermForecastHistory({ date_forecast_run: "2021-01-15", date_prod_max: "2020-10-31" }),
      "date_prod_max",
      /2020-11-01/,
    );
  });

  it("the first run, and a window reaching its earliest month, are sent", async () => {
    for (const call of [
      () => client.v3.shortTermForecastHistory({ forecast_run_date: "2021-01-15", start_date: "2020-01-01", end_date: "2020-11-01" }),
      () => client.v4.shortTermForecastHistory({ date_forecast_run: "2021-01-15", date_prod_max: "2020-11-01" }),
    ]) {
      const { err, sent } = await run(call);
      expect(err).toBeUndefined();
      expect(sent).toBe(1);
    }
  });
});
