/**
 * An undici dispatcher that opens no connection: every connect fails at once, as on a machine with no
 * network. Tests use it to see where a client would send a request (the URL its ConnectionError names)
 * without anything leaving the process: not even a DNS look-up is made.
 */
import { Agent } from "undici";

export function offlineDispatcher(): Agent {
  return new Agent({
    connect: (_options, callback) => {
      const error = Object.assign(new Error("no network in this test (offline dispatcher)"), { code: "ENETUNREACH" });
      callback(error, null);
    },
  });
}
