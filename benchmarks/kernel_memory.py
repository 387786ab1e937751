"""Memory of one student's kernel on the class server, and what the app loads at start: prints figures, asserts nothing.

1. **Kernels on the class server** (``config/voila.py``: a preheated pool):
   one page is opened in headless Chromium and, once its board is on screen
   and ``--settle`` seconds have passed, each kernel process is read from ``/proc/<pid>/smaps_rollup``:
   RSS, PSS (shared library pages divided among the processes that map them)
   and USS (private pages: what the kernel alone costs).  The page's kernel
   is then asked, over its own ZMQ connection, which heavy packages it has
   imported.  The Voila server's own process is shown too.  Then the page
   draws ``--moves`` times and asks for one hint (the solver's tables are
   built at the first hint), measured after each.  With ``--class-db`` the
   server records class results (``TRIPEAKS_CLASS_DB`` in a temporary folder).
2. **What each import costs** in a fresh interpreter (no kernel): USS and RSS
   after each step (the kernel's machinery, ipywidgets, the app's modules,
   the first score plot, the app built, the class results' modules, the
   solver's modules and tables that the first hint loads), and the
   import times of the main packages by ``python -X importtime`` (cumulative).

Usage::

    python3 benchmarks/kernel_memory.py [--settle 8] [--pool 2] [--moves 15] [--class-db] [--no-browser]

Needs ``/usr/bin/chromium`` and Playwright (python) for part 1; Linux (``/proc``).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import textwrap
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO_ROOT / "tests"))
sys.path.insert(0, str(REPO_ROOT))

from e2e.browser import CHROMIUM, launch_chromium, new_page  # noqa: E402
from e2e.tripeaks_page import TriPeaksPage  # noqa: E402
from e2e.voila_server import VoilaServer  # noqa: E402

NOTEBOOK = REPO_ROOT / "notebooks" / "tripeaks.ipynb"
MB = 1024 * 1024
KERNEL_ID_JS = "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


def memory(pid: int | str = "self") -> dict[str, float]:
    """RSS, PSS and USS of a process in MiB, from ``/proc/<pid>/smaps_rollup``."""
    fields: dict[str, float] = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2] == "kB":
            fields[parts[0].rstrip(":")] = int(parts[1]) / 1024
    return {
        "rss": fields["Rss"],
        "pss": fields["Pss"],
        "uss": fields.get("Private_Clean", 0) + fields.get("Private_Dirty", 0),
    }


def cmdline(pid: int) -> str:
    return Path(f"/proc/{pid}/cmdline").read_text().replace("\0", " ")


# ------------------------------------------------------------------ part 1: the class server
_PROBE = """
import sys, json
heavy = ["matplotlib", "numpy", "PIL", "pandas", "scipy", "ipywidgets", "tripeaks.solver", "tripeaks.solver._search",
         "tripeaks.app.views.hints", "tripeaks.course.lessons"]
