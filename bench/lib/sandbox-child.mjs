// Starts bench/lib/sandbox-server.mjs in a child process and resolves once it listens.
import { fork } from "node:child_process";
import { join } from "node:path";

/**
 * A sandbox (seed, asOf) in a process of its own: `{ url, cpuMs(), close() }`, `cpuMs()` resolving to
 * the CPU time the sandbox's process has used so far. It exits with this process (the IPC channel
 * closes) or on `close()`.
 */
export function startSandboxChild(seed, asOf) {
  // GASFRAMES_BENCH_SANDBOX_ARGS: node options for the sandbox's process only (`--cpu-prof --cpu-prof-dir=/tmp/p`
  // profiles it, --trace-gc prints to this stdout; NODE_OPTIONS does not take --cpu-prof).
  const execArgv = process.env.GASFRAMES_BENCH_SANDBOX_ARGS?.split(" ").filter((a) => a !== "");
  const child = fork(join(import.meta.dirname, "sandbox-server.mjs"), [String(seed), asOf], { stdio: ["ignore", execArgv === undefined ? "ignore" : "inherit", "inherit", "ipc"], ...(execArgv === undefined ? {} : { execArgv }) });
  return new Promise((resolve, reject) => {
    const onExit = (code) => reject(new Error(`bench: sandbox child exited with ${code}`));
    child.once("error", reject);
    child.once("exit", onExit);
    child.once("message", ({ url }) => {
      child.off("exit", onExit);
      // Not keeping this process alive for the child's sake: it goes when the scenario's process does.
      child.unref();
      child.channel?.unref();
      const cpuMs = () =>
        new Promise((done) => {
          // The channel is unreferenced: referenced while a reply is awaited, or this process would end.
          child.channel?.ref();
          child.once("message", (m) => {
            child.channel?.unref();
            done(m.cpuMs);
          });
          child.send("cpu");
        });
      resolve({ url, cpuMs, close: () => child.kill() });
    });
  });
}
