/**
 * The storage of a dataset named by its folder or `s3://` address: the local backend or object storage.
 */
import { localLakeStorage, type LakeStorage } from "./lake-storage";
import { isS3Url, s3ConfigFromEnv } from "./s3-client";
import { s3LakeStorage } from "./s3-lake-storage";

/**
 * The storage of the dataset at `datasetDir` (a folder, or `s3://bucket/prefix/<service>/<version>/<endpoint>`,
 * reached with the AWS variables of the environment). `create`: a writer's (folders made; conditional
 * writes probed on object storage). `label` names the caller in errors.
 */
export async function lakeStorageOf(datasetDir: string, options: { create?: boolean; layout?: "split" | "inside"; label: string }): Promise<LakeStorage> {
  if (isS3Url(datasetDir)) return s3LakeStorage(datasetDir, s3ConfigFromEnv(options.label), { create: options.create === true });
  return localLakeStorage(datasetDir, { ...(options.create === undefined ? {} : { create: options.create }), ...(options.layout === undefined ? {} : { layout: options.layout }) });
}