loaded = {name: name in sys.modules for name in heavy}
search = sys.modules.get("tripeaks.solver._search")
core = sys.modules.get("tripeaks.solver._core")
loaded["solver tables built"] = (search is not None and search._LATTICE is not None) or (
    core is not None and core._ready is not None
)
print(json.dumps({"modules": len(sys.modules), "loaded": loaded}))
"""


def ask_kernel(connection_file: str) -> dict[str, object]:
    """Run :data:`_PROBE` in the kernel over its own ZMQ channels; its printed JSON."""
    from jupyter_client import BlockingKernelClient

    client = BlockingKernelClient(connection_file=connection_file)
    client.load_connection_file()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=30)
        out: list[str] = []
        client.execute_interactive(
            _PROBE,
            store_history=False,
            timeout=30,
            output_hook=lambda msg: out.append(msg["content"].get("text", "")) if msg["msg_type"] == "stream" else None,
        )
        return json.loads("".join(out))
    finally:
        client.stop_channels()


def class_server(settle: float, pool: int, moves: int, class_db: bool) -> None:
    import tempfile

    from playwright.sync_api import sync_playwright

    args = (f"--Voila.config_file_paths={REPO_ROOT / 'config'}", f"--pool_size={pool}")
    folder = tempfile.TemporaryDirectory(prefix="tripeaks-class-")
    env = {"TRIPEAKS_CLASS_DB": str(Path(folder.name) / "class.sqlite")} if class_db else {}
    with folder, VoilaServer(NOTEBOOK, extra_args=args, env=env) as server, sync_playwright() as pw:
        deadline = time.monotonic() + 120
        while len(server.kernel_pids()) < pool and time.monotonic() < deadline:
            time.sleep(0.2)
        time.sleep(settle)  # the pool kernels finish running the notebook
        pooled = {pid: memory(pid) for pid in server.kernel_pids()}
        browser = launch_chromium(pw)
        page = new_page(browser)
        ms = TriPeaksPage(page).open(server.url)
        kernel_id = page.evaluate(KERNEL_ID_JS)
        time.sleep(settle)  # the app's background work, if any
        kernels = {pid: cmdline(pid) for pid in server.kernel_pids()}
        mine = [pid for pid, cmd in kernels.items() if kernel_id in cmd]
        print(
            f"Class server: pool of {pool}{', class results on' if class_db else ''}; one page, board clickable"
            f" after {ms:.0f} ms, measured {settle:.0f} s later"
        )
        print(f"{'process':<40}{'RSS MiB':>9}{'PSS MiB':>9}{'USS MiB':>9}")
        for pid in sorted(kernels):
            m = memory(pid)
            role = "student's kernel (page open)" if pid in mine else "pool kernel (app built, no page)"
            print(f"{role:<40}{m['rss']:>9.1f}{m['pss']:>9.1f}{m['uss']:>9.1f}")
        assert server.proc is not None
        m = memory(server.proc.pid)
        print(f"{'Voila server':<40}{m['rss']:>9.1f}{m['pss']:>9.1f}{m['uss']:>9.1f}")
        if mine:
            match = re.search(r"(\S*kernel-[^\s]*\.json)", kernels[mine[0]])
            if match:
                probe = ask_kernel(match.group(1))
                loaded = probe["loaded"]
                assert isinstance(loaded, dict)
                print(
                    f"Before any draw or hint, the student's kernel has {probe['modules']} modules imported; heavy ones:"
                )
                print("  " + ", ".join(f"{k}: {'yes' if v else 'no'}" for k, v in loaded.items()))
        if mine and moves:
            app = TriPeaksPage(page)
            for _ in range(moves):  # draws from the stock: each redraws the score plot
                before = app.text(".tp-score")
                page.click(".tp-stock")
                app.wait_changed(".tp-score", before)
            time.sleep(3)
            m = memory(mine[0])
            label = f"student's kernel after {moves} draws"
            print(f"{label:<40}{m['rss']:>9.1f}{m['pss']:>9.1f}{m['uss']:>9.1f}")
            before = app.text(".tp-status")
            page.click(".tp-hint")  # the first hint: the solver's modules and tables are loaded now
            app.wait_changed(".tp-status", before, timeout=60_000)
            time.sleep(3)
            m = memory(mine[0])
            label = "student's kernel after its first hint"
            print(f"{label:<40}{m['rss']:>9.1f}{m['pss']:>9.1f}{m['uss']:>9.1f}")
        if pooled:
            avg = sum(v["pss"] for v in pooled.values()) / len(pooled)
            print(f"(before the page: {len(pooled)} pool kernels, mean PSS {avg:.1f} MiB)")
        page.context.close()
        browser.close()


# ------------------------------------------------------------------ part 2: import costs
_STEPS = """
import json, sys, time
from pathlib import Path

def mem():
    f = {}
    for line in Path("/proc/self/smaps_rollup").read_text().splitlines():
        p = line.split()
        if len(p) == 3 and p[2] == "kB":
            f[p[0].rstrip(":")] = int(p[1]) / 1024
    return f["Rss"], f.get("Private_Clean", 0) + f.get("Private_Dirty", 0)

rows = []
def step(name, fn):
    t = time.perf_counter()
    fn()
    rows.append((name, time.perf_counter() - t, *mem()))

