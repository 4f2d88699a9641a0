// The raw transfer of the v3 pages: bytes only, 4 requests at a time (the client's default
// concurrency), with undici as the client uses. The reference of the v3 and cold scenarios.
import { request } from "undici";
import { V3_PATH } from "./prepare.mjs";

const HEADERS = { "content-type": "application/json", access_key: "bench" };

/** POSTs one v3 page request; resolves to the response body stream. */
export async function postPage(url, query, start) {
  const res = await request(url + V3_PATH, { method: "POST", headers: HEADERS, body: JSON.stringify({ ...query, pagination: { start } }) });
  if (res.statusCode !== 200) throw new Error(`page ${start}: status ${res.statusCode}`);
  return res.body;
}

/** Downloads every page of the prepared v3 answer (4 at a time) into Buffers; returns the byte count. */
export async function rawTransferV3(url, v3) {
  const { rows, pageSize, query } = v3;
  const starts = [];
  for (let s = 0; s < rows; s += pageSize) starts.push(s);
  const pages = new Array(starts.length);
  let next = 0;
  let bytes = 0;
  const worker = async () => {
    while (next < starts.length) {
      const i = next++;
      const chunks = [];
      for await (const c of await postPage(url, query, starts[i])) chunks.push(c);
      pages[i] = Buffer.concat(chunks);
      bytes += pages[i].length;
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return { bytes };
}
