import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidParamsError } from "../../src/errors";
import { LngClient } from "../../src/lng/lng-client";
import { resetWarnings } from "../../src/client/warn-once";
import { listenLocal } from "../helpers/listen-local";

let server: Server;
let requests = 0;
let lastBody: unknown;
let client: LngClient;
const warnings: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    let text = "";
    req.on("data", (c: Buffer) => (text += c.toString("utf8")));
    req.on("end", () => {
      lastBody = text ? JSON.parse(text) : undefined;
      res.writeHead(200, { "content-type": "application/json" });
      res.end("[]");
    });
  });
  await listenLocal(server);
  const { port } = server.address() as AddressInfo;
  client = new LngClient({ baseUrl: `http://127.0.0.1:${port}`, token: "validation-token", maxRetries: 0, progress: false, warn: (m) => warnings.push(m) });
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function refused(call: () => Promise<unknown>): Promise<InvalidParamsError> {
  const before = requests;
  const err = await call().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InvalidParamsError);
  expect(requests, "no request may reach the server").toBe(before);
  return err as InvalidParamsError;
}

describe("the spec's parameter table: a parameter marked 'no' is refused before sending", () => {
  it("volume_flows/history takes no terminal ids and no forecast_run_at", async () => {
    const err = await refused(() =>
      // @ts-expect-error destination_terminal_ids is not a volume_flows/history parameter
      client.volumeFlowsHistory({ destination_terminal_ids: ["T1"], forecast_run_at: "2024-01-01", origin_terminal_ids: ["T2"] }),
    );
    expect(err.issues.map((i) => i.param).sort()).toEqual(["destination_terminal_ids", "forecast_run_at", "origin_terminal_ids"]);
  });

  it("volume_flows takes no imos and no loading-origin filters", async () => {
    // @ts-expect-error imos is not a volume_flows parameter
    const err = await refused(() => client.volumeFlows({ imos: [9705641], loading_origin_terminals: ["Sabine Pass"] }));
    expect(err.issues.map((i) => i.param).sort()).toEqual(["imos", "loading_origin_terminals"]);
  });

  it("forecast details take no time range and no destination_terminal_ids", async () => {
    const err = await refused(() =>
      // @ts-expect-error from_timestamp is not a forecast details parameter
      client.transactionsForecastHistoryDetails({ forecast_run_at: "2024-01-01", from_timestamp: "2024-01-01", destination_terminal_ids: ["T"] }),
    );
    expect(err.issues.map((i) => i.param).sort()).toEqual(["destination_terminal_ids", "from_timestamp"]);
  });

  it("streams validate too, before the first request", async () => {
    const before = requests;
    // @ts-expect-error imos is not a volume_flows parameter
    expect(() => client.stream.volumeFlows({ imos: [9705641] })).toThrow(InvalidParamsError);
    expect(requests).toBe(before);
  });

  it("a misspelt parameter names the closest valid one", async () => {
    // @ts-expect-error misspelt on purpose
    const err = await refused(() => client.volumeFlows({ destination_contries: ["Belgium"] }));
    expect(err.issues[0]!.suggestion).toBe("destination_countries");
  });
});

describe("timestamps", () => {
  it("refuses a date that is not on the calendar and a time range that runs backwards", async () => {
    const err = await refused(() => client.volumeFlows({ from_timestamp: "2023-02-29" }));
    expect(err.issues[0]!.param).toBe("from_timestamp");
    const back = await refused(() => client.volumeFlows({ from_timestamp: "2024-03-01T00:00:00Z", to_timestamp: "2024-02-01" }));
    expect(back.message).toMatch(/from_timestamp <= to_timestamp/);
  });

  it("sends a plain date as midnight UTC and converts offsets to UTC", async () => {
    const before = requests;
    await client.volumeFlows({ from_timestamp: "2024-02-01", to_timestamp: "2024-02-10T02:00:00+02:00" });
    expect(requests).toBe(before + 1);
    expect(lastBody).toEqual({ from_timestamp: "2024-02-01T00:00:00Z", to_timestamp: "2024-02-10T00:00:00Z" });
  });
});

describe("polygons", () => {
  const square = [
    [0, 50],
    [5, 50],
    [5, 55],
    [0, 55],
    [0, 50],
  ];

  it("sends a valid polygon list as given", async () => {
    await client.volumeFlows({ destination_polygons: [[square]] });
    expect(lastBody).toEqual({ destination_polygons: [[square]] });
  });

  it("refuses a ring that is not closed, naming the ring", async () => {
    const open = square.slice(0, 4);
    const err = await refused(() => client.volumeFlows({ destination_polygons: [[square], [open]] }));
    expect(err.message).toMatch(/destination_polygons\[1\]\[0\]/);
    expect(err.message).toMatch(/close|first/i);
  });

  it("refuses a ring with fewer than four pairs and a latitude out of range", async () => {
    const tiny = [
      [0, 0],
      [1, 1],
      [0, 0],
    ];
    const err = await refused(() => client.volumeFlows({ origin_polygons: [[tiny]] }));
    expect(err.message).toMatch(/origin_polygons\[0\]\[0\]/);
    expect(err.message).toMatch(/4/);
    const north = [
      [0, 80],
      [10, 95],
      [20, 80],
      [0, 80],
    ];
    const err2 = await refused(() => client.volumeFlows({ origin_polygons: [[north]] }));
    expect(err2.message).toMatch(/latitude/i);
  });

  it("refuses longitude out of range in the loading-origin polygons of the forecast details", async () => {
    const east = [
      [170, 0],
      [190, 0],
      [170, 10],
      [170, 0],
    ];
    const err = await refused(() => client.transactionsForecastHistoryDetails({ forecast_run_at: "2024-01-01", loading_origin_polygons: [[east]] }));
    expect(err.message).toMatch(/loading_origin_polygons/);
    expect(err.message).toMatch(/longitude/i);
  });
});

describe("codes, transaction_type, imos, forecast_run_at", () => {
  it("refuses a country code that is not ISO 3166-1 alpha-2", async () => {
    const err = await refused(() => client.volumeFlows({ destination_country_codes: ["BE", "XX", "USA"] }));
    expect(err.issues.length).toBe(2);
    expect(err.message).toMatch(/XX/);
  });

  it("refuses a transaction_type other than loading or offloading, suggesting the closest", async () => {
    // @ts-expect-error not a transaction type
    const err = await refused(() => client.volumeFlows({ transaction_type: "loadings" }));
    expect(err.issues[0]!.suggestion).toBe("loading");
  });

  it("refuses imos that are not integers", async () => {
    const err = await refused(() => client.transactions({ imos: [9705641, 97056.5] }));
    expect(err.issues[0]!.param).toMatch(/imos/);
  });

  it("warns when an IMO check digit is wrong, and still sends the query", async () => {
    resetWarnings();
    warnings.length = 0;
    const before = requests;
    await client.transactions({ imos: [9705642] });
    expect(requests).toBe(before + 1);
    expect(warnings.join("\n")).toMatch(/9705642/);
  });

  it("a missing forecast_run_at says how to get one", async () => {
    // @ts-expect-error forecast_run_at is required
    const err = await refused(() => client.transactionsForecastHistoryDetails({ destination_country_codes: ["JP"] }));
    expect(err.issues[0]!.param).toBe("forecast_run_at");
    expect(err.message).toMatch(/forecastRunAtTimestamps/);
  });
});
