// The stages of a download beside their limits, on the same bytes in the same run (issue 32): for the v3
// pages and for the NDJSON answer, each stage alone on one core, and what no parser can beat on those bytes:
// a plain memory copy, and JSON.parse into objects (which builds no columns). The socket stage is the raw
// transfer from the bench's server (undici, as a user's raw download would read it), the same requests read by
// gasframes' own HTTP client (src/http/wire-request.ts, what the client sends with since the fourteenth round),
// and their floor, the same requests read by bare sockets into one buffer each (bench/lib/bare-http.mjs); decompress is zlib's gunzip of the same bytes
// gzipped before the clock.
// Each figure is MB/s of the uncompressed bytes, so the stages compare directly.
import { gunzipSync, gzipSync } from "node:zlib";
import { request } from "undici";
import { internal } from "../lib/gasframes.mjs";
import { barePostAll } from "../lib/bare-http.mjs";
import { loadPrepared, V3_PATH, V4_PATH } from "../lib/prepare.mjs";
import { rawTransferV3, V3_HEADERS, v3PageBody, v3PageStarts } from "../lib/raw-v3.mjs";

/** The NDJSON answer's request headers, for both of its socket readers. */
const NDJSON_HEADERS = { ...V3_HEADERS, accept: "application/x-ndjson" };

/** The in-process parser of this build (before or after the decoders left src/http). */
function parseHere() {
  return internal("parseHere", "decode/columnar/parse-pool.js", "http/columnar/parse-pool.js");
}

/** NDJSON bytes cut at line ends into pieces of about `size` bytes, as the client parses them. */
function linePieces(buf, size = 4 * 1024 * 1024) {
  const pieces = [];
  let start = 0;
  while (start < buf.length) {
    let end = Math.min(start + size, buf.length);
    if (end < buf.length) {
      const nl = buf.indexOf(10, end);
      end = nl === -1 ? buf.length : nl + 1;
    }
    pieces.push(buf.subarray(start, end));
    start = end;
  }
  return pieces;
}

async function piecesOf(ctx, which) {
  const { v3Pages, ndjson } = await loadPrepared(ctx.dir);
  return which === "v3" ? [...v3Pages.values()] : linePieces(ndjson);
}

const bytesOf = (pieces) => pieces.reduce((s, p) => s + p.length, 0);

/** Times `fn` over the pieces; the answer carries MB/s of the (uncompressed) bytes. */
function timed(bytes, fn) {
  const t0 = performance.now();
  const rows = fn();
  const ms = performance.now() - t0;
  return { bytes, rows, mbps: Math.round(bytes / 1e3 / ms) };
}

