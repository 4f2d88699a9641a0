// A kernel that answers kernel_info at once and then holds its one thread for HOLD_MS (argv[3]) when the first
// heartbeat ping arrives, as tslab does while it builds its TypeScript converter on a loaded machine; with
// "exit" instead of a number, it exits (code 7) at the first ping; with "lose-idle" it holds nothing, and its
// first kernel_info gets its reply but no idle status on iopub (as when a kernel publishes it before a client's
// subscription has reached it). Only what
// KernelClient.start needs: shell kernel_info, iopub status, heartbeat echo. Signed as the connection file says.
import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import zmq from "zeromq";

const info = JSON.parse(readFileSync(process.argv[2], "utf8"));
const holdMs = process.argv[3] === "lose-idle" ? 0 : Number(process.argv[3]);
let loseIdle = process.argv[3] === "lose-idle";
const url = (port) => `tcp://${info.ip}:${port}`;
const DELIMITER = "<IDS|MSG>";
const sign = (parts) => {
  const h = createHmac("sha256", info.key);
  for (const p of parts) h.update(p);
  return h.digest("hex");
};
const frames = (type, parent, content) => {
  const header = { msg_id: randomUUID(), session: "slow-echo", username: "kernel", date: new Date().toISOString(), msg_type: type, version: "5.3" };
  const parts = [header, parent, {}, content].map((p) => Buffer.from(JSON.stringify(p)));
  return [Buffer.from(DELIMITER), Buffer.from(sign(parts)), ...parts];
};

const shell = new zmq.Router();
const iopub = new zmq.Publisher();
const hb = new zmq.Reply();
const control = new zmq.Router();
const stdin = new zmq.Router();
await Promise.all([
  shell.bind(url(info.shell_port)),
  iopub.bind(url(info.iopub_port)),
  hb.bind(url(info.hb_port)),
  control.bind(url(info.control_port)),
  stdin.bind(url(info.stdin_port)),
]);

void (async () => {
  for await (const msg of shell) {
    const at = msg.findIndex((f) => f.toString() === DELIMITER);
    const header = JSON.parse(msg[at + 2].toString());
    if (header.msg_type !== "kernel_info_request") continue;
    await iopub.send([Buffer.from("status"), ...frames("status", header, { execution_state: "busy" })]);
    const content = { status: "ok", protocol_version: "5.3", implementation: "slow-echo", language_info: { name: "typescript" } };
    await shell.send([...msg.slice(0, at), ...frames("kernel_info_reply", header, content)]);
    if (loseIdle) {
      loseIdle = false;
      continue;
    }
    await iopub.send([Buffer.from("status"), ...frames("status", header, { execution_state: "idle" })]);
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
