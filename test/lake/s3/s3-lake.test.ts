/**
 * A lake on S3-compatible object storage (s3rver on 127.0.0.1): sync, a re-sync that commits nothing,
 * a revision, openLake reading the snapshot through its local cache, verifyLake catching a damaged
 * object, two writers, refused credentials, and a server answering garbage or absurd sizes. Every
 * request goes to 127.0.0.1 (the sandbox, s3rver, a fault server of this file).
 */
import { createServer, type Server } from "node:http";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { budget } from "../../helpers/budget";
import { SMALL_RIGS } from "../small-rigs";
import { InvalidParamsError, LakeIntegrityError, LakeLockedError, LakeRemoteError } from "../../../src/errors";
import { openLake, readLakeManifest, syncDataset, verifyLake } from "../../../src/lake";
import { S3Client, s3ConfigFromEnv } from "../../../src/lake/s3-client";
import { NatGasClient, NATGAS_V4 } from "../../../src/natgas";
import { startSandbox, type SandboxHandle } from "../../../src/sandbox";
import { listenLocal } from "../../helpers/listen-local";
import { startLocalS3, useS3Env, type LocalS3 } from "../../helpers/s3-server";

const AS_OF = "2025-06-15";
const SESSION = "gasframes-session-Token-5b1e77c0d4";
let sandbox: SandboxHandle;
let ng: NatGasClient;
let s3: LocalS3;
let cacheRoot: string;
let restoreEnv: () => void;
const goodEnv = () => ({ AWS_ACCESS_KEY_ID: s3.accessKeyId, AWS_SECRET_ACCESS_KEY: s3.secretAccessKey, AWS_SESSION_TOKEN: SESSION, AWS_REGION: "us-east-1", AWS_ENDPOINT_URL_S3: s3.endpoint });
const rigs = (dir: string, extra: Record<string, unknown> = {}) => ({ dir, from: "2025-01", to: "2025-03", asOf: AS_OF, ...extra });
const client = () => new S3Client(s3ConfigFromEnv("test"), "lake");
const attempt = async (fn: () => Promise<unknown>): Promise<unknown> => fn().then(() => undefined, (e: unknown) => e);

beforeAll(async () => {
  sandbox = await startSandbox({ asOf: AS_OF, pageSize: 5000 });
  ng = NatGasClient.forSandbox(sandbox, { progress: false });
  s3 = await startLocalS3(["lake"]);
  restoreEnv = useS3Env(goodEnv());
  cacheRoot = mkdtempSync(join(tmpdir(), "gasframes-s3cache-"));
}, budget(120_000));

afterAll(async () => {
  restoreEnv?.();
  await sandbox?.close();
  await s3?.close();
  if (cacheRoot) rmSync(cacheRoot, { recursive: true, force: true });
});

