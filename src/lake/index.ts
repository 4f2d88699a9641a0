/**
 * The local Parquet lake: `syncDataset` downloads an endpoint into hive-partitioned Parquet by month,
 * with a manifest, incrementally and crash-safely (docs/lake.md).
 */
export { syncDataset, type SyncDatasetOptions, type SyncProgress, type SyncReport } from "./sync-dataset";
export { lakeAxis, type LakeAxis } from "./lake-axis";
export { readLakeManifest, MANIFEST_FILE, type LakeManifest, type LakePartition } from "./lake-manifest";
export { datasetFolder } from "./dataset-folder";
export type { SyncClient } from "./stream-of";
export { openLake, type Lake, type LakeDataset, type OpenLakeOptions } from "./open-lake";
export { isLakeSource, quoteIdent, type LakeColumn, type LakeQuery, type LakeSource } from "./lake-source";
