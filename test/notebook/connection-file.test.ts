import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { writeConnectionFile } from "../../src/notebook/kernel/connection-file";

function ephemeralLow(): number {
  try {
    return Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
  } catch {
    return 32_768;
  }
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

describe("writeConnectionFile", () => {
  it("gives five distinct free ports below the ephemeral range (no outgoing connection can take them), in a 0600 file", async () => {
    const dir = mkdtempSync(join(tmpdir(), "conn-"));
    for (let i = 0; i < 5; i++) {
      const path = join(dir, `kernel-${i}.json`);
      const info = await writeConnectionFile(path, "tslab");
      const ports = [info.shell_port, info.iopub_port, info.stdin_port, info.control_port, info.hb_port];
      expect(new Set(ports).size).toBe(5);
      for (const p of ports) {
        expect(p).toBeGreaterThanOrEqual(1024);
        expect(p).toBeLessThan(ephemeralLow());
        expect(await bindable(p)).toBe(true);
      }
      expect(JSON.parse(readFileSync(path, "utf8"))).toEqual(info);
      expect(statSync(path).mode & 0o777).toBe(0o600);
    }
  });
});
