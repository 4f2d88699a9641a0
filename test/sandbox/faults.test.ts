import { afterAll, describe, expect, it } from "vitest";
import { startSandbox } from "../../src/sandbox";
import type { SandboxHandle, SandboxFaults } from "../../src/sandbox";
import { FaultPlan } from "../../src/sandbox/core/faults";
import { post, rawRequest, TOKEN } from "./sandbox-http";

const started: SandboxHandle[] = [];
async function sandboxWith(faults: SandboxFaults, pageSize = 500): Promise<SandboxHandle> {
  const s = await startSandbox({ asOf: "2025-06-15", seed: 3, pageSize, faults });
  started.push(s);
  return s;
}
afterAll(async () => {
  await Promise.all(started.map((s) => s.close()));
});

const QUERY = { sub_region: "Haynesville - LA", start_date: "2024-01-01", end_date: "2024-12-31" };

/** A minimal retrying reader of every v3 page, written here so the test does not lean on the clients. */
async function pagesWithRetry(base: string, body: Record<string, unknown>): Promise<{ rows: unknown[]; failures: string[] }> {
  const rows: unknown[] = [];
  const failures: string[] = [];
  let total = Infinity;
  while (rows.length < total) {
    let page: any;
    for (let attempt = 0; ; attempt++) {
      if (attempt > 10) throw new Error("too many attempts");
      try {
        const res = await fetch(`${base}/v3/productionbycountyandoperator`, {
          method: "POST",
          headers: { access_key: TOKEN, "content-type": "application/json" },
          body: JSON.stringify({ ...body, pagination: { start: rows.length } }),
        });
        const text = await res.text();
        if (res.status !== 200) {
          failures.push(String(res.status));
          continue;
        }
        page = JSON.parse(text);
        break;
      } catch (error) {
        failures.push(error instanceof SyntaxError ? "parse" : "network");
      }
    }
    total = page.pagination.total_count;
    if (page.data.length === 0) break;
    rows.push(...page.data);
  }
  return { rows, failures };
}

describe("fault plan (deterministic counter)", () => {
  it("fires each fault on its own schedule", () => {
    const plan = new FaultPlan({ rateLimitEvery: 4, errorBurst: { every: 5, length: 2 }, resetEvery: 7, truncateEvery: 11, slowEvery: 3, slowMs: 9 });
    const kinds = Array.from({ length: 12 }, (_, i) => {
      const { decision, delayMs } = plan.next("/v3/rigs");
      return `${i + 1}:${decision.kind}${delayMs ? "+slow" : ""}`;
    });
    expect(kinds).toEqual([
      "1:none", "2:none", "3:none+slow", "4:rate-limit", "5:error", "6:none+slow",
      "7:reset", "8:rate-limit", "9:error+slow", "10:error", "11:truncate", "12:rate-limit+slow",
    ]);
  });

  it("counts only requests under `paths`", () => {
    const plan = new FaultPlan({ rateLimitEvery: 2, paths: "/v4/" });
    const kinds = ["/v3/a", "/v4/a", "/v3/b", "/v4/b"].map((p) => plan.next(p).decision.kind);
    expect(kinds).toEqual(["none", "none", "none", "rate-limit"]);
    const regex = new FaultPlan({ rateLimitEvery: 1, paths: /rigs$/ });
    expect(regex.next("/v3/rigs").decision.kind).toBe("rate-limit");
    expect(regex.next("/v3/wells").decision.kind).toBe("none");
  });
});

