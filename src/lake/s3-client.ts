/**
 * A small S3 REST client for the lake: GET, HEAD, PUT (optionally `If-None-Match: *`), copy, DELETE
 * and ListObjectsV2, signed with SigV4 (sigv4.ts), over Node's fetch. Where it sends is read from the
 * usual AWS variables (see {@link s3ConfigFromEnv}). Every failure is a LakeRemoteError carrying S3's
 * error code, never a credential: the secret and session token are registered with `redact`, and only
 * `<Code>` and `<Message>` of an error body are kept (S3's SignatureDoesNotMatch body echoes the
 * canonical request, session token included). Sizes are bounded: an answer longer than the caller's
 * limit is refused before it is read.
 */
import { InvalidParamsError, LakeRemoteError, registerSecret, type ParamIssue } from "../errors";
import { canonicalQuery, sha256Hex, signRequest, uriEncode, type AwsCredentials } from "./s3-sigv4";

/** Where a lake lives in a bucket: `s3://<bucket>/<prefix>`. */
export interface S3Location {
  readonly bucket: string;
  /** Without leading or trailing `/`; may be empty. */
  readonly prefix: string;
}

/** How to reach the storage. */
export interface S3Config {
  /** `https://s3.<region>.amazonaws.com`, or the custom endpoint. */
  readonly endpoint: URL;
  /** `/bucket/key` URLs (custom endpoints); otherwise `bucket.host/key`. */
  readonly pathStyle: boolean;
  readonly region: string;
  readonly credentials: AwsCredentials;
  /** Each request's time limit in ms; default 300 000. */
  readonly timeoutMs?: number;
}

/** Whether `dir` names object storage (`s3://…`). */
export function isS3Url(dir: unknown): dir is string {
  return typeof dir === "string" && /^s3:\/\//i.test(dir.trim());
}

/** `s3://bucket/prefix` parsed; an InvalidParamsError naming `param` when it is not one. */
export function parseS3Url(url: string, label: string, param = "dir"): S3Location {
  const m = /^s3:\/\/([^/]+)\/?(.*)$/i.exec(url.trim());
  const bucket = m?.[1] ?? "";
  const prefix = (m?.[2] ?? "").replace(/\/+$/, "");
  const issues: ParamIssue[] = [];
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) issues.push({ param, value: url, expected: "s3://<bucket>/<prefix> with a bucket name of 3 to 63 lower-case letters, digits, dots and hyphens" });
  else if (prefix !== "" && prefix.split("/").some((s) => s === "" || s === "." || s === "..")) issues.push({ param, value: url, expected: "a prefix without empty, `.` or `..` segments (s3://bucket/lake)" });
  if (issues.length > 0) throw new InvalidParamsError(label, issues);
  return { bucket, prefix };
}

/**
 * The storage's address and credentials from the environment: `AWS_ACCESS_KEY_ID`,
 * `AWS_SECRET_ACCESS_KEY` (both required), `AWS_SESSION_TOKEN`, `AWS_REGION` or `AWS_DEFAULT_REGION`
 * (default `us-east-1`), and `AWS_ENDPOINT_URL_S3` or `AWS_ENDPOINT_URL` for another S3-compatible
 * service (addressed path-style: `<endpoint>/<bucket>/<key>`). Without an endpoint, AWS's
 * `https://<bucket>.s3.<region>.amazonaws.com`. Refused before any request when something is missing.
 */
export function s3ConfigFromEnv(label: string, env: NodeJS.ProcessEnv = process.env): S3Config {
  const issues: ParamIssue[] = [];
  const accessKeyId = env.AWS_ACCESS_KEY_ID ?? "";
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY ?? "";
  const sessionToken = env.AWS_SESSION_TOKEN;
  registerSecret(secretAccessKey === "" ? undefined : secretAccessKey);
  registerSecret(sessionToken === undefined || sessionToken === "" ? undefined : sessionToken);
  if (accessKeyId === "") issues.push({ param: "AWS_ACCESS_KEY_ID", value: undefined, expected: "the access key id in the environment, for an s3:// lake" });
  if (secretAccessKey === "") issues.push({ param: "AWS_SECRET_ACCESS_KEY", value: undefined, expected: "the secret access key in the environment, for an s3:// lake" });
  const region = env.AWS_REGION || env.AWS_DEFAULT_REGION || "us-east-1";
  if (!/^[a-z0-9-]{1,40}$/.test(region)) issues.push({ param: env.AWS_REGION ? "AWS_REGION" : "AWS_DEFAULT_REGION", value: region, expected: "a region name such as us-east-1" });
  const custom = env.AWS_ENDPOINT_URL_S3 || env.AWS_ENDPOINT_URL || undefined;
  let endpoint: URL | undefined;
  if (custom !== undefined) {
    const which = env.AWS_ENDPOINT_URL_S3 ? "AWS_ENDPOINT_URL_S3" : "AWS_ENDPOINT_URL";
    try {
      endpoint = new URL(custom);
    } catch {
      endpoint = undefined;
    }
    if (endpoint === undefined || !/^https?:$/.test(endpoint.protocol) || endpoint.username !== "" || endpoint.password !== "" || endpoint.search !== "") {
      issues.push({ param: which, value: custom, expected: "an http(s) URL without credentials or query, such as http://127.0.0.1:9000" });
    }
  }
  if (issues.length > 0) throw new InvalidParamsError(label, issues);
  return {
    endpoint: endpoint ?? new URL(`https://s3.${region}.amazonaws.com`),
    pathStyle: endpoint !== undefined,
    region,
    credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) },
  };
}

