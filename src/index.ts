/**
 * gasframes: natural gas and LNG market data for TypeScript notebooks.
 *
 * The public surface, named one by one: what a user calls (clients and `connect()`, results and their
 * schemas, analysis, charts, units, the sandbox, the notebook runner and report) and the option and row
 * types of those calls. The endpoint catalogs' record and parameter types, the record schemas and the
 * migration tables are on the subpath `gasframes/catalogs`; notebook files' types and kernel discovery
 * on `gasframes/notebook` (src/subpaths/). Internals (the transport's parts, validation, the column
 * model, the kernel client...) are exported nowhere: the package's `exports` map keeps dist/ closed.
 * test/package/public-api.test.ts holds this list to the docs, notebooks, scripts and bench.
 * @packageDocumentation
 */
import type { SandboxHandle, SandboxOptions } from "./sandbox";

// Connecting: one call for all three services (or the sandbox), and the clients it builds.
export { connect, closeSharedSandbox, connectionPlan, DEFAULT_SANDBOX_AS_OF, LIVE_BASE_URLS, type ConnectOptions, type Connection, type ConnectionPlan } from "./connect";
export { doctor, formatDoctorReport, type DoctorOptions, type DoctorReport } from "./doctor";
export { NatGasClient, type NatGasClientOptions, type NatGasV3Api, type NatGasV4Api } from "./natgas";
export { LngClient, type LngClientOptions, type LngStreams, type LngCallOptions, type LngStreamOptions } from "./lng";
export { LegacyLngClient, LegacyResult, type LegacyLngClientOptions } from "./lng";
export { resetWarnings, type WarningSink } from "./client";

// Transport options a client accepts (retries, time-outs, cache, progress, logging).
export type { TransportOptions, CacheOptions, ProgressSink, ProgressUpdate, TransportLogger } from "./http";

// Endpoint catalogs (their records' and parameters' types, the record schemas: `gasframes/catalogs`).
export { NATGAS_V3, NATGAS_V4 } from "./natgas";
export { LNG_V1, LEGACY_API } from "./lng";
// What a client method takes besides its parameters.
export type { EndpointCallOptions, EndpointStreamOptions } from "./client";

// Tables and results: records with their schema and units (a Result adds provenance).
export { Table, Result, collectResult, type TableOptions, type SortOptions, type ResultMeta } from "./table";
// Export to Arrow and Parquet (also `table.toArrow()` / `table.toParquet(path)`). Loading io/ and frame/
// gives Table its view methods (toArrow, toParquet, the Jupyter display, toFrame): see docs/tables.md.
export { writeParquet, toArrow, type WriteParquetOptions, type ParquetWritten } from "./io";
import "./io";
import "./frame/table-to-frame";
export { syncDataset, compactLake, openLake, readLakeManifest, verifyLake, lakeAxis, type Lake, type LakeDataset, type LakeQuery, type OpenLakeOptions, type SyncDatasetOptions, type SyncProgress, type SyncReport, type LakeManifest, type LakeVerification, type CompactLakeOptions, type CompactProgress, type CompactReport } from "./lake";
export type { RecordSchema, FieldSpec, FieldType } from "./table";

// Frames and units.
export { toFrame, toPolars, notesOf, unitsOf, withUnits, volumeUnitKey, sameVolumeUnit, distinctVolumeUnits, type FrameInput } from "./frame";
export {
  convertUnits,
  MCF_PER_TONNE_LNG,
  MCF_PER_CUBIC_METRE_GAS,
  TONNES_PER_M3_LNG,
  BTU_PER_CUBIC_FOOT,
  type ConvertUnitsOptions,
  type GasUnit,
} from "./frame";

// Analysis.
export {
  rollup,
  flowsByCountry,
  resampleFlows,
  deriveVoyages,
  fleetSummary,
  addDailyRate,
  addMonthlyVolume,
  compareForecastVintages,
  legacyOverview,
  legacyFlowTimeseries,
  weeklyActivity,
  type WeeklyActivityOptions,
  type RollupOptions,
  type RollupAgg,
  type FlowsByCountryOptions,
  type CountryFlowsParams,
  type CountryFlowRow,
  type RollupKey,
  type ResampleFlowsOptions,
  type Freq,
  type WeekStart,
  type VoyageReport,
  type FleetSummary,
  type FleetSummaryOptions,
  type RateOptions,
  type ForecastVintageInputs,
  type ForecastVintageOptions,
  type LegacyOverviewOptions,
  type LegacyVoyageRecord,
  type LegacyAggregation,
  type LegacyFlowTimeseries,
  type LegacyFlowTimeseriesOptions,
  type RollupRow,
  type ResampledFlowRow,
  type VoyageRow,
  type DeriveVoyagesOptions,
  type VoyageForecasts,
  type ForecastVintageRow,
  type LegacyFlowRow,
} from "./analysis";

