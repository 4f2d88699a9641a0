import { GasframesError } from "../errors";

/** The client is set up wrongly (no base URL, a malformed one, a bad option). Raised before any request. */
export class ConfigurationError extends GasframesError {
  override readonly code: string = "CONFIGURATION";
}
