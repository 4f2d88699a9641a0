/**
 * Guard for the sandbox's NDJSON speed work (bench scenario sandbox-ndjson): the per-well noise drawn
 * without rest-parameter arrays, and the month and well-id texts made once, must leave every byte of
 * the answers as they were. The digests were taken from the sandbox before those changes (seed 3,
 * asOf 2025-06-15). Not a timed test.
 */
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandbox } from "../../src/sandbox";
import type { SandboxHandle } from "../../src/sandbox";
import { normal, unit } from "../../src/sandbox/core/hash";
import { normal4, unit4 } from "../../src/sandbox/natgas/model/keyed-noise";
import { TOKEN } from "./sandbox-http";

const NDJSON = "application/x-ndjson";
const JSON_TYPE = "application/json";

/** [path, body, accept, bytes, sha256 of the body] as served before the speed work. */
const ANSWERS: [string, unknown, string, number, string][] = [
  ["/v4/productionbywell", { date_prod_min: "2024-01-01", date_prod_max: "2024-02-29" }, NDJSON, 13751602, "0866f776cfbe3ce17955b22ecf50899d2b5b6c9d72c325b69e57f76b1bd06ff1"],
  ["/v4/productionbywell", { county: "Dunn", date_prod_min: "2023-01-01" }, JSON_TYPE, 2053991, "bc701c823b014c1e10b3f619d9b4662a3f992b12ec04ada427769e21e5a58c6a"],
  ["/v4/productionbywell", { aggregate_by: ["operator"], date_prod_min: "2024-01-01", date_prod_max: "2024-06-30" }, NDJSON, 300318, "97f1deccd4157616d6092a3a9b5bb0d93d52cdda6e3b7558af1162c495cb2839"],
  ["/v3/productionbywell", { sub_region: "OH", start_date: "2024-01-01", end_date: "2024-06-30" }, JSON_TYPE, 2319662, "eb974e26548dcfcc3385db21cbb90830d2c0184acaa45eecafe354bc3951636f"],
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
});
