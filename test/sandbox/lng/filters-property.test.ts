import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { handleLngRequest } from "../../../src/sandbox/lng/v1-handler";
import { TERMINALS } from "../../../src/sandbox/lng/model/terminals";
import { SandboxHttpError } from "../../../src/sandbox/core/types";

const ctx = { seed: 11, asOf: "2024-10-15", pageSize: 1000 };

function call(path: string, body: unknown): Record<string, any>[] {
  const reply = handleLngRequest({ method: "POST", path, query: new URLSearchParams(), body, headers: {}, ndjson: false }, ctx);
  if (!reply || reply.kind !== "rows") throw new Error("expected rows");
  return [...reply.rows];
}

const all = call("/v1/transactions", {});
const location = new Map(TERMINALS.map((t) => [t.id, t]));

describe("polygon and time filters (property)", () => {
  it("a box polygon keeps exactly the transactions whose destination terminal lies inside it", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -180, max: 170, noNaN: true }),
        fc.double({ min: -80, max: 70, noNaN: true }),
        fc.double({ min: 1, max: 120, noNaN: true }),
        fc.double({ min: 1, max: 60, noNaN: true }),
        (lon, lat, w, h) => {
          const east = Math.min(180, lon + w);
          const north = Math.min(90, lat + h);
          const box = [[[lon, lat], [east, lat], [east, north], [lon, north], [lon, lat]]];
          const got = call("/v1/transactions", { destination_polygons: [box] });
          const inside = (id: string) => {
            const t = location.get(id)!;
            return t.longitude > lon && t.longitude < east && t.latitude > lat && t.latitude < north;
          };
          expect(got.length).toBe(all.filter((tx) => inside(tx.destination_terminal_id)).length);
        },
      ),
      { numRuns: 40 },
    );
  });

  it("any [from, to) window keeps the transactions whose destination time is inside it", () => {
    const first = Date.UTC(2021, 9, 15);
    const last = Date.UTC(2024, 9, 15);
    fc.assert(
      fc.property(fc.integer({ min: first, max: last }), fc.integer({ min: 0, max: 20 * 86_400_000 }), (from, span) => {
        const iso = (ms: number) => new Date(ms).toISOString();
        const got = call("/v1/transactions", { from_timestamp: iso(from), to_timestamp: iso(from + span) });
        const t = (s: string) => Date.parse(s.replace(" ", "T").replace("+00", "Z"));
        const expected = all.filter((tx) => t(tx.destination_timestamp) >= from && t(tx.destination_timestamp) < from + span);
        expect(got.map((tx) => tx.transaction_number)).toEqual(expected.map((tx) => tx.transaction_number));
      }),
      { numRuns: 40 },
    );
  });

  it("never throws anything but a 400 for arbitrary JSON bodies", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom("imos", "destination_polygons", "from_timestamp", "transaction_type", "origin_countries", "bogus"), fc.jsonValue()), (body) => {
        try {
          call("/v1/volume_flows", body);
        } catch (error) {
          expect(error).toBeInstanceOf(SandboxHttpError);
          expect((error as SandboxHttpError).status).toBe(400);
        }
      }),
      { numRuns: 200 },
    );
  });
});