describe("faults over HTTP", () => {
  it("answers 429 with Retry-After every Nth request", async () => {
    const s = await sandboxWith({ rateLimitEvery: 2, retryAfterSeconds: 7 });
    const first = await post(s.url, "/v3/longtermforecast", {});
    const second = await post(s.url, "/v3/longtermforecast", {});
    expect(first.status).toBe(200);
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe("7");
    expect(second.body.error).toMatch(/rate limit/);
  });

  it("answers bursts of 503 JSON", async () => {
    const s = await sandboxWith({ errorBurst: { every: 4, length: 2 } });
    const statuses = [];
    for (let i = 0; i < 8; i++) statuses.push((await post(s.url, "/v3/longtermforecast", {})).status);
    expect(statuses).toEqual([200, 200, 503, 503, 200, 200, 503, 503]);
  });

  it("resets the connection mid-body", async () => {
    const s = await sandboxWith({ resetEvery: 1, faultAfterBytes: 300 });
    const answer = await rawRequest(s.url, { method: "POST", path: "/v3/wells", headers: { access_key: TOKEN }, body: "{}" });
    expect(answer.status).toBe(200);
    expect(answer.error).toBeDefined();
    expect(answer.body.length).toBeLessThanOrEqual(300);
  });

  it("truncates a body: fewer bytes than Content-Length, then the connection closes", async () => {
    const s = await sandboxWith({ truncateEvery: 1, faultAfterBytes: 200 });
    const answer = await rawRequest(s.url, { method: "POST", path: "/v3/wells", headers: { access_key: TOKEN }, body: "{}" });
    expect(answer.status).toBe(200);
    expect(Number(answer.headers["content-length"])).toBeGreaterThan(200);
    expect(answer.body.length).toBe(200);
    expect(() => JSON.parse(answer.body)).toThrow();
  });

  it("truncates small JSON answers too (the fault always fires)", async () => {
    const s = await sandboxWith({ truncateEvery: 1, faultAfterBytes: 1_000_000 });
    const answer = await rawRequest(s.url, { method: "GET", path: "/v3/dtils", headers: { access_key: TOKEN } });
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBeLessThan(Number(answer.headers["content-length"]));
  });

  it("delays a slow answer but still answers it whole", async () => {
    const s = await sandboxWith({ slowEvery: 1, slowMs: 30 });
    const answer = await post(s.url, "/v3/longtermforecast", {});
    expect(answer.status).toBe(200);
    expect(answer.body.data.length).toBe(answer.body.pagination.total_count);
  });

  it("lets a client give up on a slow answer without hanging the server", async () => {
    const s = await sandboxWith({ slowEvery: 1, slowMs: 60_000 });
    const aborted = fetch(`${s.url}/v3/longtermforecast`, {
      method: "POST",
      headers: { access_key: TOKEN },
      body: "{}",
      signal: AbortSignal.timeout(50),
    });
    await expect(aborted).rejects.toThrow();
    await s.close();
  });

  it("a retrying reader gets every page of a paginated v3 query despite 429, 503, resets and truncations", async () => {
    const clean = await sandboxWith({});
    const faulty = await sandboxWith({ rateLimitEvery: 3, errorBurst: { every: 7, length: 2 }, resetEvery: 5, truncateEvery: 11, faultAfterBytes: 2000 });
    const expected = await pagesWithRetry(clean.url, QUERY);
    const got = await pagesWithRetry(faulty.url, QUERY);
    expect(expected.failures).toEqual([]);
    expect(got.failures).toEqual(expect.arrayContaining(["429", "503", "network"]));
    expect(got.rows.length).toBe(expected.rows.length);
    expect(got.rows).toEqual(expected.rows);
  });

  it("a v4 NDJSON stream can be re-requested after a reset and then arrives whole", async () => {
    const s = await sandboxWith({ resetEvery: 2, faultAfterBytes: 5000, paths: "/v4/" });
    const read = () =>
      rawRequest(s.url, {
        method: "POST",
        path: "/v4/rigs",
        headers: { access_key: TOKEN, accept: "application/x-ndjson", "content-type": "application/json" },
        body: JSON.stringify({ date_observed_min: "2025-01-01", date_observed_max: "2025-01-10" }),
      });
    const whole = await read();
    const broken = await read();
    const again = await read();
    expect(whole.error).toBeUndefined();
    expect(broken.error).toBeDefined();
    expect(again.body).toBe(whole.body);
    const lines = whole.body.trim().split("\n").map((l) => JSON.parse(l));
    expect(lines.length).toBeGreaterThan(1000);
  });
});
