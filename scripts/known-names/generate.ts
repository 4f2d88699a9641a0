// Writes the built-in lists of known names (src/validate/names/known-names.json) from the sandbox's
// reference data: `node scripts/charts/run-ts.cjs scripts/known-names/generate.ts`. Run it after
// changing the sandbox's counties or terminals; test/validate/known-names-file.test.ts fails until then.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { KNOWN_NAMES_FILE, knownNamesText } from "./known-names-data";

const target = join(__dirname, "..", "..", KNOWN_NAMES_FILE);
writeFileSync(target, knownNamesText());
console.log(`wrote ${KNOWN_NAMES_FILE}`);
