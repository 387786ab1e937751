"""notebooks/winnability.ipynb runs top to bottom from the shipped CSVs, prints their figures,
and draws every plot with axes fitted to its data."""

from __future__ import annotations

import csv
import inspect
import json
import math
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

from tripeaks.solver.study import (
    RATES_FILE,
    RULES_FILE,
    RUNS_SCORES_FILE,
    SCORES_FILE,
    STUDY_FILE,
    study_rows,
    wilson,
)

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOK = ROOT / "notebooks" / "winnability.ipynb"
DATA = ROOT / "notebooks" / "data"


def _rows() -> list[dict[str, str]]:
    with open(DATA / STUDY_FILE) as f:
        return list(csv.DictReader(f))


def test_shipped_data_is_the_study_the_issue_asks_for():
    rows = _rows()
    for rule in ("E", "C"):
        mine = [r for r in rows if r["rule"] == rule]
        assert len(mine) >= 10_000
        assert len({int(r["deal"]) for r in mine}) == len(mine)
        assert {r["verdict"] for r in mine} <= {"winnable", "unwinnable", "unknown"}
    with open(DATA / SCORES_FILE) as f:
        scores = list(csv.DictReader(f))
    assert scores
    for s in scores:
        if s["best_score"]:
            assert int(s["best_score"]) == 772 - int(s["draws"])


def test_shipped_verdicts_match_the_solver_on_a_sample():
    from tripeaks import GameCode, WrapRule
    from tripeaks.solver import solve

    rows = {(r["rule"], int(r["deal"])): r["verdict"] for r in _rows()}
    for deal in (0, 3, 17, 42, 99, 1234, 9999):
        for rule in ("E", "C"):
            assert solve(str(GameCode(WrapRule.parse(rule), deal))).verdict.value == rows[(rule, deal)]


def _csv(name: str) -> list[dict[str, str]]:
    with open(DATA / name) as f:
        return list(csv.DictReader(f))


def test_shipped_rule_set_study_covers_every_row_over_deals_0_to_9999():
    rates = _csv(RATES_FILE)
    assert [r["row"] for r in rates] == [r.row for r in study_rows()]
    per_deal = _csv(RULES_FILE)
    configs = {r["rules"] for r in per_deal}
    for config in configs:
        deals = sorted(int(r["deal"]) for r in per_deal if r["rules"] == config)
        assert deals == list(range(10_000)), config
    for r in rates:
        assert int(r["deals"]) == 10_000 and int(r["unknown"]) == 0
        assert int(r["winnable"]) + int(r["unwinnable"]) == 10_000
        for source in (r["solver_from"], r["bot_from"]):
            assert source in configs | {"E", "C"}
    runs = _csv(RUNS_SCORES_FILE)
    assert runs and all(r["optimal"] == "1" for r in runs if r["best_score"])


def test_shipped_rule_set_verdicts_match_the_solver_on_a_sample():
    from tripeaks import GameCode, RuleSet
    from tripeaks.solver import solve

    rows = {(r["rules"], int(r["deal"])): r["verdict"] for r in _csv(RULES_FILE) if r["verdict"]}
    configs = sorted({rules for rules, _ in rows})
    assert len(configs) == 8
    for config in configs:
        for deal in (0, 17, 4242, 9999):
            assert solve(str(GameCode(RuleSet.parse(config), deal))).verdict.value == rows[(config, deal)]


# Run before the notebook's own cells (in the same kernel): keep every matplotlib figure the
# notebook makes, so that its axes can be measured after the inline backend has shown it.
_KEEP_FIGURES = """
import matplotlib.figure
_KEPT_FIGURES = []
_figure_init = matplotlib.figure.Figure.__init__
def _keeping_init(self, *args, **kwargs):
    _figure_init(self, *args, **kwargs)
    _KEPT_FIGURES.append(self)
matplotlib.figure.Figure.__init__ = _keeping_init
"""


def axes_extents(ax: Any) -> dict[str, Any]:
    """For each of ``x`` and ``y``: the axis scale, its visible range and the range of the data
    actually drawn (bars and histogram bins that are not empty, line points that are not zero,
    error bars).  Self-contained: its source also runs inside the notebook's kernel."""
    from matplotlib.patches import Rectangle

    xs: list[float] = []  # where along x something is drawn
    ys: list[float] = []  # and along y (a bar's base line counts)
    for patch in ax.patches:
        if isinstance(patch, Rectangle):
            if patch.get_height() != 0 and patch.get_width() != 0:
                xs += [patch.get_x(), patch.get_x() + patch.get_width()]
                ys += [patch.get_y(), patch.get_y() + patch.get_height()]
        else:  # a step histogram's outline: its corners above the base line are the non-empty bins
            xy = (patch.get_transform() - ax.transData).transform(patch.get_path().vertices)
            xs += [x for x, y in xy if y > 0]
            ys += [y for _, y in xy]
    for line in ax.lines:  # a line's points at zero show nothing on the x axis
        xs += [x for x, y in line.get_xydata() if y != 0]
        ys += [y for _, y in line.get_xydata()]
    for collection in ax.collections:  # error bars
        box = collection.get_datalim(ax.transData)
        xs += [box.x0, box.x1]
        ys += [box.y0, box.y1]
    out: dict[str, Any] = {}
    for axis, values in (("x", xs), ("y", ys)):
        finite = [float(v) for v in values if math.isfinite(v)]
        view = sorted(ax.get_xlim() if axis == "x" else ax.get_ylim())
        scale = ax.get_xscale() if axis == "x" else ax.get_yscale()
        drawn = [min(finite), max(finite)] if finite else None
        out[axis] = {"scale": scale, "view": [float(v) for v in view], "data": drawn}
    out["title"] = ax.get_title() or ax.get_xlabel()
    return out


