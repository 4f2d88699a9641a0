/**
 * Turns a failed exchange (a non-2xx answer, or a socket error) into the typed error a user sees.
 */
import { ApiError, ConnectionError, QueryTooLargeError, clip, errorForStatus, redact } from "../errors";
import { isTlsFailure, parseRetryAfter } from "./retry";

/** What is known of a non-2xx answer. */
export interface FailedResponse {
  status: number;
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** The first bytes of the body, decoded; undefined if it could not be read. */
  bodyText?: string;
  /** Filters that would narrow a too-large query. */
  narrowWith?: readonly string[];
  /** The header the request carried the token in (its name only), for the hint of a 401. */
  tokenHeader?: string;
  /** Epoch ms, to read a Retry-After date. */
  now: number;
}

const EXCERPT_CHARS = 300;

/** The wait a `Retry-After` header asked for, kept for every status (only 429 shows it as `retryAfter`). */
const retryAfterMsByError = new WeakMap<ApiError, number>();

/** Milliseconds the service asked to wait before retrying `err`, if it said. */
export function retryAfterMsOf(err: ApiError): number | undefined {
  return retryAfterMsByError.get(err);
}
const TOO_LARGE = /1[,._ ]?000[,._ ]?000|too many (rows|records)|too large/i;

/** The request id header the service sent, if any; a token echoed in it is replaced by `***` (it reaches meta, errors and the cache). */
export function requestIdOf(headers: Record<string, string | string[] | undefined>): string | undefined {
  const id = headerValue(headers, "x-request-id") ?? headerValue(headers, "request-id");
  return id === undefined ? undefined : redact(id);
}

/** A header's single value (first of several). */
export function headerValue(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

/** Builds the typed error of a non-2xx answer: its class by status, the service's message, request id, hints. */
export function errorFromResponse(res: FailedResponse): ApiError {
  const serviceMessage = serviceMessageOf(res.bodyText);
  const bodyExcerpt =
    serviceMessage === undefined && res.bodyText !== undefined && res.bodyText.trim() !== ""
      ? excerpt(res.bodyText)
      : undefined;
  const requestId = requestIdOf(res.headers);
  const retryAfterMs = parseRetryAfter(headerValue(res.headers, "retry-after"), res.now);
  const ok = res.status >= 200 && res.status < 300;
  // node:http is required here, on the first failed answer, so that require("gasframes") does not load it.
  const reason = `${(require("node:http") as typeof import("node:http")).STATUS_CODES[res.status] ?? "error"}${ok ? " with an error in its body" : ""}`;
  const said = serviceMessage ?? bodyExcerpt;
  const details = {
    status: res.status,
    method: res.method,
    url: res.url,
    ...(serviceMessage !== undefined ? { serviceMessage } : {}),
    ...(bodyExcerpt !== undefined ? { bodyExcerpt } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
    ...(retryAfterMs !== undefined ? { retryAfter: retryAfterMs / 1000 } : {}),
  };
  let message = `${res.method} ${res.url} answered ${res.status} ${reason}${said ? `: ${said}` : ""}`;
  // A 2xx body can carry the service's error too (some gateways answer 200 {"error": ...}).
  if ((res.status >= 400 || ok) && serviceMessage !== undefined && TOO_LARGE.test(serviceMessage)) {
    const narrowWith = res.narrowWith ?? [];
    message += narrowWith.length > 0 ? ` (narrow the query with: ${narrowWith.join(", ")})` : " (add filters to narrow the query)";
    return new QueryTooLargeError(message, { ...details, narrowWith });
  }
  message += hintFor(res.status, res.tokenHeader);
  if (requestId !== undefined) message += ` [request id ${requestId}]`;
  const error = errorForStatus(message, details);
  if (retryAfterMs !== undefined) retryAfterMsByError.set(error, retryAfterMs);
  return error;
}

function hintFor(status: number, tokenHeader: string | undefined): string {
  switch (status) {
    case 401: {
      const sent = tokenHeader === undefined ? "" : `it was sent in the header ${tokenHeader}; `;
      return ` (check the access token: { token } or GASFRAMES_TOKEN; ${sent}another header can be chosen with { tokenHeader })`;
    }
    case 403:
      return " (the token is valid but not allowed this endpoint)";
    case 404:
      return " (no such endpoint at this base URL: check { baseUrl } or the GASFRAMES_*_URL variable)";
    default:
      return "";
  }
}

/** Members an error body may have besides `error`. */
const ERROR_BODY_KEYS = new Set(["error", "error_description", "message", "detail", "code", "status", "request_id"]);

/**
 * Whether a parsed 2xx body (or one NDJSON line) is the service's `{"error": ...}` rather than data.
 * `strict`: every member must be one an error body has (`error`, `message`, `detail`, `code`,
 * `status`, ...), for places where a record could have an `error` field among others; otherwise an
 * `error` member is enough (for a body that is not the expected shape anyway).
 */
export function isServiceErrorBody(value: unknown, strict: boolean): boolean {
  if (value === null || typeof value !== "object" || Array.isArray(value)) return false;
  const o = value as Record<string, unknown>;
  const e = o.error;
  if (!Object.prototype.hasOwnProperty.call(o, "error") || e === null || e === false || e === "" || (typeof e !== "string" && typeof e !== "object")) return false;
  return !strict || Object.keys(o).every((k) => ERROR_BODY_KEYS.has(k));
}

/** The service's `{"error": "..."}` (or `message` / `detail`) text, if the body is such JSON. */
function serviceMessageOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed)) {
      const o = parsed as Record<string, unknown>;
      for (const key of ["error", "message", "detail"]) {
        const v = o[key];
        if (typeof v === "string") return v;
        if (v !== undefined && v !== null) return JSON.stringify(v);
      }
    }
  } catch {
    // not JSON: the caller keeps an excerpt instead
  }
  return undefined;
}

function excerpt(text: string): string {
  // Masked before it is cut, so a token echoed near the cut leaves no piece behind.
  return clip(text.replace(/\s+/g, " ").trim(), EXCERPT_CHARS + 3);
}

/** Builds the `ConnectionError` of a socket failure before or during the body. */
export function connectionErrorOf(
  err: unknown,
  ctx: { method: string; url: string; status?: number; bytesRead?: number },
): ConnectionError {
  const code = (err as { code?: unknown } | null)?.code;
  // gasframes' own client's errors (GF_HTTP_...) say what the server did; a socket's code says enough.
  const what =
    typeof code === "string" ? (code.startsWith("GF_HTTP_") && err instanceof Error ? err.message : code) : err instanceof Error ? err.message : String(err);
  let message: string;
  if (isTlsFailure(code)) {
    message =
      `${ctx.method} ${ctx.url}: TLS certificate verification failed (${what}). Verification cannot be ` +
      `turned off; pass a dispatcher that trusts your CA: new Agent({ connect: { ca } }) from undici`;
  } else if (ctx.status !== undefined) {
    message = `${ctx.method} ${ctx.url}: connection lost after ${ctx.bytesRead ?? 0} bytes of a ${ctx.status} response (${what})`;
  } else {
    message = `${ctx.method} ${ctx.url}: connection failed (${what})`;
  }
  return new ConnectionError(message, { cause: err, method: ctx.method, url: ctx.url });
}
