/**
 * Guard for the sandbox's NDJSON speed work (bench scenario sandbox-ndjson): the per-well noise drawn
 * without rest-parameter arrays, and the month and well-id texts made once, must leave every byte of
 * the answers as they were. The digests were taken from the sandbox before those changes (seed 3,
 * asOf 2025-06-15), and taken again when the sandbox took the live place names (src/places: shorter
 * names, 17 sub-regions of 3 regions), which changed every record's names and the sub-region shares
 * but no code path the speed work touched. Not a timed test.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox } from "../../src/sandbox";
import type { SandboxHandle } from "../../src/sandbox";
import { mixKey, mixSmallKey, normal, unit } from "../../src/sandbox/core/hash";
import { key3, normal4, normalAfter, unit4, unitAfter } from "../../src/sandbox/natgas/model/keyed-noise";
import { TOKEN } from "./sandbox-http";

const NDJSON = "application/x-ndjson";
const JSON_TYPE = "application/json";

/** [path, body, accept, bytes, sha256 of the body] as served before the speed work. */
const ANSWERS: [string, unknown, string, number, string][] = [
  ["/v4/productionbywell", { date_prod_min: "2024-01-01", date_prod_max: "2024-02-29" }, NDJSON, 13456828, "7dc00632fc391373f672e7aa87eddc46f0d933959f344e557561e449d0a106e5"],
  ["/v4/productionbywell", { county: "Dunn", date_prod_min: "2023-01-01" }, JSON_TYPE, 2019345, "5dacec6d54eac66609818a4676c7094ca5b408b754b2bcc17c31b376b16646cd"],
  ["/v4/productionbywell", { aggregate_by: ["operator"], date_prod_min: "2024-01-01", date_prod_max: "2024-06-30" }, NDJSON, 266727, "0eac2ca1c1eb309fcb35c2d4f31928678fe51f8a3a28f24ed434d600a0fdee6b"],
  ["/v3/productionbywell", { sub_region: "OH", start_date: "2024-01-01", end_date: "2024-06-30" }, JSON_TYPE, 2292000, "d9682e4a36799b764fa916dbdcd3ed2e9414865f4171eb08febaccdb00d52b86"],
];

let sandbox: SandboxHandle;
beforeAll(async () => {
  sandbox = await startSandbox({ seed: 3, asOf: "2025-06-15", compression: false });
});
afterAll(async () => {
  await sandbox.close();
});

describe("sandbox NDJSON speed work leaves the data as it was", () => {
  it.each(ANSWERS)("same bytes: POST %s %j (%s)", async (path, body, accept, bytes, sha256) => {
    const res = await fetch(sandbox.url + path, {
      method: "POST",
      headers: { access_key: TOKEN, "content-type": "application/json", accept },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    const buf = Buffer.from(await res.arrayBuffer());
    expect(buf.length).toBe(bytes);
    expect(createHash("sha256").update(buf).digest("hex")).toBe(sha256);
  });

  it("unit4 and normal4 give core/hash's unit and normal for the same four keys", () => {
    // Keys as the model uses them (seed, well index, month number, salt), and large ones (API numbers,
    // days) that fold in two 32-bit halves.
    const keys: [number, number, number, number][] = [];
    for (let i = 0; i < 2000; i++) keys.push([i % 7, (i * 7919) % 24000, 24000 + (i % 400), 21 + (i % 30)]);
    keys.push([1, 4_294_967_296 + 17, 3_400_000_000, 47], [0, 0, 0, 0], [99, 42_001_234_567, 9_999_999_999_999, 3]);
    for (const [a, b, c, d] of keys) {
      expect(unit4(a, b, c, d)).toBe(unit(a, b, c, d));
      expect(normal4(a, b, c, d)).toBe(normal(a, b, c, d));
    }
  });

  it("mixSmallKey is mixKey for keys in [0, 2^32), and the salted draws built of it are unit's and normal's", () => {
    const salts = [0, 1, 3, 21, 22, 47, 2 ** 31 - 1, 2 ** 31, 2 ** 32 - 1];
    for (let i = 0; i < 500; i++) salts.push((i * 2654435761) % 2 ** 32);
    const mismatched: string[] = [];
    for (const [k, salt] of salts.entries()) {
      const h = key3(k % 5, (k * 7919) % 24000, 24000 + (k % 400));
      if (mixSmallKey(h, salt) !== mixKey(h, salt)) mismatched.push(`mix ${salt}`);
      if (unitAfter(h, salt) !== unit(k % 5, (k * 7919) % 24000, 24000 + (k % 400), salt)) mismatched.push(`unit ${salt}`);
      if (normalAfter(h, salt) !== normal(k % 5, (k * 7919) % 24000, 24000 + (k % 400), salt)) mismatched.push(`normal ${salt}`);
    }
    expect(mismatched).toEqual([]);
    // Outside that range the high half matters, which is why unit4 and normal4 keep mixKey.
    expect(mixSmallKey(12345, 2 ** 32 + 5)).not.toBe(mixKey(12345, 2 ** 32 + 5));
  });
});
