/**
 * LNG v1 and legacy (job-based) service modules of the sandbox, drawn from one synthetic fleet and
 * one set of transactions per (seed, asOf).
 */
import type { ServiceHandler } from "../core/types";
import { handleLegacyRequest } from "./legacy/legacy-handler";
import { handleLngRequest } from "./v1-handler";

/** The LNG v1 service, mounted at `{url}/lng` (paths such as `/v1/volume_flows`). */
export function createLngHandler(): ServiceHandler {
  return handleLngRequest;
}

/** The old job-based LNG API, mounted at `{url}/legacy`. */
export function createLegacyHandler(): ServiceHandler {
  return handleLegacyRequest;
}
