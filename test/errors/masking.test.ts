/**
 * The token is masked before any text is cut, so no cut (ours or V8's JSON.parse snippet) leaves a piece
 * of it. Tokens are drawn from upper-case letters and digits, the text around them from lower-case
 * letters and punctuation, so any two token characters side by side in a message came from the token.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CacheMissError, InvalidParamsError, ResponseParseError, clip, redact, registerSecret } from "../../src/errors";
import { forgetSecretsForTests } from "../../src/errors/errors";

const TOKEN_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
const FILLER_CHARS = "abcdefghijklmnopqrstuvwxyz ,:";

const tokenArb = fc.string({ unit: fc.constantFrom(...TOKEN_CHARS), minLength: 12, maxLength: 40 });
const fillerArb = (max: number) => fc.string({ unit: fc.constantFrom(...FILLER_CHARS), minLength: 0, maxLength: max });

/** Every piece of `size` (default two) characters of `token` found in `text`. */
function piecesOf(token: string, text: string, size = 2): string[] {
  const found: string[] = [];
  for (let i = 0; i + size <= token.length; i++) if (text.includes(token.slice(i, i + size))) found.push(token.slice(i, i + size));
  return found;
}

/** A filler string of exactly `n` characters. */
function filler(n: number): string {
  let out = "";
  for (let i = 0; i < n; i++) out += FILLER_CHARS[(i * 7) % FILLER_CHARS.length];
  return out;
}

