/**
 * `doctor()` and `gasframes doctor`: against the embedded sandbox (what the README's quickstart runs), and
 * against a deliberately drifted service: a server on 127.0.0.1 that passes requests to a sandbox and
 * changes its answers (a field renamed, one added, one of another type), or refuses the token in every
 * header but one.
 */
import type { ServerResponse } from "node:http";
import { request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeSharedSandbox } from "../../src/connect";
import { doctor, formatDoctorReport } from "../../src/doctor";
import { main } from "../../src/cli/main";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { startServer, type SeenRequest, type TestServer } from "../http/helpers/test-server";

const TOKEN = "doctor-token-Zq81x";

let sandbox: SandboxHandle;
let drifted: TestServer;
let picky: TestServer;

/** Passes a request to the sandbox and answers with `edit` applied to each record of a JSON answer. */
async function passOn(req: SeenRequest, res: ServerResponse, base: string, edit: (path: string, r: Record<string, unknown>) => void): Promise<void> {
  const upstream = await request(`${base}${req.url}`, {
    method: req.method as "GET" | "POST",
    headers: { "content-type": "application/json", "access-key": "sandbox-any", accept: "application/json" },
    body: req.method === "POST" ? req.body : null,
  });
  const text = await upstream.body.text();
  let out = text;
  if (upstream.statusCode === 200) {
    const json = JSON.parse(text) as unknown;
    const records = Array.isArray(json) ? json : ((json as { data?: unknown[] }).data ?? []);
    for (const r of records) if (r !== null && typeof r === "object") edit(req.url, r as Record<string, unknown>);
    out = JSON.stringify(json);
  }
  res.writeHead(upstream.statusCode, { "content-type": "application/json" });
  res.end(out);
}

beforeAll(async () => {
  sandbox = await startSandbox();
  drifted = await startServer((req, res) =>
    passOn(req, res, sandbox.natgasUrl, (path, r) => {
      if (!path.startsWith("/v3/rigs")) return;
      r.rig_type = r.rig_class; // renamed by the "service": rig_class goes missing, rig_type appears
      delete r.rig_class;
      r.wellpad_id = String(r.wellpad_id); // an int sent as text
    }),
  );
  // Accepts the token only in x-api-key, as an LNG deployment might.
  picky = await startServer(async (req, res) => {
    if (req.headers["x-api-key"] !== TOKEN) {
      res.writeHead(401, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "invalid api key" }));
      return;
    }
    await passOn(req, res, sandbox.lngUrl, () => undefined);
  });
});

afterAll(async () => {
  await Promise.all([drifted?.close(), picky?.close(), sandbox?.close(), closeSharedSandbox()]);
});

describe("doctor", () => {
  it("checks the sandbox when no token is set: every call answers and matches the catalog", async () => {
    const report = await doctor({}, {});
    expect(report.target).toBe("sandbox");
    expect(report.reason).toBe("no token");
    expect(report.health.map((h) => h.label)).toEqual(["natgas.v3.pipelineScrapeStatus()", "natgas.v4.regions()", "lng.healthcheck()", "legacy.liveStatusReport()"]);
    expect(report.health.every((h) => h.ok && (h.rows ?? 0) > 0 && h.synthetic === true)).toBe(true);
    expect(report.drift.length).toBeGreaterThanOrEqual(10);
    for (const d of report.drift) {
      expect(d, d.label).toMatchObject({ ok: true, added: [], missing: [], retyped: [] });
      expect(d.rows, `${d.label} answered rows to compare`).toBeGreaterThan(0);
    }
    expect(report.ok).toBe(true);
    const text = formatDoctorReport(report);
    expect(text).toContain("target: sandbox (no token is set)");
    expect(text).toContain("header v3: access_key, v4: Access-Key");
    expect(text).toContain("all checks passed");
    // The LNG entries whose evidence is incomplete are listed (information, not a failure).
    expect(report.unverified.some((u) => u.startsWith("lng.vessels: "))).toBe(true);
    expect(text).toContain("catalog entries not confirmed whole");
  });

  it("reports the drifted service's added, missing and retyped fields, and never the token", async () => {
    // The sandbox behind it holds data up to its asOf: the windows are taken before that day.
    const report = await doctor({ natgasUrl: drifted.url, services: ["natgas"], today: sandbox.asOf }, { GASFRAMES_TOKEN: TOKEN });
    expect(report.target).toBe("live");
    expect(report.services).toHaveLength(1);
    expect(report.services[0]).toMatchObject({ service: "natgas", baseUrl: drifted.url, baseUrlFrom: "option", token: `set (${TOKEN.length} characters, from GASFRAMES_TOKEN)` });
    const rigs = report.drift.find((d) => d.label === "natgas.v3.rigs")!;
    expect(rigs.ok).toBe(false);
    expect(rigs.added).toEqual(["rig_type"]);
    expect(rigs.missing).toEqual(["rig_class"]);
    expect(rigs.retyped).toEqual([expect.stringMatching(/^wellpad_id: expected int, got string/)]);
    // The other families pass through unchanged.
    expect(report.drift.filter((d) => d !== rigs).every((d) => d.ok)).toBe(true);
    expect(report.ok).toBe(false);
    const text = formatDoctorReport(report);
    expect(text).toMatch(/FAIL natgas\.v3\.rigs .*fields the catalog does not know: rig_type; catalog fields missing: rig_class; of another type: wellpad_id/);
    expect(text + JSON.stringify(report)).not.toContain("Zq81x");
  });

  it("names the header a 401 service accepts the token in", async () => {
    const report = await doctor({ lngUrl: picky.url, services: ["lng"], skipDrift: true }, { GASFRAMES_TOKEN: TOKEN });
    const health = report.health[0]!;
    expect(health.ok).toBe(false);
    expect(health.message).toContain('accepted in x-api-key: pass { tokenHeader: "x-api-key" }');
    // With that header, it passes.
    const fixed = await doctor({ lngUrl: picky.url, services: ["lng"], skipDrift: true, tokenHeader: "x-api-key" }, { GASFRAMES_TOKEN: TOKEN });
    expect(fixed.ok).toBe(true);
    expect(fixed.services[0]!.tokenHeaders).toEqual({ v1: "x-api-key" });
  });

  it("explains a token every header refuses, naming the headers tried", async () => {
    const report = await doctor({ lngUrl: picky.url, services: ["lng"], skipDrift: true }, { GASFRAMES_TOKEN: "wrong-token-0000" });
    const health = report.health[0]!;
    expect(health).toMatchObject({ ok: false, status: 401 });
    expect(health.message).toMatch(/Check: the token is the one the vendor issued/);
    expect(health.message).toContain("also refused in Access-Key, x-api-key, access_key");
    expect(JSON.stringify(report)).not.toContain("wrong-token");
  });
});

describe("gasframes doctor", () => {
  it("prints the report and exits 0 against the sandbox; a bad option exits 2", async () => {
    const out: string[] = [];
    const err: string[] = [];
    const io = { out: (s: string) => out.push(s), err: (s: string) => err.push(s) };
    expect(await main(["doctor", "--sandbox", "--only", "natgas", "--no-schema"], io)).toBe(0);
    expect(out.join("\n")).toMatch(/^target: sandbox \(the sandbox option\)/);
    expect(out.join("\n")).toContain("ok   natgas.v4.regions()");
    expect(await main(["doctor", "--only", "gas"], io)).toBe(2);
    expect(err.join("\n")).toContain('--only takes services from natgas, lng, legacy, got "gas"');
  });
});
