/**
 * v3 pagination: the first page tells `total_count` and `page_size`; the other pages are fetched
 * `concurrency` at a time and handed out in offset order. Every page is checked (offset echoed,
 * total and page size unchanged, exactly the rows expected); a bad page is fetched once more, then
 * it is a PaginationError. Rows are never dropped, doubled or reordered silently.
 */
import { PaginationError } from "../errors";
import type { Pagination } from "./envelope";

/** One page: its records (as an array, or as columns), how many, and the service's pagination object. */
export interface Page<T> {
  data: T;
  rows: number;
  pagination?: Pagination;
}

/**
 * Fetches the page at `start` (with its own retries). For the first page, `early` may be called once
 * with the pagination its body ends with, read before the body is parsed (see `peekPagination`), so
 * the next pages go on the wire while the first one parses.
 */
export type PageFetcher<T> = (start: number, early?: (pagination: Pagination) => void) => Promise<Page<T>>;

export interface PaginateOptions {
  concurrency: number;
  /** For error messages. */
  url: string;
  endpoint: string;
  /** Called once the first page has told the totals. */
  onTotals?(totalRows: number, totalPages: number): void;
  /** Stops the pages still in flight (after a failure). */
  cancel(): void;
}

/** Yields each page's records in offset order. */
export async function* paginate<T>(fetchPage: PageFetcher<T>, opts: PaginateOptions): AsyncGenerator<T, void, undefined> {
  // The plan: total rows and page size, from the first page (or, until it is parsed, from the
  // pagination its body ends with: `early`). Page i of the rest starts at (i + 1) * pageSize.
  let expect: { total: number; pageSize: number } | undefined;
  let rest = 0;
  const startOf = (index: number): number => (index + 1) * expect!.pageSize;

  const checked = async (start: number, plan: { total: number; pageSize: number }): Promise<T> => {
    let page = await fetchPage(start);
    if (problemWith(page, start, plan) !== undefined) page = await fetchPage(start);
    const problem = problemWith(page, start, plan);
    if (problem !== undefined) throw pageError(opts, start, problem);
    return page.data;
  };

  const inflight = new Map<number, Promise<T>>();
  let failure: { error: unknown } | undefined;
  // Pages launched from the early plan before the first page confirmed it: their failures wait for
  // that confirmation (a plan the first page contradicts is dropped with its pages, never an error).
  let confirmed = false;
  let early: { error: unknown } | undefined;
  let next = 0;
  const fail = (error: unknown): void => {
    if (failure === undefined) {
      failure = { error };
      opts.cancel();
    }
  };
  const launch = (): void => {
    while (expect !== undefined && inflight.size < opts.concurrency && next < rest && failure === undefined) {
      const index = next++;
      const promise = checked(startOf(index), expect);
      // The first failure stops the others at once instead of when its turn to be awaited comes.
      promise.catch((error: unknown) => {
        if (confirmed) fail(error);
        else early ??= { error };
      });
      inflight.set(index, promise);
    }
  };

  let hint: Pagination | undefined;
  const onEarly = (p: Pagination): void => {
    if (hint !== undefined || expect !== undefined || p.start !== 0 || planProblem(p) !== undefined) return;
    hint = p;
    expect = { total: p.total_count, pageSize: p.page_size };
    rest = pageCountOf(expect) - 1;
    launch();
  };

  try {
    let first = await fetchPage(0, onEarly);
    if (first.pagination === undefined) {
      yield first.data;
      return;
    }
    const total = first.pagination.total_count;
    const pageSize = first.pagination.page_size;
    const plan = planProblem(first.pagination);
    if (plan !== undefined) {
      throw new PaginationError(`${opts.endpoint}: the first page ${plan}; the answer cannot be paged safely (a faulty proxy or service?)`, { url: opts.url });
    }
    if (expect !== undefined && (expect.total !== total || expect.pageSize !== pageSize)) {
      // The body's last bytes told another plan than its parse: the early pages are dropped.
      await Promise.allSettled(inflight.values());
      inflight.clear();
      next = 0;
      early = undefined;
      expect = undefined;
    }
    expect ??= { total, pageSize };
    if (problemWith(first, 0, expect) !== undefined) first = await fetchPage(0);
    const firstProblem = problemWith(first, 0, expect);
    if (firstProblem !== undefined) throw pageError(opts, 0, firstProblem);
    confirmed = true;
    if (early !== undefined) fail(early.error);

    // Planned lazily: no list of offsets is built.
    const pageCount = pageCountOf(expect);
    rest = pageCount - 1;
    opts.onTotals?.(total, pageCount);
    yield first.data;

    for (let i = 0; i < rest; i++) {
      launch();
      const promise = inflight.get(i);
      if (promise === undefined) throw (failure as { error: unknown }).error;
      let data: T;
      try {
        data = await promise;
      } catch (err) {
        throw failure !== undefined ? failure.error : err;
      }
      inflight.delete(i);
      yield data;
    }
  } finally {
    if (inflight.size > 0) {
      opts.cancel();
      await Promise.allSettled(inflight.values());
    }
  }
}

