/**
 * `gasframes/catalogs`: the endpoint catalogs as data and as types. The record and parameter types of
 * every LNG v1 endpoint and of the old LNG API, the record schemas (field, type, unit), the types that
 * derive a method's parameters and records from a catalog entry, and the migration tables (natural gas
 * v3 -> v4, the old LNG API -> v1) with their types. The catalogs themselves (`NATGAS_V3`, `NATGAS_V4`,
 * `LNG_V1`, `LEGACY_API`) are on the root too.
 * @packageDocumentation
 */
export { NATGAS_V3, NATGAS_V4, V3_TO_V4, V3_WITHOUT_V4, type NatGasV3Catalog, type NatGasV4Catalog } from "../natgas";
export type { AsV3Api, AsV3Method, EndpointMigration, MigratedEndpoint, MigrationRename, MigrationDerivedField } from "../natgas";
export type { UnfilledField, AddedField } from "../natgas/migrate/renames";
// Every LNG v1 record schema (VOLUME_FLOW_RECORD, TRANSACTION_RECORD, COUNTRY_RECORD, ...).
export * from "../lng/catalog/records";
export {
  LNG_V1,
  LEGACY_API,
  LEGACY_DOCUMENTED_BASE_URL,
  LEGACY_FIELD_RENAMES,
  LEGACY_REPORT_FIELD_RENAMES,
  LEGACY_REMOVED_FIELDS,
  LEGACY_REPORTS,
  LEGACY_SOURCES,
  LEGACY_REPORT_REPLACEMENTS,
  type LngMethod,
  type LegacyRenameTarget,
  type LegacyReport,
  type LegacySource,
  type LegacyReplacement,
  type LegacyRecordToV1Options,
  type LegacyJob,
  type LegacyRoutePredictionsParams,
  type LegacyOverviewParams,
  type LegacyFlowTimeseriesParams,
  type LegacyTargetdQueryParams,
  type LegacyQueryAisParams,
} from "../lng";
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
} from "../lng";
export type { ParamSpec, ParamKind, ParamsOf, RecordOf, AggregatedRecordOf, AggregateByOf, RecordOfSchema, PolygonsValue } from "../catalog";
export type { EndpointApi, EndpointMethod, StreamMethod, EndpointArgs } from "../client";
export type { RecordSchema, FieldSpec, FieldType } from "../table";
