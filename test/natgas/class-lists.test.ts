/**
 * rig_class, frac_class and completion_class: a string or a list of strings (the vendor's client sends
 * lists), each element checked, sent as the user gave it; the sandbox takes both forms.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidParamsError } from "../../src/errors";
import { NatGasClient } from "../../src/natgas/natgas-client";
import { startSandbox, type SandboxHandle } from "../../src/sandbox";
import { rawPost } from "../helpers/raw-post";
import { sendJson, startServer, type TestServer } from "../http/helpers/test-server";

let sandbox: SandboxHandle;
let server: TestServer;
let onSandbox: NatGasClient;
let counted: NatGasClient;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 7, asOf: "2024-06-01" });
  server = await startServer((_req, res) => sendJson(res, 200, []));
  const common = { token: "class-test-token", progress: false, maxRetries: 0, warn: () => {} } as const;
  onSandbox = new NatGasClient({ baseUrl: sandbox.natgasUrl, ...common });
  counted = new NatGasClient({ baseUrl: server.url, ...common });
});

afterAll(async () => {
  await Promise.all([sandbox.close(), server.close()]);
});

const window = { region: "west", start_date: "2024-03-01", end_date: "2024-03-31" } as const;

describe("oil/gas class filters", () => {
  it("are sent as given: a string stays a string, a list stays a list", async () => {
    await counted.v4.rigs({ rig_class: "gas" });
    expect(server.seen.at(-1)!.json).toEqual({ rig_class: "gas" });
    await counted.v4.fracCrews({ frac_class: ["oil", "gas"] });
    expect(server.seen.at(-1)!.json).toEqual({ frac_class: ["oil", "gas"] });
    await counted.v4.completions({ completion_class: ["oil"] });
    expect(server.seen.at(-1)!.json).toEqual({ completion_class: ["oil"] });
  });

  it("check each element of a list, naming it, and send nothing when one is wrong", async () => {
    const before = server.seen.length;
    const err = await counted.v4.rigs({ rig_class: ["oil", "Gas"] as never }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidParamsError);
    expect((err as InvalidParamsError).issues).toEqual([
      { param: "rig_class[1]", value: "Gas", expected: "one of oil, gas", suggestion: "gas" },
    ]);
    await expect(counted.v3.fracCrews({ frac_class: [] as never })).rejects.toThrow(InvalidParamsError);
    await expect(counted.v3.completions({ completion_class: [5] as never })).rejects.toThrow(InvalidParamsError);
    expect(server.seen.length).toBe(before);
  });

  it("a list of both classes gives the rows of each class together, on v3 and v4 of the sandbox", async () => {
    const oil = await onSandbox.v3.rigs({ ...window, rig_class: "oil" });
    const gas = await onSandbox.v3.rigs({ ...window, rig_class: ["gas"] });
    const both = await onSandbox.v3.rigs({ ...window, rig_class: ["oil", "gas"] });
    expect(oil.records.length).toBeGreaterThan(0);
    expect(gas.records.length).toBeGreaterThan(0);
    expect(both.records.length).toBe(oil.records.length + gas.records.length);
    expect(new Set(both.records.map((r) => r.rig_class))).toEqual(new Set(["oil", "gas"]));

    const v4Window = { region_natgas: "west", date_frac_min: "2024-03-01", date_frac_max: "2024-03-31" } as const;
    const v4Both = await onSandbox.v4.fracCrews({ ...v4Window, frac_class: ["oil", "gas"] });
    const v4Oil = await onSandbox.v4.fracCrews({ ...v4Window, frac_class: "oil" });
    expect(v4Both.records.length).toBeGreaterThan(v4Oil.records.length);
  });

  it("the sandbox itself takes a list from any client (raw HTTP)", async () => {
    const rows = async (completion_class: unknown) =>
      (await rawPost<{ data: { completion_class: string }[] }>(`${sandbox.natgasUrl}/v3/completions`, { ...window, completion_class })).data;
    const [oil, gas, both] = await Promise.all([rows("oil"), rows(["gas"]), rows(["oil", "gas"])]);
    expect(both.length).toBeGreaterThan(0);
    expect(both.length).toBe(oil.length + gas.length);
  });
});
