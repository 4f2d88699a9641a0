/**
 * flowsByCountry against the sandbox over HTTP on 127.0.0.1: the rows tagged with each country are
 * exactly that country's single call, and bad input is refused before any request.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type SandboxHandle } from "../../src/sandbox/start-sandbox";
import { LngClient } from "../../src/lng/lng-client";
import { flowsByCountry } from "../../src/analysis/flows-by-country";
import { resampleFlows } from "../../src/analysis/resample-flows";
import { InvalidParamsError } from "../../src/errors";
import type { EndpointTransport } from "../../src/client/endpoint-transport";

let sandbox: SandboxHandle;
let lng: LngClient;
const window = { from_timestamp: "2024-01-01T00:00:00Z", to_timestamp: "2024-03-01T00:00:00Z" };

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 11, asOf: "2024-06-15" });
  lng = new LngClient({ baseUrl: sandbox.lngUrl, token: "flows-by-country-test", progress: false });
});
afterAll(async () => {
  await sandbox.close();
});

const plain = (rows: readonly Record<string, unknown>[]): Record<string, unknown>[] => rows.map((r) => ({ ...r }));

describe("flowsByCountry", () => {
  it("tags each country's rows, which equal that country's own call", async () => {
    const countries = ["Japan", "China", "France"];
    const table = await flowsByCountry(lng, countries, window);
    expect(table.names[0]).toBe("destination_country");
    let at = 0;
    for (const country of countries) {
      const single = (await lng.volumeFlows({ ...window, destination_countries: [country] })).rows();
      expect(single.length).toBeGreaterThan(0);
      const tagged = table.rows().slice(at, at + single.length);
      expect(tagged.map((r) => r.destination_country)).toEqual(single.map(() => country));
      expect(tagged.map(({ destination_country: _, ...rest }) => rest)).toEqual(plain(single));
      at += single.length;
    }
    expect(table.length).toBe(at);
    const weekly = resampleFlows(table, { freq: "week", by: "destination_country" });
    expect(new Set(weekly.column("destination_country"))).toEqual(new Set(countries));
  });

  it("origin side: tags origin_country and filters origin_countries", async () => {
    const table = await flowsByCountry(lng, ["United States"], window, { side: "origin" });
    const single = (await lng.volumeFlows({ ...window, origin_countries: ["United States"] })).rows();
    expect(table.names[0]).toBe("origin_country");
    expect(table.rows().map(({ origin_country: _, ...rest }) => rest)).toEqual(plain(single));
  });

  it("refuses bad input before any request", async () => {
    let requests = 0;
    const counting: EndpointTransport = {
      fetchRecords: async () => {
        requests++;
        return { records: [], meta: { url: "http://127.0.0.1/", status: 200, durationMs: 0, pages: 1 } } as never;
      },
    } as unknown as EndpointTransport;
    const quiet = new LngClient({ transport: counting, checkNames: false, token: "t" });
    await expect(flowsByCountry(quiet, [])).rejects.toBeInstanceOf(InvalidParamsError);
    await expect(flowsByCountry(quiet, ["Japan", "Japan"])).rejects.toThrow(/countries\[1\]/);
    await expect(flowsByCountry(quiet, ["Japan"], { destination_countries: ["China"] } as never)).rejects.toThrow(/destination_countries/);
    await expect(flowsByCountry(quiet, ["Japan"], {}, { side: "dest" as never })).rejects.toMatchObject({ issues: [{ param: "side", suggestion: "destination" }] });
    expect(requests).toBe(0);
  });

  it("a failing call fails the whole: no partial table", async () => {
    await expect(flowsByCountry(lng, ["Japan", "Atlantis"], window)).rejects.toThrow(/Atlantis/);
  });
});
