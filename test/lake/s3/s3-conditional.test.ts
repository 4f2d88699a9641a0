/**
 * The conditional-write path of the S3 backend: s3rver 3.7.1 ignores `If-None-Match: *` on PUT, so a
 * small proxy of this test (on 127.0.0.1, in front of s3rver) honours it as AWS S3 does: 412 when the
 * key exists. The writer's probe finds it, write-if-absent becomes the conditional PUT, and of two
 * writers creating one key at once exactly one succeeds, whatever the order of arrival.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budget } from "../../helpers/budget";
import { syncDataset, verifyLake } from "../../../src/lake";
import { s3ConfigFromEnv } from "../../../src/lake/s3-client";
import { s3LakeStorage } from "../../../src/lake/s3-lake-storage";
import { NatGasClient, NATGAS_V4 } from "../../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../../src/sandbox";
import { startS3Proxy, type S3Proxy } from "../../helpers/s3-proxy";
import { startLocalS3, useS3Env, type LocalS3 } from "../../helpers/s3-server";

const AS_OF = "2025-06-15";
let sandbox: SandboxHandle;
let s3: LocalS3;
let proxy: S3Proxy;
let restoreEnv: () => void;
/** Keys that exist (every write goes through the proxy), and how many conditional PUTs were refused. */
const existing = new Set<string>();
let refused = 0;

beforeAll(async () => {
  sandbox = await startSandbox({ asOf: AS_OF, pageSize: 5000 });
  s3 = await startLocalS3(["lake"]);
  proxy = await startS3Proxy(s3.endpoint, (req, res, forward) => {
    const key = decodeURIComponent((req.url ?? "").split("?")[0]!);
    if (req.method === "PUT" && req.headers["if-none-match"] === "*") {
      // Checked and claimed in one step of the event loop: the proxy's own create-exclusive.
      if (existing.has(key)) {
        refused += 1;
        req.resume();
        return void res.writeHead(412, { "content-type": "application/xml" }).end("<Error><Code>PreconditionFailed</Code><Message>At least one of the pre-conditions you specified did not hold</Message></Error>");
      }
    }
    if (req.method === "PUT") existing.add(key);
    if (req.method === "DELETE") existing.delete(key);
    forward(req, res);
  });
  restoreEnv = useS3Env({ AWS_ACCESS_KEY_ID: s3.accessKeyId, AWS_SECRET_ACCESS_KEY: s3.secretAccessKey, AWS_REGION: "us-east-1", AWS_ENDPOINT_URL_S3: proxy.endpoint });
}, budget(120_000));

afterAll(async () => {
  restoreEnv?.();
  await proxy?.close();
  await sandbox?.close();
  await s3?.close();
});

describe("conditional writes", () => {
  it("are found by the probe and used for the lock and the commit", async () => {
    const ng = NatGasClient.forSandbox(sandbox, { progress: false });
    const run = await syncDataset(ng, NATGAS_V4.rigs, { region_natgas: ["west"] }, { dir: "s3://lake/cond", from: "2025-01", to: "2025-02", asOf: AS_OF });
    expect(run.snapshot).toBe(1);
    // The probe's second PUT was refused: the server honours If-None-Match.
    expect(refused).toBeGreaterThanOrEqual(1);
    expect((await verifyLake("s3://lake/cond")).ok).toBe(true);
  }, budget(120_000));

  it("let exactly one of two writers create a key, whatever the order", async () => {
    const config = s3ConfigFromEnv("test");
    const a = await s3LakeStorage("s3://lake/race/natgas/v4/rigs", config, { create: true });
    const b = await s3LakeStorage("s3://lake/race/natgas/v4/rigs", config, { create: true });
    const results = await Promise.all([a.writeIfAbsent("_log/00000000000000000001.json", Buffer.from("a")), b.writeIfAbsent("_log/00000000000000000001.json", Buffer.from("b"))]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const winner = results[0] ? "a" : "b";
    expect((await a.read("_log/00000000000000000001.json"))!.toString()).toBe(winner);
  });
});
