/**
 * Random and adversarial parameters at every client method (NatGasClient v3 and v4, LngClient,
 * LegacyLngClient, and their streams): each call is either accepted (a request reached the server
 * and was answered) or refused with InvalidParamsError before any request; never another exception,
 * never a hang, never a polluted prototype.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EndpointSpec } from "../../src/catalog";
import { InvalidParamsError } from "../../src/errors";
import { LEGACY_API, LegacyLngClient, LNG_V1, LngClient } from "../../src/lng";
import { NATGAS_V3, NATGAS_V4, NatGasClient } from "../../src/natgas";
import { startEmptyService, type EmptyService } from "./helpers/empty-service";
import { adversarial, paramsFor } from "./helpers/hostile-params";

const RUNS = 25;
const STREAM_RUNS = 10;
/** Outcomes over the whole file, to show the properties saw both answers. */
const tally = { accepted: 0, refused: 0 };
const HANG_MS = 10_000;

const natgasSpecs = [...Object.values(NATGAS_V3), ...Object.values(NATGAS_V4)] as EndpointSpec[];
const lngSpecs = Object.values(LNG_V1) as EndpointSpec[];
const legacySpecs = Object.values(LEGACY_API) as EndpointSpec[];

let service: EmptyService;
let natgas: NatGasClient;
let lng: LngClient;
let legacy: LegacyLngClient;

beforeAll(async () => {
  service = await startEmptyService([...natgasSpecs, ...lngSpecs, ...legacySpecs]);
  const common = { token: "hostile-params", progress: false as const, warn: () => {}, maxRetries: 0 };
  natgas = new NatGasClient({ ...common, baseUrl: service.url });
  lng = new LngClient({ ...common, baseUrl: `${service.url}/lng` });
  legacy = new LegacyLngClient({ ...common, baseUrl: `${service.url}/legacy` });
  // Each client fetches the service's list of names once, at its first name not in the built-in list
  // (README: "Names are checked too"); fetch both lists now, so that every refusal below sends nothing.
  await expect(natgas.v4.rigs({ region_natgas: ["warm-up name"] })).rejects.toBeInstanceOf(InvalidParamsError);
  await expect(lng.transactions({ origin_terminals: ["warm-up name"] })).rejects.toBeInstanceOf(InvalidParamsError);
});

afterAll(async () => {
  await service?.close();
});

type Invoke = (params: unknown, ndjson: boolean) => Promise<unknown>;

