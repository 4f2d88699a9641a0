/**
 * The embedded sandbox: both services on deterministic synthetic data, over real HTTP.
 */
export { startSandbox } from "./start-sandbox";
export type { SandboxHandle, SandboxOptions } from "./start-sandbox";
export type { SandboxFaults } from "./core/faults";
export type { DatalinkLimits } from "./natgas/datalinks/limits";
