/**
 * A dataset's storage on S3-compatible object storage: the same keys as the local backend, under the
 * prefixes `<prefix>/<service>/<version>/<endpoint>/` (month partitions) and
 * `<prefix>/_gasframes/<service>/<version>/<endpoint>/` (the protocol's files). A PUT replaces an object
 * whole, so `replace` is one PUT and `moveIn` a server-side copy. `writeIfAbsent` (the lock and the
 * commit of a version) is a PUT with `If-None-Match: *` where the server honours it (AWS S3 since
 * 2024, MinIO, R2...), found by a probe when a writer opens the dataset; elsewhere (s3rver 3.7.1, which
 * ignores the header on PUT) a look, a PUT and a read-back, which is single-writer only under the
 * dataset's lock (docs/lake.md, "On object storage").
 */
import { createHash, randomBytes } from "node:crypto";
import type { LakeEntry, LakeStorage } from "./lake-storage";
import { S3Client, type S3Config } from "./s3-client";

/** The protocol's key prefixes (as in lake-storage.ts; repeated to keep this file below it). */
const PROTOCOL = ["_log", "_manifest.json", "_lock", "_lock.takeover", "_tmp"];

/** Options of {@link s3LakeStorage}. */
export interface S3LakeStorageOptions {
  /** A writer opens it: conditional writes are probed (default false: a reader never writes). */
  readonly create?: boolean;
  /** Force or forbid `If-None-Match: *` instead of probing. */
  readonly conditionalWrites?: boolean;
  /** Seconds after which another host's lock is taken over; default 21 600 (6 hours). */
  readonly lockExpirySeconds?: number;
  /** The clock the requests are signed with; default Date.now. */
  readonly now?: () => number;
}

/** The largest protocol object read whole (a commit, the manifest, the journal): 256 MiB. */
const MAX_PROTOCOL_BYTES = 256 << 20;
/** The largest data object hashed (a month's Parquet file): 64 GiB. */
const MAX_DATA_BYTES = 64 * 2 ** 30;

/** `s3://bucket/<prefix>/<service>/<version>/<endpoint>` as bucket, data prefix and metadata prefix. */
export function s3DatasetPrefixes(datasetUrl: string): { bucket: string; data: string; meta: string } {
  const m = /^s3:\/\/([^/]+)\/(.+)$/i.exec(datasetUrl)!;
  const parts = m[2]!.split("/").filter((p) => p !== "");
  const tail = parts.slice(-3);
  return { bucket: m[1]!, data: parts.join("/"), meta: [...parts.slice(0, -3), "_gasframes", ...tail].join("/") };
}

/** The storage of the dataset at `datasetUrl` (`s3://bucket/prefix/natgas/v4/rigs`). */
export async function s3LakeStorage(datasetUrl: string, config: S3Config, options: S3LakeStorageOptions = {}): Promise<LakeStorage> {
  const { bucket, data, meta } = s3DatasetPrefixes(datasetUrl);
  const client = new S3Client(config, bucket, options.now);
  const objectKey = (key: string): string => {
    const base = PROTOCOL.includes(key.split("/")[0]!) ? meta : data;
    return key === "" ? base : `${base}/${key}`;
  };
  const stat = async (key: string): Promise<LakeEntry | undefined> => {
    const head = key === "" ? undefined : await client.head(objectKey(key));
    if (head !== undefined) return { kind: "file", size: head.size, mtimeMs: head.lastModifiedMs };
    const under = await client.list(`${objectKey(key)}/`, { max: 1 });
    return under.objects.length > 0 ? { kind: "dir", size: 0, mtimeMs: 0 } : undefined;
  };
  let conditional = options.conditionalWrites;
  if (conditional === undefined && options.create === true) conditional = await probeConditionalWrites(client, `${meta}/_tmp/probe-${randomBytes(6).toString("hex")}`);
  const storage: LakeStorage = {
    kind: "s3",
    root: `s3://${bucket}/${data}`,
    metaRoot: `s3://${bucket}/${meta}`,
    lockExpirySeconds: options.lockExpirySeconds ?? 21_600,
    pathOf: (key) => client.address(objectKey(key)),
    async list(key) {
      // Grouped here rather than by the server's `delimiter`: s3rver 3.7.1 answers no common prefix for
      // keys more than two levels below the prefix. A dataset holds hundreds of keys, not millions.
      const { objects } = await client.list(`${objectKey(key)}/`);
      const at = objectKey(key).length + 1;
      const names = new Set(objects.map((o) => o.key.slice(at).split("/")[0]!));
      names.delete("");
      return [...names].sort();
    },
    read: (key, maxBytes) => client.get(objectKey(key), maxBytes ?? MAX_PROTOCOL_BYTES),
    stat,
    async sha256(key) {
      const hash = createHash("sha256");
      return (await client.stream(objectKey(key), MAX_DATA_BYTES, (chunk) => hash.update(chunk))) ? hash.digest("hex") : undefined;
    },
    async writeIfAbsent(key, bytes) {
      if (conditional === true) return (await client.put(objectKey(key), bytes, true)) === "written";
      // Without conditional writes: a look, the write, and a read-back that catches a writer who wrote
      // after us. Two writers between the look and the write can both succeed: the lock is advisory here.
      if ((await client.head(objectKey(key))) !== undefined) return false;
      await client.put(objectKey(key), bytes);
      const back = await client.get(objectKey(key), MAX_PROTOCOL_BYTES);
      return back !== undefined && Buffer.compare(back, Buffer.from(bytes)) === 0;
    },
    async replace(key, bytes) {
      await client.put(objectKey(key), bytes);
    },
    async moveIn(staged, key) {
      await client.copy(objectKey(staged), objectKey(key));
      await client.delete(objectKey(staged));
    },
    async delete(key) {
      if (key !== "" && (await client.head(objectKey(key))) !== undefined) return client.delete(objectKey(key));
      const under = await client.list(`${objectKey(key)}/`);
      for (const o of under.objects) await client.delete(o.key);
    },
  };
  return storage;
}

