/**
 * A headless Chromium driven over the Chrome DevTools Protocol on a pipe (`--remote-debugging-pipe`: fd 3
 * carries commands in, fd 4 replies and events out, each message JSON ended by a NUL byte). No port is
 * opened and no library is needed. Every request the page makes is recorded; any that is not file: or
 * data: is failed before it leaves the machine.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Readable, Writable } from "node:stream";

type Params = Record<string, unknown>;
interface Message {
  id?: number;
  method?: string;
  params?: Params;
  result?: Params;
  error?: { message: string };
  sessionId?: string;
}

/** The Chromium binary: GASFRAMES_CHROMIUM, else Debian's `chromium`. */
export function chromiumPath(): string | undefined {
  for (const p of [process.env.GASFRAMES_CHROMIUM, "/usr/bin/chromium", "/usr/bin/chromium-browser"]) if (p && existsSync(p)) return p;
  return undefined;
}

/** One page in a headless Chromium. */
export class HeadlessPage {
  /** Every URL the page asked for, in order. */
  readonly requests: string[] = [];
  /** Requests refused because they would have left file: and data:. */
  readonly blocked: string[] = [];
  /** Console errors and warnings of the page, and exceptions it did not catch. */
  readonly problems: string[] = [];
  private nextId = 1;
  private buffer = "";
  private readonly pending = new Map<number, { resolve: (r: Params) => void; reject: (e: Error) => void }>();
  private readonly listeners: ((m: Message) => void)[] = [];
  private sessionId = "";

  private constructor(
    private readonly child: ChildProcess,
    private readonly input: Writable,
    output: Readable,
  ) {
    output.setEncoding("utf8");
    output.on("data", (chunk: string) => {
      this.buffer += chunk;
      let end: number;
      while ((end = this.buffer.indexOf("\0")) >= 0) {
        const message = JSON.parse(this.buffer.slice(0, end)) as Message;
        this.buffer = this.buffer.slice(end + 1);
        this.dispatch(message);
      }
    });
    child.on("exit", () => {
      for (const p of this.pending.values()) p.reject(new Error("chromium exited"));
      this.pending.clear();
    });
  }

  /** Starts Chromium and opens a blank page with network interception on. */
  static async launch(binary: string, size = { width: 1280, height: 1600 }): Promise<HeadlessPage> {
    const profile = mkdtempSync(join(tmpdir(), "report-chromium-"));
    const child = spawn(
      binary,
      ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-extensions", "--disable-background-networking", "--disable-component-update", "--disable-sync", `--user-data-dir=${profile}`, `--window-size=${size.width},${size.height}`, "--remote-debugging-pipe", "about:blank"],
      { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] },
    );
    const page = new HeadlessPage(child, child.stdio[3] as Writable, child.stdio[4] as Readable);
    const { targetId } = await page.send("Target.createTarget", { url: "about:blank" }, false);
    const { sessionId } = await page.send("Target.attachToTarget", { targetId, flatten: true }, false);
    page.sessionId = sessionId as string;
    page.on("Network.requestWillBeSent", (p) => page.requests.push((p.request as { url: string }).url));
    page.on("Fetch.requestPaused", (p) => {
      const url = (p.request as { url: string }).url;
      if (/^(file|data):/.test(url)) void page.send("Fetch.continueRequest", { requestId: p.requestId });
      else {
        page.blocked.push(url);
        void page.send("Fetch.failRequest", { requestId: p.requestId, errorReason: "BlockedByClient" });
      }
    });
    page.on("Runtime.consoleAPICalled", (p) => {
      if (p.type === "error" || p.type === "warning") page.problems.push(`${String(p.type)}: ${(p.args as { value?: unknown; description?: string }[]).map((a) => a.value ?? a.description).join(" ")}`);
    });
    page.on("Runtime.exceptionThrown", (p) => page.problems.push(`exception: ${JSON.stringify(p.exceptionDetails)}`));
    await page.send("Runtime.enable");
    await page.send("Network.enable");
    await page.send("Fetch.enable", { patterns: [{ urlPattern: "*" }] });
    await page.send("Page.enable");
    await page.send("Emulation.setDeviceMetricsOverride", { width: size.width, height: size.height, deviceScaleFactor: 1, mobile: false });
    return page;
  }

  /** Sends a command to the page (or, with `toPage` false, to the browser) and resolves to its result. */
  send(method: string, params: Params = {}, toPage = true): Promise<Params> {
    const id = this.nextId++;
    const message: Message = { id, method, params, ...(toPage ? { sessionId: this.sessionId } : {}) };
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.input.write(`${JSON.stringify(message)}\0`);
    });
  }

  /** Loads a URL and resolves when its load event has fired. */
  async goto(url: string): Promise<void> {
    const loaded = new Promise<void>((resolve) => this.on("Page.loadEventFired", () => resolve()));
    const { errorText } = await this.send("Page.navigate", { url });
    if (errorText) throw new Error(`cannot load ${url}: ${String(errorText)}`);
    await loaded;
  }

  /** Evaluates an expression in the page (awaiting a promise it returns) and gives back its JSON value. */
  async evaluate<T>(expression: string): Promise<T> {
    const r = await this.send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
    const thrown = r.exceptionDetails as { exception?: { description?: string }; text?: string } | undefined;
    if (thrown) throw new Error(`page threw: ${thrown.exception?.description ?? thrown.text}`);
    return (r.result as { value: T }).value;
  }

  /**
   * Resolves to the first truthy value of `expression`, evaluated in the page on every animation frame
   * (no fixed sleep); rejects after `timeoutMs` with the last value.
   */
  waitFor<T>(expression: string, timeoutMs: number): Promise<T> {
    return this.evaluate<T>(`new Promise((resolve, reject) => {
      const until = Date.now() + ${timeoutMs};
      const poll = () => {
        let v;
        try { v = (${expression}); } catch (e) { v = undefined; }
        if (v) resolve(v);
        else if (Date.now() > until) reject(new Error("timed out waiting for: " + ${JSON.stringify(expression)}));
        else requestAnimationFrame(poll);
      };
      poll();
    })`);
  }

  /** Moves the mouse to page coordinates (CSS pixels of the viewport). */
  async hover(x: number, y: number): Promise<void> {
    await this.send("Input.dispatchMouseEvent", { type: "mouseMoved", x, y });
  }

  /** Turns the mouse wheel at page coordinates (negative `deltaY` zooms in on vega's bound scales). */
  async wheel(x: number, y: number, deltaY: number): Promise<void> {
    await this.send("Input.dispatchMouseEvent", { type: "mouseWheel", x, y, deltaX: 0, deltaY });
  }

  /** Closes the browser. */
  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => this.child.once("exit", () => resolve()));
    await this.send("Browser.close", {}, false).catch(() => undefined);
    await exited;
  }

  private on(method: string, listener: (params: Params) => void): void {
    this.listeners.push((m) => {
      if (m.method === method) listener(m.params ?? {});
    });
  }

  private dispatch(m: Message): void {
    if (m.id !== undefined) {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.error) p?.reject(new Error(`${m.error.message}`));
      else p?.resolve(m.result ?? {});
      return;
    }
    for (const l of this.listeners) l(m);
  }
}
