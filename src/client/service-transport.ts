/**
 * The transport a client builds when none is given: the decoding transport on the HTTP layers, with the
 * notebook layer's progress display (tslab's or Deno's in-place output) as its in-place display hook.
 */
import { findKernelNewDisplay } from "../display/kernel-display";
import { Transport } from "../decode/transport";
import type { TransportOptions, TransportService } from "../http/types";

/** A new transport for `service`; the user's `inPlaceDisplay` (if any) wins over the notebook's. */
export function serviceTransport(options: TransportOptions, service: TransportService): Transport {
  return new Transport({ inPlaceDisplay: findKernelNewDisplay, ...options }, service);
}
