/**
 * Splits a top-level JSON array arriving in text pieces into its elements, without ever holding the
 * whole array: only the element being read is kept. Each element is parsed by JSON.parse, so element
 * syntax is checked exactly; the splitter itself checks the array's brackets and commas.
 */

type State = "before" | "between" | "inValue" | "after";

/** Thrown for a body that is not one JSON array; the caller turns it into a ResponseParseError. */
export class ArraySyntaxError extends Error {}

export class JsonArraySplitter {
  private state: State = "before";
  private depth = 0;
  private inString = false;
  private escaped = false;
  private parts: string[] = [];
  private sawComma = false;
  private offset = 0;

  /** Feeds a piece of text; returns the elements completed within it, in order. */
  push(text: string): unknown[] {
    const out: unknown[] = [];
    let valueStart = this.state === "inValue" ? 0 : -1;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.state === "inValue") {
        if (this.inString) {
          if (this.escaped) this.escaped = false;
          else if (c === 92 /* \ */) this.escaped = true;
          else if (c === 34 /* " */) this.inString = false;
          continue;
        }
        if (c === 34) this.inString = true;
        else if (c === 123 || c === 91) this.depth++;
        else if (c === 125 || c === 93) {
          if (this.depth > 0) this.depth--;
          else {
            out.push(this.finishValue(text.slice(valueStart, i)));
            this.state = "after";
            continue;
          }
        } else if (c === 44 /* , */ && this.depth === 0) {
          out.push(this.finishValue(text.slice(valueStart, i)));
          this.state = "between";
          this.sawComma = true;
        }
        continue;
      }
      if (isSpace(c)) continue;
      switch (this.state) {
        case "before":
          if (c !== 91) throw this.error(i, "expected a JSON array ('[')");
          this.state = "between";
          break;
        case "between":
          if (c === 93) {
            if (this.sawComma) throw this.error(i, "a ',' before ']'");
            this.state = "after";
          } else if (c === 44) {
            throw this.error(i, "an empty array element");
          } else {
            // Re-read this character in value mode: a value starting with '[' or '"' must be tracked.
            this.state = "inValue";
            this.depth = 0;
            this.sawComma = false;
            valueStart = i;
            i--;
          }
          break;
        case "after":
          throw this.error(i, "text after the end of the array");
        default:
          break;
      }
    }
    if (this.state === "inValue") this.parts.push(text.slice(valueStart));
    this.offset += text.length;
    return out;
  }

  /** Call when the text has ended; throws if the array was not closed. */
  end(): void {
    if (this.state !== "after") throw new ArraySyntaxError(`the JSON array ended early (truncated after ${this.offset} characters)`);
  }

  private finishValue(tail: string): unknown {
    this.parts.push(tail);
    const text = this.parts.join("");
    this.parts = [];
    try {
      return JSON.parse(text);
    } catch (err) {
      throw new ArraySyntaxError(`malformed array element near character ${this.offset}: ${(err as Error).message}`);
    }
  }

  private error(i: number, what: string): ArraySyntaxError {
    return new ArraySyntaxError(`${what} at character ${this.offset + i}`);
  }
}

function isSpace(c: number): boolean {
  return c === 32 || c === 10 || c === 13 || c === 9;
}
