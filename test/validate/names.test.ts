// Name filters (regions, counties, countries, terminals) checked against the services' own lists
// before the data request, over real HTTP: the sandbox behind a counting proxy on 127.0.0.1.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InvalidParamsError } from "../../src/errors";
import { buildEndpointMethods } from "../../src/client/endpoint-methods";
import { resetWarnings } from "../../src/client/warn-once";
import { Transport } from "../../src/decode";
import { LngClient } from "../../src/lng/lng-client";
import { NatGasClient } from "../../src/natgas/natgas-client";
import { v3 } from "../../src/natgas/catalog/v3";
import { startSandbox, type SandboxHandle } from "../../src/sandbox/start-sandbox";
import { NameChecker } from "../../src/validate/names/name-checker";
import { BUILT_IN_NAMES } from "../../src/validate/names/known-names";
import { COUNTIES } from "../../src/sandbox/natgas/geo/geography";
import { TERMINALS } from "../../src/sandbox/lng/model/terminals";
import { startFaultProxy, type FaultProxy, type ProxyAnswer } from "../resilience/helpers/fault-proxy";

const TOKEN = "names-test-token-5f1c9a";
const AS_OF = "2024-06-01";

let sandbox: SandboxHandle;
let proxy: FaultProxy;
/** What the proxy does with each request; tests set it, `forward` by default. */
let decide: (method: string, path: string) => ProxyAnswer = () => ({ kind: "forward" });

beforeAll(async () => {
  sandbox = await startSandbox({ asOf: AS_OF });
  proxy = await startFaultProxy(sandbox.url, (method, path) => decide(method, path));
});

afterAll(async () => {
  await proxy?.close();
  await sandbox?.close();
});

beforeEach(() => {
  proxy.seen.length = 0;
  decide = () => ({ kind: "forward" });
  resetWarnings();
});

const paths = (): string[] => proxy.seen.map((s) => `${s.method} ${s.path.split("?")[0]}`);
const fast = { maxRetries: 0 } as const;

function natgas(warnings: string[] = [], extra: Record<string, unknown> = {}): NatGasClient {
  return new NatGasClient({ baseUrl: proxy.url, token: TOKEN, warn: (m) => warnings.push(m), ...fast, ...extra });
}

function lng(warnings: string[] = [], extra: Record<string, unknown> = {}): LngClient {
  return new LngClient({ baseUrl: `${proxy.url}/lng`, token: TOKEN, warn: (m) => warnings.push(m), ...fast, ...extra });
}

async function refusal(call: Promise<unknown>): Promise<InvalidParamsError> {
  const err = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(InvalidParamsError);
  return err as InvalidParamsError;
}

const sortedSet = (values: Iterable<string>): string[] => [...new Set(values)].sort();

describe("the built-in lists", () => {
  // One list (src/places) feeds both the client's checks and the sandbox: every name the sandbox serves
  // is on the client's list, and the client knows no name the sandbox lacks.
  it("hold exactly the natural gas names the sandbox serves", () => {
    const natgas = BUILT_IN_NAMES.natgas;
    expect(sortedSet(natgas.region!)).toEqual(sortedSet(COUNTIES.map((c) => c.region)));
    expect(sortedSet(natgas.sub_region!)).toEqual(sortedSet(COUNTIES.map((c) => c.subRegion)));
    expect(sortedSet(natgas.state!)).toEqual(sortedSet(COUNTIES.map((c) => c.stateAb)));
    expect(sortedSet(natgas.county!)).toEqual(sortedSet(COUNTIES.map((c) => c.name)));
    expect(natgas.sub_region).toEqual(expect.arrayContaining(["S LA", "West - TX", "Haynesville - TX"]));
    expect(natgas.region).toEqual(expect.arrayContaining(["gulf", "west", "northeast"]));
  });

  it("hold exactly the LNG names the sandbox serves", () => {
    const lng = BUILT_IN_NAMES.lng;
    expect(lng.terminal).toEqual(sortedSet(TERMINALS.map((t) => t.name)));
    expect(lng.terminal_id).toEqual(sortedSet(TERMINALS.map((t) => t.id)));
    expect(lng.country).toEqual(sortedSet(TERMINALS.map((t) => t.country)));
    expect(lng.country_code).toEqual(sortedSet(TERMINALS.map((t) => t.countryCode)));
    expect(lng.region).toEqual(sortedSet(TERMINALS.map((t) => t.region)));
  });
});

