import { createRequire } from "node:module";
import type * as TS from "typescript";

/**
 * The TypeScript compiler API, required rather than imported: vitest loads a dependency with Node's
 * `import()`, which first scans typescript.js (9 MB of CommonJS) for its named exports and for ESM
 * syntax, about 0.8 s of CPU per test file (1,181 ms against 358 ms, measured in one vitest run);
 * require() only compiles it. Types: `import type * as TS from "typescript"`.
 */
export const ts: typeof TS = createRequire(__filename)("typescript");
