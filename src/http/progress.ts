/**
 * Download progress: the share done and the time left where a total is known (records or pages the
 * service announced, else an uncompressed body's Content-Length), pages and rows, bytes and rate. Shown as one notebook display
 * updated in place under tslab or Deno's kernel, as one rewritten stderr line on a terminal, and not at all when
 * stderr is not a TTY, under `CI`, or with `progress: false`.
 */
import { describeRateLimit, type RateLimit } from "./rate-pacer";
import type { ProgressSink, ProgressUpdate } from "./types";

/** Automatic displays wait this long before showing anything, so quick calls stay quiet. */
const SHOW_AFTER_MS = 1000;
/** Automatic displays redraw at most this often. */
const REDRAW_MS = 250;

/** Below this time taken, no time left is estimated: the first moments' rate says little. */
const ETA_AFTER_MS = 1000;

/**
 * One line of text describing `p`: `gasframes volumeFlows: 45%, 12.1 MB of 26.8 MB, 2.1 MB/s, about 7 s
 * left`. Without any total, the bytes and the rate only (no share, no time left).
 */
export function formatProgress(p: ProgressUpdate): string {
  const parts: string[] = [];
  if (p.fraction !== undefined) parts.push(`${Math.floor(p.fraction * 100)}%`);
  // Records and batches are counted as they are decoded: before the first one, "0 batches, 0 rows"
  // would only say that nothing is decoded yet.
  if (p.pages > 0 || p.rows > 0 || p.totalPages !== undefined || p.totalRows !== undefined) {
    parts.push(p.totalPages !== undefined ? `page ${p.pages}/${p.totalPages}` : `${p.pages} ${p.pages === 1 ? "batch" : "batches"}`);
    parts.push(p.totalRows !== undefined ? `${fmtInt(p.rows)}/${fmtInt(p.totalRows)} rows` : `${fmtInt(p.rows)} rows`);
  }
  parts.push(p.totalBytes !== undefined && p.totalRows === undefined && p.totalPages === undefined ? `${fmtBytes(p.bytes)} of ${fmtBytes(p.totalBytes)}` : fmtBytes(p.bytes));
  parts.push(`${fmtBytes(p.rateBytesPerSec)}/s`);
  if (p.etaMs !== undefined) parts.push(`about ${fmtSeconds(p.etaMs)} left`);
  let line = `gasframes ${p.endpoint}: ${parts.join(", ")}`;
  if (p.throttled !== undefined) {
    const t = p.throttled;
    const pace = t.concurrency !== undefined ? `${t.concurrency} ${t.concurrency === 1 ? "page" : "pages"} at a time, ` : "";
    line += `, throttled: ${pace}waited ${fmtSeconds(t.waitedMs)}`;
  }
  if (p.pacing !== undefined) line += `, pacing to the documented limit of ${describeRateLimit(p.pacing)}: waiting ${fmtSeconds(p.pacing.waitMs)}`;
  return line;
}

