import type { Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Listens on 127.0.0.1, port 0, and resolves with the port. The idle keep-alive time-out is raised from
 * Node's 5 s: on a busy machine a test can pause longer than that between two requests (loading danfo,
 * a slow neighbour), and the server then closes the idle socket just as the client reuses it, an
 * ECONNRESET that a client with `maxRetries: 0` reports as a failure the test did not mean to cause.
 */
export async function listenLocal(server: Server): Promise<number> {
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}
