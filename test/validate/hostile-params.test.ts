/**
 * Every method of every client, handed parameters (and options) of every bad shape: each call is an
 * InvalidParamsError and the counting server on 127.0.0.1 sees no request at all.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidParamsError } from "../../src/errors";
import { LegacyLngClient } from "../../src/lng/legacy/legacy-lng-client";
import { LngClient } from "../../src/lng/lng-client";
import { LNG_V1 } from "../../src/lng/catalog/v1";
import { NatGasClient } from "../../src/natgas/natgas-client";
import { v3 } from "../../src/natgas/catalog/v3";
import { v4 } from "../../src/natgas/catalog/v4";
import { AS_V3_ENDPOINTS } from "../../src/natgas/migrate/as-v3";
import { LEGACY_REPORTS } from "../../src/lng/migrate/legacy-field-renames";
import { LEGACY_API } from "../../src/lng/legacy/legacy-catalog";
import { sendJson, startServer, type TestServer } from "../http/helpers/test-server";

let server: TestServer;
let natgas: NatGasClient;
let lng: LngClient;
let legacy: LegacyLngClient;

beforeAll(async () => {
  server = await startServer((_req, res) => sendJson(res, 200, []));
  const common = { token: "hostile-test-token", progress: false, maxRetries: 0 } as const;
  natgas = new NatGasClient({ baseUrl: server.url, ...common, warn: () => {} });
  lng = new LngClient({ baseUrl: server.url, ...common, warn: () => {} });
  legacy = new LegacyLngClient({ baseUrl: server.url, ...common, warn: () => {} });
});

afterAll(async () => {
  await server.close();
});

type Call = (params: unknown, options?: unknown) => unknown;
type Method = { name: string; call: Call; kind: "params" | "options-only"; paramNames: string[] };

const namesOf = (spec: { params: readonly { name: string }[] }) => spec.params.map((p) => p.name);

/** Every client method, as `(params, options) => promise or generator`; methods without params take options first. */
function everyMethod(): Method[] {
  const out: Method[] = [];
  const table = (prefix: string, api: Record<string, unknown>, catalog: Record<string, { params: readonly { name: string }[] }>, names = Object.keys(catalog)) => {
    for (const name of names) out.push({ name: `${prefix}.${name}`, call: (p, o) => (api[name] as Call)(p, o), kind: "params", paramNames: namesOf(catalog[name]!) });
  };
  table("natgas.v3", natgas.v3 as never, v3);
  table("natgas.v3.stream", natgas.v3.stream as never, v3);
  table("natgas.v4", natgas.v4 as never, v4);
  table("natgas.v4.stream", natgas.v4.stream as never, v4);
  table("natgas.v4.asV3", natgas.v4.asV3 as never, v3, [...AS_V3_ENDPOINTS]);
  for (const name of Object.keys(LNG_V1)) {
    const paramNames = namesOf(LNG_V1[name as keyof typeof LNG_V1]);
    out.push({ name: `lng.${name}`, call: (p, o) => (lng as unknown as Record<string, Call>)[name]!.call(lng, p, o), kind: "params", paramNames });
  }
  table("lng.stream", lng.stream as never, LNG_V1);
  const legacyMethods = { routePredictions: "route_predictions", overview: "overview", flowTimeseries: "flow_timeseries", targetdQuery: "targetd_query", queryAis: "queryAIS" } as const;
  for (const [name, entry] of Object.entries(legacyMethods)) {
    const call: Call = (p, o) => (legacy[name as keyof typeof legacyMethods] as Call).call(legacy, p, o);
    out.push({ name: `legacy.${name}`, call, kind: "params", paramNames: namesOf(LEGACY_API[entry]) });
  }
  for (const report of LEGACY_REPORTS) {
    const call: Call = (p, o) => legacy.analysisReport(report, p as never, o as never);
    out.push({ name: `legacy.analysisReport(${report})`, call, kind: "params", paramNames: namesOf(LEGACY_API[report]) });
  }
  out.push({ name: "legacy.liveStatus", call: (o) => legacy.liveStatus(o as never), kind: "options-only", paramNames: [] });
  out.push({ name: "legacy.liveStatusReport", call: (o) => legacy.liveStatusReport(o as never), kind: "options-only", paramNames: [] });
  return out;
}

