// A kernel that answers kernel_info at once and then holds its one thread for HOLD_MS (argv[3]) when the first
// heartbeat ping arrives, as tslab does while it builds its TypeScript converter on a loaded machine; with
// "exit" instead of a number, it exits (code 7) at the first ping; with "lose-idle" it holds nothing, and its
// first kernel_info gets its reply but no idle status on iopub (as when a kernel publishes it before a client's
// subscription has reached it). Only what
// KernelClient.start needs: shell kernel_info, iopub status, heartbeat echo. Signed as the connection file says.
import { bindKernel } from "./fake-kernel.mjs";

const holdMs = process.argv[3] === "lose-idle" ? 0 : Number(process.argv[3]);
let loseIdle = process.argv[3] === "lose-idle";
const { shell, hb, frames, parse, publish } = await bindKernel(process.argv[2], "slow-echo");

void (async () => {
  for await (const msg of shell) {
    const { ids, header } = parse(msg);
    if (header.msg_type !== "kernel_info_request") continue;
    await publish("status", header, { execution_state: "busy" });
    const content = { status: "ok", protocol_version: "5.3", implementation: "slow-echo", language_info: { name: "typescript" } };
    await shell.send([...ids, ...frames("kernel_info_reply", header, content)]);
    if (loseIdle) {
      loseIdle = false;
      continue;
    }
    await publish("status", header, { execution_state: "idle" });
  }
})();

let held = false;
for await (const [ping] of hb) {
  if (process.argv[3] === "exit") process.exit(7);
  if (!held) {
    held = true;
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, holdMs); // the thread is busy: nothing is echoed
  }
  await hb.send(ping);
}
