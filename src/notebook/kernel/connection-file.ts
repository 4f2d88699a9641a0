import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { readFileSync, writeFileSync } from "node:fs";

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

/**
 * Finds a free TCP port on 127.0.0.1 below the system's ephemeral range. A port from that range (what
 * binding port 0 gives) can be taken, between our check and the kernel's bind, by any outgoing
 * connection of a busy machine; worse, a ZeroMQ socket that connects before the kernel has bound can
 * connect to itself through it (TCP simultaneous open), after which the kernel never answers. Outgoing
 * connections never use a port below the range, so neither can happen there.
 */
async function freePort(taken: ReadonlySet<number>): Promise<number> {
  const low = 20_000;
  const high = Math.max(low + 1_000, ephemeralLow() - 1);
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = low + Math.floor(Math.random() * (high - low + 1));
    if (!taken.has(port) && (await canBind(port))) return port;
  }
  return bindAny(); // a machine with that whole span in use: fall back to what the system gives
}

/** The first port of the ephemeral range (Linux: /proc/sys/net/ipv4/ip_local_port_range; else 32768). */
function ephemeralLow(): number {
  try {
    const first = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0]);
    return Number.isInteger(first) && first > 21_000 ? first : 32_768;
  } catch {
    return 32_768;
  }
}

function canBind(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

function bindAny(): Promise<number> {
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
 * 127.0.0.1 (below the ephemeral range) and a random HMAC-SHA256 key, and returns its contents.
 */
export async function writeConnectionFile(path: string, kernelName: string): Promise<ConnectionInfo> {
  const ports = new Set<number>();
  while (ports.size < 5) ports.add(await freePort(ports));
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
