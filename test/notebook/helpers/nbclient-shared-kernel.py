"""Executes notebooks with standard nbclient (Debian's), one kernel for the notebooks of a folder.

Usage: python3 nbclient-shared-kernel.py <kernel name> <reset line> <out dir> <timeout s> <notebook>...

nbclient executes every cell as it does for `jupyter nbconvert --execute`; what differs is only that the kernel
(the reusable tslab launcher gasframes' report uses, src/notebook/kernel/tslab-reusable.ts, registered under
<kernel name>) is reset between the notebooks of one folder instead of a new one being started for each. A
kernel whose reset reports state it cannot undo is replaced, as runNotebooks does. Prints one JSON line per
notebook: {"notebook": name, "kernel": "new" | "reused" | "replaced: <why>"}.
"""
import json
import os
import re
import sys

import nbformat
from jupyter_client.manager import KernelManager
from nbclient import NotebookClient

kernel_name, reset_line, out_dir, timeout = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
km = kc = folder = None


def start(cwd):
    global km, kc, folder
    km = KernelManager(kernel_name=kernel_name)
    km.start_kernel(cwd=cwd)
    kc = km.client()
    kc.start_channels()
    kc.wait_for_ready(timeout=timeout)
    folder = cwd


def stop():
    global km, kc
    if km is not None:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    km = kc = None


def leaks(code):
    """What the last notebook left that a reset cannot undo (the rules of run-notebooks.ts's resetKernel)."""
    out = []
    reply = kc.execute_interactive(reset_line, timeout=timeout, output_hook=lambda m: out.append(m["content"].get("text", "")) if m["msg_type"] == "stream" else None)
    if reply["content"]["status"] != "ok":
        return ["the reset failed"]
    try:
        report = json.loads("".join(out).strip().splitlines()[-1])
    except (IndexError, ValueError):
        return ["the reset answered " + json.dumps("".join(out)[:200])]
    named = lambda key: re.search(r"(?<![\w$])" + re.escape(key) + r"(?![\w$])", code) is not None if re.fullmatch(r"[\w$]+", key) else key in code
    return (
        ["added " + key for _, key in report["added"] if named(key)]
        + ["removed " + key for _, key in report["removed"]]
        + (["process.env"] if report.get("envChanged") else [])
        + (["cwd"] if report.get("cwd") else [])
        + (["running " + report["running"]] if report.get("running") else [])
    )


try:
    for path in sys.argv[5:]:
        nb = nbformat.read(path, as_version=4)
        cwd = os.path.dirname(os.path.abspath(path))
        code = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
        how = "new"
        if km is not None and cwd != folder:
            stop()
        elif km is not None:
            left = leaks(code_before)
            how = "reused" if not left else "replaced: " + "; ".join(left)
            if left:
                stop()
        if km is None:
            start(cwd)
        client = NotebookClient(nb, km=km, timeout=timeout, kernel_name=kernel_name, resources={"metadata": {"path": cwd}})
        client.kc = kc
        client.execute()
        nbformat.write(nb, os.path.join(out_dir, os.path.basename(path)))
        code_before = code
        print(json.dumps({"notebook": os.path.basename(path), "kernel": how}), flush=True)
finally:
    stop()
