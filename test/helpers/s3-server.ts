/**
 * s3rver (an S3-compatible server from the npm registry, a devDependency) on 127.0.0.1, port 0, with
 * its files in a temporary folder and the given buckets made. It checks SigV4 signatures.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";

interface S3rverInstance {
  run(): Promise<{ port: number; address: string }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;

/** A running s3rver: its endpoint URL, its data folder, and how to stop it. */
export interface LocalS3 {
  readonly endpoint: string;
  /** Where s3rver keeps the objects (to look for what must never be stored). */
  readonly directory: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  close(): Promise<void>;
}

/**
 * Starts s3rver with `buckets`. Its account gets a distinctive secret (`secretAccessKey`), so a test can
 * search every stored byte for it.
 */
export async function startLocalS3(buckets: readonly string[]): Promise<LocalS3> {
  const require = createRequire(join(__dirname, "..", "..", "package.json"));
  const S3rver = require("s3rver") as S3rverClass;
  const account = require("s3rver/lib/models/account.js") as { DUMMY_ACCOUNT: { createKeyPair(id: string, secret: string): void } };
  const accessKeyId = "AKIDGASFRAMESTEST";
  const secretAccessKey = `gasframes-s3-Secret-${randomBytes(8).toString("hex")}`;
  account.DUMMY_ACCOUNT.createKeyPair(accessKeyId, secretAccessKey);
  const directory = mkdtempSync(join(tmpdir(), "gasframes-s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: buckets.map((name) => ({ name })) });
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    directory,
    accessKeyId,
    secretAccessKey,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The AWS variables pointing at `s3`, set on process.env; the returned function puts the earlier values back. */
export function useS3Env(values: Record<string, string | undefined>): () => void {
  const names = ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_SESSION_TOKEN", "AWS_REGION", "AWS_DEFAULT_REGION", "AWS_ENDPOINT_URL", "AWS_ENDPOINT_URL_S3", "AWS_PROFILE"];
  const before = Object.fromEntries(names.map((n) => [n, process.env[n]]));
  const apply = (v: Record<string, string | undefined>) => {
    for (const n of names) {
      if (v[n] === undefined) delete process.env[n];
      else process.env[n] = v[n];
    }
  };
  apply(values);
  return () => apply(before);
}
