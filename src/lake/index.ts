/**
 * The local Parquet lake: `syncDataset` downloads an endpoint into hive-partitioned Parquet by month,
 * under a one-writer lock, each sync one atomic commit to a versioned log of snapshots (docs/lake.md).
 */
export { syncDataset, type SyncDatasetOptions, type SyncProgress, type SyncReport } from "./sync-dataset";
export { lakeAxis, type LakeAxis } from "./lake-axis";
export { readLakeManifest, snapshotFiles, MANIFEST_FILE, LOG_DIR, type LakeManifest, type LakePartition, type LakeFile, type SnapshotChoice } from "./lake-manifest";
export { datasetFolder } from "./dataset-folder";
export { compactLake, type CompactLakeOptions, type CompactProgress, type CompactReport } from "./compact-lake";
export { verifyLake, type VerifyLakeOptions, type LakeVerification, type DatasetVerification, type LakeProblem } from "./lake-verify";
export type { LakeStorage, LakeEntry } from "./lake-storage";
export type { SyncClient } from "./stream-of";
export { openLake, type Lake, type LakeDataset, type OpenLakeOptions } from "./open-lake";
export { isLakeSource, quoteIdent, type LakeField, type LakeQuery, type LakeSource } from "./lake-source";