function pageCountOf(plan: { total: number; pageSize: number }): number {
  return plan.total === 0 ? 1 : Math.ceil(plan.total / plan.pageSize);
}

/**
 * Most rows one paged answer may announce: ten times the largest limit the service documents
 * (productionbycountyandoperator and shorttermforecasthistory refuse more than 1,000,000 rows).
 * Held as records, ten million rows take several GB, more than a notebook kernel's heap.
 */
export const MAX_TOTAL_ROWS = 10_000_000;
/** Most pages one answer may need: 100,000 requests are hours of downloading at any page size. */
export const MAX_PAGES = 100_000;

/** What makes the first page's pagination unusable for planning, or undefined. */
function planProblem(p: Pagination): string | undefined {
  // `start` is checked with the page's other facts below (a wrong echo is fetched once more).
  const { start, page_size: pageSize, total_count: total } = p;
  for (const [name, v] of [["start", start], ["page_size", pageSize], ["total_count", total]] as const) {
    if (!Number.isSafeInteger(v) || v < 0) return `reports pagination.${name} ${String(v)}, not a whole number >= 0`;
  }
  if (total > 0 && pageSize < 1) return `reports page_size ${pageSize} for ${total} rows`;
  if (total > MAX_TOTAL_ROWS) {
    return `reports total_count ${total}, more than the ${MAX_TOTAL_ROWS.toLocaleString("en-US")} rows gasframes downloads in one call (narrow the query if it is real)`;
  }
  if (total > 0 && Math.ceil(total / pageSize) > MAX_PAGES) {
    return `reports ${total} rows in pages of ${pageSize}, more than ${MAX_PAGES.toLocaleString("en-US")} pages`;
  }
  return undefined;
}

function problemWith<T>(page: Page<T>, start: number, expect: { total: number; pageSize: number }): string | undefined {
  const p = page.pagination;
  if (p === undefined) return "has no pagination object";
  if (p.start !== start) return `echoes start ${p.start}`;
  if (p.total_count !== expect.total) return `reports total_count ${p.total_count} (the first page said ${expect.total})`;
  if (p.page_size !== expect.pageSize) return `reports page_size ${p.page_size} (the first page said ${expect.pageSize})`;
  const want = Math.min(expect.pageSize, expect.total - start);
  if (page.rows !== want) return `holds ${page.rows} rows where ${want} were expected`;
  return undefined;
}

function pageError(opts: PaginateOptions, start: number, problem: string): PaginationError {
  return new PaginationError(
    `${opts.endpoint}: the page at start=${start} ${problem}, also when fetched again; the data may have changed ` +
      `during the download: run the query again`,
    { url: opts.url },
  );
}
