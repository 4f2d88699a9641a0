// The transport's requests go through undici's own `request`, loaded without the rest of undici (see
// src/http/undici-request.ts): the same origin, path and query, and the same global dispatcher.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Agent, getGlobalDispatcher, setGlobalDispatcher, type Dispatcher } from "undici";
import { undiciRequest, usesLeanRequest } from "../../src/http/undici-request";
import { startServer, type TestServer } from "./helpers/test-server";

let server: TestServer;
beforeAll(async () => {
  server = await startServer((req, res) => void res.end(JSON.stringify({ method: req.method, url: req.url, body: req.body })));
});
afterAll(() => server.close());

/** An Agent that notes the origin and path of each request it dispatches. */
class NotingAgent extends Agent {
  readonly seen: string[] = [];
  override dispatch(opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    this.seen.push(`${String(opts.origin)}${opts.path}`);
    return super.dispatch(opts, handler);
  }
}

describe("undiciRequest", () => {
  it("takes the lean path with the undici this package depends on", () => {
    expect(usesLeanRequest()).toBe(true);
  });

  it("sends the method, path, query and body, through the process's global dispatcher", async () => {
    const before = getGlobalDispatcher();
    const noting = new NotingAgent();
    setGlobalDispatcher(noting);
    try {
      const res = await undiciRequest(`${server.url}/v3/rigs?x=1&y=a%20b`, { method: "POST", body: '{"a":1}', headers: { "content-type": "application/json" } });
      expect(res.statusCode).toBe(200);
      expect(await res.body.json()).toEqual({ method: "POST", url: "/v3/rigs?x=1&y=a%20b", body: '{"a":1}' });
      expect(noting.seen).toEqual([`${server.url}/v3/rigs?x=1&y=a%20b`]);
    } finally {
      setGlobalDispatcher(before);
      await noting.close();
    }
  });

  it("uses a dispatcher given with the request instead", async () => {
    const noting = new NotingAgent();
    try {
      const res = await undiciRequest(`${server.url}/v4/x`, { method: "GET", dispatcher: noting });
      expect(await res.body.json()).toEqual({ method: "GET", url: "/v4/x", body: "" });
      expect(noting.seen).toEqual([`${server.url}/v4/x`]);
    } finally {
      await noting.close();
    }
  });

  it("rejects a URL that is not http(s) as undici does", async () => {
    await expect(undiciRequest("ftp://127.0.0.1/x", { method: "GET" })).rejects.toThrow(/http/);
  });
});
