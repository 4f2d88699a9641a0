import { randomBytes } from "node:crypto";
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { NotebookFormatError } from "../shared/notebook-errors";
import type { Cell, Notebook, Output } from "./types";
import { validateNotebook } from "./validate-notebook";

/** Joins nbformat's multiline form (a string or a list of lines) into one string. */
export function joinLines(v: string | string[] | unknown): string {
  if (Array.isArray(v)) return v.join("");
  return typeof v === "string" ? v : "";
}

/** Splits text into nbformat's list-of-lines form, each line keeping its "\n" (as Jupyter writes it). */
export function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** A fresh cell id (nbformat 4.5). */
export function newCellId(): string {
  return randomBytes(6).toString("hex");
}

/**
 * Reads a notebook file. nbformat 4 notebooks older than minor 5 are upgraded in memory (cells get ids)
 * so that what is written back is valid 4.5. Throws NotebookFormatError naming the file and the problem.
 */
export function readNotebook(path: string): Notebook {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (e) {
    throw new NotebookFormatError(path, `cannot read: ${(e as Error).message}`, { cause: e });
  }
  let nb: Notebook;
  try {
    nb = JSON.parse(text) as Notebook;
  } catch (e) {
    throw new NotebookFormatError(path, `not JSON: ${(e as Error).message}`, { cause: e });
  }
  if (nb && typeof nb === "object" && nb.nbformat === 4 && Array.isArray(nb.cells) && nb.nbformat_minor < 5) {
    nb.nbformat_minor = 5;
    for (const c of nb.cells) if (c && typeof c === "object" && !c.id) c.id = newCellId();
  }
  const problems = validateNotebook(nb);
  if (problems.length > 0) throw new NotebookFormatError(path, `not valid nbformat 4.5: ${problems.slice(0, 5).join("; ")}`);
  return nb;
}

/**
 * Serialises a notebook the way Jupyter does (keys sorted, one-space indent, text as lists of lines,
 * trailing newline), so that the same outputs always give the same bytes. In-memory-only fields
 * (display transients) are dropped. Throws NotebookFormatError when the result would not be valid.
 */
export function serializeNotebook(nb: Notebook, path = "<notebook>"): string {
  const clean: Notebook = { ...nb, cells: nb.cells.map(normaliseCell) };
  const problems = validateNotebook(clean);
  if (problems.length > 0) throw new NotebookFormatError(path, `refusing to write invalid nbformat: ${problems.slice(0, 5).join("; ")}`);
  return JSON.stringify(sortKeys(clean), null, 1) + "\n";
}

/** Writes a notebook with {@link serializeNotebook}, creating the folder when needed. */
export function writeNotebook(path: string, nb: Notebook): void {
  const text = serializeNotebook(nb, path);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

function normaliseCell(cell: Cell): Cell {
  const source = splitLines(joinLines(cell.source));
  if (cell.cell_type !== "code") return { ...cell, source };
  return { ...cell, source, outputs: cell.outputs.map(normaliseOutput) };
}

function normaliseOutput(o: Output): Output {
  switch (o.output_type) {
    case "stream":
      return { output_type: "stream", name: o.name, text: splitLines(joinLines(o.text)) };
    case "error":
      return o;
    case "display_data":
      return { output_type: "display_data", data: normaliseBundle(o.data), metadata: o.metadata ?? {} };
    case "execute_result":
      return { output_type: "execute_result", execution_count: o.execution_count, data: normaliseBundle(o.data), metadata: o.metadata ?? {} };
  }
}

function normaliseBundle(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [mime, v] of Object.entries(data)) {
    out[mime] = /json$/.test(mime) || typeof v !== "string" ? v : splitLines(v);
  }
  return out;
}

function sortKeys(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === "object") {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(v).sort()) out[k] = sortKeys((v as Record<string, unknown>)[k]);
    return out;
  }
  return v;
}