/** One object of a listing. */
export interface S3Object {
  readonly key: string;
  readonly size: number;
  readonly lastModifiedMs: number;
}

interface Exchange {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Buffer;
}

interface RequestSpec {
  readonly method: "GET" | "HEAD" | "PUT" | "DELETE";
  /** The object key, or "" for the bucket. */
  readonly key: string;
  readonly query?: Record<string, string>;
  readonly headers?: Record<string, string>;
  readonly body?: Uint8Array;
  /** The largest answer body read (bytes); a longer one is a LakeRemoteError. Default 64 MiB. */
  readonly maxBytes?: number;
  /** Statuses returned rather than thrown (404, 412...). */
  readonly accept?: readonly number[];
  /** What the caller was doing, for the message. */
  readonly what: string;
  /** A consumer of the body as it arrives (then `body` of the answer is empty). */
  readonly onChunk?: (chunk: Uint8Array) => void;
}

const DEFAULT_MAX = 64 << 20;

/** An S3 client of one bucket. */
export class S3Client {
  constructor(
    readonly config: S3Config,
    readonly bucket: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** `s3://bucket/key`, for messages. */
  address(key: string): string {
    return `s3://${this.bucket}/${key}`;
  }

  /** The object's bytes, or undefined when there is none. */
  async get(key: string, maxBytes = DEFAULT_MAX): Promise<Buffer | undefined> {
    const r = await this.send({ method: "GET", key, maxBytes, accept: [404], what: "read" });
    return r.status === 404 ? undefined : r.body;
  }

  /** Streams the object to `onChunk`; false when there is none. */
  async stream(key: string, maxBytes: number, onChunk: (chunk: Uint8Array) => void): Promise<boolean> {
    const r = await this.send({ method: "GET", key, maxBytes, accept: [404], what: "read", onChunk });
    return r.status !== 404;
  }

  /** The object's size and time, or undefined. */
  async head(key: string): Promise<S3Object | undefined> {
    const r = await this.send({ method: "HEAD", key, accept: [404], what: "look at" });
    if (r.status === 404) return undefined;
    const size = Number(r.headers.get("content-length") ?? "");
    if (!Number.isSafeInteger(size) || size < 0) throw this.bad(key, "look at", `its size (Content-Length ${JSON.stringify(r.headers.get("content-length"))}) is not a byte count`, r.status);
    const modified = Date.parse(r.headers.get("last-modified") ?? "");
    return { key, size, lastModifiedMs: Number.isFinite(modified) ? modified : 0 };
  }

  /** Writes the object; with `ifNoneMatch`, only when absent: "exists" when the server refused (412/409). */
  async put(key: string, body: Uint8Array, ifNoneMatch = false): Promise<"written" | "exists"> {
    const r = await this.send({ method: "PUT", key, body, headers: ifNoneMatch ? { "if-none-match": "*" } : {}, accept: ifNoneMatch ? [412, 409] : [], what: "write" });
    return r.status === 412 || r.status === 409 ? "exists" : "written";
  }

  /** Copies `from` to `to` on the server. */
  async copy(from: string, to: string): Promise<void> {
    const r = await this.send({ method: "PUT", key: to, headers: { "x-amz-copy-source": `/${this.bucket}/${uriEncode(from, true)}` }, what: "copy into" });
    // A copy can fail after its 200 (S3 sends the error in the body).
    if (/<Error>/.test(r.body.toString("utf8"))) throw this.refused(to, "copy into", r.status, r.body);
  }

  /** Deletes the object; nothing when absent. */
  async delete(key: string): Promise<void> {
    await this.send({ method: "DELETE", key, accept: [404], what: "delete" });
  }

  /**
   * The objects (and, with `delimiter`, sub-prefixes) under `prefix`, every page of them.
   * `max`: stop after this many entries (a hostile server's endless listing is bounded). It is not sent
   * as `max-keys`: s3rver 3.7.1 on this Node answers 500 to any listing it must truncate.
   */
  async list(prefix: string, options: { delimiter?: string; max?: number } = {}): Promise<{ objects: S3Object[]; prefixes: string[] }> {
    const objects: S3Object[] = [];
    const prefixes: string[] = [];
    const max = options.max ?? 1_000_000;
    let token: string | undefined;
    const seen = new Set<string>();
    for (;;) {
      const query: Record<string, string> = { "list-type": "2", prefix, ...(options.delimiter === undefined ? {} : { delimiter: options.delimiter }), ...(token === undefined ? {} : { "continuation-token": token }) };
      const r = await this.send({ method: "GET", key: "", query, what: "list", maxBytes: 16 << 20 });
      const page = parseListing(r.body.toString("utf8"));
      if (page === undefined) throw this.bad(prefix, "list", "the answer is not an S3 listing (ListBucketResult)", r.status);
      for (const o of page.objects) {
        if (!o.key.startsWith(prefix)) throw this.bad(prefix, "list", `the listing holds ${JSON.stringify(o.key.slice(0, 200))}, outside the prefix asked for`, r.status);
        objects.push(o);
      }
      for (const p of page.prefixes) if (p.startsWith(prefix)) prefixes.push(p);
      if (objects.length + prefixes.length >= max || !page.truncated) break;
      if (page.next === undefined || seen.has(page.next)) throw this.bad(prefix, "list", "the listing says it continues but gives no new continuation token", r.status);
      seen.add(page.next);
      token = page.next;
    }
    return { objects, prefixes };
  }

  private async send(spec: RequestSpec): Promise<Exchange> {
    const { endpoint, pathStyle, region, credentials } = this.config;
    const encodedKey = uriEncode(spec.key, true);
    const host = pathStyle ? endpoint.host : `${this.bucket}.${endpoint.host}`;
    const base = endpoint.pathname.replace(/\/+$/, "");
    const path = pathStyle ? `${base}/${this.bucket}${spec.key === "" ? "/" : `/${encodedKey}`}` : `${base}/${encodedKey}`;
    const body = spec.body ?? new Uint8Array(0);
    const headers = signRequest(
      { method: spec.method, path, query: spec.query ?? {}, headers: { host, ...(spec.body === undefined ? {} : { "content-length": String(body.byteLength) }), ...(spec.headers ?? {}) }, payloadHash: sha256Hex(body) },
      credentials,
      region,
      "s3",
      this.now(),
    );
    delete headers.host;
    delete headers["content-length"];
    const search = canonicalQuery(spec.query ?? {});
    const url = `${endpoint.protocol}//${host}${path}${search === "" ? "" : `?${search}`}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: spec.method,
        headers,
        ...(spec.body === undefined ? {} : { body: spec.body }),
        redirect: "manual",
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 300_000),
      });
    } catch (error) {
      const timeout = (error as Error)?.name === "TimeoutError";
      const cause = (error as { cause?: { code?: unknown } })?.cause?.code;
      throw new LakeRemoteError(`lake: cannot ${spec.what} ${this.address(spec.key)}: ${timeout ? "no answer in time" : `the storage at ${endpoint.host} cannot be reached${typeof cause === "string" ? ` (${cause})` : ""}`}`, {
        errno: timeout ? "Timeout" : "Network",
        path: this.address(spec.key),
        cause: error,
      });
    }
    const accepted = spec.accept?.includes(response.status) === true;
    const ok = response.status >= 200 && response.status < 300;
    const limit = ok ? (spec.maxBytes ?? DEFAULT_MAX) : 64 << 10;
    const declared = response.headers.get("content-length");
    if (declared !== null && spec.method !== "HEAD" && (!/^\d+$/.test(declared) || Number(declared) > limit)) {
      await response.body?.cancel().catch(() => undefined);
      throw this.bad(spec.key, spec.what, `the answer's length (${declared.slice(0, 30)} bytes) is beyond the ${limit} bytes expected`, response.status);
    }
    const bytes = spec.method === "HEAD" ? Buffer.alloc(0) : await this.readBody(response, limit, spec, ok && !accepted ? spec.onChunk : undefined);
    if (declared !== null && spec.method !== "HEAD" && ok && spec.onChunk === undefined && bytes.length !== Number(declared)) {
      throw this.bad(spec.key, spec.what, `the answer is ${bytes.length} bytes where its Content-Length says ${declared}`, response.status);
    }
    if (ok || accepted) return { status: response.status, headers: response.headers, body: bytes };
    throw this.refused(spec.key, spec.what, response.status, bytes);
  }