describe("a lake on object storage", () => {
  it("syncs into s3://bucket/prefix with the local layout, re-syncs as a no-op, commits a revision, and openLake reads it", async () => {
    const first = await syncDataset(ng, NATGAS_V4.rigs, SMALL_RIGS, rigs("s3://lake/team"));
    expect(first.datasetDir).toBe("s3://lake/team/natgas/v4/rigs");
    expect(first.snapshot).toBe(1);
    expect(first.fetched).toEqual(["2025-01", "2025-02", "2025-03"]);
    const listed = await client().list("team/");
    const keys = listed.objects.map((o) => o.key).sort();
    // Month partitions under the dataset prefix, the log and manifest under _gasframes; no lock, journal or staged file left.
    expect(keys.filter((k) => !k.startsWith("team/_gasframes/"))).toEqual(Object.values(first.manifest.partitions).flatMap((p) => p.files.map((f) => `team/natgas/v4/rigs/${f}`)).sort());
    expect(keys.filter((k) => k.startsWith("team/_gasframes/"))).toEqual(["team/_gasframes/natgas/v4/rigs/_log/00000000000000000001.json", "team/_gasframes/natgas/v4/rigs/_manifest.json"]);

    const again = await syncDataset(ng, NATGAS_V4.rigs, SMALL_RIGS, rigs("s3://lake/team"));
    expect(again.fetched).toEqual([]);
    expect(again.snapshot).toBe(1);
    expect((await client().list("team/_gasframes/natgas/v4/rigs/_log/")).objects).toHaveLength(1);

    const revised = await syncDataset(ng, NATGAS_V4.rigs, SMALL_RIGS, rigs("s3://lake/team", { to: "2025-05" }));
    expect(revised.snapshot).toBe(2);
    expect(revised.fetched).toEqual(["2025-04", "2025-05"]);
    expect((await readLakeManifest("s3://lake/team/natgas/v4/rigs"))!.snapshot).toBe(2);
    expect((await verifyLake("s3://lake/team")).ok).toBe(true);

    const lake = await openLake("s3://lake/team", { cacheDir: cacheRoot });
    try {
      expect(lake.datasets.map((d) => [d.view, d.dir, d.snapshot])).toEqual([["natgas_v4_rigs", "s3://lake/team/natgas/v4/rigs", 2]]);
      const byMonth = await lake.query("SELECT month, count(*) AS n FROM natgas_v4_rigs GROUP BY month ORDER BY month");
      const rows = Object.fromEntries(Object.entries(revised.manifest.partitions).map(([m, p]) => [m, p.rows]));
      expect(Object.fromEntries(byMonth.rows().map((r) => [String(r.month), Number(r.n)]))).toEqual(Object.fromEntries(Object.entries(rows).filter(([, n]) => n > 0)));
      expect((await lake.verify()).ok).toBe(true);
    } finally {
      lake.close();
    }
    const earlier = await openLake("s3://lake/team", { cacheDir: cacheRoot, version: 1 });
    try {
      expect((await earlier.query("SELECT count(DISTINCT month) AS n FROM natgas_v4_rigs")).rows()[0]!.n).toBe(3);
    } finally {
      earlier.close();
    }
  }, budget(120_000));

  it("verifyLake and openLake catch a damaged object; the next sync repairs it", async () => {
    const run = await syncDataset(ng, NATGAS_V4.rigs, SMALL_RIGS, rigs("s3://lake/damaged"));
    const file = run.manifest.partitions["2025-02"]!.files[0]!;
    const key = `damaged/natgas/v4/rigs/${file}`;
    const bytes = (await client().get(key))!;
    bytes[Math.floor(bytes.length / 2)] ^= 0x01;
    await client().put(key, bytes);
    const report = await verifyLake("s3://lake/damaged");
    expect(report.ok).toBe(false);
    expect(report.datasets[0]!.problems).toEqual([expect.objectContaining({ file, reason: "checksum" })]);
    const refused = await attempt(() => openLake("s3://lake/damaged", { cacheDir: mkdtempSync(join(cacheRoot, "fresh-")) }));
    expect(refused).toBeInstanceOf(LakeIntegrityError);
    expect((refused as LakeIntegrityError).reason).toBe("checksum");
    const repaired = await syncDataset(ng, NATGAS_V4.rigs, SMALL_RIGS, rigs("s3://lake/damaged"));
    expect(repaired.fetched).toContain("2025-02");
    expect((await verifyLake("s3://lake/damaged")).ok).toBe(true);
  }, budget(120_000));

  it("refuses a second writer with LakeLockedError while the first holds the lock; the first commits", async () => {
    let reached!: () => void;
    const atStream = new Promise<void>((resolve) => (reached = resolve));
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    // The first writer's first request waits until the second has been refused: no race on arrival order.
    const gated = {
      stream: {
        async *rigs(params: Record<string, unknown>, options: Record<string, unknown>) {
          reached();
          await gate;
          return yield* ng.v4.stream.rigs(params as never, options as never);
        },
      },
    };
    const first = syncDataset(gated, NATGAS_V4.rigs, SMALL_RIGS, rigs("s3://lake/two"));
    await atStream;
    const second = await attempt(() => syncDataset(ng, NATGAS_V4.rigs, SMALL_RIGS, rigs("s3://lake/two")));
    open();
    expect(second).toBeInstanceOf(LakeLockedError);
    expect((second as LakeLockedError).message).toMatch(/s3:\/\/lake\/two\/natgas\/v4\/rigs is being written by process \d+/);
    expect((await first).snapshot).toBe(1);
    expect((await verifyLake("s3://lake/two")).ok).toBe(true);
    expect((await client().list("two/_gasframes/natgas/v4/rigs/")).objects.map((o) => o.key.split("/").slice(5).join("/")).sort()).toEqual(["_log/00000000000000000001.json", "_manifest.json"]);
  }, budget(120_000));

  it("reports another host's lock until its expiry, and takes it over after", async () => {
    const lockKey = "expiry/_gasframes/natgas/v4/rigs/_lock";
    const lock = (expiresAt: string) => Buffer.from(JSON.stringify({ pid: 4242, host: "another-host.example", since: "2025-06-15T00:00:00.000Z", id: "0123456789abcdef", expiresAt }));
    await client().put(lockKey, lock("2999-01-01T00:00:00.000Z"));
    const held = await attempt(() => syncDataset(ng, NATGAS_V4.rigs, SMALL_RIGS, rigs("s3://lake/expiry")));
    expect(held).toBeInstanceOf(LakeLockedError);
    expect((held as LakeLockedError).holder).toEqual({ pid: 4242, host: "another-host.example", since: "2025-06-15T00:00:00.000Z" });
    expect((held as Error).message).toContain("delete s3://lake/expiry/_gasframes/natgas/v4/rigs/_lock (the lock is taken over after 2999-01-01T00:00:00.000Z)");
    await client().put(lockKey, lock("2020-01-01T00:00:00.000Z"));
    const run = await syncDataset(ng, NATGAS_V4.rigs, SMALL_RIGS, rigs("s3://lake/expiry"));
    expect(run.snapshot).toBe(1);
    expect(await client().head(lockKey)).toBeUndefined();
  }, budget(120_000));

  it("moves its lock's expiry on after each month, and stops without committing when its lock was taken over", async () => {
    const lockKey = "renew/_gasframes/natgas/v4/rigs/_lock";
    let t = Date.parse("2025-06-15T00:00:00.000Z");
    // Month i's request waits for open(i) after announcing itself (reached(i)): the test moves the clock between months.
    const deferred = () => {
      let settle!: () => void;
      const promise = new Promise<void>((resolve) => (settle = resolve));
      return { promise, settle };
    };
    const arrived = [deferred(), deferred(), deferred()];
    const opened = [deferred(), deferred(), deferred()];
    const waits = arrived.map((a, i) => ({ reached: a.promise, open: opened[i]!.settle }));
    let call = 0;
    const gated = {
      stream: {
        async *rigs(params: Record<string, unknown>, options: Record<string, unknown>) {
          const i = call++;
          arrived[i]!.settle();
          await opened[i]!.promise;
          return yield* ng.v4.stream.rigs(params as never, options as never);
        },
      },
    };
    const expiresAt = async () => (JSON.parse((await client().get(lockKey))!.toString("utf8")) as { expiresAt: string }).expiresAt;
    // The first month's "partition" event comes after its lock refresh (the next month may already be asked for then).
    const firstStaged = deferred();
    const onProgress = (p: { phase: string; partitionsDone: number }) => {
      if (p.phase === "partition" && p.partitionsDone === 1) firstStaged.settle();
    };
    const run = syncDataset(gated, NATGAS_V4.rigs, SMALL_RIGS, rigs("s3://lake/renew", { clock: () => t, onProgress }));
    await waits[0]!.reached;
    expect(await expiresAt()).toBe("2025-06-15T06:00:00.000Z");
    t += 3_600_000;
    waits[0]!.open();
    await firstStaged.promise;
    await waits[1]!.reached;
    // Refreshed after the first month, from the clock's new time.
    expect(await expiresAt()).toBe("2025-06-15T07:00:00.000Z");
    // Another writer takes the lock over (as after an expiry): the run must not commit.
    await client().put(lockKey, Buffer.from(JSON.stringify({ pid: 4242, host: "another-host.example", since: "2025-06-15T01:00:00.000Z", id: "fedcba9876543210", expiresAt: "2999-01-01T00:00:00.000Z" })));
    waits[1]!.open();
    // The third month is asked for while the second is written (the sync fetches one month ahead).
    waits[2]!.open();
    const refused = await attempt(() => run);
    expect(refused).toBeInstanceOf(LakeLockedError);
    expect((await client().list("renew/_gasframes/natgas/v4/rigs/_log/")).objects).toEqual([]);
    // The other writer's lock is left as it was.
    expect((await client().get(lockKey))!.toString("utf8")).toContain("fedcba9876543210");
  }, budget(120_000));

  it("turns refused credentials into LakeRemoteError and missing ones into InvalidParamsError before any request, never showing the secret", async () => {
    const wrongSecret = "wrong-Secret-Key-0123456789abcdef";
    // s3rver 3.7.1 checks the access key id but not a V4 signature: the refused signature comes from a
    // server of this test answering as S3 does, its body echoing the canonical request (session token included).
    const refusing = createServer((_req, res) => {
      res.writeHead(403, { "content-type": "application/xml" }).end(
        `<?xml version="1.0" encoding="UTF-8"?><Error><Code>SignatureDoesNotMatch</Code><Message>The request signature we calculated does not match the signature you provided.</Message><CanonicalRequest>GET\n/lake/\nx-amz-security-token:${SESSION}</CanonicalRequest><RequestId>1</RequestId></Error>`,
      );
    });
    const refusingPort = await listenLocal(refusing);
    const cases: Array<[Record<string, string | undefined>, string]> = [
      [{ ...goodEnv(), AWS_ACCESS_KEY_ID: "AKIDNOSUCHKEY" }, "InvalidAccessKeyId"],
      [{ ...goodEnv(), AWS_SECRET_ACCESS_KEY: wrongSecret, AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${refusingPort}` }, "SignatureDoesNotMatch"],
    ];
    try {
      for (const [env, errno] of cases) {
        const restore = useS3Env(env);
        try {
          const refused = await attempt(() => syncDataset(ng, NATGAS_V4.rigs, null, rigs("s3://lake/creds")));
          expect(refused, errno).toBeInstanceOf(LakeRemoteError);
          expect((refused as LakeRemoteError).errno).toBe(errno);
          expect((refused as LakeRemoteError).status).toBe(403);
          const shown = `${(refused as Error).message} ${JSON.stringify(refused)} ${String((refused as Error).stack)}`;
          for (const secret of [wrongSecret, s3.secretAccessKey, SESSION]) expect(shown).not.toContain(secret);
          expect(await attempt(() => verifyLake("s3://lake/creds"))).toBeInstanceOf(LakeRemoteError);
        } finally {
          restore();
        }
      }
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
    const restore = useS3Env({ ...goodEnv(), AWS_SECRET_ACCESS_KEY: undefined, AWS_ENDPOINT_URL_S3: "http://127.0.0.1:9" });
    try {
      const refused = await attempt(() => openLake("s3://lake/creds"));
      expect(refused).toBeInstanceOf(InvalidParamsError);
      expect((refused as Error).message).toMatch(/AWS_SECRET_ACCESS_KEY/);
    } finally {
      restore();
    }
    expect(await attempt(() => syncDataset(ng, NATGAS_V4.rigs, null, rigs("s3://No_Such/bucket")))).toBeInstanceOf(InvalidParamsError);
    expect(await attempt(() => openLake("s3://lake/creds", { cacheDir: "" }))).toBeInstanceOf(InvalidParamsError);
  }, budget(120_000));

  it("turns a server answering garbage or absurd sizes into LakeRemoteError", async () => {
    let mode: "html" | "huge" | "listing-huge" = "html";
    const sockets = new Set<import("node:net").Socket>();
    const server: Server = createServer((req, res) => {
      if (mode === "html") return void res.writeHead(200, { "content-type": "text/html" }).end("<html><body>a captive portal</body></html>");
      if (mode === "listing-huge" && req.url?.includes("list-type=2")) {
        return void res.writeHead(200, { "content-type": "application/xml" }).end(`<?xml version="1.0"?><ListBucketResult><IsTruncated>false</IsTruncated><Contents><Key>g/_gasframes/natgas/v4/rigs/_log/00000000000000000001.json</Key><Size>10</Size></Contents></ListBucketResult>`);
      }
      // A length no commit, listing or month file has: refused before a byte of the body is read.
      res.writeHead(200, { "content-length": "1000000000000000" });
      res.flushHeaders();
    });
    server.on("connection", (s) => sockets.add(s));
    const port = await listenLocal(server);
    const restore = useS3Env({ ...goodEnv(), AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}` });
    try {
      for (const m of ["html", "huge", "listing-huge"] as const) {
        mode = m;
        for (const call of [() => readLakeManifest("s3://lake/g/natgas/v4/rigs"), () => openLake("s3://lake/g", { cacheDir: cacheRoot }), () => verifyLake("s3://lake/g/natgas/v4/rigs")]) {
          const refused = await attempt(call);
          expect(refused, m).toBeInstanceOf(LakeRemoteError);
          expect((refused as LakeRemoteError).errno, m).toBe("BadResponse");
        }
      }
    } finally {
      restore();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  }, budget(120_000));

  it("never stores the secret key or the session token: not in the bucket, not in the cache", () => {
    const files = (dir: string): string[] => readdirSync(dir, { recursive: true, encoding: "utf8" }).map((f) => join(dir, f)).filter((p) => statSync(p).isFile());
    for (const path of [...files(s3.directory), ...files(cacheRoot)]) {
      const text = readFileSync(path).toString("latin1");
      expect(text, path).not.toContain(s3.secretAccessKey);
      expect(text, path).not.toContain(SESSION);
    }
  });
});
