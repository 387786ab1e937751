"""The countdown in a real IPython kernel, as JupyterLab drives it (docs/rules.md §8).

The game clock runs on the kernel's own event loop: a click sent as a widget
message while the time runs (what JupyterLab sends when a button is pressed)
is handled at once, the clock wakes up when the time is up and ends the game
*time up*, and nothing is scheduled afterwards.  Time here runs 30 times fast
(the clock and the loop's delays alike), so a one-minute timer lasts two seconds.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]

BUILD = """
import asyncio
import time
from tripeaks.app import TriPeaksApp

class Fast:  # the kernel's own event loop, in a world where time runs 30 times fast
    def __init__(self):
        self.loop = asyncio.get_running_loop()
    def call_later(self, delay, callback):
        return self.loop.call_later(delay / 30, callback)

_start = time.monotonic()
app = TriPeaksApp(time_source=lambda: _start + 30 * (time.monotonic() - _start), scheduler=Fast())
app.new_game.code_input.value = "TP1-E-AAAAAAB-T1"
app.new_game.deal_button.click()
print(app.board.card_buttons[20].model_id)
"""
REPORT = "print(app.game.status.value, app.game.moves, app.clock.ticks, app.clock.ticking)"


def run(client: Any, code: str) -> str:
    """Execute ``code`` as a cell; return what it printed."""
    msg_id = client.execute(code)
    out = []
    while True:
        reply = client.get_iopub_msg(timeout=120)
        if reply["parent_header"].get("msg_id") != msg_id:
            continue
        kind, body = reply["msg_type"], reply["content"]
        if kind == "error":
            raise AssertionError("\n".join(body["traceback"]))
        if kind == "stream":
            out.append(body["text"])
        if kind == "status" and body["execution_state"] == "idle":
            return "".join(out).strip()


def click(client: Any, model_id: str) -> None:
    """Press a button as the browser does: a widget message with a click event."""
    content = {"comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}}
    client.shell_channel.send(client.session.msg("comm_msg", content))


@pytest.mark.notebook
def test_the_clock_runs_on_the_kernels_loop_lets_clicks_through_and_ends_the_game(kernel):
    card = run(kernel, BUILD)  # the model id of the 8♦ card, the one play
    status, moves, ticks, ticking = run(kernel, REPORT).split()
    assert (status, moves, ticking) == ("playing", "0", "True")
    time.sleep(0.3)
    click(kernel, card)  # while the countdown ticks
    deadline = time.monotonic() + 30
    seen = ""
    while time.monotonic() < deadline:
        seen = run(kernel, REPORT)
        if seen.startswith("time_up"):
            break
        time.sleep(0.2)
    status, moves, ticks, ticking = seen.split()
    assert status == "time_up" and moves == "1" and ticking == "False"  # the click went through; time ran out
    assert ticks == "1"  # it woke up once, at the end
    assert run(kernel, "print(app.game.to_record()['actions'])") == "['8D', 'T']"
    time.sleep(1.5)
    assert run(kernel, REPORT).split()[2] == ticks  # nothing ticks any more


@pytest.mark.notebook
def test_by_default_the_clock_finds_the_kernels_event_loop(kernel):
    code = """
from tripeaks.app import TriPeaksApp
plain = TriPeaksApp()
plain.new_game.code_input.value = "TP1-E-AAAAAAB-T5"
plain.new_game.deal_button.click()
print(plain.clock.ticking)  # scheduled: on the loop running this cell, the kernel's
plain.close()
print(plain.clock.ticking)
"""
    assert run(kernel, code).split() == ["True", "False"]
