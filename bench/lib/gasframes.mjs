// The built package (dist/), as a notebook user gets it with require("gasframes").
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
let cached;

/** The gasframes module from dist/ (run `npm run build` first: `npm run bench` does). */
export function gasframes() {
  cached ??= require("../../dist/index.js");
  return cached;
}
