/** Refuses an attempt that must go to the network without a token, before it waits or sends anything. */
import { AuthenticationError } from "../errors";
import type { Layer } from "./layer";

export const credentialsLayer: Layer = (next) => async (attempt) => {
  const { call, spec } = attempt;
  const config = call.config;
  if (config.token === undefined) {
    throw new AuthenticationError(
      `No access token for the ${config.service} service: pass { token: "..." } or set the environment ` +
        `variable ${config.tokenEnvNames.join(" or ")}`,
      { status: 0, method: spec.method, url: spec.url },
    );
  }
  return next(attempt);
};
