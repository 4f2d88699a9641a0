// The client asks for compressed answers (issue 17): `Accept-Encoding: gzip, deflate` by default,
// `identity` with `compression: false`, a user's own header over both; gzip and deflate bodies are
// decoded while the server still holds back the rest, and progress and meta count decoded bytes.
import type { ServerResponse } from "node:http";
import { createDeflate, createGzip, type Deflate, type Gzip } from "node:zlib";
import { Agent, type Dispatcher } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budget } from "../helpers/budget";
import { closeSharedSandbox, connect } from "../../src/connect";
import { ConfigurationError, type ProgressUpdate } from "../../src/http";
import { type TransportRequest } from "../../src/decode";
import { makeTransport, postRequest } from "./helpers/make-transport";
import { startServer, type TestServer } from "./helpers/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
  await closeSharedSandbox();
});

const records = Array.from({ length: 4000 }, (_, i) => ({ i, region: i % 3 === 0 ? "west" : "Haynesville - LA", gas: i / 4 }));
const arrayRequest = postRequest({ response: "array" });

describe("Accept-Encoding", () => {
  const cases: [string, Parameters<typeof makeTransport>[1], string][] = [
    ["by default", {}, "gzip, deflate"],
    ["with compression: true", { compression: true }, "gzip, deflate"],
    ["with compression: false", { compression: false }, "identity"],
    ["from headers, over compression: true", { headers: { "Accept-Encoding": "br" } }, "br"],
    ["from headers, over compression: false", { compression: false, headers: { "accept-encoding": "gzip" } }, "gzip"],
  ];
  for (const [what, options, expected] of cases) {
    it(`is ${JSON.stringify(expected)} ${what}`, async () => {
      server.handle((_req, res) => void res.end(JSON.stringify(records.slice(0, 2))));
      await makeTransport(server.url, options).transport.fetchRecords(arrayRequest);
      expect(server.seen).toHaveLength(1);
      expect(server.seen[0]!.headers["accept-encoding"]).toBe(expected);
    });
  }

  it("refuses a compression option that is not a boolean before any request", () => {
    server.handle((_req, res) => void res.end("[]"));
    for (const bad of ["false", 0, "gzip"]) {
      let err: unknown;
      try {
        makeTransport(server.url, { compression: bad as unknown as boolean });
      } catch (e) {
        err = e;
      }
      expect(err, String(bad)).toBeInstanceOf(ConfigurationError);
      expect(String(err)).toContain("compression");
      expect(String(err)).toContain(JSON.stringify(bad));
      expect(String(err)).toContain("true or false");
    }
    expect(server.seen).toHaveLength(0);
  });
});

type Encoder = () => Gzip | Deflate;
const ENCODERS: [string, Encoder][] = [
  ["gzip", () => createGzip({ level: 1 })],
  ["deflate", () => createDeflate({ level: 1 })],
];
const BODIES: [string, Partial<TransportRequest>, string, (rs: typeof records) => string, string][] = [
  ["NDJSON", { response: "array", ndjson: true }, "application/x-ndjson", (rs) => rs.map((r) => JSON.stringify(r) + "\n").join(""), ""],
  ["a JSON array", { response: "array" }, "application/json", (rs) => "[" + rs.map((r) => JSON.stringify(r)).join(","), "]"],
];

describe("compressed bodies are decoded as they stream", () => {
  for (const [coding, encoder] of ENCODERS) {
    for (const [what, req, contentType, head, tail] of BODIES) {
      it(`${coding} ${what}: records come out while the server holds back the rest`, async () => {
        const half = records.length / 2;
        const firstText = head(records.slice(0, half));
        // The second half continues the same document (a JSON array goes on after a comma).
        const restText = (tail === "" ? head(records.slice(half)) : "," + head(records.slice(half)).slice(1)) + tail;
        let release: () => void = () => undefined;
        const released = new Promise<void>((resolve) => (release = resolve));
        let heldBack = true;
        server.handle(async (_req, res: ServerResponse) => {
          res.writeHead(200, { "content-type": contentType, "content-encoding": coding });
          const z = encoder();
          z.pipe(res);
          z.write(firstText);
          z.flush();
          await released;
          heldBack = false;
          z.end(restText);
        });
        const updates: ProgressUpdate[] = [];
        const progress = { update: (u: ProgressUpdate) => updates.push({ ...u }), done: () => undefined };
        const { transport } = makeTransport(server.url, { progress });
        const got: unknown[] = [];
        let seenWhileHeld = 0;
        const stream = transport.streamRecords(postRequest(req), { batchSize: 500 });
        let step = await stream.next();
        while (step.done !== true) {
          got.push(...step.value);
          if (heldBack) seenWhileHeld = got.length;
          // Only once the client has decoded records does the server send the rest.
          if (got.length >= 500) release();
          step = await stream.next();
        }
        const meta = step.value;
        expect(seenWhileHeld).toBeGreaterThanOrEqual(500);
        expect(got).toEqual(records);
        // meta.bytes and progress count the decoded body, not the compressed bytes on the wire.
        const decoded = Buffer.byteLength(firstText + restText);
        expect(meta.bytes).toBe(decoded);
        expect(updates.at(-1)?.bytes).toBe(decoded);
        expect(server.seen[0]!.headers["accept-encoding"]).toBe("gzip, deflate");
      });
    }
  }
});

/** A real undici dispatcher that notes the Accept-Encoding of every request it sends. */
function recordingDispatcher(): { dispatcher: Dispatcher; seen: (string | undefined)[] } {
  const seen: (string | undefined)[] = [];
  const dispatcher = new Agent().compose((dispatch) => (opts, handler) => {
    const headers = opts.headers as Record<string, string> | undefined;
    seen.push(headers?.["accept-encoding"]);
    return dispatch(opts, handler);
  });
  return { dispatcher, seen };
}

describe("connect() on the embedded sandbox", () => {
  const TWO_WEEKS = { start_date: "2025-01-01", end_date: "2025-01-14" };
  it("asks for identity by default (no CPU spent compressing on one machine), gzip when told", async () => {
    const quiet = recordingDispatcher();
    const { natgas, target } = await connect({ sandbox: true, progress: false, dispatcher: quiet.dispatcher });
    expect(target).toBe("sandbox");
    // Two weeks of rigs: the header is what is tested (from 2025-01-01 to the sandbox's date, hundreds of
    // thousands of rows, gzipped in the second call, were most of the file's CPU).
    expect((await natgas.v3.rigs(TWO_WEEKS)).length).toBeGreaterThan(0);
    expect(quiet.seen.length).toBeGreaterThan(0);
    expect(new Set(quiet.seen)).toEqual(new Set(["identity"]));

    const packed = recordingDispatcher();
    const told = await connect({ sandbox: true, progress: false, dispatcher: packed.dispatcher, compression: true });
    const rows = await told.natgas.v3.rigs(TWO_WEEKS);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(packed.seen)).toEqual(new Set(["gzip, deflate"]));
    // Starting the sandbox builds its data: slow on a busy machine, and not what is tested here.
  }, budget(120_000));
});