  private async readBody(response: Response, limit: number, spec: RequestSpec, onChunk: ((chunk: Uint8Array) => void) | undefined): Promise<Buffer> {
    if (response.body === null) return Buffer.alloc(0);
    const parts: Buffer[] = [];
    let total = 0;
    const reader = response.body.getReader();
    try {
      for (;;) {
        let step: Awaited<ReturnType<typeof reader.read>>;
        try {
          step = await reader.read();
        } catch (error) {
          throw new LakeRemoteError(`lake: cannot ${spec.what} ${this.address(spec.key)}: the answer broke off after ${total} bytes`, { errno: "Network", path: this.address(spec.key), status: response.status, cause: error });
        }
        if (step.done) break;
        total += step.value.byteLength;
        if (total > limit) throw this.bad(spec.key, spec.what, `the answer goes beyond the ${limit} bytes expected`, response.status);
        if (onChunk !== undefined) onChunk(step.value);
        else parts.push(Buffer.from(step.value));
      }
    } finally {
      reader.releaseLock();
      if (total > limit) await response.body.cancel().catch(() => undefined);
    }
    return Buffer.concat(parts);
  }

  private refused(key: string, what: string, status: number, body: Buffer): LakeRemoteError {
    const text = body.toString("utf8");
    const code = /<Code>([A-Za-z0-9.]{1,64})<\/Code>/.exec(text)?.[1];
    const message = /<Message>([^<]{0,300})<\/Message>/.exec(text)?.[1];
    const hint = HINTS[code ?? ""] ?? (status === 403 ? "the credentials are refused" : status >= 500 ? "the storage failed; try again later" : "");
    const said = [code, message].filter((x) => x !== undefined).join(": ");
    return new LakeRemoteError(`lake: cannot ${what} ${this.address(key)}: HTTP ${status}${said === "" ? "" : ` ${said}`}${hint === "" ? "" : ` (${hint})`}`, {
      errno: code ?? `HTTP_${status}`,
      path: this.address(key),
      status,
    });
  }

