/**
 * A small EndpointTransport over fetch, for testing the caller against a real 127.0.0.1 server
 * independently of the HTTP core. Records every request it sends.
 */
import type { EndpointRequest, EndpointTransport } from "../../src/client/endpoint-transport";
import { errorForStatus } from "../../src/errors";
import type { ResultMeta } from "../../src/table/result";

export class FetchTransport implements EndpointTransport {
  readonly sent: EndpointRequest[] = [];

  constructor(private readonly baseUrl: string) {}

  async fetchRecords<R>(req: EndpointRequest): Promise<{ records: R[]; meta: ResultMeta }> {
    this.sent.push(req);
    const url = this.baseUrl + req.path;
    const init: RequestInit = { method: req.httpMethod, headers: { "content-type": "application/json" } };
    if (req.body) init.body = JSON.stringify(req.body);
    const res = await fetch(url, init);
    const text = await res.text();
    if (!res.ok) {
      const message = (JSON.parse(text) as { error: string }).error;
      throw errorForStatus(`${res.status} ${message}`, { status: res.status, method: req.httpMethod, url, serviceMessage: message });
    }
    const parsed = JSON.parse(text) as unknown;
    const records = (Array.isArray(parsed) ? parsed : (parsed as { data: R[] }).data) as R[];
    return { records, meta: this.meta(req, url, records.length) };
  }

  async *streamRecords<R>(req: EndpointRequest, opts?: { batchSize?: number }): AsyncGenerator<R[], ResultMeta, undefined> {
    const { records, meta } = await this.fetchRecords<R>(req);
    const size = opts?.batchSize ?? 10_000;
    for (let i = 0; i < records.length; i += size) yield records.slice(i, i + size);
    return meta;
  }

  private meta(req: EndpointRequest, url: string, rows: number): ResultMeta {
    return {
      service: req.service,
      apiVersion: req.apiVersion,
      endpoint: req.endpoint,
      method: req.httpMethod,
      url,
      params: req.params ?? req.body ?? {},
      fetchedAt: new Date(0).toISOString(),
      pages: 1,
      rows,
      bytes: 0,
      attempts: 1,
      durationMs: 0,
      fromCache: false, source: "live" as const, synthetic: false,
      requestIds: [],
    };
  }
}
