/**
 * The error hierarchy of gasframes. Every failure a user can see is one of these classes, each with a
 * stable `code`. None of them ever carries the access token: messages, URLs and bodies are passed
 * through {@link redact} before they are stored.
 */

/** Secrets registered here are replaced by `***` in every error message, URL and body excerpt. */
const secrets = new Set<string>();
/** Each secret as it may appear in text: raw, JSON-escaped, percent-encoded, form-encoded. */
let forms: string[] = [];

/** What a masked secret (or a masked piece of one) is replaced by. */
export const MASK = "***";

/**
 * A run of at least this many characters of a secret, and at least half of it, is masked wherever it
 * appears (or the whole secret, when it is shorter). A cut we do not control (a snippet, an excerpt) can
 * leave any piece of the token; no text is likely to hold that much of a random token by chance, and
 * the half keeps a token made of words (`gasframes-sandbox-token`) from masking one of those words.
 */
const MIN_PIECE = 8;
/**
 * A prefix of a secret at the end of a text or before a double quote (or a suffix at its start or after
 * one) is masked from this length: shorter pieces there are too often ordinary text.
 */
const MIN_END_PIECE = 4;
/** A cut marker: an ellipsis, optionally after (or before) the closing quote of a V8 JSON.parse snippet. */
const CUT_AFTER = /"?(?:\.\.\.|\u2026)/g;
const CUT_BEFORE = /(?:\.\.\.|\u2026)"?/g;

/**
 * Registers a secret (the access token) so that no error text can ever contain it.
 * Called by the transport when a token is configured; safe to call repeatedly.
 */
export function registerSecret(secret: string | undefined): void {
  if (!secret || secret.length < 4 || secrets.has(secret)) return;
  secrets.add(secret);
  const all = new Set(forms);
  all.add(secret);
  all.add(JSON.stringify(secret).slice(1, -1));
  try {
    all.add(encodeURIComponent(secret));
  } catch {
    // A lone surrogate cannot be percent-encoded; such a token is refused by the configuration anyway.
  }
  all.add(new URLSearchParams({ k: secret }).toString().slice(2));
  forms = [...all];
}

/**
 * Forgets every registered secret. For the test suite only (not exported by the package): test files
 * that share one process (vitest.config.ts) start each from an empty registry, as a process of their own
 * would, so a token one file registered cannot mask text another file asserts. A program never needs
 * it: forgetting a token would let it into error text again.
 */
export function forgetSecretsForTests(): void {
  secrets.clear();
  forms = [];
}

/**
 * Replaces every registered secret in `text` by `***`, and also every piece of one that a cut may have
 * left: any run of its characters at least 8 long and at least half its length; a prefix of it (of any
 * length) just before an ellipsis (`...`, `…`, or V8's `"...`) and a suffix of it just after one; a
 * prefix of 4 or more characters at the end of the text or before a double quote, and a suffix of 4 or
 * more at its start or after a double quote. Apply it BEFORE cutting text (see
 * {@link clip}); it is also applied to every error message, so a snippet cut by someone else (V8's
 * JSON.parse message) is cleaned too.
 */
export function redact(text: string): string {
  if (forms.length === 0 || text.length === 0) return text;
  const hide = new Uint8Array(text.length);
  let any = false;
  for (const form of forms) any = markPieces(text, form, hide) || any;
  if (!any) return text;
  let out = "";
  for (let i = 0; i < text.length; ) {
    if (hide[i] === 1) {
      out += MASK;
      while (i < text.length && hide[i] === 1) i++;
    } else {
      const start = i;
      while (i < text.length && hide[i] !== 1) i++;
      out += text.slice(start, i);
    }
  }
  return out;
}

/**
 * `text` masked by {@link redact}, then, when longer than `max` characters, cut to `max` characters
 * of which the last three are `...`. Masking first means a cut can never leave a piece of the token.
 */
export function clip(text: string, max: number): string {
  const masked = redact(text);
  return masked.length > max ? `${masked.slice(0, Math.max(0, max - 3))}...` : masked;
}

