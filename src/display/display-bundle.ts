/**
 * What a notebook display is: one MIME bundle (several representations of one output, the frontend shows
 * the richest it can), and the MIME types gasframes sends.
 */

/** A notebook display bundle: MIME type to content (text, or a JSON object for JSON types). */
export type DisplayBundle = Record<string, unknown>;

/** MIME type of a Vega-Lite v5 spec in a notebook output (rendered interactively by JupyterLab). */
export const VEGA_LITE_MIME = "application/vnd.vegalite.v5+json";
