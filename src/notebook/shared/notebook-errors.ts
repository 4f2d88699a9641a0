import { GasframesError, type GasframesErrorOptions } from "../../errors";

/** A kernel could not be found, started, or talked to (bad kernelspec, dead process, protocol violation). */
export class KernelError extends GasframesError {
  override readonly code: string = "KERNEL_ERROR";
}

/** A notebook file is not valid nbformat 4 (or cannot be read). `path` names the file. */
export class NotebookFormatError extends GasframesError {
  override readonly code: string = "NOTEBOOK_FORMAT_ERROR";
  readonly path: string;

  constructor(path: string, message: string, options: GasframesErrorOptions = {}) {
    super(`${path}: ${message}`, options);
    this.path = path;
  }
}

/** A cell failed (or timed out): names the notebook, the 1-based code-cell number and the error text. */
export class CellExecutionError extends GasframesError {
  override readonly code: string = "CELL_EXECUTION_ERROR";
  readonly notebook: string;
  /** 1-based position of the cell among all cells of the notebook. */
  readonly cellNumber: number;
  readonly errorText: string;

  constructor(notebook: string, cellNumber: number, errorText: string, options: GasframesErrorOptions = {}) {
    super(`${notebook}: cell ${cellNumber} failed:\n${errorText}`, options);
    this.notebook = notebook;
    this.cellNumber = cellNumber;
    this.errorText = errorText;
  }
}
