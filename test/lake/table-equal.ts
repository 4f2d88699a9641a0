/**
 * Two analysis tables compared whole: names, schema (types and units), units, notes, and every column
 * as plain values. Numbers match to 1e-9 relative (DuckDB and JavaScript add in different orders);
 * NaN matches NaN; everything else matches exactly.
 */
import { expect } from "vitest";
import { notesOf } from "../../src/frame/notes";
import type { Table } from "../../src/table/table";

/** Asserts that `actual` is the table `expected` is, column by column; `label` names the case in failures. */
export function expectSameTable(actual: Table<Record<string, unknown>>, expected: Table<Record<string, unknown>>, label: string): void {
  expect(actual.names, `${label}: names`).toEqual(expected.names);
  expect(actual.schema, `${label}: schema`).toEqual(expected.schema);
  expect(actual.units, `${label}: units`).toEqual(expected.units);
  expect(notesOf(actual), `${label}: notes`).toEqual(notesOf(expected));
  expect(actual.length, `${label}: rows`).toBe(expected.length);
  for (const name of expected.names) {
    const a = actual.column(name);
    const e = expected.column(name);
    for (let i = 0; i < e.length; i++) {
      const x = a[i];
      const y = e[i];
      if (typeof y === "number" && typeof x === "number" && !(Number.isNaN(x) && Number.isNaN(y))) {
        expect(Math.abs(x - y), `${label}: ${name}[${i}] = ${x}, expected ${y}`).toBeLessThanOrEqual(1e-9 * Math.max(1, Math.abs(y)));
      } else expect(x, `${label}: ${name}[${i}]`).toEqual(y);
    }
  }
}
