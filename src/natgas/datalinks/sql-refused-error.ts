/**
 * The error of a data-links query refused before it is sent.
 */
import { InvalidParamsError } from "../../errors";

/**
 * The SQL given to `queryDatalinks` is not one read-only query (SELECT, WITH, FROM-first or VALUES). An
 * {@link InvalidParamsError} of the `query` parameter, raised before any request; `reason` says why
 * in words (several statements, a statement that writes, a table function that reads files...).
 */
export class SqlRefusedError extends InvalidParamsError {
  override readonly code: string = "SQL_REFUSED";
  /** Why the SQL was refused, e.g. `it holds 2 statements`. */
  readonly reason: string;

  /**
   * @param endpoint the method's label, `natgas.v4.queryDatalinks`.
   * @param sql the SQL as given.
   * @param reason why it is refused.
   * @param suggestion a statement that would be accepted, where there is one (the first of several).
   */
  constructor(endpoint: string, sql: unknown, reason: string, suggestion?: string) {
    const expected = `one read-only query (SELECT, WITH ... SELECT, FROM ... or VALUES), but ${reason}`;
    super(endpoint, [{ param: "query", value: typeof sql === "string" && sql.length > 200 ? `${sql.slice(0, 200)}…` : sql, expected, ...(suggestion === undefined ? {} : { suggestion }) }]);
    this.reason = reason;
  }
}
