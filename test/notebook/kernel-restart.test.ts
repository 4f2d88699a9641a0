// tslab, sent kernel_info while it still binds its sockets, can log "Socket is blocked by a bind or
// unbind operation" and never answer again (seen once in a full run of the suite on a busy machine:
// the notebook waited its whole 60 s start-up time and failed). Such a kernel is killed and launched
// afresh, at most three launches in all. Here a wrapper breaks the way tslab did on its first launch(es)
// and then becomes a real kernel: Deno's (`exec`, so the client's signals and shutdown reach it), which
// starts for a small part of the CPU tslab's converter costs; the relaunch is the client's, whatever the
// kernel (tslab's own start is in every other file of this folder).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { executeNotebook } from "../../src/notebook/run/execute-notebook";
import { bundledDenoSpec } from "../../src/notebook/kernel/kernel-spec";
import { readNotebook } from "../../src/notebook/nbformat/notebook-file";
import type { CodeCell, Notebook } from "../../src/notebook/nbformat/types";
import { KernelError } from "../../src/notebook/shared/notebook-errors";
import { budget } from "../helpers/budget";

const fixtures = join(__dirname, "fixtures");
const deno = bundledDenoSpec();
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A kernel that breaks on its first `breaks` launches (counted in `launches`), then is Deno's kernel itself. */
function flakyKernel(breaks: number) {
  const dir = mkdtempSync(join(tmpdir(), "flaky-kernel-"));
  dirs.push(dir);
  const launches = join(dir, "launches");
  writeFileSync(launches, "");
  const wrapper = join(dir, "flaky-kernel.sh");
  writeFileSync(
    wrapper,
    `launches="$1"; breaks="$2"; shift 2
printf x >> "$launches"
if [ "$(wc -c < "$launches")" -le "$breaks" ]; then
  echo "UnhandledPromiseRejection: Error: Socket is blocked by a bind or unbind operation" >&2
  exec tail -f /dev/null
fi
exec "$@"
`,
  );
  return {
    spec: { ...deno, name: "flaky-kernel", argv: ["/bin/sh", wrapper, launches, String(breaks), ...deno.argv] },
    launches: () => readFileSync(launches, "utf8").length,
  };
}

describe("a kernel that breaks while starting", () => {
  it("is launched afresh, and the notebook runs", async () => {
    const flaky = flakyKernel(2);
    // One cell shows the third launch runs code.
    const one: Notebook = { nbformat: 4, nbformat_minor: 5, metadata: {}, cells: [{ cell_type: "code", id: "one", metadata: {}, source: 'const x: number = 2;\nconsole.log("x =", x);', outputs: [], execution_count: null }] };
    const nb = await executeNotebook(one, { name: "one.ipynb", kernelSpec: flaky.spec, cwd: fixtures });
    expect(flaky.launches()).toBe(3);
    expect((nb.cells[0] as CodeCell).outputs).toEqual([{ output_type: "stream", name: "stdout", text: "x = 2\n" }]);
  }, budget(240_000));

  it("fails after three launches, saying so, when it breaks every time", async () => {
    const flaky = flakyKernel(99);
    const err = await executeNotebook(readNotebook(join(fixtures, "hello.ipynb")), { name: "hello.ipynb", kernelSpec: flaky.spec, cwd: fixtures }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KernelError);
    expect(String(err)).toMatch(/broke while starting/);
    expect(flaky.launches()).toBe(3);
  }, budget(240_000));
});
