import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Transport } from "../../src/decode";
import { listenLocal } from "../helpers/listen-local";

// An endpoint documented as answering one object (v4 shorttermforecasthistorydates) may answer a list.
let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    if (req.url === "/one") res.end(JSON.stringify({ date_forecast_run: "2026-10-30" }));
    else res.end(JSON.stringify([{ date_forecast_run: "2026-10-27" }, { date_forecast_run: "2026-10-30" }]));
  });
  await listenLocal(server);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("an `object` response", () => {
  const transport = () => new Transport({ baseUrl: base, token: "tok-object-test", progress: false }, { service: "natgas", baseUrlEnv: "UNUSED_ENV" });
  const request = (path: string) =>
    ({ endpoint: "dates", httpMethod: "GET", path, response: "object" }) as const;

  it("is one record when the body is one object", async () => {
    const { records } = await transport().fetchRecords(request("/one"));
    expect(records).toEqual([{ date_forecast_run: "2026-10-30" }]);
  });

  it("is the list's records when the body is a list of objects", async () => {
    const { records } = await transport().fetchRecords(request("/many"));
    expect(records).toEqual([{ date_forecast_run: "2026-10-27" }, { date_forecast_run: "2026-10-30" }]);
  });
});
