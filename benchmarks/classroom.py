"""Load test of a class: N simulated students against one Voila class server; prints figures, asserts nothing.

The server is the one a teacher starts: ``config/voila.py`` (preheated pool,
culling, closed pages shut their kernels) with a class database
(``TRIPEAKS_CLASS_DB`` in a temporary folder), serving ``notebooks/tripeaks.ipynb``.
For each N a fresh server is started and N students arrive (``--arrive`` at a
time, each taking a kernel as a page load does), type their name, and then
play for ``--duration`` seconds at a human pace: a click every
``--think`` seconds (uniform, 1.5–4.5 s by default), a playable card at
random or a draw, New game when the game is over.

Who the students are
--------------------
* **One real page** (student 1): headless Chromium plays in the page and
  measures **click → screen** in the page, as ``benchmarks/browser_latency.py``
  does: ``performance.now()`` before the click, then until the score, the
  waste card and the score plot's image have all changed, the new image is
  decoded and the next frame is painted.
* **N − 1 protocol clients**: each opens the page (the HTTP request that
  gives it a kernel), connects to its kernel's websocket like the page's
  widget manager, asks for the widgets' state (``jupyter.widget.control``,
  ``request_states``) and clicks by sending the very message a browser's
  button sends (``{"method": "custom", "content": {"event": "click"}}``).
  Its **click → update** is the time until the kernel has sent every change
  that click caused (its ``status: idle`` for that message: the widget
  updates come before it on the same channel).  A browser adds its drawing,
  a few milliseconds, which the real page measures.

Why not N Chromium pages: this machine has 2 cores shared with other work; 30
headless Chromium pages (a renderer process each, ~100 MB and busy painting)
would compete with the kernels for the CPU and measure Chromium more than the
server.  In a class each browser runs on its own computer; only the server
and the kernels share this one.  So one page tells what a student sees, and
the protocol clients put the real load (every kernel, every message through
the server) on the machine.

For each N it prints click→screen (page) and click→update (clients) p50/p95,
kernel memory per student (PSS, from ``/proc/<pid>/smaps_rollup``) and the
server's total (the Voila process, the students' kernels and the pool), the
load average (the machine is shared: compare runs with it in mind), and
whether the p95 of every timed click of the class (the page's and the
clients' together) is ≤ ``--goal`` ms.  With
``--find-max`` it goes on past the last N in steps of ``--step`` until the
goal is missed (or ``--max-students``), and prints the largest N held.

Usage::

    python3 benchmarks/classroom.py [--students 1,10,30] [--duration 90] [--find-max] [--step 10]

Needs ``/usr/bin/chromium``, Playwright (python) and websockets; Linux (``/proc``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import sys
import tempfile
import time
import urllib.request
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests"))
sys.path.insert(0, str(REPO_ROOT))
sys.path.insert(0, str(REPO_ROOT / "benchmarks"))

from browser_latency import CLICK_JS, percentile  # noqa: E402
from e2e.browser import CHROMIUM_ARGS, VIEWPORT  # noqa: E402
from e2e.voila_server import VoilaServer  # noqa: E402
from kernel_memory import cmdline, memory  # noqa: E402

from tripeaks import Game  # noqa: E402
from tripeaks.history.class_results import ClassStore  # noqa: E402
from tripeaks.i18n.ui import ui_text  # noqa: E402

NOTEBOOK = REPO_ROOT / "notebooks" / "tripeaks.ipynb"
CONFIG = REPO_ROOT / "config"
CODE_RE = re.compile(r"TP1-[A-Z0-9]+(?:-[A-Z0-9]+)+")
CONFIG_RE = re.compile(r'<script id="jupyter-config-data" type="application/json">\s*(\{.*?\})\s*</script>', re.S)
LOOPBACK = re.compile(r"^(https?|wss?)://(127\.0\.0\.1|localhost)(:\d+)?/|^(data|blob):")
KERNEL_ID_JS = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


# ------------------------------------------------------------------ a student over the kernel's websocket
SUBPROTOCOL = "v1.kernel.websocket.jupyter.org"
"""The kernel websocket protocol of JupyterLab's and Voila's pages (binary frames, buffers kept apart).
Not the older JSON protocol: Voila 0.5's websocket handler reads every binary frame as a v1 frame, and a
message with buffers in the older format (the widgets' state) stalls the whole server."""


def _pack(channel: str, parts: list[bytes]) -> bytes:
    """A v1 frame: the number of offsets, the offsets (64-bit little-endian), the channel, the parts."""
    chunks = [channel.encode(), *parts]
    offsets = [8 * (1 + len(chunks) + 1)]
    for chunk in chunks:
        offsets.append(offsets[-1] + len(chunk))
    head = len(offsets).to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets)
    return head + b"".join(chunks)


