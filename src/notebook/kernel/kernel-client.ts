import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type * as Zmq from "zeromq";
import { requireOptional } from "../../errors/missing-dependency";
import { KernelError } from "../shared/notebook-errors";
import { writeConnectionFile, type ConnectionInfo } from "./connection-file";
import type { KernelSpec } from "./kernel-spec";
import { decodeMessage, encodeMessage, newMessage, type JupyterMessage } from "./wire";

/** Options for `KernelClient.start`. */
export interface KernelStartOptions {
  /** Working directory of the kernel process. Default: the current directory. */
  cwd?: string;
  /** Environment of the kernel process (the kernelspec's `env` is laid over it). Default: process.env. */
  env?: NodeJS.ProcessEnv;
  /** How long the kernel may take to answer kernel_info. Default 60 000 ms. */
  startupTimeoutMs?: number;
  /**
   * How long one kernel_info request is given while the kernel starts before it is sent again (a kernel not
   * yet listening never sees the first). Default 1 000 ms. A reply whose idle status does not follow (published
   * before this client's subscription reached the kernel) is asked again after 100 ms, doubled at each such
   * miss up to this.
   */
  startAttemptMs?: number;
}

/** What one execute_request produced once the kernel went idle. */
export interface ExecuteReply {
  /** The execute_reply status: "ok", "error" or "abort" (tslab aborts requests queued after a failure). */
  status: string;
  executionCount: number | null;
  /** The reply content, which carries ename/evalue/traceback when the kernel sends them. */
  content: Record<string, unknown>;
}

/** The global symbol under which a Deno kernel keeps its first console (see `KernelClient#drainStdio`). */
const KEPT_CONSOLE = "gasframes.kernel.console";

/** What a kernel that broke while starting printed (see {@link KernelClient.start}). */
const BROKEN_AT_START = /Socket is blocked by a bind or unbind operation/;

/** How a request waits (see `KernelClient#request`). */
interface RequestOptions {
  /** It fails after this long without its reply (and idle status, when awaited). */
  timeoutMs: number;
  /** It resolves only once iopub says idle for it too. */
  needIdle: boolean;
  /** Its other iopub messages (stream, display_data, ...). */
  onIopub?: (m: JupyterMessage) => void;
  /** It keeps receiving its iopub messages after it resolved, until the caller removes it. */
  linger?: boolean;
  /** It fails this long after its reply when the idle status it awaits has not come. */
  idleAfterReplyMs?: number;
  /** Called when the reply arrives (before the idle status, when that is still awaited). */
  onReplyArrived?: () => void;
  /** It resolves only once `done` has resolved too, within the same time limit (`what` names it in the error). */
  until?: { done: Promise<void>; what: string };
}

type Waiter = { onIopub: (m: JupyterMessage) => void; onReply: (m: JupyterMessage) => void; onDeath: (e: Error) => void };

/**
 * A client for one Jupyter kernel, speaking messaging protocol 5.3 over ZeroMQ: it launches the kernel from
 * its kernelspec with a fresh connection file (127.0.0.1, random ports, HMAC-SHA256 key), then talks on
 * shell and control (DEALER), iopub (SUB), stdin (DEALER: input requests get an empty answer) and heartbeat (REQ).
 */
export class KernelClient {
  private readonly waiters = new Map<string, Waiter>();
  private readonly session = randomUUID();
  private death: Error | undefined;
  private stderrTail = "";
  private closed = false;
  /** Deno's console as the kernel started with it is kept (see `drainStdio`). */
  private consoleKept = false;
  /** The kernel_info_reply content (language_info, implementation, protocol version). */
  kernelInfo: Record<string, unknown> = {};

  private constructor(
    private readonly child: ChildProcess,
    private readonly info: ConnectionInfo,
    private readonly runtimeDir: string,
    private readonly shell: Zmq.Dealer,
    private readonly control: Zmq.Dealer,
    private readonly iopub: Zmq.Subscriber,
    private readonly stdin: Zmq.Dealer,
    private readonly hb: Zmq.Request,
  ) {}