_MEASURE = f"""
import json
import math
from typing import Any
{inspect.getsource(axes_extents)}
print(json.dumps([[axes_extents(ax) for ax in fig.axes] for fig in _KEPT_FIGURES if fig.axes]))
"""

SLACK = 0.1
"""How much empty room an axis may show beyond the data on each side, as a share of the data's
span (in decades on a log axis); matplotlib's own margin is 0.05."""


def axis_misfits(extents: dict[str, Any]) -> list[str]:
    """What is wrong with one axes' fit, from :func:`axes_extents` (empty: it fits its data)."""
    problems = []
    for axis in "xy":
        e = extents[axis]
        if e["data"] is None:
            problems.append(f"{extents['title']!r}: nothing drawn")
            continue
        f = math.log10 if e["scale"] == "log" else float
        (v0, v1), (d0, d1) = [f(v) for v in e["view"]], [f(v) for v in e["data"]]
        room = SLACK * ((d1 - d0) or abs(d1) or 1.0)
        if d0 - v0 > room or v1 - d1 > room:
            problems.append(
                f"{extents['title']!r}: the {axis} axis shows {e['view'][0]:.3g}–{e['view'][1]:.3g} "
                f"but the data spans {e['data'][0]:.3g}–{e['data'][1]:.3g}"
            )
    return problems


@pytest.fixture(scope="module")
def executed() -> tuple[list[Any], list[list[dict[str, Any]]]]:
    """The notebook's cells after running it top to bottom, and the extents of every figure's axes."""
    nb = nbformat.read(NOTEBOOK, as_version=4)
    source = "\n".join(c.source for c in nb.cells if c.cell_type == "code")
    assert "solve(" not in source and "run_study" not in source, "the notebook only reads the CSVs"
    cells = nb.cells
    nb.cells = [nbformat.v4.new_code_cell(_KEEP_FIGURES), *cells, nbformat.v4.new_code_cell(_MEASURE)]
    client = NotebookClient(
        nb, kernel_name="python3", timeout=120, resources={"metadata": {"path": str(NOTEBOOK.parent)}}
    )
    client.execute()
    measured = json.loads(nb.cells[-1].outputs[0]["text"])
    return cells, measured


@pytest.mark.notebook
def test_winnability_notebook_executes_and_prints_the_rates(executed):
    cells, _ = executed
    outputs = [o for c in cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    images = [o for o in outputs if "image/png" in o.get("data", {})]
    assert len(images) >= 5
    rows = _rows()
    for rule in ("E", "C"):
        mine = [r for r in rows if r["rule"] == rule]
        decided = [r for r in mine if r["verdict"] != "unknown"]
        wins = sum(r["verdict"] == "winnable" for r in decided)
        lo, hi = wilson(wins, len(decided))
        assert f"{100 * wins / len(decided):6.2f}%  (95% CI {100 * lo:.2f}–{100 * hi:.2f}%)" in text
        bot = sum(int(r["bot_won"]) for r in mine)
        lo, hi = wilson(bot, len(mine))
        assert f"{100 * bot / len(mine):6.2f}%  (95% CI {100 * lo:.2f}–{100 * hi:.2f}%)" in text
    for r in _csv(RATES_FILE):  # the rule-set table: every row's two rates with their intervals
        for key in ("win", "bot"):
            rate, lo, hi = (100 * float(r[f"{key}_{part}"]) for part in ("rate", "low", "high"))
            assert f"{r['rules']:8s}" in text and f"{rate:6.2f}%  ({lo:5.2f}–{hi:6.2f}%)" in text


@pytest.mark.notebook
def test_every_plot_of_the_notebook_fits_its_axes_to_the_data(executed):
    cells, measured = executed
    images = [o for c in cells if c.cell_type == "code" for o in c.outputs if "image/png" in o.get("data", {})]
    assert len(measured) == len(images), "every plot shown is measured"
    problems = [p for fig in measured for extents in fig for p in axis_misfits(extents)]
    assert not problems, "\n".join(problems)


def test_notebook_cites_the_rules_reference():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    prose = "\n".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert "docs/rules.md §" in prose and "../docs/rules.md" in prose


def test_the_fit_check_flags_a_histogram_whose_bins_run_far_past_the_data():
    from matplotlib.figure import Figure

    nodes = [30, 200, 5_000, 120_000]
    fig = Figure()
    ax = fig.add_subplot()
    ax.hist(nodes, bins=[10 ** (k / 4) for k in range(0, 29)], histtype="step")  # bins up to 10^7
    ax.set_xscale("log")
    (problem,) = axis_misfits(axes_extents(ax))
    assert "the x axis shows" in problem
    fitted = Figure().add_subplot()
    lo, hi = math.floor(4 * math.log10(min(nodes))), math.ceil(4 * math.log10(max(nodes)))
    fitted.hist(nodes, bins=[10 ** (k / 4) for k in range(lo, hi + 1)], histtype="step")
    fitted.set_xscale("log")
    assert axis_misfits(axes_extents(fitted)) == []


def test_the_fit_check_flags_a_line_running_on_at_zero_and_bars_past_the_data():
    from matplotlib.figure import Figure

    line = Figure().add_subplot()
    line.plot(range(29), [40, 20, 10, 5] + [0] * 25)  # nothing after 3 cards, axis to 28
    assert [p for p in axis_misfits(axes_extents(line)) if "the x axis" in p]
    bars = Figure().add_subplot()
    bars.hist([749, 750, 760, 770], bins=range(745, 775))  # empty bins on both sides
    assert [p for p in axis_misfits(axes_extents(bars)) if "the x axis" in p]
    bars.set_xlim(740, 800)
    assert [p for p in axis_misfits(axes_extents(bars)) if "the x axis" in p]
