/**
 * A transport wired for tests: token set, progress off, sleeps recorded instead of waited.
 */
import { Transport } from "../../../src/decode";
import type { TransportOptions } from "../../../src/http";
import type { RecordPart, TransportRequest } from "../../../src/decode";
import type { RecordColumns } from "../../../src/table/record-columns";
import { TOKEN, captureLogs } from "./secrets";

export function makeTransport(baseUrl: string, extra: Partial<TransportOptions> = {}) {
  const sleeps: number[] = [];
  const logs = captureLogs();
  const transport = new Transport(
    {
      baseUrl,
      token: TOKEN,
      progress: false,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      random: () => 0.5,
      logger: logs.logger,
      ...extra,
    },
    { service: "natgas", baseUrlEnv: "GASFRAMES_TEST_UNSET_URL" },
  );
  return { transport, sleeps, logs };
}

/** A v3-style POST with an object answer. */
export function postRequest(extra: Partial<TransportRequest> = {}): TransportRequest {
  return {
    endpoint: "rigs",
    httpMethod: "POST",
    path: "/v3/rigs",
    body: { region: "west", operator_name: null },
    response: "object",
    ...extra,
  };
}

/**
 * A clock that moves only when the transport sleeps, with the sleep that moves it. Waits the transport
 * computes from the clock (deadlines, pauses after a 429) are then exact, however long a busy machine
 * stalls between two steps, and no test waits in real time.
 */
export function virtualTime(start = 1_000_000): { clock: () => number; sleep: (ms: number) => Promise<void>; sleeps: number[] } {
  let now = start;
  const sleeps: number[] = [];
  return {
    clock: () => now,
    sleep: async (ms) => {
      sleeps.push(ms);
      now += ms;
    },
    sleeps,
  };
}

/** The records of `Transport.fetchColumns`' answer, whether it came as columns or as records. */
export function recordsOfPart(data: RecordPart): unknown[] {
  return Array.isArray(data) ? data : (data as RecordColumns).toRecords();
}
