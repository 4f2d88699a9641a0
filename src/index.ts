/**
 * gasframes: natural gas and LNG market data for TypeScript notebooks.
 *
 * The public surface, named one by one: what a user calls (clients and `connect()`, results and their
 * schemas, analysis, charts, units, the sandbox, the notebook runner and report) and every type those
 * signatures mention. Internals (the transport's parts, validation, column builders, the kernel
 * client...) are not exported here; the CLI and the tests import them from their modules.
 * test/package/public-api.test.ts holds this list to the docs, notebooks, scripts and bench.
 * @packageDocumentation
 */
import type { SandboxHandle, SandboxOptions } from "./sandbox";

// Connecting: one call for all three services (or the sandbox), and the clients it builds.
export { connect, closeSharedSandbox, connectionPlan, DEFAULT_SANDBOX_AS_OF, LIVE_BASE_URLS, type ConnectOptions, type Connection, type ConnectionPlan } from "./connect";
export { doctor, formatDoctorReport, type DoctorOptions, type DoctorReport } from "./doctor";
export { NatGasClient, type NatGasClientOptions, type NatGasV3Api, type NatGasV4Api } from "./natgas";
export { LngClient, type LngClientOptions, type LngStreams, type LngCallOptions, type LngStreamOptions } from "./lng";
export {
  LegacyLngClient,
  LegacyResult,
  type LegacyJob,
  type LegacyLngClientOptions,
  type LegacyRoutePredictionsParams,
  type LegacyOverviewParams,
  type LegacyFlowTimeseriesParams,
  type LegacyTargetdQueryParams,
  type LegacyQueryAisParams,
} from "./lng";
export { resetWarnings, type WarningSink } from "./client";

// Transport options a client accepts (retries, time-outs, cache, progress, logging), and the types of
// the `transport` a client may be handed instead of building its own (LegacyLngClientOptions.transport).
export type { TransportOptions, CacheOptions, ProgressSink, ProgressUpdate, TransportLogger } from "./http";
export type { EndpointTransport, EndpointRequest } from "./client";
export type { TransportRequest, ResponseKind } from "./decode";

// Endpoint catalogs (typed parameters and records), their records' types, and the types derived from them.
export { NATGAS_V3, NATGAS_V4, type NatGasV3Catalog, type NatGasV4Catalog } from "./natgas";
export {
  LNG_V1,
  type LngMethod,
  VOLUME_FLOW_RECORD,
  VOLUME_FLOW_HISTORY_RECORD,
  TRANSACTION_RECORD,
  FORECAST_TRANSACTION_RECORD,
  FORECAST_DETAIL_RECORD,
  VESSEL_RECORD,
  VESSEL_DETAILS_RECORD,
  FORECAST_RUN_RECORD,
  TRANSACTION_HISTORY_RECORD,
  TRANSACTION_DETAIL_RECORD,
  LEGACY_API,
  LEGACY_DOCUMENTED_BASE_URL,
} from "./lng";
export type {
  VolumeFlowsParams,
  VolumeFlowRecord,
  VolumeFlowsHistoryParams,
  VolumeFlowHistoryRecord,
  TransactionsParams,
  TransactionRecord,
  TransactionsForecastParams,
  ForecastTransactionRecord,
  TransactionsHistoryParams,
  TransactionsDetailsParams,
  TransactionDetailRecord,
  TransactionsForecastHistoryDetailsParams,
  ForecastDetailRecord,
  VesselsParams,
  VesselRecord,
  VesselsDetailsParams,
  VesselDetailsRecord,
  ForecastRunAtTimestampsParams,
  ForecastRunRecord,
  TransactionsForecastDetailsParams,
  TransactionsForecastHistoryParams,
  VesselsHistoryParams,
  CountriesParams,
  TerminalsParams,
  ForecastDetailsRecord,
  ForecastHistoryRecord,
  VesselHistoryRecord,
  CountryRecord,
  TerminalRecord,
  HealthcheckRecord,
} from "./lng";
export type {
  ParamSpec,
  ParamKind,
  ParamsOf,
  RecordOf,
  AggregatedRecordOf,
  AggregateByOf,
  RecordOfSchema,
  FieldValue,
  ValueOfKind,
  PolygonsValue,
  Simplify,
} from "./catalog";
// The client methods' types, built from the catalogs.
export type {
  EndpointApi,
  EndpointMethod,
  StreamMethod,
  EndpointArgs,
  EndpointCallOptions,
  EndpointStreamOptions,
} from "./client";

// Tables and results: records with their schema and units (a Result adds provenance).
export { Table, Result, collectResult, type TableOptions, type SortOptions, type ResultMeta } from "./table";
// Export to Arrow and Parquet (also `table.toArrow()` / `table.toParquet(path)`).
export { writeParquet, type WriteParquetOptions, type ParquetWritten } from "./table";
export { syncDataset, openLake, readLakeManifest, lakeAxis, datasetFolder, MANIFEST_FILE, isLakeSource, type Lake, type LakeDataset, type LakeSource, type LakeColumn, type LakeQuery, type OpenLakeOptions, type SyncDatasetOptions, type SyncProgress, type SyncReport, type SyncClient, type LakeManifest, type LakePartition, type LakeAxis } from "./lake";
// Records as columns: what a table hands analysis and charts through COLUMN_SOURCE.
export {
  COLUMN_SOURCE,
  type RecordColumns,
  type RecordColumn,
  type NumberColumn,
  type CodedColumn as CodedRecordColumn,
  type MixedColumn,
} from "./table";
export type { RecordSchema, FieldSpec, FieldType } from "./table";

// Frames and units.
export { toFrame, notesOf, unitsOf, withUnits, volumeUnitKey, sameVolumeUnit, distinctVolumeUnits, type FrameInput } from "./frame";
export type { HasColumnSource } from "./frame/columns";
export {
  convertUnits,
  canonicalUnit,
  MCF_PER_TONNE_LNG,
  MCF_PER_CUBIC_METRE_GAS,
  TONNES_PER_M3_LNG,
  BTU_PER_CUBIC_FOOT,
  type ConvertUnitsOptions,
  type GasUnit,
} from "./frame";
export { parseServiceTimestamp } from "./lng";

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
  V3_WITHOUT_V4,
  v3ParamsToV4,
  v4ParamsToV3,
  v3RecordToV4,
  v4RecordToV3,
  runV3OnV4,
  type EndpointMigration,
  type MigratedEndpoint,
  type MigrationRename,
  type MigrationDerivedField,
  type AsV3Api,
  type AsV3Method,
} from "./natgas";
export type { UnfilledField, AddedField } from "./natgas/migrate/renames";
export {
  LEGACY_FIELD_RENAMES,
  LEGACY_REPORT_FIELD_RENAMES,
  LEGACY_REMOVED_FIELDS,
  LEGACY_REPORTS,
  LEGACY_SOURCES,
  LEGACY_REPORT_REPLACEMENTS,
  renameTargets,
  legacyRecordToV1,
  legacyRecordsToV1,
  type LegacyRenameTarget,
  type LegacyReport,
  type LegacySource,
  type LegacyRecordToV1Options,
  type LegacyReplacement,
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
  findKernelSpec,
  kernelSearchPath,
  type KernelSpec,
  type Notebook,
  type Cell,
  type CodeCell,
  type MarkdownCell,
  type RawCell,
  type Output,
  type MimeBundle,
} from "./notebook";
export type { StreamOutput, DisplayDataOutput, ExecuteResultOutput, ErrorOutput } from "./notebook/nbformat/types";