function stageVariants(which) {
  const kind = which === "v3" ? "envelope" : "lines";
  return {
    [`${which}-copy`]: {
      label: `${which}: memory copy of the bytes (limit)`,
      setup: async (ctx) => ({ pieces: await piecesOf(ctx, which) }),
      run({ pieces }) {
        const bytes = bytesOf(pieces);
        return timed(bytes, () => {
          const out = Buffer.allocUnsafe(bytes);
          let at = 0;
          for (const p of pieces) at += p.copy(out, at);
          return out[at - 1] === undefined ? 0 : pieces.length;
        });
      },
    },
    [`${which}-json`]: {
      label: `${which}: JSON.parse into objects, one core (limit)`,
      setup: async (ctx) => ({ pieces: await piecesOf(ctx, which) }),
      run({ pieces }) {
        return timed(bytesOf(pieces), () => {
          let rows = 0;
          for (const p of pieces) {
            const text = p.toString("utf8");
            if (which === "v3") rows += JSON.parse(text).data.length;
            else for (const line of text.split("\n")) if (line.length > 0) rows += JSON.parse(line) === null ? 0 : 1;
          }
          return rows;
        });
      },
    },
    [`${which}-gunzip`]: {
      label: `${which}: decompress (zlib gunzip of the same bytes gzipped)`,
      async setup(ctx) {
        const pieces = await piecesOf(ctx, which);
        return { bytes: bytesOf(pieces), zipped: pieces.map((p) => gzipSync(p, { level: 6 })) };
      },
      run({ bytes, zipped }) {
        return timed(bytes, () => {
          let n = 0;
          for (const z of zipped) n += gunzipSync(z).length;
          return n === bytes ? zipped.length : -1;
        });
      },
    },
    [`${which}-columns`]: {
      label: `${which}: parse to columns, one core (gasframes' decoder)`,
      setup: async (ctx) => ({ pieces: await piecesOf(ctx, which), parse: parseHere() }),
      run({ pieces, parse }) {
        return timed(bytesOf(pieces), () => {
          let rows = 0;
          for (const p of pieces) rows += parse(kind, p).columns.length;
          return rows;
        });
      },
    },
    ...(which === "v3"
      ? {
          "v3-in-place": {
            label: "v3: parse to columns as 64 KiB chunks arrive, one core (GASFRAMES_V3_IN_PLACE=1)",
            async setup(ctx) {
              const EnvelopeInPlace = internal("EnvelopeInPlace", "decode/columnar/envelope-in-place.js");
              // Chunks as the socket gives them (Buffers of up to 64 KiB), cut before the clock.
              const pages = (await piecesOf(ctx, which)).map((p) => {
                const chunks = [];
                for (let at = 0; at < p.length; at += 65536) chunks.push(Buffer.from(p.subarray(at, at + 65536)));
                return { bytes: p.length, chunks };
              });
              return { pages, EnvelopeInPlace };
            },
            run({ pages, EnvelopeInPlace }) {
              return timed(pages.reduce((s, p) => s + p.bytes, 0), () => {
                let rows = 0;
                for (const p of pages) {
                  const page = new EnvelopeInPlace(p.bytes);
                  for (const c of p.chunks) page.push(c);
                  rows += page.end().columns.length;
                }
                return rows;
              });
            },
          },
        }
      : {}),
    [`${which}-socket`]: {
      label: `${which}: socket read (raw transfer from the local server)`,
      setup: (ctx) => ctx,
      async run(ctx) {
        const t0 = performance.now();
        let bytes;
        if (which === "v3") bytes = (await rawTransferV3(ctx.url, ctx.meta.v3)).bytes;
        else {
          const res = await request(ctx.url + V4_PATH, {
            method: "POST",
            headers: NDJSON_HEADERS,
            body: JSON.stringify(ctx.meta.v4.query),
          });
          bytes = 0;
          for await (const c of res.body) bytes += c.length;
        }
        return { bytes, mbps: Math.round(bytes / 1e3 / (performance.now() - t0)) };
      },
    },
    [`${which}-wire`]: {
      label: `${which}: socket read by gasframes' own HTTP client (wire-request.ts)`,
      setup: (ctx) => ({ url: ctx.url, requests: bareRequests(ctx.meta, which), wireRequest: internal("wireRequest", "http/wire-request.js") }),
      async run({ url, requests, wireRequest }) {
        const t0 = performance.now();
        // As the undici row: v3 pages copied each into a buffer and kept, 4 at a time; NDJSON counted.
        const keep = which === "v3";
        const kept = new Array(requests.length);
        let bytes = 0;
        let next = 0;
        const worker = async () => {
          while (next < requests.length) {
            const i = next++;
            const { path, headers, body } = requests[i];
            const res = await wireRequest(url + path, { method: "POST", headers, body });
            if (res.statusCode !== 200) throw new Error(`${path}: status ${res.statusCode}`);
            const chunks = [];
            let size = 0;
            for await (const c of res.body) {
              size += c.byteLength;
              if (keep) chunks.push(c);
            }
            if (keep) kept[i] = Buffer.concat(chunks, size);
            bytes += size;
          }
        };
        await Promise.all(Array.from({ length: keep ? 4 : 1 }, worker));
        return { bytes, mbps: Math.round(bytes / 1e3 / (performance.now() - t0)) };
      },
    },
    [`${which}-bare`]: {
      label: `${which}: socket read by bare sockets, one buffer each, no HTTP library (limit)`,
      setup: (ctx) => ({ url: ctx.url, requests: bareRequests(ctx.meta, which) }),
      async run({ url, requests }) {
        const t0 = performance.now();
        // As the undici row beside it: the v3 pages each copied into a buffer and kept to the end (as the
        // raw transfer keeps them), the NDJSON answer's bytes only counted (as its chunks are dropped).
        const keep = which === "v3";
        const kept = keep ? new Array(requests.length) : undefined;
        const { bytes } = await barePostAll(url, requests, { concurrency: keep ? 4 : 1, keep, onBody: (i, b) => (kept[i] = b) });
        return { bytes, mbps: Math.round(bytes / 1e3 / (performance.now() - t0)) };
      },
    },
  };
}

/** The socket stage's requests, for the bare client: the v3 pages (as rawTransferV3 asks), or the NDJSON answer. */
function bareRequests(meta, which) {
  if (which !== "v3") return [{ path: V4_PATH, headers: NDJSON_HEADERS, body: JSON.stringify(meta.v4.query) }];
  return v3PageStarts(meta.v3).map((start) => ({ path: V3_PATH, headers: V3_HEADERS, body: v3PageBody(meta.v3.query, start) }));
}

const STAGES = ["socket", "wire", "bare", "gunzip", "columns", "copy", "json"];

function stageTargets(which) {
  return (which === "v3" ? [...STAGES.slice(0, 5), "in-place", ...STAGES.slice(5)] : STAGES).map((s) => ({ label: `${which} ${s}: MB/s`, check: "mbps", variant: `${which}-${s}`, median: true, info: true })).concat([
    // The distance of the parse stage to JSON.parse on the same bytes (a figure, not judged here: the
    // end-to-end targets are the v3 and ndjson scenarios').
    { label: `${which}: parse to columns / JSON.parse time`, measure: "ms", variant: `${which}-columns`, reference: `${which}-json`, info: true },
    // What an HTTP library's read costs over the floor of the same requests (undici's time / bare's).
    { label: `${which}: socket read, undici / bare sockets, time`, measure: "ms", variant: `${which}-socket`, reference: `${which}-bare`, info: true },
    // And what gasframes' own client costs over that floor (its time / bare's).
    { label: `${which}: socket read, gasframes' own client / bare sockets, time`, measure: "ms", variant: `${which}-wire`, reference: `${which}-bare`, info: true },
    ...(which === "v3" ? [{ label: "v3: parse as chunks arrive / parse whole pages, time", measure: "ms", variant: "v3-in-place", reference: "v3-columns", info: true }] : []),
  ]);
}

export const stagesScenario = {
  id: "stages",
  title: "Download stages beside their limits (v3 pages and v4 NDJSON, the same bytes)",
  rows: (meta) => meta.v3.rows + meta.v4.rows,
  variants: { ...stageVariants("v3"), ...stageVariants("ndjson") },
  targets: [...stageTargets("v3"), ...stageTargets("ndjson")],
};
