/** A running sandbox for the LNG tests, and raw HTTP helpers (no gasframes client code). */
import { startSandbox, type SandboxHandle } from "../../../src/sandbox";

export const SEED = 7;
export const AS_OF = "2025-03-01";
export const AS_OF_MS = Date.UTC(2025, 2, 1);
export const DAY = 86_400_000;
const TOKEN = "test-token";

export type Row = Record<string, any>;

export interface Answer<T = unknown> {
  readonly status: number;
  readonly body: T;
  readonly text: string;
  readonly contentType: string;
}

/** Starts a sandbox; the caller closes it in afterAll. */
export function startLngSandbox(seed = SEED, asOf = AS_OF): Promise<SandboxHandle> {
  return startSandbox({ seed, asOf });
}

async function answer<T>(res: Response): Promise<Answer<T>> {
  const text = await res.text();
  let body: unknown = undefined;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, body: body as T, text, contentType: res.headers.get("content-type") ?? "" };
}

/** POST a JSON body (or raw text) with the token. */
export async function post<T = Row[]>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const res = await fetch(url, {
    method: "POST",
    headers: { access_key: TOKEN, "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return answer<T>(res);
}

/** GET with the token. */
export async function get<T = Row[]>(url: string, headers: Record<string, string> = {}): Promise<Answer<T>> {
  const res = await fetch(url, { headers: { access_key: TOKEN, ...headers } });
  return answer<T>(res);
}

/** POST expecting 200 and a JSON array. */
export async function rows(url: string, body: unknown): Promise<Row[]> {
  const a = await post<Row[]>(url, body);
  if (a.status !== 200 || !Array.isArray(a.body)) throw new Error(`expected 200 array from ${url}, got ${a.status}: ${a.text.slice(0, 300)}`);
  return a.body;
}

/** Milliseconds of a record timestamp ("YYYY-MM-DD HH:MM:SS+00" or ISO). */
export function ms(ts: string): number {
  return Date.parse(ts.replace(" ", "T").replace(/\+00$/, "Z"));
}

/** Days since the epoch of a record timestamp. */
export function dayOf(ts: string): number {
  return Math.floor(ms(ts) / DAY);
}

/** Sums numbers by a key. */
export function sumBy<T>(items: readonly T[], key: (item: T) => string | number, value: (item: T) => number): Map<string | number, number> {
  const out = new Map<string | number, number>();
  for (const item of items) out.set(key(item), (out.get(key(item)) ?? 0) + value(item));
  return out;
}
