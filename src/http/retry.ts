/**
 * Which failures are retried, and how long to wait before the next attempt.
 */
import {
  AbortError,
  ApiError,
  ConnectionError,
  QueryTooLargeError,
  TimeoutError,
} from "../errors";

/** Statuses worth another attempt: the request was fine, the service was not (or asked us to wait). */
export const RETRYABLE_STATUSES: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504]);

/** Socket error codes of a failed TLS verification: retrying cannot help, the CA must be fixed. */
const TLS_CODES = new Set([
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "ERR_TLS_CERT_ALTNAME_INVALID",
  "CERT_NOT_YET_VALID",
]);

/** True when `code` is a TLS verification failure. */
export function isTlsFailure(code: unknown): boolean {
  return typeof code === "string" && TLS_CODES.has(code);
}

/** Whether a typed error may be retried. Aborts, client errors and parse errors never are. */
export function isRetryable(err: unknown): boolean {
  if (err instanceof AbortError) return false;
  if (err instanceof QueryTooLargeError) return false;
  if (err instanceof ApiError) return RETRYABLE_STATUSES.has(err.status);
  if (err instanceof TimeoutError) return err.which === "attempt";
  if (err instanceof ConnectionError) {
    const cause = err.cause as { code?: unknown } | undefined;
    return !isTlsFailure(cause?.code);
  }
  return false;
}

/** A `Retry-After` longer than this (a day) is read as this; the wait itself is capped by `maxRetryDelayMs`. */
export const MAX_RETRY_AFTER_MS = 86_400_000;

const MONTH = "(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)";
/** The three HTTP-date forms of RFC 9110 (IMF-fixdate, RFC 850, asctime); nothing else is read as a date. */
const HTTP_DATE = [
  new RegExp(`^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \\d{2} ${MONTH} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT$`),
  new RegExp(`^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \\d{2}-${MONTH}-\\d{2} \\d{2}:\\d{2}:\\d{2} GMT$`),
  new RegExp(`^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) ${MONTH} [ \\d]\\d \\d{2}:\\d{2}:\\d{2} \\d{4}$`),
];

/**
 * Parses a `Retry-After` header (delay seconds, or an HTTP date) into milliseconds from `now`.
 * Undefined when absent or unreadable: a negative number (`-5`), a fraction with a sign, or any text
 * that is not one of the HTTP-date forms (JavaScript's `Date.parse` would read `-5` as a date in 2001).
 * A date in the past is also undefined: it tells of a skewed clock, not of a wish to be hammered, so the
 * normal backoff applies. Huge values are read as `MAX_RETRY_AFTER_MS` (one day). Never negative.
 */
export function parseRetryAfter(header: string | undefined, now: number): number | undefined {
  if (header === undefined) return undefined;
  const text = header.trim();
  if (text === "") return undefined;
  if (/^\d+(\.\d+)?$/.test(text)) return Math.min(MAX_RETRY_AFTER_MS, Math.round(Number(text) * 1000));
  const form = HTTP_DATE.findIndex((f) => f.test(text));
  if (form < 0) return undefined;
  // asctime has no zone and means GMT; Date.parse would read it in local time.
  const at = Date.parse(form === 2 ? `${text} GMT` : text);
  if (Number.isNaN(at) || at <= now) return undefined;
  return Math.min(MAX_RETRY_AFTER_MS, at - now);
}

/**
 * Delay before retry number `retry` (0 for the first retry): exponential from `baseMs`, with equal
 * jitter (half fixed, half random) so that parallel clients spread out yet always back off; capped
 * at `maxMs`. A `Retry-After` the service sent wins, also capped at `maxMs`.
 */
export function backoffDelay(
  retry: number,
  opts: { baseMs: number; maxMs: number; random: () => number; retryAfterMs?: number },
): number {
  if (opts.retryAfterMs !== undefined) return Math.min(opts.maxMs, opts.retryAfterMs);
  const exp = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.min(retry, 30));
  const half = exp / 2;
  return Math.round(Math.min(opts.maxMs, half + opts.random() * half));
}

/** The backoff of a 429 without `Retry-After` starts at this multiple of `retryBaseDelayMs` (2 s by default). */
export const RATE_LIMIT_BASE_FACTOR = 4;
