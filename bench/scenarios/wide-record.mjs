// Scenario (hardening, round two, item 7): one record of 200,000 fields (3.2 MB), as a broken server
// could send it, fetched as columns by the transport (parsed on a worker: big bodies are) against
// fetch + JSON.parse of the same body from the same local server. It took 31-36 s on a worker before
// the fix (one moved buffer per column, and Node checks a transfer list pairwise), 4.5 s on the
// calling thread. Needs no prepared data.
import { createServer } from "node:http";
import { internal } from "../lib/gasframes.mjs";

const FIELDS = 200_000;

function wideBody() {
  const parts = new Array(FIELDS);
  for (let i = 0; i < FIELDS; i++) parts[i] = `"f${i}":${i}`;
  return Buffer.from(`[{${parts.join(",")}}]`);
}

/** A server on 127.0.0.1 answering every request with `body`; resolves with its URL. */
function serve(body) {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
      res.end(body);
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${server.address().port}`)));
}

export const wideRecordScenario = {
  id: "wide-record",
  title: "Wide record: one record of 200,000 fields (3.2 MB) as columns vs fetch + JSON.parse",
  needsData: false,
  rows: () => 1,
  variants: {
    json: {
      label: "fetch + JSON.parse (objects)",
      async setup() {
        return { url: await serve(wideBody()) };
      },
      async run({ url }) {
        const res = await fetch(`${url}/v3/wide`, { method: "POST", body: "{}" });
        const records = JSON.parse(await res.text());
        return { fields: Object.keys(records[0]).length };
      },
    },
    gasframes: {
      label: "gasframes Transport.fetchColumns (parse worker)",
      async setup() {
        const url = await serve(wideBody());
        const Transport = internal("Transport", "decode/index.js");
        const transport = new Transport({ baseUrl: url, token: "bench-token", progress: false }, { service: "natgas", baseUrlEnv: "GASFRAMES_BENCH_UNSET_URL" });
        return { transport };
      },
      async run({ transport }) {
        const { data } = await transport.fetchColumns({ endpoint: "wide", httpMethod: "POST", path: "/v3/wide", body: {}, response: "array" });
        return { fields: data.names.length };
      },
    },
  },
  targets: [
    { label: "200,000 fields as columns", check: "fields", variant: "gasframes", equals: FIELDS },
    // CPU time of all threads (a busy machine stretches the wall time, not this): linear in the fields,
    // with a cost per column that objects do not pay (each field is a column); was 31-36 s of wall time.
    { label: "CPU time (all threads) <= 5 s", measure: "cpuMs", variant: "gasframes", absolute: 5000 },
  ],
};
