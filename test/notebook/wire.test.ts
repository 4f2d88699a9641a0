import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { decodeMessage, encodeMessage, newMessage } from "../../src/notebook/kernel/wire";
import { KernelError } from "../../src/notebook/shared/notebook-errors";

const KEY = "0123456789abcdef0123456789abcdef";

describe("Jupyter wire protocol", () => {
  it("round-trips a signed message and skips routing identities", () => {
    const msg = newMessage("execute_request", "session-1", { code: "1 + 1", silent: false });
    const frames = [Buffer.from("identity-a"), ...encodeMessage(msg, KEY)];
    const back = decodeMessage(frames, KEY);
    expect(back.header.msg_type).toBe("execute_request");
    expect(back.header.session).toBe("session-1");
    expect(back.header.version).toBe("5.3");
    expect(back.content).toEqual({ code: "1 + 1", silent: false });
  });

  it("rejects a tampered message, a wrong key and a missing delimiter", () => {
    const frames = encodeMessage(newMessage("status", "s", { execution_state: "idle" }), KEY);
    const tampered = [...frames];
    tampered[5] = Buffer.from(JSON.stringify({ execution_state: "busy" }));
    expect(() => decodeMessage(tampered, KEY)).toThrow(KernelError);
    expect(() => decodeMessage(frames, "another-key")).toThrow(/invalid HMAC/);
    expect(() => decodeMessage(frames.slice(1), KEY)).toThrow(/delimiter/);
  });

  it("signs exactly as jupyter_client does (HMAC-SHA256 over header, parent, metadata, content)", () => {
    const frames = encodeMessage(newMessage("kernel_info_request", "s", {}), KEY);
    const parts = frames.slice(2).map((f) => f.toString("utf8"));
    const script = `import sys, json\nfrom jupyter_client.session import Session\ns = Session(key=sys.argv[1].encode())\nprint(s.sign([p.encode() for p in json.loads(sys.stdin.read())]).decode())`;
    const python = execFileSync("/usr/bin/python3", ["-c", script, KEY], { input: JSON.stringify(parts) }).toString().trim();
    expect(frames[1]!.toString()).toBe(python);
  });
});