rows.append(("python itself", 0.0, *mem()))
step("the kernel's machinery (ipykernel)", lambda: __import__("ipykernel.ipkernel"))
step("ipywidgets", lambda: __import__("ipywidgets"))
step("the app's modules (tripeaks.app)", lambda: __import__("tripeaks.app"))

def plot():
    from tripeaks import Game
    from tripeaks.app.views.plot import ScorePlot
    ScorePlot().redraw(Game.from_code("TP1-E-AAAAAAD"))
step("first score plot (matplotlib, numpy, PIL)", plot)

def app():
    from tripeaks.app import build_app
    a = build_app("TP1-E-AAAAAAD", class_db=None)
    globals()["_app"] = a
step("build_app() (the widgets)", app)
step("class results (tripeaks.app.views.class_panel)", lambda: __import__("tripeaks.app.views.class_panel"))

def tables():
    from tripeaks import solver
    solver.prepare()
step("the first hint: solver modules and tables", tables)
print(json.dumps(rows))
"""


def import_costs() -> None:
    env_cmd = [sys.executable, "-c", textwrap.dedent(_STEPS)]
    out = subprocess.run(env_cmd, capture_output=True, text=True, check=True, cwd=REPO_ROOT)
    rows = json.loads(out.stdout.strip().splitlines()[-1])
    print()
    print("What each step adds in a fresh interpreter (no kernel):")
    print(f"{'step':<44}{'time s':>8}{'+USS MiB':>10}{'USS MiB':>9}{'RSS MiB':>9}")
    previous = None
    for name, seconds, rss, uss in rows:
        delta = "" if previous is None else f"{uss - previous:+.1f}"
        print(f"{name:<44}{seconds:>8.2f}{delta:>10}{uss:>9.1f}{rss:>9.1f}")
        previous = uss

    code = "import ipykernel.ipkernel, ipywidgets, tripeaks.app; from tripeaks.app.views.plot import ScorePlot"
    print()
    print("Import times (python -X importtime, cumulative, first import of each):")
    print("  at start: " + _times(code, START_MODULES))
    plot_code = (
        "from tripeaks import Game; from tripeaks.app.views.plot import ScorePlot; "
        "ScorePlot().redraw(Game.from_code('TP1-E-AAAAAAD'))"
    )
    print("  at the first plot: " + _times(plot_code, PLOT_MODULES))


START_MODULES = ("ipykernel.ipkernel", "IPython", "zmq", "jupyter_client", "ipywidgets", "comm",
                 "tripeaks.app", "tripeaks.app.views.hints", "tripeaks.solver", "tripeaks.solver._search", "tripeaks.i18n")  # fmt: skip
PLOT_MODULES = ("matplotlib", "matplotlib.figure", "matplotlib.backends.backend_agg", "numpy", "PIL")


def _times(code: str, names: tuple[str, ...]) -> str:
    timed = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True, check=True, cwd=REPO_ROOT
    )
    found: dict[str, int] = {}
    for line in timed.stderr.splitlines():
        m = re.match(r"import time:\s+\d+ \|\s+(\d+) \|\s*(\S+)", line)
        if m and m.group(2) in names and m.group(2) not in found:
            found[m.group(2)] = int(m.group(1))
    return ", ".join(f"{n} {found[n] / 1000:.0f} ms" for n in names if n in found)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--settle", type=float, default=8.0, help="seconds to wait before measuring")
    parser.add_argument("--pool", type=int, default=2, help="preheated kernels")
    parser.add_argument("--moves", type=int, default=15, help="stock draws before the last measurement")
    parser.add_argument("--class-db", action="store_true", help="the server records class results")
    parser.add_argument("--no-browser", action="store_true", help="only the import costs")
    args = parser.parse_args()
    if not args.no_browser:
        if not CHROMIUM.exists():
            sys.exit(f"{CHROMIUM} is missing (or use --no-browser)")
        class_server(args.settle, args.pool, args.moves, args.class_db)
    import_costs()


if __name__ == "__main__":
    main()
