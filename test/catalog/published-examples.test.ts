// The request and response examples the vendors' published pages show, checked in as fixtures under
// test/fixtures/published/<service>/*.json, run through the real clients: the request must pass the
// client's checks (parameters and names, before anything is sent), and the response, served from a
// small server on 127.0.0.1 in the body shape the catalog declares for the path, must decode through the
// client's whole path into records of the catalog's schema with the documented types.
//
// A fixture whose page is itself wrong lists the failing parts in `expectedFailures` (each with why, in
// `notes`): the test asserts that part still fails, so a fix to the page or the catalog shows up here.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EndpointSpec } from "../../src/catalog/types";
import { InvalidParamsError } from "../../src/errors";
import { LNG_V1 } from "../../src/lng/catalog/v1";
import { LngClient } from "../../src/lng/lng-client";
import { NATGAS_V3, NATGAS_V4 } from "../../src/natgas";
import { NatGasClient } from "../../src/natgas/natgas-client";
import { listenLocal } from "../helpers/listen-local";
import { expectRecordsMatchSchema } from "../natgas/schema-check";

const ROOT = join(__dirname, "..", "fixtures", "published");

/** One published example: the page, the request it shows and the response it shows (either may be absent). */
interface PublishedExample {
  page: string;
  method: "GET" | "POST";
  path: string;
  request: Record<string, unknown> | null;
  response: Record<string, unknown>[] | null;
  notes: string;
  /** Parts that fail because the page is wrong; the reason is in `notes`. */
  expectedFailures?: ("request" | "response")[];
}

function fixtureFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? fixtureFiles(p) : name.endsWith(".json") ? [p] : [];
  });
}

const FILES = fixtureFiles(ROOT).sort();
const SPECS: Record<string, readonly EndpointSpec[]> = {
  natgas: [...Object.values(NATGAS_V3), ...Object.values(NATGAS_V4)] as EndpointSpec[],
  lng: Object.values(LNG_V1) as EndpointSpec[],
};

function specFor(service: string, example: PublishedExample): EndpointSpec {
  const spec = SPECS[service]?.find((s) => s.path === example.path && (s.httpMethod ?? "POST") === example.method);
  if (spec === undefined) throw new Error(`no catalog entry of ${service} for ${example.method} ${example.path}`);
  return spec;
}

let server: Server;
let serverUrl: string;
/** What the local server answers on the one path a test is about. */
let serving: { method: string; path: string; body: unknown } | undefined;

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on("end", () => {
      const path = (req.url ?? "").split("?")[0];
      // Any other path (the name lists among them) is unknown here, so names are checked against the
      // built-in lists and any other name is sent with a warning, as when a service's list is unreachable.
      if (serving === undefined || path !== serving.path || req.method !== serving.method) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: `no ${req.method} ${path} here` }));
        return;
      }
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(serving.body));
    });
  });
  serverUrl = `http://127.0.0.1:${await listenLocal(server)}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server?.close(() => resolve()));
});

/**
 * The body the service sends around `records`, by the catalog's response shape: v3 POST pages
 * `{data, pagination}` (one page holding them all), v3 GET `{data}`, v4 and LNG v1 a bare array, and
 * the one v4 endpoint that answers a single object.
 */
function wire(spec: EndpointSpec, records: unknown[]): unknown {
  switch (spec.decoder) {
    case "envelope-paged":
      return { data: records, pagination: { start: 0, page_size: Math.max(records.length, 1), total_count: records.length } };
    case "envelope":
      return { data: records };
    case "object":
      return records[0] ?? {};
    default:
      return records;
  }
}

type Call = (params: unknown) => Promise<{ records: Record<string, unknown>[]; schema: EndpointSpec["record"]; length: number }>;

function callOf(service: string, spec: EndpointSpec, warnings: string[]): Call {
  const options = { baseUrl: serverUrl, token: "published-examples-token", maxRetries: 0, progress: false, warn: (m: string) => warnings.push(m) };
  const client = service === "lng" ? new LngClient(options) : new NatGasClient(options);
  const group = service === "lng" ? client : (client as NatGasClient)[spec.version as "v3" | "v4"];
  return (group as unknown as Record<string, Call>)[spec.method].bind(group);
}

describe("published examples", () => {
  it("has fixtures to check (a guard against a path that finds none)", () => {
    expect(FILES.length).toBeGreaterThan(5);
  });

  for (const file of FILES) {
    const name = relative(ROOT, file);
    const service = name.split(/[\\/]/)[0];
    const example = JSON.parse(readFileSync(file, "utf8")) as PublishedExample;
    const failing = new Set(example.expectedFailures ?? []);

    it(`${name}: names its page, a catalog endpoint and what it shows`, () => {
      // A vendor page, or the vendor client's PyPI project whose wheel ships the LNG v1 OpenAPI document.
      expect(example.page).toMatch(/^https?:\/\/([a-z.]*synmax\.com|pypi\.org\/project\/synmax-api-python-client)\//);
      expect(example.request !== null || example.response !== null, "a fixture shows a request, a response or both").toBe(true);
      expect(specFor(service, example).path).toBe(example.path);
      for (const part of failing) expect(example.notes, `${name}: an expected failure says why in notes`).toMatch(new RegExp(part));
    });

    if (example.request !== null) {
      it(`${name}: the page's request passes the client's checks${failing.has("request") ? " (expected to fail: see notes)" : ""}`, async () => {
        const spec = specFor(service, example);
        serving = { method: example.method, path: example.path, body: wire(spec, []) };
        const outcome = await callOf(service, spec, [])(example.request).then(
          () => undefined,
          (e: unknown) => e,
        );
        if (failing.has("request")) expect(outcome).toBeInstanceOf(InvalidParamsError);
        else expect(outcome, `${name}: ${outcome instanceof Error ? outcome.message : ""}`).toBeUndefined();
      });
    }

    if (example.response !== null) {
      it(`${name}: the page's response decodes into the catalog's schema${failing.has("response") ? " (expected to fail: see notes)" : ""}`, async () => {
        const spec = specFor(service, example);
        const response = example.response!;
        serving = { method: example.method, path: example.path, body: wire(spec, response) };
        const check = async (): Promise<void> => {
          const result = await callOf(service, spec, [])(example.request ?? {});
          expect(result.length).toBe(response.length);
          expectRecordsMatchSchema(result.records, result.schema);
          // Every field the page shows is a field of the schema, under its own name.
          const fields = new Set(result.schema.fields.map((f) => f.name));
          for (const record of response) for (const key of Object.keys(record)) expect(fields.has(key), `${name}: ${key} in ${result.schema.name}`).toBe(true);
        };
        if (failing.has("response")) await expect(check()).rejects.toThrow();
        else await check();
      });
    }
  }
});
