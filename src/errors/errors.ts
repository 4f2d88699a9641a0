/**
 * The error hierarchy of gasframes. Every failure a user can see is one of these classes, each with a
 * stable `code`. None of them ever carries the access token: messages, URLs and bodies are passed
 * through {@link redact} before they are stored.
 */

/** Secrets registered here are replaced by `***` in every error message, URL and body excerpt. */
const secrets = new Set<string>();

/**
 * Registers a secret (the access token) so that no error text can ever contain it.
 * Called by the transport when a token is configured; safe to call repeatedly.
 */
export function registerSecret(secret: string | undefined): void {
  if (secret && secret.length >= 4) secrets.add(secret);
}

/** Replaces every registered secret in `text` by `***`. */
export function redact(text: string): string {
  let out = text;
  for (const s of secrets) {
    if (out.includes(s)) out = out.split(s).join("***");
  }
  return out;
}

export interface GasframesErrorOptions {
  /** The error that started this one. */
  cause?: unknown;
}

/** Base class of every gasframes error. `code` is stable across releases; match on it, not on text. */
export class GasframesError extends Error {
  readonly code: string = "GASFRAMES_ERROR";

  constructor(message: string, options: GasframesErrorOptions = {}) {
    super(redact(message), options.cause === undefined ? undefined : { cause: sanitizeCause(options.cause) });
    this.name = new.target.name;
  }

  /** JSON form for logs: name, code, message and the class's own fields; never the token. */
  toJSON(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, code: this.code, message: this.message };
    for (const [k, v] of Object.entries(this)) {
      if (k === "cause") continue;
      out[k] = typeof v === "string" ? redact(v) : v;
    }
    if (this.cause !== undefined) out.cause = String(this.cause);
    return out;
  }
}

/** A cause is kept, but a plain error's message is redacted so that inspecting the chain is safe. */
function sanitizeCause(cause: unknown): unknown {
  if (cause instanceof GasframesError) return cause;
  if (cause instanceof Error) {
    const text = redact(cause.message);
    if (text !== cause.message) {
      const copy = new Error(text);
      copy.name = cause.name;
      (copy as Error & { code?: unknown }).code = (cause as Error & { code?: unknown }).code;
      return copy;
    }
    return cause;
  }
  if (typeof cause === "string") return redact(cause);
  return cause;
}

/** Details of the HTTP exchange that failed. */
export interface ApiErrorDetails extends GasframesErrorOptions {
  status: number;
  method: string;
  /** The request URL; never carries the token (the token travels in a header). */
  url: string;
  /** The service's `error` message when the body had one. */
  serviceMessage?: string;
  /** The request id when a response header carried one. */
  requestId?: string;
  /** The first bytes of a non-JSON body (an HTML 502 page, say), for diagnosis. */
  bodyExcerpt?: string;
}

/** The service answered with a non-2xx status. */
export class ApiError extends GasframesError {
  override readonly code: string = "API_ERROR";
  readonly status: number;
  readonly method: string;
  readonly url: string;
  readonly serviceMessage?: string;
  readonly requestId?: string;
  readonly bodyExcerpt?: string;

  constructor(message: string, details: ApiErrorDetails) {
    super(message, details);
    this.status = details.status;
    this.method = details.method;
    this.url = redact(details.url);
    if (details.serviceMessage !== undefined) this.serviceMessage = redact(details.serviceMessage);
    if (details.requestId !== undefined) this.requestId = redact(details.requestId);
    if (details.bodyExcerpt !== undefined) this.bodyExcerpt = redact(details.bodyExcerpt);
  }
}

/** 400 or 422: the service refused the request as malformed. */
export class BadRequestError extends ApiError {
  override readonly code: string = "BAD_REQUEST";
}

/** 401, or no token configured (then `status` is 0 and no request was sent). */
export class AuthenticationError extends ApiError {
  override readonly code: string = "AUTHENTICATION";
}

/** 403: the token is valid but not allowed this endpoint. */
export class PermissionDeniedError extends ApiError {
  override readonly code: string = "PERMISSION_DENIED";
}

/** 404: no such endpoint at this base URL. */
export class NotFoundError extends ApiError {
  override readonly code: string = "NOT_FOUND";
}

/** 429: rate limited. `retryAfter` is the wait the service asked for, in seconds, when it said one. */
export class RateLimitError extends ApiError {
  override readonly code: string = "RATE_LIMITED";
  readonly retryAfter?: number;

  constructor(message: string, details: ApiErrorDetails & { retryAfter?: number }) {
    super(message, details);
    if (details.retryAfter !== undefined) this.retryAfter = details.retryAfter;
  }
}

/** 5xx (and 408): the service failed. */
export class ServerError extends ApiError {
  override readonly code: string = "SERVER_ERROR";
}

/**
 * The service refused a query matching more than 1,000,000 rows
 * (productionbycountyandoperator, shorttermforecasthistory). `narrowWith` names filters that cut it down.
 */
export class QueryTooLargeError extends ApiError {
  override readonly code: string = "QUERY_TOO_LARGE";
  readonly narrowWith: readonly string[];

  constructor(message: string, details: ApiErrorDetails & { narrowWith?: readonly string[] }) {
    super(message, details);
    this.narrowWith = details.narrowWith ?? [];
  }
}

/** The connection failed (refused, reset, closed mid-body). `cause` holds the socket error. */
export class ConnectionError extends GasframesError {
  override readonly code: string = "CONNECTION";
  readonly method?: string;
  readonly url?: string;

  constructor(message: string, details: GasframesErrorOptions & { method?: string; url?: string } = {}) {
    super(message, details);
    if (details.method !== undefined) this.method = details.method;
    if (details.url !== undefined) this.url = redact(details.url);
  }
}

