/**
 * Whether an answer holds nothing: no rows, or rows whose every number is zero (LNG volume flows
 * answer a zero row per day when no cargo matches the filters).
 */
import type { RecordSchema } from "../../table/schema";
import type { Result } from "../../table/result";

/** The numeric fields of a schema: the ones an all-zero answer is judged on. */
function numericFields(schema: RecordSchema | undefined): string[] {
  return (schema?.fields ?? []).filter((f) => f.type === "int" || f.type === "float").map((f) => f.name);
}

/** Tracks, batch by batch, whether an answer so far has no row with a non-zero number. */
export class EmptyAnswerWatch {
  readonly #fields: string[];
  #rows = 0;
  #nonZero = false;

  /** @param schema the record schema; without numeric fields only "no rows" counts as empty. */
  constructor(schema: RecordSchema | undefined) {
    this.#fields = numericFields(schema);
  }

  /** Looks at a batch of records. */
  observe(records: readonly unknown[]): void {
    this.#rows += records.length;
    if (this.#nonZero || this.#fields.length === 0) return;
    for (const r of records) {
      if (r === null || typeof r !== "object") continue;
      for (const f of this.#fields) {
        const v = (r as Record<string, unknown>)[f];
        if (typeof v === "number" && v !== 0 && !Number.isNaN(v)) {
          this.#nonZero = true;
          return;
        }
      }
    }
  }

  /** Looks at a whole Result (a column-backed one is read from its columns, without building rows). */
  observeResult(result: Result<unknown>): void {
    if (!result.isColumnar) {
      this.observe(result.records);
      return;
    }
    const cols = result.columns();
    this.#rows += cols.length;
    if (this.#nonZero || this.#fields.length === 0) return;
    for (let i = 0; i < cols.length && !this.#nonZero; i++) {
      for (const f of this.#fields) {
        const v = cols.valueAt(f, i);
        if (typeof v === "number" && v !== 0 && !Number.isNaN(v)) {
          this.#nonZero = true;
          break;
        }
      }
    }
  }

  /** `"no rows"`, `"only zeros"` (rows, every number 0), or undefined when something was found. */
  get emptiness(): "no rows" | "only zeros" | undefined {
    if (this.#rows === 0) return "no rows";
    if (this.#fields.length > 0 && !this.#nonZero) return "only zeros";
    return undefined;
  }
}