  /**
   * Launches the kernel described by `spec` and waits until it answers on shell and publishes on iopub.
   * A kernel that broke while starting (tslab, sent kernel_info while it still binds its sockets,
   * logs "Socket is blocked by a bind or unbind operation" and never answers again) is killed and
   * launched afresh, up to three launches in all.
   */
  static async start(spec: KernelSpec, options: KernelStartOptions = {}): Promise<KernelClient> {
    for (const name of ["startupTimeoutMs", "startAttemptMs"] as const) {
      const ms = options[name];
      if (ms !== undefined && !(typeof ms === "number" && ms > 0 && Number.isFinite(ms))) {
        throw new KernelError(`KernelClient.start: ${name} must be a positive number of milliseconds, not ${String(ms)}`);
      }
    }
    for (let launch = 1; ; launch++) {
      try {
        return await KernelClient.launch(spec, options);
      } catch (e) {
        if (!(e instanceof KernelError) || !BROKEN_AT_START.test(e.message) || launch >= 3) throw e;
      }
    }
  }

  private static async launch(spec: KernelSpec, options: KernelStartOptions): Promise<KernelClient> {
    const zmq = requireOptional<typeof Zmq>("zeromq", "running notebooks (gasframes run, gasframes report)");
    const runtimeDir = mkdtempSync(join(tmpdir(), "gasframes-kernel-"));
    const connectionFile = join(runtimeDir, "kernel.json");
    const info = await writeConnectionFile(connectionFile, spec.name);
    const argv = spec.argv.map((a) => a.replace("{connection_file}", connectionFile).replace("{resource_dir}", spec.resourceDir));
    const child = spawn(argv[0]!, argv.slice(1), {
      cwd: options.cwd,
      env: { ...(options.env ?? process.env), ...(spec.env ?? {}) },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const url = (port: number) => `tcp://${info.ip}:${port}`;
    const shell = new zmq.Dealer({ linger: 0 });
    const control = new zmq.Dealer({ linger: 0 });
    const iopub = new zmq.Subscriber({ linger: 0 });
    const stdin = new zmq.Dealer({ linger: 0 });
    shell.connect(url(info.shell_port));
    control.connect(url(info.control_port));
    iopub.connect(url(info.iopub_port));
    iopub.subscribe();
    stdin.connect(url(info.stdin_port));
    const hb = new zmq.Request({ linger: 0 });
    hb.connect(url(info.hb_port));
    const client = new KernelClient(child, info, runtimeDir, shell, control, iopub, stdin, hb);
    client.watchProcess(spec);
    void client.pump(shell, "reply");
    void client.pump(control, "reply");
    void client.pump(iopub, "iopub");
    void client.pump(stdin, "stdin");
    const startupTimeoutMs = options.startupTimeoutMs ?? 60_000;
    const deadline = Date.now() + startupTimeoutMs;
    try {
      await client.waitReady(startupTimeoutMs, options.startAttemptMs ?? 1_000);
      // A kernel that has answered kernel_info may still be busy on its one thread (tslab builds its
      // TypeScript converter then, seconds of CPU on a loaded machine) before it echoes: the echo gets what
      // is left of the start's time limit (at least a second), not a shorter limit of its own.
      await client.heartbeat(Math.max(1_000, deadline - Date.now()));
    } catch (e) {
      await client.kill();
      throw e;
    }
    return client;
  }

  private watchProcess(spec: KernelSpec): void {
    const keep = (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString("utf8")).slice(-4000);
    };
    this.child.stdout?.on("data", keep);
    this.child.stderr?.on("data", keep);
    const die = (why: string) => {
      if (this.closed) return;
      this.death = new KernelError(`kernel "${spec.name}" (${spec.argv[0]}) ${why}${this.stderrTail ? `; its output:\n${this.stderrTail}` : ""}`);
      for (const w of this.waiters.values()) w.onDeath(this.death);
      this.waiters.clear();
    };
    this.child.on("error", (e) => die(`could not start: ${e.message}`));
    this.child.on("exit", (code, signal) => die(`exited (code ${code}, signal ${signal})`));
  }

  private async pump(sock: Zmq.Dealer | Zmq.Subscriber, kind: "reply" | "iopub" | "stdin"): Promise<void> {
    try {
      for await (const frames of sock) {
        let msg: JupyterMessage;
        try {
          msg = decodeMessage(frames as Buffer[], this.info.key);
        } catch {
          continue; // unsigned or malformed traffic is dropped, never acted on
        }
        if (kind === "stdin") {
          await this.stdin.send(encodeMessage({ ...newMessage("input_reply", this.session, { value: "" }), parent_header: msg.header }, this.info.key));
          continue;
        }
        const waiter = this.waiters.get(msg.parent_header.msg_id ?? "");
        if (!waiter) continue;
        if (kind === "iopub") waiter.onIopub(msg);
        else waiter.onReply(msg);
      }
    } catch {
      // the socket was closed
    }
  }

  private async waitReady(timeoutMs: number, attemptMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    // iopub subscriptions take a moment to propagate: retry kernel_info until a status for it arrives on iopub too.
    // A kernel that replies on shell while its idle status is lost (published before the subscription reached
    // it) is asked again soon after that reply, not when the attempt's second is over: tslab's start took about
    // 2.1 s, or 3.0 s when that status was lost (4 of 10 starts; docs/performance.md, fifteenth round).
    // The wait after a reply doubles at each such miss (up to a whole attempt), so a kernel slow to publish
    // its status after replying is still heard.
    let idleAfterReplyMs = Math.min(100, attemptMs);
    let everReplied = false;
    while (Date.now() < deadline) {
      if (this.death) throw this.death;
      if (BROKEN_AT_START.test(this.stderrTail)) throw new KernelError(`kernel broke while starting; its output:\n${this.stderrTail}`);
      let replied = false;
      const ok = await this.request("kernel_info_request", {}, this.shell, {
        timeoutMs: Math.min(attemptMs, deadline - Date.now()),
        needIdle: true,
        idleAfterReplyMs,
        onReplyArrived: () => (replied = true),
      }).then(
        (reply) => {
          this.kernelInfo = reply.content;
          return true;
        },
        (e) => {
          if (e === this.death) throw e;
          return false;
        },
      );
      if (ok) return;
      if (replied) {
        everReplied = true;
        idleAfterReplyMs = Math.min(attemptMs, idleAfterReplyMs * 2);
      }
    }
    const what = everReplied ? "replied on shell, but no idle status of it reached iopub" : "did not answer";
    throw new KernelError(`kernel ${what} within ${timeoutMs} ms${this.stderrTail ? `; its output:\n${this.stderrTail}` : ""}`);
  }

  /**
   * Sends a heartbeat ping and waits up to `timeoutMs` for the kernel to echo it. Throws KernelError otherwise
   * (the socket's own error is not attached as the cause: it holds the socket, which test reporters and
   * loggers cannot print).
   */
  async heartbeat(timeoutMs = 30_000): Promise<void> {
    if (this.death) throw this.death;
    const ping = Buffer.from(randomUUID());
    // A kernel that exits while the ping waits fails the wait at once, with its exit and output.
    const key = `heartbeat ${ping.toString()}`;
    const died = new Promise<never>((_resolve, reject) => this.waiters.set(key, { onIopub: () => undefined, onReply: () => undefined, onDeath: reject }));
    try {
      this.hb.receiveTimeout = timeoutMs;
      await this.hb.send(ping);
      const [echo] = await Promise.race([this.hb.receive(), died]);
      if (!echo || !echo.equals(ping)) throw new Error("echo differs from ping");
    } catch (e) {
      if (e === this.death) throw e;
      const code = (e as { code?: unknown }).code;
      throw new KernelError(`kernel heartbeat failed within ${timeoutMs} ms: ${(e as Error).message}${typeof code === "string" ? ` (${code})` : ""}`);
    } finally {
      this.waiters.delete(key);
    }
  }

  /** Sends a request and resolves with its reply (and, when `opts.needIdle`, once iopub says idle for it). */
  private request(type: string, content: unknown, sock: Zmq.Dealer, opts: RequestOptions): Promise<JupyterMessage> {
    const { timeoutMs, needIdle, onIopub, linger = false, idleAfterReplyMs, onReplyArrived, until } = opts;
    const msg = newMessage(type, this.session, content);
    return new Promise<JupyterMessage>((resolve, reject) => {
      let reply: JupyterMessage | undefined;
      let idle = !needIdle;
      let awaited = until === undefined;
      let afterReply: NodeJS.Timeout | undefined;
      let settled = false;
      const finish = (err?: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        clearTimeout(afterReply);
        // A lingering request keeps receiving its iopub messages until the caller removes it.
        if (!linger || err) this.waiters.delete(msg.header.msg_id);
        if (err) reject(err);
        else resolve(reply!);
      };
      const late = () => (reply && idle && until ? `${until.what} within ${timeoutMs} ms` : `no reply to ${type} within ${timeoutMs} ms`);
      const timer = setTimeout(() => finish(new KernelError(late())), Math.max(1, timeoutMs));
      void until?.done.then(() => {
        awaited = true;
        if (reply && idle) finish();
      });
      this.waiters.set(msg.header.msg_id, {
        onIopub: (m) => {
          if (m.header.msg_type === "status" && m.content.execution_state === "idle") {
            idle = true;
            if (reply && awaited) finish();
          } else onIopub?.(m);
        },
        onReply: (m) => {
          reply = m;
          onReplyArrived?.();
          if (idle && awaited) finish();
          else if (!idle && idleAfterReplyMs !== undefined && afterReply === undefined) {
            afterReply = setTimeout(() => finish(new KernelError(`no idle status for ${type} within ${idleAfterReplyMs} ms of its reply`)), idleAfterReplyMs);
          }
        },
        onDeath: (e) => finish(e),
      });
      if (this.death) return finish(this.death);
      sock.send(encodeMessage(msg, this.info.key)).catch((e: Error) => finish(new KernelError(`cannot send ${type}: ${e.message}`, { cause: e })));
    });
  }

  /**
   * Runs `code` and calls `onIopub` for each iopub message it causes (stream, display_data,
   * update_display_data, execute_result, error, clear_output) until the kernel is idle again.
   * Rejects with KernelError on timeout (default 600 000 ms) or if the kernel dies; the kernel should then be killed.
   */
  async execute(code: string, onIopub: (m: JupyterMessage) => void, timeoutMs = 600_000): Promise<ExecuteReply> {
    const content = { code, silent: false, store_history: true, user_expressions: {}, allow_stdin: false, stop_on_error: true };
    if (this.forwardsStdioLate && !this.consoleKept) {
      const keep = `globalThis[Symbol.for(${JSON.stringify(KEPT_CONSOLE)})] ??= { log: console.log.bind(console), error: console.error.bind(console) };`;
      const silent = { code: keep, silent: true, store_history: false, user_expressions: {}, allow_stdin: false, stop_on_error: false };
      await this.request("execute_request", silent, this.shell, { timeoutMs: Math.min(timeoutMs, 60_000), needIdle: true });
      this.consoleKept = true;
    }
    const reply = await this.request("execute_request", content, this.shell, { timeoutMs, needIdle: true, onIopub, linger: true });
    try {
      if (this.forwardsStdioLate) await this.drainStdio(reply, onIopub, Math.min(timeoutMs, 60_000));
      // Other kernels publish a cell's output before its idle status; a kernel_info round trip still gives
      // any late message the time to arrive (and be kept).
      else await this.request("kernel_info_request", {}, this.shell, { timeoutMs: Math.min(timeoutMs, 60_000), needIdle: true });
    } finally {
      this.waiters.delete(String(reply.parent_header.msg_id ?? ""));
    }
    const count = reply.content.execution_count;
    return { status: String(reply.content.status ?? "ok"), executionCount: Number.isInteger(count) ? count : null, content: reply.content };
  }

  /** True for Deno's kernel, whose cells' console output can arrive after their idle status (see `drainStdio`). */
  private get forwardsStdioLate(): boolean {
    return /\bdeno\b/i.test(String(this.kernelInfo.implementation ?? ""));
  }

  /**
   * Waits until all a Deno cell wrote through its console (`console.log`, `console.error`, ...) has arrived,
   * and hands `onIopub` the part that came under the next request. Deno's kernel sends a cell's console output
   * down one channel, in order, and a task of its own publishes each piece as a child of the execute_request
   * that is the latest when the piece's turn comes: a piece may come after the cell's idle status, and once
   * another request has begun, under that request. No wait on time can be sure of it (a kernel_info round
   * trip lost the end of a cell that printed 3,000 lines, every time). So a silent request (it does not
   * count as a cell) writes one unique line to stdout and to stderr: once both lines are in, all the cell
   * wrote before them is in, and what came under the silent request before its stream's line is the cell's,
   * handed on in the order it came.
   */
  private async drainStdio(cell: JupyterMessage, onIopub: (m: JupyterMessage) => void, timeoutMs: number): Promise<void> {
    const line = `gasframes-drained-${randomUUID()}\n`;
    // Per stream whose line has not come yet: the length of its text so far and the end of it, where the
    // start of a line split between two pieces would be.
    const open = new Map<string, { length: number; tail: string }>([
      ["stdout", { length: 0, tail: "" }],
      ["stderr", { length: 0, tail: "" }],
    ]);
    const pieces: { m: JupyterMessage; name: string; text: string }[] = [];
    let arrived!: () => void;
    const bothIn = new Promise<void>((resolve) => (arrived = resolve));
    const onMarkerIopub = (m: JupyterMessage) => {
      const name = m.content.name;
      if (m.header.msg_type !== "stream" || typeof name !== "string") return;
      const stream = open.get(name);
      if (stream === undefined) return; // that stream's line is in: what follows is not the cell's
      const text = String(m.content.text ?? "");
      pieces.push({ m, name, text });
      const seen = stream.tail + text;
      const at = seen.indexOf(line);
      if (at < 0) {
        stream.length += text.length;
        stream.tail = seen.slice(-(line.length - 1));
        return;
      }
      // The line begins this far into the stream's text: the cell's part of the stream ends there.
      let keep = stream.length - stream.tail.length + at;
      open.delete(name);
      for (const piece of pieces) {
        if (piece.name !== name) continue;
        piece.text = piece.text.slice(0, keep);
        keep -= piece.text.length;
      }
      if (open.size > 0) return;
      for (const piece of pieces) {
        if (piece.text) onIopub({ ...piece.m, parent_header: cell.parent_header, content: { name: piece.name, text: piece.text } });
      }
      arrived();
    };
    // Through the console as the kernel started with it (kept before the first cell), so that a cell that
    // replaces console.log or console.error cannot stop the line.
    const code = `{ const c = globalThis[Symbol.for(${JSON.stringify(KEPT_CONSOLE)})] ?? console; c.log(${JSON.stringify(line.slice(0, -1))}); c.error(${JSON.stringify(line.slice(0, -1))}); }`;
    const content = { code, silent: true, store_history: false, user_expressions: {}, allow_stdin: false, stop_on_error: false };
    const until = { done: bothIn, what: "the cell's stdout and stderr did not finish arriving" };
    const marker = await this.request("execute_request", content, this.shell, { timeoutMs, needIdle: true, onIopub: onMarkerIopub, linger: true, until });
    this.waiters.delete(String(marker.parent_header.msg_id ?? ""));
  }

  /** Asks the kernel to shut down (control channel), waits up to `graceMs` (default 5 000) for it to exit, then kills it. */
  async shutdown(graceMs = 5_000): Promise<void> {
    if (!this.death && this.child.exitCode === null) {
      await this.request("shutdown_request", { restart: false }, this.control, { timeoutMs: graceMs, needIdle: false }).catch(() => undefined);
      await this.waitExit(graceMs);
    }
    await this.kill();
  }

  private waitExit(ms: number): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      const t = setTimeout(resolve, ms);
      this.child.once("exit", () => {
        clearTimeout(t);
        resolve();
      });
    });
  }

  /** Kills the kernel process (SIGKILL if SIGTERM is ignored), closes the sockets and removes the connection file. */
  async kill(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.child.exitCode === null && this.child.signalCode === null) {
      this.child.kill("SIGTERM");
      await this.waitExit(2_000);
      if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill("SIGKILL");
    }
    for (const s of [this.shell, this.control, this.iopub, this.stdin, this.hb]) s.close();
    rmSync(this.runtimeDir, { recursive: true, force: true });
  }

  /** True once the kernel process has exited or failed to start. */
  get dead(): boolean {
    return this.death !== undefined;
  }
}