/** Runs a call to its first request: a stream is created and asked for its first batch. */
async function settle(call: () => unknown): Promise<unknown> {
  try {
    const r = call();
    if (r !== null && typeof r === "object" && typeof (r as AsyncGenerator).next === "function") {
      const gen = r as AsyncGenerator;
      await gen.next();
      await gen.return(undefined);
      return undefined;
    }
    await r;
    return undefined;
  } catch (err) {
    return err;
  }
}

const boom = () => {
  throw new Error("trap");
};

/** Shapes that are never valid parameters (or options), whatever the endpoint. */
function badShapes(): [string, () => unknown][] {
  return [
    ["a number", () => 42],
    ["a string", () => "west"],
    ["a list", () => ["west"]],
    ["a boolean", () => true],
    ["a function", () => () => ({ region: "west" })],
    ["a symbol", () => Symbol("params")],
    ["a BigInt", () => 10n],
    ["a Proxy whose traps throw", () => new Proxy({}, { ownKeys: boom, get: boom, getOwnPropertyDescriptor: boom, getPrototypeOf: boom, has: boom })],
    ["a revoked Proxy", () => {
      const { proxy, revoke } = Proxy.revocable({}, {});
      revoke();
      return proxy;
    }],
    ["an object with a throwing getter", () => ({ get region() { return boom(); } })],
    ["a frozen object holding a function", () => Object.freeze({ region: () => "west" })],
    ["a null-prototype object holding a BigInt", () => Object.assign(Object.create(null) as object, { imos: 9074729n })],
    ["a class instance", () => new (class Filters { region = "west"; })()],
    ["a Map", () => new Map([["region", "west"]])],
    ["a Date", () => new Date(0)],
    ["an object holding a symbol", () => ({ county: Symbol("Reeves") })],
    ["a cyclic object", () => {
      const c: Record<string, unknown> = {};
      c.self = c;
      return c;
    }],
    ["an object holding a cyclic list", () => {
      const a: unknown[] = [];
      a.push(a);
      return { region: a };
    }],
    ["an object holding a Proxy", () => ({ region: new Proxy(["west"], { get: boom, getPrototypeOf: boom }) })],
  ];
}

async function expectRefusedUnsent(what: string, call: () => unknown): Promise<void> {
  const before = server.seen.length;
  const err = await settle(call);
  expect(err, what).toBeInstanceOf(InvalidParamsError);
  expect((err as Error).message, what).not.toContain("hostile-test-token");
  expect(server.seen.length - before, `${what}: requests sent`).toBe(0);
}