describe("natural gas names", () => {
  it("v3 rigs refuses a misspelt region with the closest valid one, before any data request", async () => {
    const err = await refusal(natgas().v3.rigs({ region: ["Westt"], start_date: "2024-01-01" }));
    expect(err.issues).toHaveLength(1);
    expect(err.issues[0]).toMatchObject({ param: "region", value: "Westt", suggestion: "west" });
    expect(err.message).toContain('"west"');
    // The list was fetched (the name is not in the built-in list); no data endpoint was called.
    expect(paths()).toEqual(["GET /v4/regions"]);
  });

  it("v4 endpoints refuse misspelt region, sub-region, state and county names; the list is fetched once per client", async () => {
    const client = natgas();
    const err = await refusal(
      client.v4.rigs({ region_natgas: "Westt", sub_region_natgas: ["West -TX"], state_code: ["TXX"], county: ["Reevs"] }),
    );
    const byParam = Object.fromEntries(err.issues.map((i) => [i.param, i]));
    expect(byParam.region_natgas).toMatchObject({ value: "Westt", suggestion: "west" });
    expect(byParam.sub_region_natgas).toMatchObject({ value: "West -TX", suggestion: "West - TX" });
    expect(byParam.state_code).toMatchObject({ value: "TXX", suggestion: "TX" });
    expect(byParam.county).toMatchObject({ value: "Reevs", suggestion: "Reeves" });
    await refusal(client.v4.productionByWell({ region_natgas: ["gulff"] }));
    await refusal(client.v3.completions({ region: ["northeastt"] }));
    expect(paths()).toEqual(["GET /v4/regions"]);
  });

  it("a stream refuses before its first request", async () => {
    const stream = natgas().v4.stream.rigs({ region_natgas: ["Westt"] });
    await refusal(stream.next());
    expect(paths()).toEqual(["GET /v4/regions"]);
  });

  it("correct names pass, ignoring case as the service does, with no list request", async () => {
    const warnings: string[] = [];
    const client = natgas(warnings);
    const rigs = await client.v3.rigs({ region: ["west"], start_date: "2024-05-01", end_date: "2024-05-31", aggregate_by: ["date"] });
    expect(rigs.length).toBeGreaterThan(0);
    const lower = await client.v3.rigs({ region: ["WEST"], start_date: "2024-05-01", end_date: "2024-05-31", aggregate_by: ["date"] });
    expect(lower.records).toEqual(rigs.records);
    expect(paths()).toEqual(["POST /v3/rigs", "POST /v3/rigs"]);
    expect(warnings).toEqual([]);
  });

  it("a name missing from a stale built-in list but on the service's list passes", async () => {
    const transport = new Transport({ baseUrl: proxy.url, token: TOKEN, ...fast }, { service: "natgas", baseUrlEnv: "GASFRAMES_NATGAS_URL" });
    const names = new NameChecker("natgas", transport, { builtIn: { region: ["northeast"] } });
    const api = buildEndpointMethods(transport, v3, { names, warn: () => undefined });
    const rigs = await api.rigs({ region: ["west"], start_date: "2024-05-01", end_date: "2024-05-31", aggregate_by: ["date"] });
    expect(rigs.length).toBeGreaterThan(0);
    expect(paths()).toEqual(["GET /v4/regions", "POST /v3/rigs"]);
  });

  it("when the list cannot be fetched, an unknown name is sent with a warning, and its empty answer warns", async () => {
    decide = (_method, path) => (path.startsWith("/v4/regions") ? { kind: "status", status: 403 } : { kind: "forward" });
    const warnings: string[] = [];
    const client = natgas(warnings);
    const rigs = await client.v3.rigs({ region: ["Westt"], start_date: "2024-05-01", end_date: "2024-05-31" });
    expect(rigs.length).toBe(0);
    expect(paths()).toEqual(["GET /v4/regions", "POST /v3/rigs"]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/region = "Westt" is not a region gasframes knows and the service's list could not be fetched .*403.*did you mean "west"/);
    expect(warnings[1]).toMatch(/natgas\.v3\.rigs answered no rows for region = "Westt"/);
    for (const w of warnings) expect(w).not.toContain(TOKEN);
    // The failure is remembered: a second unknown name does not fetch again; a built-in name passes.
    await client.v3.rigs({ region: ["west"], start_date: "2024-05-01", end_date: "2024-05-31" });
    await client.v3.rigs({ region: ["Westt2"], start_date: "2024-05-01", end_date: "2024-05-31" });
    expect(paths().filter((p) => p === "GET /v4/regions")).toHaveLength(1);
  });

  it("the list request goes through the client's transport: retried after a 503, the token never in its URL", async () => {
    let failed = 0;
    decide = (_method, path) => (path.startsWith("/v4/regions") && failed++ === 0 ? { kind: "status", status: 503 } : { kind: "forward" });
    const client = natgas([], { maxRetries: 2, sleep: async () => undefined });
    const err = await refusal(client.v3.rigs({ county: ["Reevs"] }));
    expect(err.issues[0]).toMatchObject({ param: "county", suggestion: "Reeves" });
    expect(paths()).toEqual(["GET /v4/regions", "GET /v4/regions"]);
    for (const seen of proxy.seen) expect(seen.path).not.toContain(TOKEN);
  });

  it("a caller's abort ends its wait for the list with an AbortError; the list is still fetched for the others", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const transport = new Transport({ baseUrl: proxy.url, token: TOKEN, ...fast }, { service: "natgas", baseUrlEnv: "GASFRAMES_NATGAS_URL" });
    const names = new NameChecker("natgas", transport, {
      fetchNames: async (t) => {
        await gate;
        return (await import("../../src/validate/names/name-sources")).fetchNatgasNames(t);
      },
    });
    const api = buildEndpointMethods(transport, v3, { names, warn: () => undefined });
    const controller = new AbortController();
    const aborted = api.rigs({ region: ["Westt"] }, { signal: controller.signal });
    const other = api.rigs({ region: ["Westt"] });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: "AbortError" });
    release();
    await refusal(other);
    expect(paths()).toEqual(["GET /v4/regions"]);
  });

  it("a filter with no list (operator) warns once when the answer is empty", async () => {
    const warnings: string[] = [];
    const client = natgas(warnings);
    const params = { operator: ["No Such Operator LLC"], start_date: "2024-05-01", end_date: "2024-05-31" };
    expect((await client.v3.rigs(params)).length).toBe(0);
    expect((await client.v3.rigs(params)).length).toBe(0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/natgas\.v3\.rigs answered no rows for operator = "No Such Operator LLC": the service publishes no list/);
    expect(paths()).toEqual(["POST /v3/rigs", "POST /v3/rigs"]);
  });

  it("checkNames: false sends any name", async () => {
    const rigs = await natgas([], { checkNames: false }).v3.rigs({ region: ["Westt"], start_date: "2024-05-01", end_date: "2024-05-31" });
    expect(rigs.length).toBe(0);
    expect(paths()).toEqual(["POST /v3/rigs"]);
  });
});