// Charts: Vega-Lite specs, shown in the notebook or saved.
export {
  flowsChart,
  productionChart,
  forecastChart,
  activityChart,
  mapChart,
  voyagesChart,
  show,
  displayBundle,
  save,
  toSvg,
  toPng,
  type VegaLiteSpec,
  type ChartOptions,
  type ChartInput,
  type FlowsChartOptions,
  type ProductionChartOptions,
  type ForecastChartInput,
  type ForecastChartOptions,
  type ActivityChartOptions,
  type ActivityKind,
  type MapChartOptions,
  type VoyagesChartOptions,
  type ShowOptions,
  type DisplayBundle,
  type FrameDisplayOptions,
  type PngOptions,
} from "./plot";
// Notebook display in either kernel (tslab or Deno): tslab's `display` / `newDisplay()` names.
export { display, newDisplay, type NotebookDisplay } from "./display/notebook-display";

// Migration: natural gas v3 -> v4, and the old LNG API -> v1.
export {
  V3_TO_V4,
  v3ParamsToV4,
  v4ParamsToV3,
  v3RecordToV4,
  v4RecordToV3,
  runV3OnV4,
} from "./natgas";
export {
  LEGACY_FIELD_RENAMES,
  LEGACY_REPORT_REPLACEMENTS,
  renameTargets,
  legacyRecordToV1,
  legacyRecordsToV1,
  type LegacyRecordToV1Options,
} from "./lng";

// Errors: every error a call can throw, all subclasses of GasframesError.
export {
  GasframesError,
  MissingDependencyError,
  type OptionalDependency,
  ApiError,
  BadRequestError,
  AuthenticationError,
  PermissionDeniedError,
  NotFoundError,
  RateLimitError,
  ServerError,
  QueryTooLargeError,
  ConnectionError,
  TimeoutError,
  AbortError,
  ResponseParseError,
  InvalidParamsError,
  PaginationError,
  JobFailedError,
  CacheMissError,
  CacheCorruptError,
  DataError,
  LakeLockedError,
  LakeIntegrityError,
  LakeIoError,
  LakeRemoteError,
  RowOutsideMonthError,
  type LakeLockHolder,
  type LakeIntegrityReason,
  type GasframesErrorOptions,
  type ApiErrorDetails,
  type ParamIssue,
  type CacheCorruptReason,
} from "./errors";
export { ConfigurationError } from "./http";
export { LegacyJobFailedError } from "./lng";
export { SqlRefusedError } from "./natgas/datalinks/sql-refused-error";
export { KernelError, NotebookFormatError, CellExecutionError } from "./notebook";

// The embedded sandbox: both services on synthetic data, over real HTTP.
export type { SandboxHandle, SandboxOptions, SandboxFaults } from "./sandbox";

/**
 * Starts the embedded sandbox: one HTTP server answering the natural gas service at the root, LNG v1
 * at `/lng` and the old LNG API at `/legacy`, on deterministic synthetic data (same seed and asOf,
 * same bytes). Resolves once it listens.
 * @param options port, seed, asOf, page size, tokens, faults...: see {@link SandboxOptions}; default all defaults.
  * @example
  * const sandbox = await startSandbox({ seed: 7 });
  * const { natgas } = await connect({ sandbox });
  * await sandbox.close();
 */
export async function startSandbox(options: SandboxOptions = {}): Promise<SandboxHandle> {
  // The sandbox (its data generators and node:http) is loaded on the first start, not by require("gasframes").
  return (await import("./sandbox/start-sandbox")).startSandbox(options);
}

// Notebooks: run them top to bottom, and build the HTML report.
export {
  runNotebooks,
  executeNotebook,
  buildReport,
  type RunNotebooksOptions,
  type NotebookRun,
  type ExecuteNotebookOptions,
  type BuildReportOptions,
  type ReportResult,
  type Notebook,
} from "./notebook";
