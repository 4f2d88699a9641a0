// `npm start`: builds the research report (reports/index.html) by running every notebook against the
// embedded sandbox. Arguments are passed on to `gasframes report` (try --help).
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const entry = join(root, "dist", "cli", "report.js");
if (!existsSync(entry)) {
  console.error(`gasframes is not built (${entry} is missing): run \`npm run build\` first.`);
  process.exit(1);
}
process.chdir(root);
const { reportCommand } = createRequire(import.meta.url)(entry);
process.exitCode = await reportCommand(process.argv.slice(2));
