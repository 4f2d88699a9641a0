/**
 * A small SQL tokenizer: just enough to tell keywords and semicolons that count from ones inside
 * strings, quoted identifiers and comments. It does not parse SQL; the guard reads its tokens.
 */

/** One token. `word` text is upper-cased; `string` and `ident` keep their inner text unescaped. */
export interface SqlToken {
  readonly kind: "word" | "string" | "ident" | "semicolon" | "open" | "close" | "comma" | "dot" | "other";
  readonly text: string;
  /** Offset of the token's first character in the SQL. */
  readonly at: number;
}

/** The SQL has a string, quoted identifier or comment that never ends. */
export class UnterminatedSqlError extends Error {
  constructor(
    readonly what: string,
    readonly at: number,
  ) {
    super(`${what} opened at character ${at + 1} is never closed`);
  }
}

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;

/**
 * The tokens of `sql`, comments and whitespace dropped. Throws {@link UnterminatedSqlError} for a
 * string, quoted identifier, dollar-quoted string or block comment without its end.
 */
export function tokenizeSql(sql: string): SqlToken[] {
  const out: SqlToken[] = [];
  let i = 0;
  const n = sql.length;
  while (i < n) {
    const c = sql[i]!;
    if (/\s/.test(c)) {
      i++;
    } else if (c === "-" && sql[i + 1] === "-") {
      // DuckDB ends a line comment at "\r" as well as "\n": ending it only at "\n" would hide what follows a lone "\r".
      let end = i + 2;
      while (end < n && sql[end] !== "\n" && sql[end] !== "\r") end++;
      i = end;
    } else if (c === "/" && sql[i + 1] === "*") {
      i = blockCommentEnd(sql, i);
    } else if (c === "'") {
      const [text, next] = quoted(sql, i, "'", "a string", false);
      out.push({ kind: "string", text, at: i });
      i = next;
    } else if ((c === "e" || c === "E") && sql[i + 1] === "'") {
      const [text, next] = quoted(sql, i + 1, "'", "a string", true);
      out.push({ kind: "string", text, at: i });
      i = next;
    } else if (c === '"') {
      const [text, next] = quoted(sql, i, '"', "a quoted identifier", false);
      out.push({ kind: "ident", text, at: i });
      i = next;
    } else if (c === "$" && dollarTag(sql, i) !== undefined) {
      const tag = dollarTag(sql, i)!;
      const end = sql.indexOf(tag, i + tag.length);
      if (end < 0) throw new UnterminatedSqlError("a dollar-quoted string", i);
      out.push({ kind: "string", text: sql.slice(i + tag.length, end), at: i });
      i = end + tag.length;
    } else if (WORD_START.test(c)) {
      let j = i + 1;
      while (j < n && WORD_PART.test(sql[j]!)) j++;
      out.push({ kind: "word", text: sql.slice(i, j).toUpperCase(), at: i });
      i = j;
    } else {
      const kind = c === ";" ? "semicolon" : c === "(" ? "open" : c === ")" ? "close" : c === "," ? "comma" : c === "." ? "dot" : "other";
      out.push({ kind, text: c, at: i });
      i++;
    }
  }
  return out;
}

/** Block comments nest in DuckDB (as in PostgreSQL): `/* a /* b *\/ c *\/` is one comment. */
function blockCommentEnd(sql: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < sql.length) {
    if (sql[i] === "/" && sql[i + 1] === "*") {
      depth++;
      i += 2;
    } else if (sql[i] === "*" && sql[i + 1] === "/") {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else i++;
  }
  throw new UnterminatedSqlError("a /* comment", start);
}

/** A quoted run from `start` (the opening quote); a doubled quote is one quote; with `backslash`, `\x` escapes x. */
function quoted(sql: string, start: number, quote: string, what: string, backslash: boolean): [string, number] {
  let text = "";
  let i = start + 1;
  while (i < sql.length) {
    const c = sql[i]!;
    if (backslash && c === "\\" && i + 1 < sql.length) {
      text += sql[i + 1];
      i += 2;
    } else if (c === quote) {
      if (sql[i + 1] === quote) {
        text += quote;
        i += 2;
      } else return [text, i + 1];
    } else {
      text += c;
      i++;
    }
  }
  throw new UnterminatedSqlError(what, start);
}

/** The `$tag$` opening a dollar-quoted string at `i`, if one does (`$$` or `$name$`); a `$1` parameter is not. */
function dollarTag(sql: string, i: number): string | undefined {
  const m = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i, i + 66));
  return m ? m[0] : undefined;
}
