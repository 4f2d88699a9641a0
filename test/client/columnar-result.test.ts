import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NatGasClient } from "../../src/natgas";
import { listenLocal } from "../helpers/listen-local";

let server: Server;
let url = "";
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      const start = (JSON.parse(body || "{}").pagination?.start ?? 0) as number;
      const data = [0, 1].map((k) => ({ county: "Reeves", date: `1/${start + k + 1}/2024`, rigs_count: start + k, state_ab: "TX" }));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ data, pagination: { start, page_size: 2, total_count: 4 } }));
    });
  });
  await listenLocal(server);
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe("whole calls give a column-backed Result", () => {
  it("keeps every page as columns and normalises M/D/YYYY dates on them", async () => {
    const ng = new NatGasClient({ baseUrl: url, token: "tok-columnar", progress: false, warn: () => undefined });
    const result = await ng.v3.rigs({ region: "west", aggregate_by: "county" });
    expect(result.isColumnar).toBe(true);
    expect(result.length).toBe(4);
    expect(result.records.map((r) => r.date)).toEqual(["2024-01-01", "2024-01-02", "2024-01-03", "2024-01-04"]);
    expect(result.meta.pages).toBe(2);
  });
});