describe("LNG names", () => {
  const window = { from_timestamp: "2024-05-01T00:00:00Z", to_timestamp: "2024-05-31T00:00:00Z" };

  it("volumeFlows refuses an unknown destination country with the closest valid ones, before any data request", async () => {
    const err = await refusal(lng().volumeFlows({ destination_countries: ["Holland"], ...window }));
    expect(err.issues[0]).toMatchObject({ param: "destination_countries", value: "Holland" });
    expect(err.issues[0]!.expected).toMatch(/a country the service knows .*; the closest: "Poland", /);
    expect(paths()).toEqual(["POST /lng/v1/terminals"]);
  });

  it("transactions refuses misspelt terminals and countries, and an unknown country code, with suggestions", async () => {
    const client = lng();
    const err = await refusal(
      client.transactions({ origin_terminals: ["Sabine Pas"], destination_countries: ["Japn"], destination_country_codes: ["CH"], ...window }),
    );
    const byParam = Object.fromEntries(err.issues.map((i) => [i.param, i]));
    expect(byParam.origin_terminals).toMatchObject({ value: "Sabine Pas", suggestion: "Sabine Pass" });
    expect(byParam.destination_countries).toMatchObject({ value: "Japn", suggestion: "Japan" });
    expect(byParam.destination_country_codes).toMatchObject({ value: "CH" });
    await refusal(client.transactions({ destination_terminals: ["Zeebruge"], ...window }));
    expect(paths()).toEqual(["POST /lng/v1/terminals"]);
  });

  it("correct names pass, in any case, with no list request", async () => {
    const warnings: string[] = [];
    const flows = await lng(warnings).volumeFlows({ destination_countries: ["japan"], origin_terminals: ["Ras Laffan"], ...window });
    expect(flows.records.some((r) => Number(r.volume) > 0)).toBe(true);
    expect(paths()).toEqual(["POST /lng/v1/volume_flows"]);
    expect(warnings).toEqual([]);
  });

  it("every terminal and country of the built-in list is on the service's own list", async () => {
    const transport = new Transport({ baseUrl: `${proxy.url}/lng`, token: TOKEN, ...fast }, { service: "lng", baseUrlEnv: "GASFRAMES_LNG_URL" });
    const checker = new NameChecker("lng", transport, { builtIn: {} });
    const known = BUILT_IN_NAMES;
    const spec = { service: "lng", version: "v1", method: "transactions" } as never;
    await expect(
      checker.check(spec, { origin_terminals: [...known.lng.terminal!], destination_countries: [...known.lng.country!], origin_terminal_ids: [...known.lng.terminal_id!] }),
    ).resolves.toEqual({ unchecked: [] });
  });

  it("a region with no list warns: first that it was sent unchecked, then that the flows are all zero", async () => {
    const warnings: string[] = [];
    const flows = await lng(warnings).volumeFlows({ destination_regions: ["Eurpoe"], ...window });
    expect(flows.length).toBeGreaterThan(0);
    expect(flows.records.every((r) => r.volume === 0)).toBe(true);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/destination_regions = "Eurpoe" is not a region gasframes knows and the service publishes no list of region names: sent unchecked \(did you mean "Europe"\?\)/);
    expect(warnings[1]).toMatch(/lng\.v1\.volumeFlows answered only zeros for destination_regions = "Eurpoe"/);
    // The forecast run lists no regions, so it is not downloaded to compare a region with.
    expect(paths()).toEqual(["POST /lng/v1/volume_flows"]);
  });

  it("a value that cannot be a name is refused as it is, before any list or data request", async () => {
    const cases: [Promise<unknown>, RegExp][] = [
      [natgas().v3.rigs({ region: ["x".repeat(100_000)] }), /at most 200 characters \(this one has 100000\)/],
      [natgas().v4.rigs({ county: ["Reeves\nX"] }), /without control characters/],
      [lng().volumeFlows({ destination_countries: ["  "], ...window }), /this one is blank/],
    ];
    for (const [call, message] of cases) expect((await refusal(call)).message).toMatch(message);
    expect(paths()).toEqual([]);
  });

  it("streams warn too when an unchecked filter gets only zeros", async () => {
    const warnings: string[] = [];
    const batches = [];
    for await (const batch of lng(warnings).stream.volumeFlows({ destination_regions: ["Nowhere Land"], ...window })) batches.push(...batch);
    expect(batches.length).toBeGreaterThan(0);
    expect(warnings.some((w) => /answered only zeros for destination_regions = "Nowhere Land"/.test(w))).toBe(true);
  });
});
