// A kernel that forwards a cell's console output as Deno's does at its latest: under the next execute_request,
// after that request's idle status, cut into pieces of a few characters (so a line, the client's own marker
// line too, comes split across messages, and the two streams' pieces interleave as written). It names itself
// "Deno kernel" in kernel_info. A cell's code is JSON: the [stream, text] pairs it writes, in order. A code with
// the client's marker line (gasframes-drained-<uuid>) writes that line to stdout and to stderr, then "after the
// marker" to stdout, which is not the cell's. Any other silent code (the client's console keeping) writes nothing.
import { bindKernel } from "./fake-kernel.mjs";

const PIECE = Number(process.argv[3] ?? 5);
const { shell, hb, frames, parse, publish } = await bindKernel(process.argv[2], "late-stdio");
/** What the last cell wrote, not yet published. */
let pending = [];
let count = 0;

void (async () => {
  for await (const msg of shell) {
    const { ids, header, content } = parse(msg);
    await publish("status", header, { execution_state: "busy" });
    if (header.msg_type === "kernel_info_request") {
      const info = { status: "ok", protocol_version: "5.3", implementation: "Deno kernel", language_info: { name: "typescript" } };
      await shell.send([...ids, ...frames("kernel_info_reply", header, info)]);
      await publish("status", header, { execution_state: "idle" });
      continue;
    }
    if (header.msg_type !== "execute_request") continue;
    if (!content.silent) count++;
    const marker = /"(gasframes-drained-[0-9a-f-]{36})"/.exec(content.code)?.[1];
    let writes = [];
    if (marker) writes = [["stdout", `${marker}\n`], ["stderr", `${marker}\n`], ["stdout", "after the marker\n"]];
    else if (!content.silent) writes = JSON.parse(content.code);
    await shell.send([...ids, ...frames("execute_reply", header, { status: "ok", execution_count: count })]);
    await publish("status", header, { execution_state: "idle" });
    // The last cell's output, then this request's own, all under this request and after its idle status.
    const out = [...pending, ...writes];
    pending = marker ? [] : out;
    if (!marker) continue;
    for (const [name, text] of out) {
      for (let i = 0; i < text.length; i += PIECE) await publish("stream", header, { name, text: text.slice(i, i + PIECE) });
    }
  }
})();

for await (const [ping] of hb) await hb.send(ping);