/** An attempt exceeded its time-out, or the whole call exceeded its deadline (`which`). */
export class TimeoutError extends GasframesError {
  override readonly code: string = "TIMEOUT";
  readonly which: "attempt" | "deadline";
  readonly timeoutMs: number;

  constructor(message: string, details: GasframesErrorOptions & { which: "attempt" | "deadline"; timeoutMs: number }) {
    super(message, details);
    this.which = details.which;
    this.timeoutMs = details.timeoutMs;
  }
}

/** The caller's AbortSignal fired. Never retried. */
export class AbortError extends GasframesError {
  override readonly code: string = "ABORTED";
}

/** The body could not be read as what it claimed to be (truncated, malformed). `status` is kept. */
export class ResponseParseError extends GasframesError {
  override readonly code: string = "RESPONSE_PARSE";
  readonly status?: number;
  readonly url?: string;

  constructor(message: string, details: GasframesErrorOptions & { status?: number; url?: string } = {}) {
    super(message, details);
    if (details.status !== undefined) this.status = details.status;
    if (details.url !== undefined) this.url = redact(details.url);
  }
}

/** One problem with one parameter. */
export interface ParamIssue {
  /** The parameter's name as the user wrote it (`sub_regoin`), or a path into it (`origin_polygons[0][1]`). */
  param: string;
  /** The offending value, as given. */
  value?: unknown;
  /** What was expected, in words. */
  expected: string;
  /** The closest valid name or value, where there is one. */
  suggestion?: string;
}

/** The user's parameters are invalid. Raised before any request is sent. */
export class InvalidParamsError extends GasframesError {
  override readonly code: string = "INVALID_PARAMS";
  readonly endpoint: string;
  readonly issues: readonly ParamIssue[];

  constructor(endpoint: string, issues: readonly ParamIssue[]) {
    super(`${endpoint}: ${issues.map(formatIssue).join("; ")}`);
    this.endpoint = endpoint;
    this.issues = issues.map(redactIssue);
  }
}

/** A token pasted into a parameter (as a value or a name) stays out of the issues, as it does out of the message. */
function redactIssue(issue: ParamIssue): ParamIssue {
  const out: ParamIssue = { ...issue, param: redact(issue.param), expected: redact(issue.expected) };
  if ("value" in issue) out.value = redactValue(issue.value);
  if (issue.suggestion !== undefined) out.suggestion = redact(issue.suggestion);
  return out;
}

/** A value with every registered secret masked, also inside lists and objects (a polygon, an unknown parameter's object). */
function redactValue(value: unknown): unknown {
  if (typeof value === "string") return redact(value);
  if (value === null || typeof value !== "object") return value;
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch {
    return "(a value that cannot be shown)";
  }
  if (text === undefined) return value;
  const masked = redact(text);
  if (masked === text) return value;
  try {
    return JSON.parse(masked) as unknown;
  } catch {
    // The secret spanned JSON syntax (quotes, commas): the masked text no longer parses; keep it as text.
    return masked;
  }
}

function formatIssue(issue: ParamIssue): string {
  const value = issue.value === undefined ? "" : ` = ${safeJson(issue.value)}`;
  const hint = issue.suggestion === undefined ? "" : ` (did you mean "${issue.suggestion}"?)`;
  return `${issue.param}${value}: expected ${issue.expected}${hint}`;
}

function safeJson(value: unknown): string {
  try {
    const text = JSON.stringify(value);
    if (text === undefined) return String(value);
    return text.length > 120 ? `${text.slice(0, 117)}...` : text;
  } catch {
    // JSON.stringify throws on BigInt, cycles and very deep nesting; String() overflows on the same
    // nesting, and the message of a refusal must never become a crash of its own.
    try {
      const text = String(value);
      return text.length > 120 ? `${text.slice(0, 117)}...` : text;
    } catch {
      return Array.isArray(value) ? "(an array nested too deeply to print)" : `(a value of type ${typeof value})`;
    }
  }
}

/** Pages did not add up: a short, overlapping or changing page, or rows != total_count. */
export class PaginationError extends GasframesError {
  override readonly code: string = "PAGINATION";
  readonly url?: string;

  constructor(message: string, details: GasframesErrorOptions & { url?: string } = {}) {
    super(message, details);
    if (details.url !== undefined) this.url = redact(details.url);
  }
}

/** A legacy job-based response whose job state says it failed. */
export class JobFailedError extends GasframesError {
  override readonly code: string = "JOB_FAILED";
  readonly jobId?: string;
  readonly state?: string;

  constructor(message: string, details: GasframesErrorOptions & { jobId?: string; state?: string } = {}) {
    super(message, details);
    if (details.jobId !== undefined) this.jobId = details.jobId;
    if (details.state !== undefined) this.state = details.state;
  }
}

/** Replay mode found no cached response for a request. */
export class CacheMissError extends GasframesError {
  override readonly code: string = "CACHE_MISS";
}

/** Data handed to an analysis or chart function does not have what it needs (a missing column, mixed units). */
export class DataError extends GasframesError {
  override readonly code: string = "DATA";
}

/**
 * Maps an HTTP error status to its error class. The single place where statuses become classes.
 */
export function errorForStatus(message: string, details: ApiErrorDetails & { retryAfter?: number }): ApiError {
  const { status } = details;
  if (status === 400 || status === 422) return new BadRequestError(message, details);
  if (status === 401) return new AuthenticationError(message, details);
  if (status === 403) return new PermissionDeniedError(message, details);
  if (status === 404) return new NotFoundError(message, details);
  if (status === 429) return new RateLimitError(message, details);
  if (status === 408 || status >= 500) return new ServerError(message, details);
  return new ApiError(message, details);
}
