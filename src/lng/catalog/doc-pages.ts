/**
 * The vendor's published Leviaton reference pages the LNG catalogs follow (catalog entries cite them
 * in `source.docs`).
 */

/** `POST /v1/transactions`: historic and forecast transactions. */
export const DOC_TRANSACTIONS = "https://leviaton.apidocs.synmax.com/v1/transactions.html";
/** `POST /v1/transactions/history`: observed transactions. */
export const DOC_TRANSACTIONS_HISTORY = "https://leviaton.apidocs.synmax.com/v1/transactions_history.html";
/** `POST /v1/transactions/details`: forecast transaction details with their scores. */
export const DOC_TRANSACTIONS_DETAILS = "https://api.leviaton.synmax.com/api-docs/v1/transactions_details.html";
/** `POST /v1/volume_flows`. */
export const DOC_VOLUME_FLOWS = "https://api.leviaton.synmax.com/api-docs/v1/volume_flows.html";
/** `POST /v1/volume_flows/history`. */
export const DOC_VOLUME_FLOWS_HISTORY = "https://leviaton.apidocs.synmax.com/v1/volume_flows_history.html";
/** The migration guide from the unversioned (job-based) API to v1. */
export const DOC_MIGRATION_GUIDE = "https://leviaton.apidocs.synmax.com/pages/migration-guide-v1.html";

/** The old API's base, as the migration guide writes its endpoints' URLs (`{base}analysis_report`). */
export const LEGACY_DOCUMENTED_BASE_URL = "https://api.leviaton.synmax.com/leviaton-be2/api/v2/";

/**
 * The vendor's public Python client's OpenAPI document of Leviaton v1, shipped in its PyPI wheel: the
 * paths, methods, request and response schemas and the token header (`securitySchemes.ApiKeyAuth`:
 * header `Access-Key`) of every v1 endpoint, including those no page documents.
 */
export const CODE_OPENAPI = "synmax-api-python-client 4.6.0 (PyPI wheel), synmax/leviaton/v1/openapi.yaml";

/** The same wheel's generated method list (`LeviatonApiClient` type hints): one method per OpenAPI path. */
export const CODE_CLIENT_TYPES = "synmax-api-python-client 4.6.0 (PyPI wheel), synmax/leviaton/v1/leviaton_client.pyi";

/** `{CODE_OPENAPI}: what it shows` (catalog `source.code` entries). */
export function openapiShows(what: string): string {
  return `${CODE_OPENAPI}: ${what}`;
}
