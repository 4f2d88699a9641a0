/**
 * Natural gas: the v3/v4 client, its endpoint catalogs, and the v3 -> v4 migration maps.
 */
export { NatGasClient, type NatGasClientOptions, type NatGasV3Api, type NatGasV4Api } from "./natgas-client";
export { v3 as NATGAS_V3, v3FieldAliases as NATGAS_V3_FIELD_ALIASES, type V3Catalog as NatGasV3Catalog } from "./catalog/v3";
export { v4 as NATGAS_V4, type V4Catalog as NatGasV4Catalog } from "./catalog/v4";
export {
  V3_TO_V4,
  V3_WITHOUT_V4,
  type EndpointMigration,
  type MigratedEndpoint,
  type Rename as MigrationRename,
  type DerivedField as MigrationDerivedField,
} from "./migrate/renames";
export { v3ParamsToV4, v4ParamsToV3, v4RecordToV3, v3RecordToV4 } from "./migrate/convert";
export { AS_V3_ENDPOINTS, type AsV3Api, type AsV3Method } from "./migrate/as-v3";
export { runV3OnV4 } from "./run-v3-on-v4";
