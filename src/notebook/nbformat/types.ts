/** A MIME bundle: text MIME types hold a string (or nbformat's list of lines), JSON MIME types an object. */
export type MimeBundle = Record<string, unknown>;

export interface StreamOutput {
  output_type: "stream";
  name: "stdout" | "stderr";
  text: string | string[];
}

export interface DisplayDataOutput {
  output_type: "display_data";
  data: MimeBundle;
  metadata: Record<string, unknown>;
  /** Not written to files; kept in memory so update_display_data can find the output it replaces. */
  transient?: { display_id?: string };
}

export interface ExecuteResultOutput {
  output_type: "execute_result";
  execution_count: number | null;
  data: MimeBundle;
  metadata: Record<string, unknown>;
}

export interface ErrorOutput {
  output_type: "error";
  ename: string;
  evalue: string;
  traceback: string[];
}

export type Output = StreamOutput | DisplayDataOutput | ExecuteResultOutput | ErrorOutput;

interface CellBase {
  id: string;
  metadata: Record<string, unknown>;
  source: string | string[];
}

export interface CodeCell extends CellBase {
  cell_type: "code";
  execution_count: number | null;
  outputs: Output[];
}

export interface MarkdownCell extends CellBase {
  cell_type: "markdown";
  attachments?: Record<string, MimeBundle>;
}

export interface RawCell extends CellBase {
  cell_type: "raw";
  attachments?: Record<string, MimeBundle>;
}

export type Cell = CodeCell | MarkdownCell | RawCell;

/** An nbformat 4 notebook (this package writes minor version 5: every cell has an `id`). */
export interface Notebook {
  nbformat: 4;
  nbformat_minor: number;
  metadata: Record<string, unknown>;
  cells: Cell[];
}