/** Runs one call to the end, or fails the property if it neither ends nor fails within HANG_MS. */
async function settle(invoke: () => Promise<unknown>): Promise<{ ok: true } | { ok: false; error: unknown }> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the call neither resolved nor rejected within ${HANG_MS} ms`)), HANG_MS);
  });
  try {
    await Promise.race([invoke(), hang]);
    return { ok: true };
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("the call neither")) throw error;
    return { ok: false, error };
  } finally {
    clearTimeout(timer);
  }
}

/** The property: accepted and sent, or InvalidParamsError naming a parameter with nothing sent. */
async function checkOne(label: string, invoke: Invoke, params: unknown, ndjson: boolean): Promise<void> {
  const before = service.count;
  const outcome = await settle(() => invoke(params, ndjson));
  if (outcome.ok) {
    expect(service.count, `${label}: accepted without a request`).toBeGreaterThan(before);
    tally.accepted++;
    return;
  }
  const error = outcome.error;
  if (!(error instanceof InvalidParamsError)) {
    throw new Error(`${label}: expected acceptance or InvalidParamsError, got ${String(error)}`, { cause: error });
  }
  expect(service.count, `${label}: refused, yet a request was sent`).toBe(before);
  expect(error.issues.length, `${label}: InvalidParamsError without issues`).toBeGreaterThan(0);
  for (const issue of error.issues) expect(typeof issue.param).toBe("string");
  expect(error.message.length).toBeGreaterThan(0);
  tally.refused++;
}

/** Drains a stream method: its records are read to the end (or its error surfaces). */
async function drain(stream: AsyncGenerator<unknown[], unknown, undefined>): Promise<void> {
  for await (const batch of stream) void batch;
}

function methodOf(target: unknown, name: string): (...args: unknown[]) => unknown {
  const fn = (target as Record<string, unknown>)[name];
  if (typeof fn !== "function") throw new Error(`no method ${name}`);
  return (fn as (...args: unknown[]) => unknown).bind(target);
}

function cases(): { label: string; spec: EndpointSpec; invoke: Invoke; stream?: Invoke }[] {
  const out: { label: string; spec: EndpointSpec; invoke: Invoke; stream?: Invoke }[] = [];
  for (const spec of natgasSpecs) {
    const api = spec.version === "v3" ? natgas.v3 : natgas.v4;
    const call = methodOf(api, spec.method);
    const stream = methodOf(api.stream, spec.method);
    out.push({
      label: `natgas.${spec.version}.${spec.method}`,
      spec,
      invoke: (p, ndjson) => call(p, { ndjson }) as Promise<unknown>,
      stream: (p, ndjson) => drain(stream(p, { ndjson, batchSize: 100 }) as AsyncGenerator<unknown[], unknown, undefined>),
    });
  }
  for (const spec of lngSpecs) {
    const call = methodOf(lng, spec.method);
    const stream = methodOf(lng.stream, spec.method);
    out.push({
      label: `lng.${spec.method}`,
      spec,
      invoke: (p, ndjson) => call(p, { ndjson }) as Promise<unknown>,
      stream: (p) => drain(stream(p, { batchSize: 100 }) as AsyncGenerator<unknown[], unknown, undefined>),
    });
  }
  for (const spec of legacySpecs) {
    const call = methodOf(legacy, spec.method);
    // liveStatus and liveStatusReport take no params: their only argument is the options.
    const takesParams = spec.params.length > 0;
    out.push({
      label: `legacy.${spec.method}`,
      spec,
      invoke: (p) => (takesParams ? call(p) : call()) as Promise<unknown>,
    });
  }
  return out;
}

describe("every client method: accepted, or InvalidParamsError with nothing sent", () => {
  it("covers every endpoint of the four catalogs", () => {
    expect(cases().length).toBe(natgasSpecs.length + lngSpecs.length + legacySpecs.length);
    expect(natgasSpecs.length).toBeGreaterThanOrEqual(25);
  });

  it("calls", async () => {
    for (const { label, spec, invoke } of cases()) {
      await fc.assert(
        fc.asyncProperty(paramsFor(spec), fc.boolean(), (params, ndjson) => checkOne(label, invoke, params, ndjson)),
        { numRuns: RUNS, seed: 20261101, endOnFailure: true },
      );
    }
  });

  it("streams", async () => {
    for (const { label, spec, stream } of cases()) {
      if (!stream) continue;
      await fc.assert(
        fc.asyncProperty(paramsFor(spec), fc.boolean(), (params, ndjson) => checkOne(`${label} (stream)`, stream, params, ndjson)),
        { numRuns: STREAM_RUNS, seed: 20261102, endOnFailure: true },
      );
    }
  });

  it("legacy analysisReport with any report name and any params", async () => {
    const call = methodOf(legacy, "analysisReport");
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(fc.constantFrom("live_status", "route_predictions", "overview", "flow_timeseries"), adversarial),
        paramsFor(LEGACY_API.overview as EndpointSpec),
        (report, params) => checkOne(`legacy.analysisReport(${String(report).slice(0, 30)})`, (p) => call(report, p) as Promise<unknown>, params, false),
      ),
      { numRuns: RUNS, seed: 20261103, endOnFailure: true },
    );
  });

  it("the random params were accepted often and refused often", () => {
    expect(tally.accepted).toBeGreaterThan(200);
    expect(tally.refused).toBeGreaterThan(200);
  });

  it("no call polluted Object.prototype", () => {
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("known-good params are accepted and known-bad ones refused (the property can fail both ways)", async () => {
    const before = service.count;
    await natgas.v3.rigs({ region: "west", start_date: "2024-01-01" });
    expect(service.count).toBe(before + 1);
    await expect(natgas.v3.rigs({ start_date: "2023-02-29" } as never)).rejects.toBeInstanceOf(InvalidParamsError);
    await expect(lng.volumeFlows({ destination_polygons: [[[[Number.NaN, 1], [2, 2], [3, 3], [Number.NaN, 1]]]] } as never)).rejects.toBeInstanceOf(
      InvalidParamsError,
    );
    expect(service.count).toBe(before + 1);
  });
});