/** Marks in `hide` the characters of `text` that are (a piece of) `secret`; true when any were marked. */
function markPieces(text: string, secret: string, hide: Uint8Array): boolean {
  const n = secret.length;
  let any = false;
  const mark = (from: number, to: number): void => {
    hide.fill(1, from, to);
    any = true;
  };
  // Any long enough run of the secret's characters (the whole secret included).
  const minPiece = Math.min(n, Math.max(MIN_PIECE, Math.ceil(n / 2)));
  for (let i = 0; i + minPiece <= text.length; i++) {
    let best = 0;
    for (let j = secret.indexOf(text[i]!); j !== -1 && n - j > best; j = secret.indexOf(text[i]!, j + 1)) {
      let k = 1;
      while (i + k < text.length && j + k < n && text[i + k] === secret[j + k]) k++;
      if (k > best) best = k;
    }
    if (best >= minPiece) mark(i, i + best);
  }
  // A prefix ending where the text was cut, a suffix starting there.
  const prefixBefore = (end: number, min: number): void => {
    for (let k = Math.min(n - 1, end); k >= min; k--) {
      if (text.startsWith(secret.slice(0, k), end - k)) return mark(end - k, end);
    }
  };
  const suffixAfter = (start: number, min: number): void => {
    for (let k = Math.min(n - 1, text.length - start); k >= min; k--) {
      if (text.startsWith(secret.slice(n - k), start)) return mark(start, start + k);
    }
  };
  prefixBefore(text.length, MIN_END_PIECE);
  suffixAfter(0, MIN_END_PIECE);
  // A quoted snippet (V8's JSON.parse message quotes its piece of the body) may be cut at either quote.
  for (let q = text.indexOf('"'); q !== -1; q = text.indexOf('"', q + 1)) {
    prefixBefore(q, MIN_END_PIECE);
    suffixAfter(q + 1, MIN_END_PIECE);
  }
  if (text.includes("...") || text.includes("\u2026")) {
    for (const m of text.matchAll(CUT_AFTER)) prefixBefore(m.index ?? 0, 1);
    for (const m of text.matchAll(CUT_BEFORE)) suffixAfter((m.index ?? 0) + m[0].length, 1);
  }
  return any;
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

/**
 * `value` with every registered secret masked (see {@link redact}), also inside lists and objects (a
 * polygon, an unknown parameter's object). Returns `value` itself when nothing needed masking.
 */
export function redactValue(value: unknown): unknown {
  try {
    return redactIn(value, 0);
  } catch {
    // A Proxy whose traps throw, or a getter that throws: the refusal must not become a crash of its own.
    return "(a value that cannot be shown)";
  }
}

/** Deeper than this is a cycle or hostile nesting: shown as a note, never walked further. */
const MAX_VALUE_DEPTH = 64;

function redactIn(value: unknown, depth: number): unknown {
  if (typeof value === "string") return redact(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_VALUE_DEPTH) return "(a value that cannot be shown)";
  if (Array.isArray(value)) {
    let changed = false;
    const out = value.map((v: unknown) => {
      const r = redactIn(v, depth + 1);
      if (r !== v) changed = true;
      return r;
    });
    return changed ? out : value;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (proto !== Object.prototype && proto !== null) {
    // Not plain data (a Date, a Map): shown by its JSON form, masked.
    let text: string | undefined;
    try {
      text = JSON.stringify(value);
    } catch {
      return "(a value that cannot be shown)";
    }
    if (text === undefined) return value;
    const masked = redact(text);
    return masked === text ? value : masked;
  }
  let changed = false;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const key = redact(k);
    const r = redactIn(v, depth + 1);
    if (key !== k || r !== v) changed = true;
    // defineProperty keeps a member named __proto__ an own member, as JSON.parse does.
    Object.defineProperty(out, key, { value: r, enumerable: true, writable: true, configurable: true });
  }
  return changed ? out : value;
}

function formatIssue(issue: ParamIssue): string {
  const value = issue.value === undefined ? "" : ` = ${safeJson(issue.value)}`;
  const hint = issue.suggestion === undefined ? "" : ` (did you mean "${issue.suggestion}"?)`;
  return `${issue.param}${value}: expected ${issue.expected}${hint}`;
}

function safeJson(value: unknown): string {
  try {
    const text = JSON.stringify(value);
    return clip(text === undefined ? String(value) : text, 120);
  } catch {
    // JSON.stringify throws on BigInt, cycles and very deep nesting; String() overflows on the same
    // nesting, and the message of a refusal must never become a crash of its own.
    try {
      return clip(String(value), 120);
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

/** Why a cache entry was refused: see {@link CacheCorruptError}. */
export type CacheCorruptReason = "length" | "checksum" | "unverifiable" | "mismatch" | "outside" | "unreadable";

/**
 * A recorded cache entry cannot be trusted: its body does not have the recorded length or SHA-256
 * (`length`, `checksum`), it was recorded without a checksum or without the request it answers by an
 * older gasframes (`unverifiable`), it answers another request than the one asked (`mismatch`: its
 * files were exchanged or copied under another name), one of its files is a link to somewhere outside the cache folder (`outside`), or it cannot be read
 * (`unreadable`). `file` is the entry's file. In `readwrite` mode a damaged or unverifiable entry is
 * fetched again instead; `replay` raises this.
 */
export class CacheCorruptError extends GasframesError {
  override readonly code: string = "CACHE_CORRUPT";
  readonly reason: CacheCorruptReason;
  readonly file: string;

  constructor(message: string, details: GasframesErrorOptions & { reason: CacheCorruptReason; file: string }) {
    super(message, details);
    this.reason = details.reason;
    this.file = redact(details.file);
  }
}

/** Data handed to an analysis or chart function does not have what it needs (a missing column, mixed units). */
export class DataError extends GasframesError {
  override readonly code: string = "DATA";
}

/** Who holds a lake dataset's write lock (`<dataset>/_lock`). */
export interface LakeLockHolder {
  readonly pid: number;
  readonly host: string;
  /** ISO 8601 UTC time the holder took the lock. */
  readonly since: string;
}

/**
 * Another sync holds the dataset's write lock (or committed the version this one was about to): one
 * writer per dataset folder. `holder` names it. A lock left by a dead process on this host is taken
 * over, never reported.
 */
export class LakeLockedError extends GasframesError {
  override readonly code: string = "LAKE_LOCKED";
  readonly dir: string;
  readonly holder?: LakeLockHolder;

  constructor(message: string, details: GasframesErrorOptions & { dir: string; holder?: LakeLockHolder }) {
    super(message, details);
    this.dir = redact(details.dir);
    if (details.holder !== undefined) this.holder = details.holder;
  }
}

/** Why a lake file was refused: see {@link LakeIntegrityError}. */
export type LakeIntegrityReason = "missing" | "not-a-file" | "size" | "checksum" | "symlink" | "log";

/**
 * A lake's file is not what its committed snapshot recorded: gone (`missing`), a folder or device in
 * its place (`not-a-file`), another length (`size`) or other bytes (`checksum`); a month folder is a
 * link (`symlink`: a sync never writes through one); or a commit of the log is damaged (`log`).
 */
export class LakeIntegrityError extends GasframesError {
  override readonly code: string = "LAKE_INTEGRITY";
  readonly reason: LakeIntegrityReason;
  readonly file: string;

  constructor(message: string, details: GasframesErrorOptions & { reason: LakeIntegrityReason; file: string }) {
    super(message, details);
    this.reason = details.reason;
    this.file = redact(details.file);
  }
}

/** The file system refused a lake operation (`EACCES`, `EPERM`, `ENOTDIR`, `EISDIR`, `ENOSPC`...). */
export class LakeIoError extends GasframesError {
  override readonly code: string = "LAKE_IO";
  /** The system's error code (`EACCES`). */
  readonly errno: string;
  readonly path: string;

  constructor(message: string, details: GasframesErrorOptions & { errno: string; path: string }) {
    super(message, details);
    this.errno = details.errno;
    this.path = redact(details.path);
  }
}

/**
 * Object storage (an `s3://` lake) refused an operation or answered what no S3 server answers: `errno`
 * is S3's error code (`AccessDenied`, `SignatureDoesNotMatch`, `NoSuchBucket`) or, for an answer that is
 * not S3's, `BadResponse` (not XML, a size beyond the limit, a body shorter than its length), `Network`
 * or `Timeout`; `status` is the HTTP status where there was one; `path` is the object's `s3://` address.
 * A LakeIoError, so code that handles a refused disk handles a refused bucket too. Never holds a credential.
 */
export class LakeRemoteError extends LakeIoError {
  override readonly code: string = "LAKE_REMOTE";
  readonly status?: number;

  constructor(message: string, details: GasframesErrorOptions & { errno: string; path: string; status?: number }) {
    super(message, details);
    if (details.status !== undefined) this.status = details.status;
  }
}

/**
 * The service answered a month's request with a row dated outside that month (a date bound one day
 * off, or a filter ignored). Nothing of the month is written.
 */
export class RowOutsideMonthError extends DataError {
  override readonly code: string = "ROW_OUTSIDE_MONTH";
  readonly month: string;
  readonly field: string;
  readonly value: unknown;

  constructor(message: string, details: GasframesErrorOptions & { month: string; field: string; value: unknown }) {
    super(message, details);
    this.month = details.month;
    this.field = details.field;
    this.value = details.value;
  }
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
