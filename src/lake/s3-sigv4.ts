/**
 * AWS Signature Version 4 for requests to S3-compatible storage: the canonical request, the string to
 * sign, the derived signing key and the `Authorization` header, written from AWS's published
 * description (https://docs.aws.amazon.com/general/latest/gr/signature-v4-test-suite.html) with
 * node:crypto. The secret key is only ever an HMAC key here: it is never put in a string that leaves.
 */
import { createHash, createHmac } from "node:crypto";

/** The credentials a request is signed with. */
export interface AwsCredentials {
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** A temporary credential's session token (sent as `x-amz-security-token`). */
  readonly sessionToken?: string;
}

/** A request to sign: the headers are sent as given, with `x-amz-date` (and the token) added by {@link signRequest}. */
export interface SigningRequest {
  readonly method: string;
  /** The path as sent (already percent-encoded, `/bucket/key`). */
  readonly path: string;
  /** Query parameters, unencoded. */
  readonly query?: Readonly<Record<string, string>>;
  /** Header names in any case; `host` is required. */
  readonly headers: Readonly<Record<string, string>>;
  /** The payload's SHA-256 hex, or `UNSIGNED-PAYLOAD`. */
  readonly payloadHash: string;
}

/** SHA-256 hex of `data`. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** `20150830T123600Z` of an instant. */
export function amzDate(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** RFC 3986 percent-encoding as SigV4 wants it (every byte but `A-Za-z0-9-._~`; `/` kept when `keepSlash`). */
export function uriEncode(text: string, keepSlash = false): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(c) || (keepSlash && c === "/")) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** The query string in canonical order (by encoded name, then value), each part encoded. */
export function canonicalQuery(query: Readonly<Record<string, string>> = {}): string {
  return Object.entries(query)
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join("&");
}

/** The canonical request and the signed-headers list of `req` (headers lower-cased, values trimmed, runs of spaces folded). */
export function canonicalRequest(req: SigningRequest): { text: string; signedHeaders: string } {
  const headers = new Map<string, string>();
  for (const [name, value] of Object.entries(req.headers)) {
    const key = name.toLowerCase();
    const v = value.trim().replace(/\s+/g, " ");
    headers.set(key, headers.has(key) ? `${headers.get(key)},${v}` : v);
  }
  const names = [...headers.keys()].sort();
  const signedHeaders = names.join(";");
  const text = [req.method.toUpperCase(), req.path, canonicalQuery(req.query), names.map((n) => `${n}:${headers.get(n)}\n`).join(""), signedHeaders, req.payloadHash].join("\n");
  return { text, signedHeaders };
}

/** The signing key of a day, region and service. */
export function signingKey(secretAccessKey: string, day: string, region: string, service: string): Buffer {
  const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data, "utf8").digest();
  return hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), service), "aws4_request");
}

/**
 * The `Authorization` header of `req` signed at `date` (`YYYYMMDDTHHMMSSZ`, also the `x-amz-date` header,
 * which the caller must include in `req.headers`).
 */
export function authorizationHeader(req: SigningRequest, credentials: AwsCredentials, region: string, service: string, date: string): string {
  const day = date.slice(0, 8);
  const scope = `${day}/${region}/${service}/aws4_request`;
  const { text, signedHeaders } = canonicalRequest(req);
  const toSign = ["AWS4-HMAC-SHA256", date, scope, sha256Hex(text)].join("\n");
  const signature = createHmac("sha256", signingKey(credentials.secretAccessKey, day, region, service)).update(toSign, "utf8").digest("hex");
  return `AWS4-HMAC-SHA256 Credential=${credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
}

/**
 * The headers to send for `req`: its own, plus `x-amz-date`, `x-amz-content-sha256`, the session
 * token when there is one, and `authorization`.
 */
export function signRequest(req: SigningRequest, credentials: AwsCredentials, region: string, service: string, nowMs: number): Record<string, string> {
  const date = amzDate(nowMs);
  const headers: Record<string, string> = { ...req.headers, "x-amz-date": date, "x-amz-content-sha256": req.payloadHash };
  if (credentials.sessionToken !== undefined && credentials.sessionToken !== "") headers["x-amz-security-token"] = credentials.sessionToken;
  headers.authorization = authorizationHeader({ ...req, headers }, credentials, region, service, date);
  return headers;
}
