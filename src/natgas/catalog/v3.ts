/**
 * The natural gas v3 catalog (entries in ./v3/). Kept as a file beside the folder so that a build over
 * an older dist/ replaces the old dist/natgas/catalog/v3.js instead of leaving it to shadow the folder.
 */
export { v3, v3FieldAliases, type V3Catalog } from "./v3/index";
