// What the test kernels in this folder share: the connection file read, the five sockets bound as it says,
// and messages signed with its key. Only what KernelClient needs of a kernel.
import { createHmac, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import zmq from "zeromq";

export const DELIMITER = "<IDS|MSG>";

/** Binds a kernel's sockets as the connection file at `path` says; `frames` builds a signed message. */
export async function bindKernel(path, session) {
  const info = JSON.parse(readFileSync(path, "utf8"));
  const url = (port) => `tcp://${info.ip}:${port}`;
  const sign = (parts) => {
    const h = createHmac("sha256", info.key);
    for (const p of parts) h.update(p);
    return h.digest("hex");
  };
  const frames = (type, parent, content) => {
    const header = { msg_id: randomUUID(), session, username: "kernel", date: new Date().toISOString(), msg_type: type, version: "5.3" };
    const parts = [header, parent, {}, content].map((p) => Buffer.from(JSON.stringify(p)));
    return [Buffer.from(DELIMITER), Buffer.from(sign(parts)), ...parts];
  };
  const sockets = { shell: new zmq.Router(), iopub: new zmq.Publisher(), hb: new zmq.Reply(), control: new zmq.Router(), stdin: new zmq.Router() };
  await Promise.all([
    sockets.shell.bind(url(info.shell_port)),
    sockets.iopub.bind(url(info.iopub_port)),
    sockets.hb.bind(url(info.hb_port)),
    sockets.control.bind(url(info.control_port)),
    sockets.stdin.bind(url(info.stdin_port)),
  ]);
  /** A shell message's routing frames, header and content. */
  const parse = (msg) => {
    const at = msg.findIndex((f) => f.toString() === DELIMITER);
    return { ids: msg.slice(0, at), header: JSON.parse(msg[at + 2].toString()), content: JSON.parse(msg[at + 5].toString()) };
  };
  const publish = (type, parent, content) => sockets.iopub.send([Buffer.from(type), ...frames(type, parent, content)]);
  return { ...sockets, frames, parse, publish };
}
