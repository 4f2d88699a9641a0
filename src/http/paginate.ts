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

/** Fetches the page at `start` (with its own retries). */
export type PageFetcher<T> = (start: number) => Promise<Page<T>>;

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
  let first = await fetchPage(0);
  if (first.pagination === undefined) {
    yield first.data;
    return;
  }
  const total = first.pagination.total_count;
  const pageSize = first.pagination.page_size;
  if (total > 0 && pageSize <= 0) {
    throw new PaginationError(`${opts.endpoint}: the service reported page_size ${pageSize} for ${total} rows`, { url: opts.url });
  }
  const expect = { total, pageSize };
  if (problemWith(first, 0, expect) !== undefined) first = await fetchPage(0);
  const firstProblem = problemWith(first, 0, expect);
  if (firstProblem !== undefined) throw pageError(opts, 0, firstProblem);

  const starts: number[] = [];
  for (let s = pageSize; s < total; s += pageSize) starts.push(s);
  opts.onTotals?.(total, starts.length + 1);
  yield first.data;

  const checked = async (start: number): Promise<T> => {
    let page = await fetchPage(start);
    if (problemWith(page, start, expect) !== undefined) page = await fetchPage(start);
    const problem = problemWith(page, start, expect);
    if (problem !== undefined) throw pageError(opts, start, problem);
    return page.data;
  };

  const inflight = new Map<number, Promise<T>>();
  let failure: { error: unknown } | undefined;
  let next = 0;
  const launch = (): void => {
    while (inflight.size < opts.concurrency && next < starts.length && failure === undefined) {
      const index = next++;
      const promise = checked(starts[index] as number);
      // The first failure stops the others at once instead of when its turn to be awaited comes.
      promise.catch((error: unknown) => {
        if (failure === undefined) {
          failure = { error };
          opts.cancel();
        }
      });
      inflight.set(index, promise);
    }
  };
  try {
    for (let i = 0; i < starts.length; i++) {
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
