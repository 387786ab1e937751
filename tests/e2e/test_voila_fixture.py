"""The e2e fixtures themselves, proven on a tiny widget notebook (no app needed)."""

from __future__ import annotations

import socket
import time
from pathlib import Path

import nbformat
import pytest

from .browser import close_pages, new_page
from .voila_server import VoilaServer, alive

PROBE_SOURCE = """\
import ipywidgets as widgets
clicks = 0
label = widgets.Label("clicks: 0")
label.add_class("probe-label")
button = widgets.Button(description="Count")
button.add_class("probe-button")
def on_click(_):
    global clicks
    clicks += 1
    label.value = f"clicks: {clicks}"
button.on_click(on_click)
widgets.VBox([button, label])
"""


def write_probe_notebook(folder: Path) -> Path:
    """A one-cell notebook: a button that counts its clicks in a label."""
    nb = nbformat.v4.new_notebook()
    nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
    nb.cells.append(nbformat.v4.new_code_cell(PROBE_SOURCE))
    path = folder / "probe.ipynb"
    nbformat.write(nb, path)
    return path


def port_open(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(1)
        return s.connect_ex(("127.0.0.1", port)) == 0


@pytest.mark.e2e
def test_widget_round_trip_through_voila(tmp_path, voila_server, page, page_errors):
    server = voila_server(write_probe_notebook(tmp_path))
    page.goto(server.url, wait_until="domcontentloaded")
    button = page.locator(".probe-button")
    button.wait_for(state="visible", timeout=60_000)
    label = page.locator(".probe-label")
    assert label.inner_text() == "clicks: 0"
    button.click()
    page.wait_for_function("document.querySelector('.probe-label').innerText === 'clicks: 1'")
    button.click()
    page.wait_for_function("document.querySelector('.probe-label').innerText === 'clicks: 2'")
    # Voila shows outputs only: the cell's source is not on the page.
    assert "def on_click" not in page.content()
    assert page_errors == []


@pytest.mark.e2e
def test_stop_ends_server_and_its_kernels(tmp_path, page):
    with VoilaServer(write_probe_notebook(tmp_path), log_path=tmp_path / "voila.log") as server:
        port = server.port
        assert port is not None and port_open(port)
        page.goto(server.url, wait_until="domcontentloaded")
        page.locator(".probe-button").wait_for(state="visible", timeout=60_000)
        pid = server.proc.pid
        kernels = server.kernel_pids()
        assert kernels, "opening the page should have started a kernel"
    assert all(not alive(k) for k in kernels)
    assert not alive(pid)
    assert not port_open(port)
    assert server.forced_kernels == [], "Voila should shut its kernels down itself on SIGTERM"
    server.stop()  # idempotent


@pytest.mark.e2e
def test_closing_the_pages_stops_their_kernels(tmp_path, _browser):
    """A test's closed pages leave no kernel behind on a server that serves the whole session."""
    with VoilaServer(write_probe_notebook(tmp_path), log_path=tmp_path / "voila.log") as server:
        pages = [new_page(_browser) for _ in range(2)]
        pages.append(pages[0].context.new_page())  # a second tab in the first context
        for tab in pages:
            tab.goto(server.url, wait_until="domcontentloaded")
            tab.locator(".probe-button").wait_for(state="visible", timeout=60_000)
        kernels = server.kernel_pids()
        assert len(kernels) >= len(pages), "each page should have started its own kernel"
        for context in {id(tab.context): tab.context for tab in pages}.values():
            close_pages(context)
        deadline = time.monotonic() + 30
        while any(alive(k) for k in kernels) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert [k for k in kernels if alive(k)] == [], "a closed page's kernel is still running"
        assert server.log().count("Kernel shutdown") >= len(pages)
