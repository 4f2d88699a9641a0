import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { writeFileSync } from "node:fs";

/** The contents of a Jupyter connection file. */
export interface ConnectionInfo {
  transport: "tcp";
  ip: string;
  key: string;
  signature_scheme: "hmac-sha256";
  shell_port: number;
  iopub_port: number;
  stdin_port: number;
  control_port: number;
  hb_port: number;
  kernel_name: string;
}

/** Finds a free TCP port on 127.0.0.1 by binding port 0 and releasing it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      srv.close(() => (addr && typeof addr === "object" ? resolve(addr.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * Writes a connection file (mode 0600: it holds the signing key) with five distinct free ports on
 * 127.0.0.1 and a random HMAC-SHA256 key, and returns its contents.
 */
export async function writeConnectionFile(path: string, kernelName: string): Promise<ConnectionInfo> {
  const ports = new Set<number>();
  while (ports.size < 5) ports.add(await freePort());
  const [shell, iopub, stdin, control, hb] = [...ports] as [number, number, number, number, number];
  const info: ConnectionInfo = {
    transport: "tcp",
    ip: "127.0.0.1",
    key: randomBytes(32).toString("hex"),
    signature_scheme: "hmac-sha256",
    shell_port: shell,
    iopub_port: iopub,
    stdin_port: stdin,
    control_port: control,
    hb_port: hb,
    kernel_name: kernelName,
  };
  writeFileSync(path, JSON.stringify(info, null, 1), { mode: 0o600 });
  return info;
}
