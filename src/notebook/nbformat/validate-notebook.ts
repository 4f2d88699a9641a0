import type { Notebook } from "./types";

const CELL_ID = /^[a-zA-Z0-9-_]{1,64}$/;
const MULTILINE = (v: unknown): boolean => typeof v === "string" || (Array.isArray(v) && v.every((x) => typeof x === "string"));
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const isCount = (v: unknown): boolean => v === null || (Number.isInteger(v) && (v as number) >= 0);

/**
 * Checks a value against the nbformat 4.5 schema's structure (the parts that matter to Jupyter's readers:
 * versions, unique cell ids, cell and output shapes, MIME bundles). Returns the problems found, each naming
 * its location; an empty list means valid.
 */
export function validateNotebook(nb: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(nb)) return ["notebook: expected a JSON object"];
  if (nb.nbformat !== 4) problems.push(`nbformat: expected 4, got ${JSON.stringify(nb.nbformat)}`);
  if (!Number.isInteger(nb.nbformat_minor) || (nb.nbformat_minor as number) < 5) {
    problems.push(`nbformat_minor: expected an integer >= 5, got ${JSON.stringify(nb.nbformat_minor)}`);
  }
  if (!isObject(nb.metadata)) problems.push("metadata: expected an object");
  if (!Array.isArray(nb.cells)) return [...problems, "cells: expected an array"];
  const ids = new Set<string>();
  nb.cells.forEach((cell: unknown, i: number) => {
    const at = `cells[${i}]`;
    if (!isObject(cell)) return void problems.push(`${at}: expected an object`);
    if (typeof cell.id !== "string" || !CELL_ID.test(cell.id)) problems.push(`${at}.id: expected 1-64 chars of [a-zA-Z0-9-_]`);
    else if (ids.has(cell.id)) problems.push(`${at}.id: duplicate id ${cell.id}`);
    else ids.add(cell.id);
    if (!isObject(cell.metadata)) problems.push(`${at}.metadata: expected an object`);
    if (!MULTILINE(cell.source)) problems.push(`${at}.source: expected a string or list of strings`);
    if (cell.cell_type === "code") {
      if (!isCount(cell.execution_count)) problems.push(`${at}.execution_count: expected null or a non-negative integer`);
      if (!Array.isArray(cell.outputs)) problems.push(`${at}.outputs: expected an array`);
      else cell.outputs.forEach((o: unknown, j: number) => problems.push(...validateOutput(o, `${at}.outputs[${j}]`)));
    } else if (cell.cell_type === "markdown" || cell.cell_type === "raw") {
      if ("outputs" in cell || "execution_count" in cell) problems.push(`${at}: a ${cell.cell_type} cell has no outputs`);
    } else {
      problems.push(`${at}.cell_type: expected code, markdown or raw, got ${JSON.stringify(cell.cell_type)}`);
    }
  });
  return problems;
}

function validateOutput(o: unknown, at: string): string[] {
  if (!isObject(o)) return [`${at}: expected an object`];
  const allowed: Record<string, string[]> = {
    stream: ["output_type", "name", "text"],
    display_data: ["output_type", "data", "metadata"],
    execute_result: ["output_type", "execution_count", "data", "metadata"],
    error: ["output_type", "ename", "evalue", "traceback"],
  };
  const keys = allowed[o.output_type as string];
  if (!keys) return [`${at}.output_type: unknown ${JSON.stringify(o.output_type)}`];
  const problems = Object.keys(o).filter((k) => !keys.includes(k)).map((k) => `${at}.${k}: not allowed in ${o.output_type}`);
  for (const k of keys) if (!(k in o)) problems.push(`${at}.${k}: missing`);
  switch (o.output_type) {
    case "stream":
      if (o.name !== "stdout" && o.name !== "stderr") problems.push(`${at}.name: expected stdout or stderr`);
      if (!MULTILINE(o.text)) problems.push(`${at}.text: expected a string or list of strings`);
      break;
    case "execute_result":
    case "display_data":
      if (o.output_type === "execute_result" && !isCount(o.execution_count)) {
        problems.push(`${at}.execution_count: expected null or an integer`);
      }
      if (!isObject(o.data)) problems.push(`${at}.data: expected a MIME bundle`);
      else {
        for (const [mime, v] of Object.entries(o.data)) {
          if (!/^[^/]+\/[^/]+$/.test(mime)) problems.push(`${at}.data: bad MIME type ${mime}`);
          else if (!/json$/.test(mime) && !MULTILINE(v)) problems.push(`${at}.data[${mime}]: expected text`);
        }
      }
      if (!isObject(o.metadata)) problems.push(`${at}.metadata: expected an object`);
      break;
    case "error":
      if (typeof o.ename !== "string" || typeof o.evalue !== "string") problems.push(`${at}: ename and evalue must be strings`);
      if (!Array.isArray(o.traceback) || !o.traceback.every((t) => typeof t === "string")) problems.push(`${at}.traceback: expected a list of strings`);
      break;
  }
  return problems;
}