describe("masking before cutting", () => {
  it("clip never leaves a piece of the token, wherever the token sits relative to the cut", () => {
    fc.assert(
      fc.property(tokenArb, fillerArb(80), fillerArb(80), fc.integer({ min: 5, max: 120 }), (token, before, after, max) => {
        registerSecret(token);
        const text = `${before}${token}${after}`;
        expect(piecesOf(token, clip(text, max))).toEqual([]);
      }),
      { numRuns: 400 },
    );
    // The 400 tokens it registered stay in the process's registry, and every later redact() of the file
    // looked for each of them: the tests below took about 5 s of CPU more for it (issue 31, tenth round).
    // Each of them registers the token it checks.
    forgetSecretsForTests();
  });

  it("InvalidParamsError (cut at 120 characters) shows no piece of a token at any offset", () => {
    const token = "Q7XK2M9PLW4RT8ZB5NC3V";
    registerSecret(token);
    for (let offset = 0; offset <= 130; offset++) {
      const err = new InvalidParamsError("natgas.vx.rigs", [{ param: "county", value: `${filler(offset)}${token}${filler(40)}`, expected: "a county name" }]);
      expect(piecesOf(token, err.message), `offset ${offset}: ${err.message}`).toEqual([]);
      expect(piecesOf(token, JSON.stringify(err)), `offset ${offset}`).toEqual([]);
    }
  });

  it("CacheMissError-sized cuts (300 characters) show no piece of a token at any offset", () => {
    const token = "H4JD8S2KQ9WN6ZR3XT7YB";
    registerSecret(token);
    for (let offset = 260; offset <= 310; offset++) {
      const body = `{"county":"${filler(offset)}${token}${filler(60)}"}`;
      const err = new CacheMissError(`replay: no cached response for POST http://h/v3/rigs with body ${clip(body, 303)} in .cache`);
      expect(piecesOf(token, err.message), `offset ${offset}: ${err.message}`).toEqual([]);
    }
  });

  it("a V8 JSON.parse snippet shows no piece of a token, at every offset around the error", () => {
    const token = "P3LK9QW2ZX7MN4VB8RT6C";
    registerSecret(token);
    // [body, smallest piece that must not show]
    const bodies: [string, number][] = [];
    for (let shift = 0; shift <= 30; shift++) {
      // The token right after the bad character, and the token before it at every distance.
      bodies.push([`{"abcdefghijklmnopqrstuvwxyz": ${filler(shift)}x${token}, "more": "abcdefghijklmnopqrstuvwxyz"}`, 2]);
      bodies.push([`{"abcdefghijklmnopqrstuvwxyz": "${token}${filler(shift)}" x, "more": "abcdefghijklmnopqrstuvwxyz"}`, 2]);
      // A body cut inside the token (a truncated response): V8 shows its end without an ellipsis, so the
      // cut is unmarked and up to three characters there cannot be told from ordinary text; four or more are masked.
      bodies.push([`{"abcdefghijklmnopqrstuvwxyz": x${token.slice(0, Math.min(shift, token.length))}`, 4]);
    }
    for (const [body, size] of bodies) {
      let cause: Error | undefined;
      try {
        JSON.parse(body);
      } catch (e) {
        cause = e as Error;
      }
      expect(cause).toBeDefined();
      const err = new ResponseParseError(`POST http://h/v4/rigs: the 200 response body is not valid JSON: ${cause!.message}`, { cause });
      const views = [err.message, String(err.cause), JSON.stringify(err), err.stack ?? ""];
      for (const view of views) expect(piecesOf(token, view.replace(/\n\s+at .*/g, ""), size), `${body}\n${view}`).toEqual([]);
    }
  });

  it("masks a token in its JSON-escaped and URL-encoded forms", () => {
    const token = 'Zq"9/+k\\W7rT1m';
    registerSecret(token);
    expect(redact(`body ${JSON.stringify({ k: token })}`)).not.toContain(JSON.stringify(token).slice(1, -1));
    expect(redact(`GET http://h/v1/x?q=${encodeURIComponent(token)}`)).toBe("GET http://h/v1/x?q=***");
    expect(redact(`GET http://h/v1/x?${new URLSearchParams({ q: token }).toString()}`)).toBe("GET http://h/v1/x?q=***");
  });

  it("leaves ordinary text alone: short runs of token characters in the middle of a message are kept", async () => {
    // The registry of secrets is the process's: files sharing a worker (vitest.config.ts) may have
    // registered tokens of their own ("sandbox-token" masks a quoted "sandbox"), and this file's tests
    // above have. Emptied, it holds only the secrets this test registers. (Not vi.resetModules(): in
    // the shared worker that drops every module loaded so far, and each later file of the worker loaded
    // the toolkit and generated the sandbox's datasets again.)
    forgetSecretsForTests();
    registerSecret("KEEPTOKEN123456789");
    expect(redact("POST http://127.0.0.1:1/v3/rigs answered 500 KEEP the rest")).toBe("POST http://127.0.0.1:1/v3/rigs answered 500 KEEP the rest");
    // A token made of words does not mask those words, whole or quoted.
    registerSecret("gasframes-sandbox-token");
    const text = 'GET http://127.0.0.1:1/natgas: run `npx gasframes sandbox`; "natgas" and "sandbox" are not secret';
    expect(redact(text)).toBe(text);
    expect(redact("gasframes-sandbox-token")).toBe("***");
  });

  it("forgetSecretsForTests empties the registry (the shared-process files start from it: test/helpers/fresh-process-state.ts)", async () => {
    const errors = await import("../../src/errors/errors");
    // From an empty registry, as a fresh module's: the test above registered "gasframes-sandbox-token".
    forgetSecretsForTests();
    errors.registerSecret("FORGETTOKEN123456789");
    expect(errors.redact("token FORGETTOKEN123456789")).toBe("token ***");
    errors.forgetSecretsForTests();
    expect(errors.redact("token FORGETTOKEN123456789")).toBe("token FORGETTOKEN123456789");
    errors.registerSecret("FORGETTOKEN123456789");
    expect(errors.redact("token FORGETTOKEN123456789")).toBe("token ***");
    // Not part of the package: a program cannot unmask its token.
    expect("forgetSecretsForTests" in (await import("../../src/index"))).toBe(false);
  });
});
