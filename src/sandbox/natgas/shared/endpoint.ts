import type { SandboxRequest } from "../../core/types";
import type { NatgasDataset } from "../model/dataset";
import type { ParamTable, ParsedParams } from "./params";
import type { RowSet } from "./row-set";

/** What an endpoint answers: a row set (paged in v3, streamed in v4) or a fixed JSON body. */
export type EndpointAnswer = { readonly rows: RowSet } | { readonly json: unknown };

/** One natural-gas endpoint: its method, parameters and how it builds its answer. */
export interface NatgasEndpoint {
  readonly method: "GET" | "POST";
  readonly params: ParamTable;
  /** v3 POST endpoints answer in the pagination envelope. */
  readonly paged: boolean;
  answer(params: ParsedParams, data: NatgasDataset, req: SandboxRequest): EndpointAnswer;
}

/** The row limit of productionbycountyandoperator and shorttermforecasthistory. */
export const ROW_LIMIT = 1_000_000;
