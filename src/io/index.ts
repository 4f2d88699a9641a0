/**
 * The table's formats: Apache Arrow, Parquet, and the notebook display (HTML and text). Each stands on
 * src/table and gives `Table` its method when loaded (`toArrow`, `toParquet`, `Symbol.for("Jupyter.display")`);
 * the root module loads them all.
 */
export { toArrow, arrowSourceOf } from "./table-to-arrow";
export { tableToArrow, loadArrow, type ArrowSource } from "./to-arrow";
export { writeParquet } from "./write-parquet";
export { writeParquetFile, parquetBytes, type WriteParquetOptions, type ParquetWritten } from "./to-parquet";
export { tableDisplay, JUPYTER_DISPLAY, type TableDisplayOptions, type TableDisplayView } from "./table-display";
