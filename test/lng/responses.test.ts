import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AuthenticationError } from "../../src/errors";
import { LngClient } from "../../src/lng/lng-client";
import { resetWarnings } from "../../src/client/warn-once";
import { listenLocal } from "../helpers/listen-local";

const TOKEN = "lng-secret-token-123456";
let server: Server;
let base: string;
let requests = 0;

const flows = [
  { timestamp: "2024-05-01T00:00:00Z", volume: 1.5, count: 2, volume_unit: "gas_Bcf", volume_std: 0, count_std: 0 },
  { timestamp: "2024-05-02 00:00:00+00", volume: 1500000, count: 2, volume_unit: "mcf", volume_std: 0, count_std: 0 },
  { timestamp: "not a time", volume: null, count: null, volume_unit: "gas_Bcf", volume_std: null, count_std: null },
];

beforeAll(async () => {
  server = createServer((req, res) => {
    requests++;
    req.resume();
    req.on("end", () => {
      // LNG v1 documents Access-Key (docs/conformance.md); a server may see either spelling.
      const key = req.headers["access-key"] ?? req.headers.access_key;
      if (key !== TOKEN) {
        res.writeHead(401, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: `token ${String(key)} is not valid` }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      if (req.url === "/v1/forecast_run_at_timestamps") res.end(JSON.stringify(["2024-05-01 00:00:00+00", "2024-05-02 00:00:00.5+00"]));
      else res.end(JSON.stringify(flows));
    });
  });
  await listenLocal(server);
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("LNG responses", () => {
  it("keeps each row's volume_unit, never mixes them silently, keeps a bad timestamp as sent and nulls as null", async () => {
    resetWarnings();
    const warnings: string[] = [];
    const lng = new LngClient({ baseUrl: base, token: TOKEN, progress: false, maxRetries: 0, warn: (m) => warnings.push(m) });
    const r = await lng.volumeFlows();
    expect(r.records.map((x) => x.volume_unit)).toEqual(["gas_Bcf", "mcf", "gas_Bcf"]);
    expect(r.records.map((x) => x.volume)).toEqual([1.5, 1500000, null]);
    expect(r.records.map((x) => x.timestamp)).toEqual(["2024-05-01T00:00:00.000Z", "2024-05-02T00:00:00.000Z", "not a time"]);
    expect(warnings.some((w) => /several volume units \(gas_Bcf, mcf\)/.test(w))).toBe(true);
    expect(warnings.some((w) => /not a time/.test(w))).toBe(true);
  });

  it("turns a bare list of forecast run timestamps into records", async () => {
    const lng = new LngClient({ baseUrl: base, token: TOKEN, progress: false, maxRetries: 0, warn: () => undefined });
    const r = await lng.forecastRunAtTimestamps();
    expect(r.records.map((x) => x.forecast_run_at_timestamp)).toEqual(["2024-05-01T00:00:00.000Z", "2024-05-02T00:00:00.500Z"]);
  });

  it("a refused token never appears in the error", async () => {
    const lng = new LngClient({ baseUrl: base, token: `${TOKEN}-wrong`, progress: false, maxRetries: 0 });
    const err = await lng.transactions().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthenticationError);
    for (const text of [String(err), inspect(err), JSON.stringify(err)]) expect(text).not.toContain(TOKEN);
  });

  it("a missing token is an AuthenticationError before any request", async () => {
    const saved = process.env.GASFRAMES_TOKEN;
    const savedLng = process.env.GASFRAMES_LNG_TOKEN;
    delete process.env.GASFRAMES_TOKEN;
    delete process.env.GASFRAMES_LNG_TOKEN;
    const before = requests;
    try {
      const lng = new LngClient({ baseUrl: base, progress: false });
      await expect(lng.vessels()).rejects.toBeInstanceOf(AuthenticationError);
      expect(requests).toBe(before);
    } finally {
      if (saved !== undefined) process.env.GASFRAMES_TOKEN = saved;
      if (savedLng !== undefined) process.env.GASFRAMES_LNG_TOKEN = savedLng;
    }
  });
});
