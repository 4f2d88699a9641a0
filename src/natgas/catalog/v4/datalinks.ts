/**
 * v4 beta `query_datalinks`: one SQL SELECT over the vendor's data links (Hyperion `hdl.*`, Leviaton
 * `ldl.*`...). Its records have no fixed schema: the client types each answer's columns from the
 * answer (src/natgas/datalinks), and checks the SQL before sending it, so this entry is not in the
 * `v4` catalog that builds plain methods.
 */
import type { EndpointSpec } from "../../../catalog/types";
import { post } from "./params";

/** The data-links endpoint, apart from the `v4` catalog (its method is `NatGasClient.v4.queryDatalinks(sql)`). */
export const v4Datalinks = {
  queryDatalinks: {
    ...post,
    method: "queryDatalinks",
    path: "/v4/beta/query_datalinks",
    params: [{ name: "query", type: { kind: "str" }, required: true, description: "One SQL query (SELECT, WITH ... SELECT, FROM ... or VALUES) over the data-link tables." }],
    record: { name: "natgas.v4.queryDatalinks", fields: [] },
    description: "Runs one read-only SQL query over the data-link tables (hdl.fraccrews, hdl.rigs, hdl.completions, hdl.production_by_well, ldl.transaction_history_raw...). Beta.",
    source: {
      docs: [
        "https://apidocs.synmax.com/v4/beta_query_datalinks.html",
        "https://apidocs.vulcan.synmax.com/v2/beta_query_datalinks.html",
        "https://blog.synmax.com/hyperion-client/access-hyperion-data-like-ai-does",
      ],
      choice:
        "The pages show the request ({\"query\": SQL}, Access-Key header) and the tables but not the answer's shape: it is read like every v4 answer (a JSON array of records, NDJSON when asked), with column types taken from the answer.",
    },
  },
} as const satisfies Record<string, EndpointSpec>;