def _unpack(frame: bytes) -> dict[str, Any]:
    """A v1 frame as a message dict: channel, header, parent_header, metadata, content (buffers dropped)."""
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(count)]
    parts = [frame[offsets[i] : offsets[i + 1]] for i in range(count - 1)]
    names = ("header", "parent_header", "metadata", "content")
    msg: dict[str, Any] = {"channel": parts[0].decode()}
    for name, raw in zip(names, parts[1:5]):
        msg[name] = json.loads(raw) if raw else {}
    msg["msg_type"] = msg["header"].get("msg_type")
    return msg


def _plain(html_text: str) -> str:
    return re.sub(r"<[^>]+>", "", html_text).replace("&amp;", "&").strip()


class WidgetClient:
    """One student's page, reduced to its widget protocol: the kernel's websocket and the widgets' state."""

    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.session_id = uuid.uuid4().hex
        self.kernel_id = ""
        self.states: dict[str, dict[str, Any]] = {}
        self._ws: Any = None
        self._waiting: dict[str, asyncio.Future[None]] = {}
        self._control: asyncio.Future[None] | None = None
        self._ready: asyncio.Future[None] | None = None
        self._reader: asyncio.Task[None] | None = None

    async def open(self) -> float:
        """Load the page (a kernel is taken), connect, read every widget; returns seconds taken."""
        import websockets

        t0 = time.monotonic()
        page = await asyncio.to_thread(lambda: urllib.request.urlopen(self.base_url, timeout=300).read().decode())
        found = CONFIG_RE.search(page)
        if found is None:
            raise RuntimeError("the page holds no jupyter-config-data")
        self.kernel_id = json.loads(found.group(1))["kernelId"]
        url = (
            self.base_url.replace("http", "ws", 1)
            + f"api/kernels/{self.kernel_id}/channels?session_id={self.session_id}"
        )
        self._ws = await websockets.connect(url, max_size=None, open_timeout=120, subprotocols=[SUBPROTOCOL])
        self._reader = asyncio.create_task(self._read())
        # As the page does: the kernel is ready once it answers kernel_info (messages sent before the
        # server has connected the kernel's channels are dropped, so ask again until it answers).
        self._ready = asyncio.get_running_loop().create_future()
        for _ in range(240):
            await self._send("kernel_info_request", {})
            try:
                await asyncio.wait_for(asyncio.shield(self._ready), 0.5)
                break
            except asyncio.TimeoutError:
                continue
        comm_id = uuid.uuid4().hex
        self._control = asyncio.get_running_loop().create_future()
        await self._send(
            "comm_open", {"comm_id": comm_id, "target_name": "jupyter.widget.control", "data": {}}, {"version": "1.0.0"}
        )
        await self._send("comm_msg", {"comm_id": comm_id, "data": {"method": "request_states"}})
        await asyncio.wait_for(self._control, 120)
        return time.monotonic() - t0

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
        if self._ws is not None:
            await self._ws.close()

    async def _send(self, msg_type: str, content: dict[str, Any], metadata: dict[str, Any] | None = None) -> str:
        msg_id = uuid.uuid4().hex
        header = {
            "msg_id": msg_id,
            "msg_type": msg_type,
            "username": "student",
            "session": self.session_id,
            "date": datetime.now(timezone.utc).isoformat(),
            "version": "5.3",
        }
        parts = [json.dumps(x).encode() for x in (header, {}, metadata or {}, content)]
        await self._ws.send(_pack("shell", parts))
        return msg_id

    async def _read(self) -> None:
        async for frame in self._ws:
            msg = _unpack(frame) if isinstance(frame, bytes) else json.loads(frame)
            kind = msg.get("msg_type") or msg.get("header", {}).get("msg_type")
            content = msg.get("content", {})
            if kind == "comm_msg":
                data = content.get("data", {})
                method = data.get("method")
                if method == "update_states":
                    for model_id, model in data.get("states", {}).items():
                        self.states[model_id] = dict(model.get("state", {}))
                    if self._control is not None and not self._control.done():
                        self._control.set_result(None)
                elif method in ("update", "echo_update"):
                    self.states.setdefault(content.get("comm_id", ""), {}).update(data.get("state", {}))
            elif kind == "comm_open":
                state = content.get("data", {}).get("state", {})
                self.states[content.get("comm_id", "")] = dict(state)
            elif kind == "kernel_info_reply":
                if self._ready is not None and not self._ready.done():
                    self._ready.set_result(None)
            elif kind == "status" and content.get("execution_state") == "idle":
                parent = msg.get("parent_header", {}).get("msg_id")
                waiter = self._waiting.pop(parent, None)
                if waiter is not None and not waiter.done():
                    waiter.set_result(None)

    def find(self, css_class: str) -> str:
        """The model id of the widget with ``css_class`` (the page's ``tp-*`` classes)."""
        for model_id, state in self.states.items():
            if css_class in state.get("_dom_classes", ()):
                return model_id
        raise KeyError(f"no widget with the class {css_class!r}")

    def text(self, css_class: str) -> str:
        return _plain(str(self.states[self.find(css_class)].get("value", "")))

    async def _request(self, model_id: str, data: dict[str, Any]) -> float:
        """Send ``data`` to a widget; ms until the kernel has sent everything it caused (its idle status)."""
        t0 = time.perf_counter()
        msg_id = await self._send("comm_msg", {"comm_id": model_id, "data": data})
        done = self._waiting[msg_id] = asyncio.get_running_loop().create_future()
        await asyncio.wait_for(done, 120)
        return (time.perf_counter() - t0) * 1000

    async def click(self, css_class: str) -> float:
        """Click the button with ``css_class`` as a browser does; ms to the last update."""
        return await self._request(self.find(css_class), {"method": "custom", "content": {"event": "click"}})

    async def type(self, css_class: str, value: str) -> float:
        """Type ``value`` into the text field with ``css_class`` (its synced value)."""
        return await self._request(
            self.find(css_class), {"method": "update", "state": {"value": value}, "buffer_paths": []}
        )