describe("bad parameters of any shape: InvalidParamsError, no request", () => {
  it("every method of every client refuses every bad params shape", async () => {
    const methods = everyMethod();
    expect(methods.length).toBeGreaterThan(80);
    for (const { name, call, kind } of methods) {
      for (const [shape, make] of badShapes()) {
        if (kind === "options-only") await expectRefusedUnsent(`${name}(${shape})`, () => call(make()));
        else await expectRefusedUnsent(`${name}(${shape})`, () => call(make(), undefined));
      }
    }
  });

  it("every method refuses bad options of every shape (and an option it does not take)", async () => {
    for (const { name, call, kind } of everyMethod()) {
      const withOptions = (o: unknown) => (kind === "options-only" ? call(o) : call(undefined, o));
      for (const [shape, make] of badShapes()) await expectRefusedUnsent(`${name}(…, ${shape})`, () => withOptions(make()));
      await expectRefusedUnsent(`${name}(…, { signal: "soon" })`, () => withOptions({ signal: "soon" }));
      await expectRefusedUnsent(`${name}(…, { sinal })`, () => withOptions({ sinal: AbortSignal.timeout(60_000) }));
    }
  });

  it("arbitrary non-object params and arbitrary objects hiding a bad value are refused (fast-check)", async () => {
    const methods = everyMethod().filter((m) => m.kind === "params" && m.paramNames.length > 0);
    // fast-check prints a failing value: the hostile Proxy answers its print hook and throws on everything else.
    const hostile = new Proxy({}, {
      get: (_t, k) => (k === fc.toStringMethod ? () => "(a Proxy whose traps throw)" : boom()),
      ownKeys: boom,
      getPrototypeOf: boom,
      getOwnPropertyDescriptor: boom,
    });
    const badLeaf = fc.oneof(
      fc.bigInt().map((b) => b as unknown),
      fc.string().map((s) => Symbol(s) as unknown),
      fc.constant(() => 1),
      fc.constant(new Map()),
      fc.constant(hostile),
    );
    const key = fc.string({ minLength: 1, maxLength: 8 });
    const path = fc.array(fc.oneof(key, fc.nat({ max: 3 })), { minLength: 0, maxLength: 4 });
    // The bad value hides under one of the method's own parameter names, so only a deep check can refuse it.
    const hiddenIn = (m: Method) =>
      fc.tuple(fc.constantFrom(...m.paramNames), path, badLeaf, fc.boolean()).map(([top, steps, leaf, freeze]) => {
        let value: unknown = leaf;
        for (const step of steps.reverse()) {
          if (typeof step === "number") {
            const list = new Array<unknown>(step + 1).fill("x");
            list[step] = value;
            value = list;
          } else value = { [step]: value };
        }
        const params = { [top]: value };
        return freeze ? Object.freeze(params) : params;
      });
    const notAnObject = fc.oneof(fc.integer(), fc.double(), fc.string(), fc.boolean(), fc.bigInt(), fc.array(fc.anything()));
    const case_ = fc.constantFrom(...methods).chain((m) => fc.tuple(fc.constant(m), fc.oneof(hiddenIn(m), notAnObject)));
    await fc.assert(
      fc.asyncProperty(case_, async ([m, params]) => {
        await expectRefusedUnsent(`${m.name}(${String(typeof params)})`, () => m.call(params, undefined));
      }),
      { numRuns: 400 },
    );
  });
});

describe("params are read once, at the call", () => {
  it("a getter is read exactly once, and the value read is the value sent", async () => {
    let reads = 0;
    const params = {
      get region_natgas() {
        reads++;
        return reads === 1 ? "west" : "Haynesville - LA";
      },
    };
    const before = server.seen.length;
    await natgas.v4.rigs(params as never);
    expect(reads).toBe(1);
    expect(server.seen.length - before).toBe(1);
    expect(server.seen.at(-1)!.json).toEqual({ region_natgas: ["west"] });
  });

  it("a list changed after the call is sent as it was at the call", async () => {
    const regions = ["Belgium"];
    const pending = lng.volumeFlows({ destination_regions: regions });
    regions.push("Japan");
    await pending;
    expect(server.seen.at(-1)!.json).toEqual({ destination_regions: ["Belgium"] });
  });

  it("frozen and null-prototype objects of good params are accepted; a __proto__ key is a parameter name, refused as unknown", async () => {
    const before = server.seen.length;
    await lng.vessels(Object.freeze({ statuses: Object.freeze(["ACTIVE"]) }) as never);
    await lng.vessels(Object.assign(Object.create(null) as object, { statuses: ["ACTIVE"] }) as never);
    expect(server.seen.length - before).toBe(2);
    await expectRefusedUnsent("__proto__", () => lng.vessels(JSON.parse('{"__proto__": {"statuses": ["ACTIVE"]}}') as never));
  });

  it("null params mean no parameters (documented), and null options mean none: legacy.liveStatus(null) is no TypeError", async () => {
    server.handle((_req, res) => sendJson(res, 200, { job_id: "j1", state: "SUCCESS", meta: { report_result: [] } }));
    try {
      const err = await settle(() => legacy.liveStatus(null as never));
      expect(err).not.toBeInstanceOf(TypeError);
      expect(server.seen.length).toBe(1);
      expect(server.seen[0]!.url).toContain("/api/v2/live_status");
    } finally {
      server.handle((_req, res) => sendJson(res, 200, []));
    }
    await expectRefusedUnsent("queryAis(null): imo is required", () => legacy.queryAis(null as never));
  });
});
