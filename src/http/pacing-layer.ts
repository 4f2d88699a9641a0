/** Waits for the endpoint's documented rate limit before an attempt goes to the network (see pace-request.ts). */
import { paceRequest } from "./pace-request";
import type { Layer } from "./layer";

export const pacingLayer: Layer = (next) => async (attempt) => {
  await paceRequest(attempt.call, attempt.signal, attempt.watchdog);
  return next(attempt);
};