# ------------------------------------------------------------------ students
@dataclass
class Student:
    number: int
    rng: random.Random
    kind: str  # "page" or "client"
    samples: list[float] = field(default_factory=list)
    kernel_id: str = ""
    arrival: float = 0.0
    mismatches: int = 0
    clicks: int = 0
    played: int = 0
    """Games this student made at least one move in (each is recorded once it is left or over)."""
    game: Game | None = None

    def next_action(self) -> tuple[str, int | str]:
        """(css class to click, engine action) chosen on the engine's copy of the game."""
        assert self.game is not None
        plays = self.game.playable()
        if plays:
            p = self.rng.choice(plays)
            return f"tp-pos-{p}", p
        return "tp-stock", "D"


async def client_student(
    student: Student, url: str, start: asyncio.Event, until: list[float], think: tuple[float, float]
) -> None:
    client = WidgetClient(url)
    student.arrival = await client.open()
    student.kernel_id = client.kernel_id
    await client.type("tp-classbar-name", f"Student {student.number}")
    await client.click("tp-classbar-save")
    await start.wait()
    try:
        while time.monotonic() < until[0]:
            await asyncio.sleep(student.rng.uniform(*think))
            if time.monotonic() >= until[0]:
                break
            code = CODE_RE.search(client.text("tp-code"))
            if student.game is None or code is None or str(student.game.code) != code.group(0):
                student.game = Game.from_code(code.group(0)) if code else None
            if student.game is None or student.game.is_over:
                await client.click("tp-again")  # New game (not timed: a deal, not a move)
                student.clicks += 1
                student.game = None
                continue
            selector, action = student.next_action()
            ms = await client.click(selector)
            student.clicks += 1
            student.played += student.game.moves == 0
            student.game.apply(action)
            student.samples.append(ms)
            if client.text("tp-score") != ui_text("header.score", "en", score=student.game.score):
                student.mismatches += 1  # the screen and the engine disagree: should never happen
        if student.game is not None and student.game.moves and not student.game.is_over:
            await client.click("tp-restart")  # the bell rings: the game being played is abandoned, and recorded
            await client.click("tp-confirm-yes")  # "Abandon this game?" Yes
    finally:
        await client.close()


