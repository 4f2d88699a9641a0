import { mkdir, writeFile } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { DataError } from "../errors";
import { optionError } from "./chart-input";
import { standaloneHtml } from "./standalone-html";
import { isVegaLiteSpec, type VegaLiteSpec } from "./spec";
import { toPng, type PngOptions } from "./to-png";
import { toSvg } from "./to-svg";

const FORMATS = [".vl.json", ".json", ".svg", ".png", ".html"] as const;

/**
 * Writes a chart to a file, the format picked by the extension: `.svg`, `.png` (`options.scale`, default 2),
 * `.html` (self-contained: inline SVG plus the spec as JSON, no network), `.vl.json` or `.json` (the spec).
 * Creates missing parent folders. Resolves to the absolute path written.
  * @example
  * await save(flowsChart(flows), "flows.png");
 */
export async function save(spec: VegaLiteSpec, path: string, options: PngOptions = {}): Promise<string> {
  if (!isVegaLiteSpec(spec)) throw new DataError("save: expected a Vega-Lite spec (an object whose $schema names vega-lite)");
  if (typeof path !== "string" || path === "") throw optionError("save", "path", path, "a file path");
  const lower = path.toLowerCase();
  const format = FORMATS.find((f) => lower.endsWith(f));
  if (format === undefined) {
    throw optionError("save", "path", path, `a file name ending in ${FORMATS.join(", ")}`);
  }
  const out = resolve(path);
  let body: string | Buffer;
  if (format === ".png") body = await toPng(spec, options);
  else if (format === ".svg") body = await toSvg(spec);
  else if (format === ".html") body = standaloneHtml(spec, await toSvg(spec));
  else body = `${JSON.stringify(spec, null, 2)}\n`;
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, body);
  return out;
}
