/**
 * The options, progress and report of a sync (apart from `sync-dataset.ts`, so the option checks can
 * name them without an import cycle).
 */
import type { LakeManifest } from "./lake-manifest";
import type { MonthKey } from "./lake-months";

/** Progress of a sync, reported after each batch of records and after each partition. */
export interface SyncProgress {
  /**
   * `batch`: records of `month` arrived; `partition`: `month` is written and staged (a killed run's
   * next run reuses it); `commit`: the run's months are committed as one snapshot (`month` is `to`).
   */
  readonly phase: "batch" | "partition" | "commit";
  readonly month: MonthKey;
  /** Partitions written by this run so far. */
  readonly partitionsDone: number;
  /** Partitions this run fetches (missing months plus months still revised). */
  readonly partitionsTotal: number;
  /** Rows received by this run so far. */
  readonly rows: number;
  /** Rows per second since the run started. */
  readonly rowsPerSecond: number;
}

/** Options of {@link syncDataset}. */
export interface SyncDatasetOptions {
  /**
   * The lake's root folder, or `s3://bucket/prefix` on S3-compatible storage (credentials and endpoint
   * from the AWS variables of the environment; docs/lake.md); the dataset goes in
   * `<dir>/<service>/<version>/<endpoint>/`. Required.
   */
  readonly dir: string;
  /** First month, `YYYY-MM`. Required. */
  readonly from: string;
  /** Last month, `YYYY-MM`, included. Default: the month of `asOf`. */
  readonly to?: string;
  /** The day the run treats as today, `YYYY-MM-DD`, for the revision rule. Default: today's UTC date (from `clock`). */
  readonly asOf?: string;
  /**
   * A month is refetched on every run until a run whose `asOf` is at least this many days after the
   * month's end has fetched it (the services revise recent months; forecasts cover months after as-of,
   * so they are always refetched). Default 60.
   */
  readonly reviseDays?: number;
  /**
   * Commits older than this many days after a later one replaced them are removed at the end of a
   * sync, with the files only they listed: `openLake(dir, { version })` and `{ asOf }` read any
   * snapshot within it. The latest snapshot is always kept. Default 7 (Delta Lake's default).
   */
  readonly retainDays?: number;
  /** Called after each batch and each partition. Default: none (each request still shows the client's own `progress`). */
  readonly onProgress?: (progress: SyncProgress) => void;
  /** Cancels the sync; the month in flight is not written. Default: none. */
  readonly signal?: AbortSignal;
  /**
   * Records per NDJSON batch (v4, LNG; v3 yields a page at a time): each month is then read through the
   * client's `stream.<method>` and `onProgress` hears of every batch. Default: none, each month is one
   * call of the client's `<method>`, its body parsed straight into columns (faster), one `batch` a month.
   */
  readonly batchSize?: number;
  /** The clock (epoch ms), for `asOf` and the rate. Default `Date.now`. */
  readonly clock?: () => number;
}

/** What a sync did. */
export interface SyncReport {
  /** The dataset's folder (`<dir>/natgas/v4/rigs`). */
  readonly datasetDir: string;
  /** Months fetched by this run. */
  readonly fetched: readonly MonthKey[];
  /** Months left as they were (already synced and no longer revised). */
  readonly kept: readonly MonthKey[];
  /** Rows fetched by this run. */
  readonly rows: number;
  /** The snapshot this run committed (or the one it found, when nothing was due); 0 for none. */
  readonly snapshot: number;
  /** The manifest as written. */
  readonly manifest: LakeManifest;
}
