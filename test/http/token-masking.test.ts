/**
 * End to end, against a real server: a token placed at every offset around a cut (the 300-character cut
 * of a CacheMissError's body, the snippet V8 puts in a JSON.parse message) leaves no piece of itself in
 * the error. The token is upper-case letters and digits; everything around it is lower-case, so two token
 * characters side by side in an error can only have come from the token.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspect } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CacheMissError, ResponseParseError } from "../../src/errors";
import { type TransportOptions } from "../../src/http";
import { Transport, type TransportRequest } from "../../src/decode";
import { postRequest } from "./helpers/make-transport";
import { rejectionOf } from "./helpers/secrets";
import { startServer, type TestServer } from "./helpers/test-server";

const TOKEN = "Q7XK2M9PLW4RT8ZB5NC3V";
const require = createRequire(__filename);
const dist = join(__dirname, "..", "..", "dist");
type BuiltTransport = Pick<Transport, "fetchRecords">;
const natgas = { service: "natgas" as const, baseUrlEnv: "GASFRAMES_TEST_UNSET_URL" };

let server: TestServer;
const dirs: string[] = [];
beforeAll(async () => {
  server = await startServer();
});
afterAll(async () => {
  await server.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function filler(n: number): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  let out = "";
  for (let i = 0; i < n; i++) out += letters[(i * 7) % letters.length];
  return out;
}

/**
 * Every two-character piece of the token found in any rendering of `err`. `own` is text the test itself put
 * there (the cache folder, whose random mkdtemp suffix is mixed-case and can hold two token characters by
 * chance, as `...-2nM9w8` once did): it is left out before looking.
 */
function pieces(err: unknown, own?: string): string[] {
  let text = [String(err), inspect(err, { depth: 8 }), JSON.stringify(err), (err as Error).message].join("\n");
  if (own !== undefined) text = text.split(own).join("");
  const found = new Set<string>();
  for (let i = 0; i + 2 <= TOKEN.length; i++) if (text.includes(TOKEN.slice(i, i + 2))) found.add(TOKEN.slice(i, i + 2));
  return [...found];
}

function transport(extra: object = {}) {
  return new Transport({ baseUrl: server.url, token: TOKEN, progress: false, maxRetries: 0, logger: {}, ...extra }, natgas);
}

describe("no piece of the token survives a cut", () => {
  it("CacheMissError: a token pasted into a parameter, at every offset around the 300-character cut", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gasframes-token-masking-"));
    dirs.push(dir);
    const t = transport({ cache: { mode: "replay", dir } });
    // The body is shown as canonical JSON: {"county":"<value>"}; the cut is after 300 characters.
    for (let offset = 270; offset <= 300; offset++) {
      const err = await rejectionOf(t.fetchRecords(postRequest({ body: { county: `${filler(offset)}${TOKEN}${filler(50)}` } })));
      expect(err).toBeInstanceOf(CacheMissError);
      expect(pieces(err, dir), `offset ${offset}: ${String(err)}`).toEqual([]);
    }
  });

  const kinds: [string, Partial<TransportRequest>, (body: string) => string][] = [
    ["a JSON object body", { response: "object" }, (b) => b],
    ["an NDJSON line", { response: "array", ndjson: true }, (b) => `{"ok": "yes"}\n${b}\n`],
    ["a paged envelope (parsed on this thread: under the worker threshold)", { response: "envelope-paged" }, (b) => b],
  ];
  for (const [label, kind, wrap] of kinds) {
    it(`ResponseParseError from ${label}: a token echoed at every offset around V8's snippet`, async () => {
      const bodies: string[] = [];
      for (let shift = 0; shift <= 24; shift++) {
        bodies.push(`{"data": [{"abcdefghijklmnop": ${filler(shift)}x${TOKEN}, "more": "abcdefghijklmnopqrstuvwxyz"}]}`);
        bodies.push(`{"data": [{"abcdefghijklmnop": "${TOKEN}${filler(shift)}" x, "more": "abcdefghijklmnopqrstuvwxyz"}]}`);
      }
      const t = transport();
      for (const body of bodies) {
        server.handle((_req, res) => {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(wrap(body));
        });
        const err = await rejectionOf(t.fetchRecords(postRequest(kind)));
        expect(err, body).toBeInstanceOf(ResponseParseError);
        expect(pieces(err), `${body}\n${String(err)}`).toEqual([]);
      }
    });
  }

  it("ResponseParseError from a paged envelope parsed on a worker thread of the built package (bodies over 256 KiB)", async () => {
    // Workers exist only in the built package (dist/, which `npm test` builds first), and take only
    // bodies of at least 256 KiB: the padding goes first, so the token stays where V8 points. The
    // padding is a bare string element, so the worker's column parser gives up on the shape and hands
    // the whole body to JSON.parse on the worker, whose message quotes a snippet of the body. A worker
    // whatever the cores (two or fewer have none by default): the built pool reads this when first made.
    process.env.GASFRAMES_PARSE_WORKERS = "1";
    const builtPool = require(join(dist, "decode", "columnar", "parse-pool.js")) as { sharedParsePool(): { size: number; close(): Promise<void> } };
    const built = require(join(dist, "decode", "index.js")) as { Transport: new (o: TransportOptions, s: typeof natgas) => BuiltTransport };
    const t = new built.Transport({ baseUrl: server.url, token: TOKEN, progress: false, maxRetries: 0, logger: {} }, natgas);
    const pad = `"${filler(300 * 1024)}", `;
    const bodies: string[] = [];
    for (let shift = 0; shift <= 24; shift++) {
      bodies.push(`{"data": [${pad}{"abcdefghijklmnop": ${filler(shift)}x${TOKEN}, "more": "abcdefghijklmnopqrstuvwxyz"}]}`);
      bodies.push(`{"data": [${pad}{"abcdefghijklmnop": "${TOKEN}${filler(shift)}" x, "more": "abcdefghijklmnopqrstuvwxyz"}]}`);
    }
    try {
      for (const body of bodies) {
        expect(Buffer.byteLength(body)).toBeGreaterThan(256 * 1024);
        server.handle((_req, res) => {
          res.writeHead(200, { "content-type": "application/json" });
          res.end(body);
        });
        const err = await rejectionOf(t.fetchRecords(postRequest({ response: "envelope-paged" })));
        expect((err as Error).name, String(err)).toBe("ResponseParseError");
        expect(String(err)).toMatch(/not valid JSON/);
        expect(pieces(err), `shift body ending ${body.slice(-90)}\n${String(err)}`).toEqual([]);
        // The pool starts its workers only for a body at or over the threshold: this one went to one.
        expect(builtPool.sharedParsePool().size).toBeGreaterThan(0);
      }
    } finally {
      await builtPool.sharedParsePool().close();
    }
  });
});