async def page_student(
    student: Student, browser: Any, url: str, start: asyncio.Event, until: list[float], think: tuple[float, float]
) -> None:
    context = await browser.new_context(viewport=VIEWPORT)

    async def only_loopback(route: Any) -> None:  # the network is closed here: a CDN request would only stall
        await (route.continue_() if LOOPBACK.match(route.request.url) else route.abort())

    await context.route("**/*", only_loopback)
    page = await context.new_page()
    t0 = time.monotonic()
    await page.goto(url, wait_until="commit", timeout=300_000)
    await page.wait_for_selector(".tp-card:not([disabled])", state="visible", timeout=300_000)
    student.arrival = time.monotonic() - t0
    student.kernel_id = await page.evaluate(KERNEL_ID_JS)
    await page.fill(".tp-classbar-name input", f"Student {student.number}")
    await page.click(".tp-classbar-save")
    await start.wait()
    try:
        while time.monotonic() < until[0]:
            await asyncio.sleep(student.rng.uniform(*think))
            if time.monotonic() >= until[0]:
                break
            code = CODE_RE.search(await page.inner_text(".tp-code-text"))
            if student.game is None or code is None or str(student.game.code) != code.group(0):
                student.game = Game.from_code(code.group(0)) if code else None
            if student.game is None or student.game.is_over:
                moves0 = ui_text("header.moves", "en", moves=0)
                await page.click(".tp-again")
                await page.wait_for_function(
                    "(t) => document.querySelector('.tp-moves').innerText.trim() === t", arg=moves0, timeout=60_000
                )
                student.clicks += 1
                student.game = None
                continue
            selector, action = student.next_action()
            result = await page.evaluate(CLICK_JS, "." + selector)
            student.clicks += 1
            student.played += student.game.moves == 0
            student.game.apply(action)
            student.samples.append(float(result["screen"]))
            score = ui_text("header.score", "en", score=student.game.score)
            await page.wait_for_function(
                "(t) => document.querySelector('.tp-score').innerText.trim() === t", arg=score, timeout=60_000
            )
        if student.game is not None and student.game.moves and not student.game.is_over:
            await page.click(".tp-restart")
            await page.click(".tp-confirm-yes")  # "Abandon this game?" Yes
            await page.wait_for_function(
                "(t) => document.querySelector('.tp-moves').innerText.trim() === t",
                arg=ui_text("header.moves", "en", moves=0),
                timeout=60_000,
            )
    finally:
        await context.close()


def cpu_seconds(pids: list[int]) -> dict[int, float]:
    """User + system CPU seconds of each live process (``/proc/<pid>/stat``)."""
    tick = os.sysconf("SC_CLK_TCK")
    out = {}
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        out[pid] = (int(fields[11]) + int(fields[12])) / tick
    return out


# ------------------------------------------------------------------ one run
@dataclass
class Run:
    students: int
    load_before: tuple[float, float, float]
    load_after: tuple[float, float, float]
    page: list[float]
    clients: list[float]
    arrivals: list[float]
    per_student_pss: list[float]
    pool_pss: list[float]
    server_pss: float
    total_pss: float
    games_recorded: int
    games_played: int
    mismatches: int
    cpu_seconds: float
    """CPU time of the Voila server and every kernel during the play."""
    duration: float
    clicks: int

    def p(self, values: list[float], q: float) -> float:
        return percentile(values, q) if values else float("nan")

    @property
    def every(self) -> list[float]:
        """Every timed click of the class: the page's click→screen and the clients' click→update."""
        return self.page + self.clients

    @property
    def cpu_share(self) -> float:
        """Cores the class kept busy on average (CPU seconds per second of play)."""
        return self.cpu_seconds / self.duration

    @property
    def cpu_per_click(self) -> float:
        """Milliseconds of server and kernel CPU per click."""
        return 1000 * self.cpu_seconds / max(1, self.clicks)

    def held(self, goal: float) -> bool:
        return self.p(self.every, 95) <= goal


