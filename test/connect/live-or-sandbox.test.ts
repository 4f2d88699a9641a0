/**
 * What a new user meets, in a process of their own: a script with only a token goes to the live hosts
 * (shown offline by the URL its connection error names), and a script with none says, once, that it uses
 * the sandbox's synthetic data. Both import "gasframes" from the build, as a user's script does.
 */
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runNode } from "../helpers/run-script";

const ROOT = resolve(__dirname, "../..");

// The script replaces undici's global dispatcher with one that never connects, so nothing leaves the
// machine (not even a DNS look-up) while the client builds and sends its request.
const OFFLINE = `
import { Agent, setGlobalDispatcher } from "undici";
setGlobalDispatcher(new Agent({ connect: (_o, cb) => cb(Object.assign(new Error("offline"), { code: "ENETUNREACH" }), null) }));
`;

describe("a script's target", () => {
  it("with only GASFRAMES_TOKEN, reaches for the live hosts and starts no sandbox", async () => {
    const script = `${OFFLINE}
import { connect } from "gasframes";
const conn = await connect({ maxRetries: 0, progress: false });
console.log("target", conn.target, conn.sandbox === undefined);
for (const call of [() => conn.natgas.v3.rigs({ region: "west", start_date: "2024-01-01" }), () => conn.lng.vessels()]) {
  try { await call(); console.log("answered?"); } catch (e) { console.log(e.name, e.message); }
}`;
    const run = await runNode(["--input-type=module", "-e", script], { cwd: ROOT, env: { GASFRAMES_TOKEN: "tok-live-5eCr3t-value" } });
    expect(run.hung).toBe(false);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("target live true");
    expect(run.stdout).toMatch(/ConnectionError .*https:\/\/hyperion\.api\.synmax\.com\/v3\/rigs/);
    expect(run.stdout).toMatch(/ConnectionError .*https:\/\/leviaton\.api\.synmax\.com\/v1\/vessels/);
    expect(run.stdout + run.stderr).not.toContain("5eCr3t");
    expect(run.stderr).not.toContain("sandbox");
  });

  it("with no token, says once on stderr that it uses the sandbox's synthetic data", async () => {
    const script = `
import { connect } from "gasframes";
const a = await connect({ progress: false });
const b = await connect({ progress: false });
const rigs = await a.natgas.v3.dtils();
console.log("target", a.target, b.target, rigs.meta.source, rigs.meta.synthetic);`;
    const run = await runNode(["--input-type=module", "-e", script], { cwd: ROOT });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("target sandbox sandbox sandbox true");
    const notices = run.stderr.split("\n").filter((l) => l.includes("no token: using the embedded sandbox (synthetic data)"));
    expect(notices).toHaveLength(1);
  });
});
