/**
 * `gasframes/notebook`: the types of a notebook file (nbformat 4) as `executeNotebook` reads and
 * writes it, and how the runner finds a kernel. Running notebooks and building the report
 * (`runNotebooks`, `executeNotebook`, `buildReport`) are on the root.
 * @packageDocumentation
 */
export { findKernelSpec, kernelSearchPath, type KernelSpec } from "../notebook";
export type { Notebook, Cell, CodeCell, MarkdownCell, RawCell, Output, MimeBundle } from "../notebook";
export type { StreamOutput, DisplayDataOutput, ExecuteResultOutput, ErrorOutput } from "../notebook/nbformat/types";
