"""Running the app's cell again in a real kernel closes the app that cell built before (no leak).

JupyterLab sends the cell's id with each execute request (``metadata.cellId``);
this test sends the same requests to a real IPython kernel.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]

BUILD = """
from tripeaks.app import build_app
app = build_app("TP1-E-AAAAAAB")
apps = globals().setdefault("apps", [])
apps.append(app)
app
"""
REPORT = "import comm; print([a.session.closed for a in apps], len(comm.get_comm_manager().comms))"


def run(client: Any, code: str, cell: str) -> str:
    """Execute ``code`` as the cell ``cell`` (as JupyterLab does); return what it printed."""
    content = {"code": code, "silent": False, "store_history": True, "user_expressions": {}, "allow_stdin": False}
    msg = client.session.msg("execute_request", content, metadata={"cellId": cell})
    client.shell_channel.send(msg)
    out = []
    while True:
        reply = client.get_iopub_msg(timeout=120)
        if reply["parent_header"].get("msg_id") != msg["header"]["msg_id"]:
            continue
        kind, body = reply["msg_type"], reply["content"]
        if kind == "error":
            raise AssertionError("\n".join(body["traceback"]))
        if kind == "stream":
            out.append(body["text"])
        if kind == "status" and body["execution_state"] == "idle":
            return "".join(out).strip()


@pytest.mark.notebook
def test_running_the_apps_cell_again_closes_the_earlier_app(kernel):
    run(kernel, BUILD, "cell-a")
    first = run(kernel, REPORT, "cell-r")
    assert first.startswith("[False]")
    widgets_of_one_app = int(first.split()[-1])
    for _ in range(5):
        run(kernel, BUILD, "cell-a")  # the same cell, run again
    again = run(kernel, REPORT, "cell-r")
    assert again == f"{[True] * 5 + [False]} {widgets_of_one_app}"  # one app open, as many widgets as before
    run(kernel, BUILD, "cell-b")  # another cell: its app is shown next to the first
    assert run(kernel, REPORT, "cell-r").startswith(str([True] * 5 + [False, False]))
