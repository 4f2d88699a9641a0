/**
 * LNG v1 and legacy (job-based) service modules of the sandbox.
 * Placeholder wiring until the LNG sandbox lands: every path answers 404.
 */
import type { ServiceHandler } from "../types";

/** The LNG v1 service, mounted at `{url}/lng`. */
export function createLngHandler(): ServiceHandler {
  return () => undefined;
}

/** The old job-based LNG API, mounted at `{url}/legacy`. */
export function createLegacyHandler(): ServiceHandler {
  return () => undefined;
}
