import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GasframesError } from "../../src/errors";
import { NatGasClient } from "../../src/natgas";
import { listenLocal } from "../helpers/listen-local";

let server: Server;
let url: string;
const seen: string[] = [];
const saved = { url: process.env.GASFRAMES_NATGAS_URL, token: process.env.GASFRAMES_TOKEN };

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    res.setHeader("content-type", "application/json");
    res.end(JSON.stringify({ data: [{ date: "2024-01-01", id1_pct: 1, id2_pct: 2, id3_pct: 3, other_pct: 0, points_reporting_pct: 90, timely_pct: 80 }] }));
  });
  await listenLocal(server);
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

afterEach(() => {
  for (const [key, value] of [["GASFRAMES_NATGAS_URL", saved.url], ["GASFRAMES_TOKEN", saved.token]] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

describe("NatGasClient configuration", () => {
  it("without a base URL or a token, says how to set one or start the sandbox", () => {
    delete process.env.GASFRAMES_NATGAS_URL;
    const savedToken = process.env.GASFRAMES_TOKEN;
    delete process.env.GASFRAMES_TOKEN;
    let err: unknown;
    try {
      new NatGasClient({});
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(GasframesError);
    expect((err as GasframesError).code).toBe("CONFIGURATION");
    expect(String(err)).toContain("GASFRAMES_NATGAS_URL");
    expect(String(err)).toContain("sandbox");
    if (savedToken !== undefined) process.env.GASFRAMES_TOKEN = savedToken;
  });

  it("takes the base URL and token from the environment", async () => {
    process.env.GASFRAMES_NATGAS_URL = url;
    process.env.GASFRAMES_TOKEN = "t0ken-from-env";
    const r = await new NatGasClient({ progress: false }).v3.pipelineScrapeStatus();
    expect(seen.at(-1)).toBe("GET /v3/pipelinescrapestatus");
    expect(r.records).toEqual([{ date: "2024-01-01", id1_pct: 1, id2_pct: 2, id3_pct: 3, other_pct: 0, points_reporting_pct: 90, timely_pct: 80 }]);
    expect(JSON.stringify(r.meta)).not.toContain("t0ken-from-env");
  });
});