async def run_class(n: int, duration: float, think: tuple[float, float], arrive: int, pool: int, seed: int) -> Run:
    from playwright.async_api import async_playwright

    folder = tempfile.TemporaryDirectory(prefix="tripeaks-load-")
    db = Path(folder.name) / "class.sqlite"
    args = (f"--Voila.config_file_paths={CONFIG}", f"--pool_size={pool}")
    rng = random.Random(seed)
    students = [Student(i + 1, random.Random(rng.random()), "page" if i == 0 else "client") for i in range(n)]
    with (
        folder,
        VoilaServer(NOTEBOOK, extra_args=args, env={"TRIPEAKS_CLASS_DB": str(db)}, startup_timeout=180) as server,
    ):
        deadline = time.monotonic() + 180
        while len(server.kernel_pids()) < pool and time.monotonic() < deadline:
            await asyncio.sleep(0.5)
        await asyncio.sleep(5)  # the pool kernels run the notebook
        async with async_playwright() as pw:
            browser = await pw.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
            start = asyncio.Event()
            until = [float("inf")]
            gate = asyncio.Semaphore(arrive)
            load_before = os.getloadavg()

            async def one(student: Student) -> None:
                async with gate:  # the class arrives a few at a time
                    coro = (
                        page_student(student, browser, server.url, start, until, think)
                        if student.kind == "page"
                        else client_student(student, server.url, start, until, think)
                    )
                    task = asyncio.create_task(coro)
                    while not student.kernel_id and not task.done():
                        await asyncio.sleep(0.1)
                await task

            tasks = [asyncio.create_task(one(s)) for s in students]
            while not all(s.kernel_id for s in students):
                if any(t.done() and t.exception() for t in tasks):
                    break
                await asyncio.sleep(0.5)
            deadline = time.monotonic() + 300
            while len(server.kernel_pids()) < n + pool and time.monotonic() < deadline:
                await asyncio.sleep(0.5)  # the pool fills up again (its kernels' start is not the class's play)
            await asyncio.sleep(5)  # everyone's name is saved, the last kernels settle
            print(f"  {n} students connected; playing for {duration:.0f} s", flush=True)
            assert server.proc is not None
            cpu0 = cpu_seconds([server.proc.pid, *server.kernel_pids()])
            t0 = time.monotonic()
            until[0] = t0 + duration
            start.set()
            await asyncio.gather(*tasks)
            played_for = time.monotonic() - t0
            cpu1 = cpu_seconds([server.proc.pid, *server.kernel_pids()])
            load_after = os.getloadavg()
            await browser.close()
        cpu = sum(cpu1[pid] - cpu0.get(pid, 0.0) for pid in cpu1)
        played = sum(s.played for s in students)
        deadline = time.monotonic() + 60
        while ClassStore(db).count() < played and time.monotonic() < deadline:
            await asyncio.sleep(0.5)  # the last games are written on the kernels' worker threads
        kernels = {pid: cmdline(pid) for pid in server.kernel_pids()}
        ids = {s.kernel_id for s in students}
        student_pss, pool_pss = [], []
        for pid, cmd in kernels.items():
            m = memory(pid)["pss"]
            (student_pss if any(k and k in cmd for k in ids) else pool_pss).append(m)
        assert server.proc is not None
        server_pss = memory(server.proc.pid)["pss"]
        recorded = ClassStore(db).count()
    return Run(
        n,
        load_before,
        load_after,
        [x for s in students if s.kind == "page" for x in s.samples],
        [x for s in students if s.kind == "client" for x in s.samples],
        [s.arrival for s in students],
        student_pss,
        pool_pss,
        server_pss,
        server_pss + sum(student_pss) + sum(pool_pss),
        recorded,
        played,
        sum(s.mismatches for s in students),
        cpu,
        played_for,
        sum(s.clicks for s in students),
    )


def show(run: Run, goal: float) -> None:
    la = run.load_before
    print(
        f"  N={run.students}: page click→screen p50 {run.p(run.page, 50):.0f} ms, p95 {run.p(run.page, 95):.0f} ms"
        f" ({len(run.page)} clicks); clients click→update p50 {run.p(run.clients, 50):.0f} ms,"
        f" p95 {run.p(run.clients, 95):.0f} ms ({len(run.clients)} clicks); all clicks p95 {run.p(run.every, 95):.0f} ms"
    )
    mean = sum(run.per_student_pss) / len(run.per_student_pss) if run.per_student_pss else float("nan")
    print(
        f"         kernel PSS per student mean {mean:.0f} MiB (max {max(run.per_student_pss, default=0):.0f});"
        f" pool {len(run.pool_pss)} kernels; server total {run.total_pss / 1024:.2f} GiB"
        f" (Voila {run.server_pss:.0f} MiB); arrival p50 {percentile(run.arrivals, 50):.1f} s, max {max(run.arrivals):.1f} s"
    )
    print(
        f"         load average before {la[0]:.1f} / {la[1]:.1f} / {la[2]:.1f}, after {run.load_after[0]:.1f};"
        f" games recorded {run.games_recorded} of {run.games_played}; screen≠engine {run.mismatches};"
        f" p95 ≤ {goal:.0f} ms: {'yes' if run.held(goal) else 'no'}",
        flush=True,
    )
    cores = os.cpu_count() or 1
    print(
        f"         the class's own CPU (Voila + kernels) while playing: {run.cpu_seconds:.1f} s in {run.duration:.0f} s"
        f" = {100 * run.cpu_share / cores:.0f}% of the {cores} cores; {run.cpu_per_click:.0f} ms per click"
        f" ({run.clicks} clicks); {100 * run.cpu_share / run.students:.1f}% of one core per student",
        flush=True,
    )