  private bad(key: string, what: string, detail: string, status: number): LakeRemoteError {
    return new LakeRemoteError(`lake: cannot ${what} ${this.address(key)}: ${detail}; is ${this.config.endpoint.host} an S3-compatible server?`, { errno: "BadResponse", path: this.address(key), status });
  }
}

const HINTS: Readonly<Record<string, string>> = {
  InvalidAccessKeyId: "AWS_ACCESS_KEY_ID is not known to the storage",
  SignatureDoesNotMatch: "AWS_SECRET_ACCESS_KEY does not match the access key id",
  ExpiredToken: "AWS_SESSION_TOKEN has expired",
  InvalidToken: "AWS_SESSION_TOKEN is refused",
  AccessDenied: "the credentials may not do this",
  NoSuchBucket: "no such bucket; create it first",
  PermanentRedirect: "the bucket is in another region: set AWS_REGION",
};

/** A ListObjectsV2 page, or undefined when the text is not one. */
function parseListing(xml: string): { objects: S3Object[]; prefixes: string[]; truncated: boolean; next?: string } | undefined {
  if (!/^\s*(<\?xml[^>]*\?>\s*)?<ListBucketResult[\s>]/.test(xml)) return undefined;
  const objects: S3Object[] = [];
  for (const m of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const key = tag(m[1]!, "Key");
    const size = Number(tag(m[1]!, "Size"));
    if (key === undefined || !Number.isSafeInteger(size) || size < 0) return undefined;
    const modified = Date.parse(tag(m[1]!, "LastModified") ?? "");
    objects.push({ key, size, lastModifiedMs: Number.isFinite(modified) ? modified : 0 });
  }
  const prefixes: string[] = [];
  for (const m of xml.matchAll(/<CommonPrefixes>([\s\S]*?)<\/CommonPrefixes>/g)) {
    const p = tag(m[1]!, "Prefix");
    if (p === undefined) return undefined;
    prefixes.push(p);
  }
  const next = tag(xml.replace(/<Contents>[\s\S]*?<\/Contents>/g, ""), "NextContinuationToken");
  return { objects, prefixes, truncated: tag(xml.replace(/<Contents>[\s\S]*?<\/Contents>/g, ""), "IsTruncated") === "true", ...(next === undefined ? {} : { next }) };
}

function tag(xml: string, name: string): string | undefined {
  const m = new RegExp(`<${name}>([^<]*)</${name}>`).exec(xml);
  return m === null ? undefined : unescapeXml(m[1]!);
}

function unescapeXml(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (_, e: string) =>
    e === "lt" ? "<" : e === "gt" ? ">" : e === "amp" ? "&" : e === "quot" ? '"' : e === "apos" ? "'" : String.fromCodePoint(e[1] === "x" ? parseInt(e.slice(2), 16) : Number(e.slice(1))),
  );
}