/** Whether the server refuses a second `If-None-Match: *` PUT of one key (412): then it honours conditional writes. */
async function probeConditionalWrites(client: S3Client, key: string): Promise<boolean> {
  try {
    const bytes = Buffer.from("gasframes probe of conditional writes\n", "utf8");
    await client.put(key, bytes, true);
    return (await client.put(key, bytes, true)) === "exists";
  } finally {
    await client.delete(key);
  }
}

/**
 * The dataset URLs under `url` (`s3://bucket/prefix`): `<service>/<version>/<endpoint>` with a log or
 * a manifest under `<prefix>/_gasframes/`; `url` may itself be one dataset's.
 */
export async function findS3Datasets(url: string, config: S3Config): Promise<{ view: string; dir: string }[]> {
  const m = /^s3:\/\/([^/]+)\/?(.*)$/i.exec(url)!;
  const bucket = m[1]!;
  const prefix = m[2]!.replace(/\/+$/, "");
  const client = new S3Client(config, bucket);
  const parts = prefix === "" ? [] : prefix.split("/");
  const viewOf = (tail: readonly string[]) => tail.join("_").toLowerCase().replace(/[^a-z0-9_]/g, "_");
  const isCommitKey = (rest: readonly string[]) => (rest[0] === "_log" && rest.length === 2) || (rest[0] === "_manifest.json" && rest.length === 1);
  const out: { view: string; dir: string }[] = [];
  if (parts.length >= 3) {
    const { meta } = s3DatasetPrefixes(`s3://${bucket}/${parts.join("/")}`);
    const own = await client.list(`${meta}/`);
    if (own.objects.some((o) => isCommitKey(o.key.slice(meta.length + 1).split("/")))) return [{ view: viewOf(parts.slice(-3)), dir: `s3://${bucket}/${parts.join("/")}` }];
  }
  // The protocol's objects only (logs and manifests, not the data): `<prefix>/_gasframes/<service>/<version>/<endpoint>/…`.
  const metaPrefix = [...parts, "_gasframes"].join("/");
  const seen = new Set<string>();
  for (const o of (await client.list(`${metaPrefix}/`)).objects) {
    const rest = o.key.slice(metaPrefix.length + 1).split("/");
    if (rest.length < 4 || rest.slice(0, 3).some((n) => n === "" || n.startsWith("_") || n.startsWith(".")) || !isCommitKey(rest.slice(3))) continue;
    const dataset = [...parts, ...rest.slice(0, 3)].join("/");
    if (seen.has(dataset)) continue;
    seen.add(dataset);
    out.push({ view: viewOf(rest.slice(0, 3)), dir: `s3://${bucket}/${dataset}` });
  }
  return out.sort((a, b) => (a.view < b.view ? -1 : 1));
}