def table(runs: list[Run], goal: float) -> None:
    print()
    print(
        "| students | click→screen p50 / p95 (page) | click→update p50 / p95 (clients) | p95, all clicks |"
        " kernel PSS per student | server total PSS | load avg (1 min) | p95 ≤ 100 ms |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|:---:|")
    for r in runs:
        mean = sum(r.per_student_pss) / len(r.per_student_pss) if r.per_student_pss else float("nan")
        clients = f"{r.p(r.clients, 50):.0f} / {r.p(r.clients, 95):.0f} ms" if r.clients else "—"
        print(
            f"| {r.students} | {r.p(r.page, 50):.0f} / {r.p(r.page, 95):.0f} ms | {clients} |"
            f" {r.p(r.every, 95):.0f} ms | {mean:.0f} MiB |"
            f" {r.total_pss / 1024:.2f} GiB | {r.load_before[0]:.1f} → {r.load_after[0]:.1f} |"
            f" {'yes' if r.held(goal) else 'no'} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", default="1,10,30", help="class sizes, comma separated")
    parser.add_argument("--duration", type=float, default=90.0, help="seconds of play measured per class")
    parser.add_argument(
        "--think", type=float, nargs=2, default=(1.5, 4.5), metavar=("MIN", "MAX"), help="seconds between clicks"
    )
    parser.add_argument("--arrive", type=int, default=3, help="students opening the page at the same time")
    parser.add_argument("--pool", type=int, default=2, help="preheated kernels (config/voila.py: 2)")
    parser.add_argument("--goal", type=float, default=100.0, help="p95 goal in ms")
    parser.add_argument(
        "--find-max", action="store_true", help="after the last size, add --step students until the goal is missed"
    )
    parser.add_argument("--step", type=int, default=10)
    parser.add_argument("--max-students", type=int, default=80)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    sizes = [int(x) for x in args.students.split(",") if x.strip()]
    think = (float(args.think[0]), float(args.think[1]))
    print(
        f"Class load test: {os.cpu_count()} cores, think time {think[0]}–{think[1]} s, {args.duration:.0f} s per class"
    )
    runs: list[Run] = []
    n_index = 0
    while True:
        if n_index < len(sizes):
            n = sizes[n_index]
        elif args.find_max and runs and runs[-1].held(args.goal) and runs[-1].students + args.step <= args.max_students:
            n = runs[-1].students + args.step
        else:
            break
        n_index += 1
        print(f"N = {n} …", flush=True)
        run = asyncio.run(run_class(n, args.duration, think, args.arrive, args.pool, args.seed + n))
        show(run, args.goal)
        runs.append(run)
    table(runs, args.goal)
    held = [r.students for r in runs if r.held(args.goal)]
    missed = [r.students for r in runs if not r.held(args.goal)]
    print()
    if held:
        first_miss = min((m for m in missed if m > max(held)), default=None)
        more = f"; {first_miss} missed it" if first_miss else " (the largest size tried: at least that many)"
        print(f"Largest class held with p95 ≤ {args.goal:.0f} ms on this machine: {max(held)} students{more}.")
    else:
        print(f"No class size tried held p95 ≤ {args.goal:.0f} ms on this machine.")
    biggest = runs[-1] if runs else None
    if biggest is not None and biggest.students > 1:
        per_student = biggest.cpu_share / biggest.students
        cores = os.cpu_count() or 1
        print(
            f"At this pace a student costs {100 * per_student:.1f}% of one core ({biggest.students} students measured):"
            f" the class alone would keep {cores} idle cores half busy at about {0.5 * cores / per_student:.0f} students"
            f" (load average during the runs: {min(r.load_before[0] for r in runs):.1f}–"
            f"{max(r.load_before[0] for r in runs):.1f}, from other work on this machine)."
        )


if __name__ == "__main__":
    main()