function fmtSeconds(ms: number): string {
  const s = ms / 1000;
  if (s < 10) return `${Number(s.toFixed(1))} s`;
  if (s < 120) return `${Math.round(s)} s`;
  return `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

function fmtInt(n: number): string {
  return n.toLocaleString("en-US");
}

function fmtBytes(n: number): string {
  if (n < 1024) return `${Math.round(n)} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} kB`;
  if (n < 1024 ** 3) return `${(n / 1024 ** 2).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

/** Columns assumed when the terminal does not say how wide it is. */
const DEFAULT_COLUMNS = 80;

/**
 * `line` shortened to at most `width` characters by eliding its middle (the endpoint at the start and
 * the latest counts at the end stay readable). Lines that fit are returned as they are.
 */
export function fitLine(line: string, width: number): string {
  const chars = Array.from(line);
  if (chars.length <= width) return line;
  if (width <= 1) return chars.slice(0, Math.max(0, width)).join("");
  const keep = width - 1;
  const head = Math.ceil(keep / 2);
  return `${chars.slice(0, head).join("")}…${chars.slice(chars.length - (keep - head)).join("")}`;
}

/**
 * A sink writing one `\r`-rewritten line to a terminal stream. On a TTY each line is cut to the stream's
 * width less one column (`columns`, default 80 when unknown): a line that wraps cannot be taken back by
 * `\r`, and every redraw would leave one more stacked line behind. A stream that is not a TTY (a file
 * or pipe, with `progress: true`) gets whole lines.
 */
export function terminalSink(stream: NodeJS.WritableStream & { isTTY?: boolean; columns?: number } = process.stderr): ProgressSink {
  let shown = false;
  return {
    update(p) {
      shown = true;
      const line = formatProgress(p);
      if (stream.isTTY !== true) {
        stream.write(`\r${line}\x1b[K`);
        return;
      }
      const columns = typeof stream.columns === "number" && stream.columns > 1 ? stream.columns : DEFAULT_COLUMNS;
      stream.write(`\r${fitLine(line, columns - 1)}\x1b[K`);
    },
    done() {
      if (shown) stream.write("\n");
    },
  };
}

/** A sink updating one notebook display entry in place (tslab's or Deno's). */
export function notebookSink(newDisplay: () => { text(s: string): void }): ProgressSink {
  let display: { text(s: string): void } | undefined;
  return {
    update(p) {
      try {
        display ??= newDisplay();
        display.text(formatProgress(p));
      } catch {
        // A display that cannot draw must never fail the download.
      }
    },
    done() {},
  };
}

/** Environment facts the automatic choice depends on (injectable for tests). */
export interface ProgressEnvironment {
  env: NodeJS.ProcessEnv;
  stderr: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  newDisplay?: () => { text(s: string): void };
}

/**
 * The sink for a `progress` option: `false` none, a sink itself, `true` a notebook display or a
 * terminal line, `undefined` (auto) the same but only on a TTY (or in a notebook) and never under CI.
 * Returns the sink and whether it is automatic (then quick calls stay quiet).
 */
export function chooseProgressSink(
  option: boolean | ProgressSink | undefined,
  environment: ProgressEnvironment = { env: process.env, stderr: process.stderr },
): { sink: ProgressSink; automatic: boolean } | undefined {
  if (option === false) return undefined;
  if (typeof option === "object" && option !== null) return { sink: option, automatic: false };
  const newDisplay = environment.newDisplay;
  if (option === undefined) {
    if (isCi(environment.env)) return undefined;
    if (newDisplay !== undefined) return { sink: notebookSink(newDisplay), automatic: true };
    if (environment.stderr.isTTY !== true) return undefined;
    return { sink: terminalSink(environment.stderr), automatic: true };
  }
  if (newDisplay !== undefined) return { sink: notebookSink(newDisplay), automatic: true };
  return { sink: terminalSink(environment.stderr), automatic: true };
}

function isCi(env: NodeJS.ProcessEnv): boolean {
  const v = env.CI;
  return v !== undefined && v !== "" && v !== "0" && v.toLowerCase() !== "false";
}

/** Counts one call's progress and forwards it to a sink, throttled for automatic sinks. */
export class ProgressTracker {
  pages = 0;
  rows = 0;
  bytes = 0;
  totalPages?: number;
  totalRows?: number;
  /** Bytes expected in all, from an uncompressed body's Content-Length (see {@link expectBody}). */
  totalBytes?: number;
  /** 429 answers to this call, and the time they made it wait (overlapping waits counted once). */
  private throttle?: { rateLimited: number; waitedMs: number; until: number; concurrency?: number };
  /** The current wait for a documented rate limit, until it ends (epoch ms). */
  private pacing?: { limit: RateLimit; until: number };
  /** The requests allowed on the wire now, for a paged call (it grows back after a 429). */
  concurrencyNow?: () => number;
  private lastDraw = -Infinity;
  private drawn = false;
  private finished = false;

  constructor(
    private readonly endpoint: string,
    private readonly clock: () => number,
    private readonly startedAt: number,
    private readonly sink?: { sink: ProgressSink; automatic: boolean },
  ) {}

  /** Adds received bytes. */
  addBytes(n: number): void {
    this.bytes += n;
    this.report(false);
  }

  /**
   * A response body of `length` bytes (an uncompressed body's Content-Length) starts now: the bytes
   * expected in all are those read so far (earlier pages and attempts) and these.
   */
  expectBody(length: number): void {
    if (Number.isSafeInteger(length) && length > 0) this.totalBytes = this.bytes + length;
  }

  /** Adds a finished page or batch of `rows` records. */
  addPage(rows: number): void {
    this.pages += 1;
    this.rows += rows;
    this.report(true);
  }

  /**
   * Counts a 429 that makes a request wait `waitMs`; shown at once, so a long wait is visible.
   * @param concurrency the requests now allowed on the wire, when the call is paged.
   */
  rateLimited(waitMs: number, concurrency?: number): void {
    const now = this.clock();
    const t = (this.throttle ??= { rateLimited: 0, waitedMs: 0, until: now });
    const end = now + Math.max(0, waitMs);
    t.rateLimited++;
    t.waitedMs += Math.max(0, end - Math.max(t.until, now));
    t.until = Math.max(t.until, end);
    if (concurrency !== undefined) t.concurrency = concurrency;
    this.report(true);
  }

  /**
   * A request waits `waitMs` for the endpoint's documented rate limit. A wait long enough to notice is
   * shown at once, even on an automatic display that is not showing yet: nothing else moves meanwhile.
   */
  paced(waitMs: number, limit: RateLimit): void {
    const now = this.clock();
    const until = now + Math.max(0, waitMs);
    if (this.pacing === undefined || this.pacing.until <= now || until > this.pacing.until) this.pacing = { limit, until };
    if (this.sink === undefined || this.finished) return;
    if (waitMs >= SHOW_AFTER_MS) this.draw(now);
    else this.report(true);
  }

  /** Ends the display (idempotent). */
  done(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.sink === undefined) return;
    if (this.drawn || !this.sink.automatic) this.draw(this.clock());
    try {
      this.sink.sink.done();
    } catch {
      // see draw()
    }
  }

  /** The share done: of the announced records, else pages, else bytes; undefined with no total. */
  private fraction(): number | undefined {
    const share = (done: number, total: number | undefined): number | undefined => (total !== undefined && total > 0 ? Math.min(1, done / total) : undefined);
    return share(this.rows, this.totalRows) ?? share(this.pages, this.totalPages) ?? share(this.bytes, this.totalBytes);
  }

  private report(pageDone: boolean): void {
    if (this.sink === undefined || this.finished) return;
    const now = this.clock();
    if (this.sink.automatic) {
      if (now - this.startedAt < SHOW_AFTER_MS || now - this.lastDraw < REDRAW_MS) return;
    } else if (!pageDone) {
      return;
    }
    this.draw(now);
  }

  private draw(now: number): void {
    if (this.sink === undefined) return;
    this.lastDraw = now;
    this.drawn = true;
    const seconds = Math.max(0.001, (now - this.startedAt) / 1000);
    const update: ProgressUpdate = {
      endpoint: this.endpoint,
      pages: this.pages,
      rows: this.rows,
      bytes: this.bytes,
      rateBytesPerSec: this.bytes / seconds,
    };
    if (this.totalPages !== undefined) update.totalPages = this.totalPages;
    if (this.totalRows !== undefined) update.totalRows = this.totalRows;
    if (this.totalBytes !== undefined) update.totalBytes = this.totalBytes;
    const fraction = this.fraction();
    if (fraction !== undefined) {
      update.fraction = fraction;
      const elapsedMs = now - this.startedAt;
      if (fraction > 0 && elapsedMs >= ETA_AFTER_MS) update.etaMs = fraction >= 1 ? 0 : (elapsedMs * (1 - fraction)) / fraction;
    }
    if (this.throttle !== undefined) {
      const t = this.throttle;
      const concurrency = this.concurrencyNow?.() ?? t.concurrency;
      update.throttled = { rateLimited: t.rateLimited, waitedMs: t.waitedMs, ...(concurrency !== undefined ? { concurrency } : {}) };
    }
    if (this.pacing !== undefined && this.pacing.until > now) {
      const { limit, until } = this.pacing;
      update.pacing = { requests: limit.requests, perMs: limit.perMs, waitMs: until - now };
    }
    try {
      this.sink.sink.update(update);
    } catch {
      // A broken progress sink must never fail the download it reports on.
    }
  }
}
