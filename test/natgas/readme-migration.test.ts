import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { AS_V3_ENDPOINTS, NATGAS_V3, NATGAS_V4, V3_TO_V4 } from "../../src/natgas";

// The natural gas client and its v3 -> v4 migration guide are documented in docs/natural-gas.md.
const page = readFileSync(join(__dirname, "../../docs/natural-gas.md"), "utf8");

describe("the natural gas docs page (docs/natural-gas.md)", () => {
  it("list every v3 -> v4 rename of the migration table", () => {
    for (const [name, m] of Object.entries(V3_TO_V4)) {
      const row = page.split("\n").find((line) => line.includes(`(\`${name}\` → \`${m.v4}\`)`));
      expect(row, `${name} row`).toBeDefined();
      for (const r of [...m.params, ...m.aggregateBy, ...m.fields]) expect(row, `${name}: ${r.v3} -> ${r.v4}`).toContain(`\`${r.v3}\` → \`${r.v4}\``);
    }
  });

  it("name every client method", () => {
    for (const name of [...Object.keys(NATGAS_V3), ...Object.keys(NATGAS_V4), ...AS_V3_ENDPOINTS]) expect(page).toContain(`\`${name}\``);
  });
});
