// The raw transfer of the v3 pages: bytes only, 4 requests at a time (the client's default
// concurrency), with undici as the client uses. The reference of the v3 and cold scenarios.
import { V3_PATH } from "./prepare.mjs";

let undici;
/**
 * Loads undici (all of it, as a user's `import { request } from "undici"` does). Not at this module's
 * import: the v3 scenario's gasframes variant imports this module too, and must hold only what
 * gasframes itself loads (26 of undici's 110 modules). The raw and naive variants call it in their
 * set-up, before the clock; a cold raw run pays it in its process's time, as before.
 */
export async function loadUndici() {
  undici ??= await import("undici");
  return undici;
}

/** The headers of every v3 page request: the raw transfer's, and the bare reader's in the stages scenario. */
export const V3_HEADERS = { "content-type": "application/json", access_key: "bench" };

/** The request body of the v3 page starting at row `start`. */
export const v3PageBody = (query, start) => JSON.stringify({ ...query, pagination: { start } });

/** The first row of each page of the prepared v3 answer. */
export function v3PageStarts({ rows, pageSize }) {
  const starts = [];
  for (let s = 0; s < rows; s += pageSize) starts.push(s);
  return starts;
}

/** POSTs one v3 page request; resolves to the response body stream. */
export async function postPage(url, query, start) {
  const { request } = await loadUndici();
  const res = await request(url + V3_PATH, { method: "POST", headers: V3_HEADERS, body: v3PageBody(query, start) });
  if (res.statusCode !== 200) throw new Error(`page ${start}: status ${res.statusCode}`);
  return res.body;
}

/** Downloads every page of the prepared v3 answer (4 at a time) into Buffers; returns the byte count. */
export async function rawTransferV3(url, v3) {
  const { query } = v3;
  const starts = v3PageStarts(v3);
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
