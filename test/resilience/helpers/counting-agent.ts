/**
 * An undici Agent that counts every request it sends, by path: the client-side tally of how many
 * requests a call made (retries and pages included).
 */
import { Agent, type Dispatcher } from "undici";

export class CountingAgent extends Agent {
  /** Requests sent, in order: method and path (query string excluded). */
  readonly sent: { method: string; path: string }[] = [];

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const path = String(options.path ?? "").split("?")[0] ?? "";
    this.sent.push({ method: String(options.method), path });
    return super.dispatch(options, handler);
  }

  /** Requests sent so far. */
  get count(): number {
    return this.sent.length;
  }
}
