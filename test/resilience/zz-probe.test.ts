import { it } from "vitest";
import { startSandbox } from "../../src/sandbox";
import { post, rawRequest } from "./helpers/raw-http";
import { request } from "undici";
it("probe", async () => {
  const sb = await startSandbox({ seed: 3, asOf: "2026-11-01", pageSize: 5 });
  for (const [path, body] of [["/v3/rigs", { region: 5 }], ["/v3/rigs", { start_date: "2026-06-01", end_date: "2026-01-01" }], ["/v4/rigs", { region_natgas: 7 }], ["/legacy/api/v2/analysis_report", { req_report: "everything" }], ["/legacy/api/v2/analysis_report", { req_report: ["overview"] }]] as const) {
    const r = await request(sb.url + path, { method: "POST", headers: { access_key: "x" }, body: JSON.stringify(body) });
    console.log(path, JSON.stringify(body), r.statusCode, (await r.body.text()).slice(0, 300));
  }
  await sb.close();
});
