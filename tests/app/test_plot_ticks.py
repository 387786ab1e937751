"""The statistics and match plots read well for any number of games: whole ticks within the data's
range (with its padding), run-scored games on their own labelled axes (they start at 0, not 500,
docs/rules.md §8), and every marker of the match plot inside its axes."""

from __future__ import annotations

import datetime

from hypothesis import given, settings
from hypothesis import strategies as st
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from tripeaks.app.views.match_panel import _paint_match
from tripeaks.app.views.stats_panel import paint_statistics, run_scored
from tripeaks.history.entry import UTC, GameEntry, Outcome
from tripeaks.history.match import Match
from tripeaks.i18n.keep import keep_text

START = datetime.datetime(2026, 1, 2, tzinfo=UTC)

games = st.lists(
    st.tuples(st.booleans(), st.booleans(), st.integers(0, 2000), st.booleans()),  # runs, won, score, daily
    min_size=1,
    max_size=40,
)


def entries(spec: list[tuple[bool, bool, int, bool]]) -> list[GameEntry]:
    return [
        GameEntry(
            code=None,
            rules="E-SR" if runs else "E",
            result=Outcome.WON if won else Outcome.BLOCKED,
            score=score,
            moves=30,
            draws=10,
            undos=0,
            duration=60.0,
            date=START + datetime.timedelta(minutes=i),
            daily="2026-01-02" if daily else None,
        )
        for i, (runs, won, score, daily) in enumerate(spec)
    ]


def drawn(paint) -> Figure:
    fig = Figure(figsize=(5.6, 7.2))
    FigureCanvasAgg(fig)
    paint(fig)
    fig.canvas.draw()
    return fig


def visible_ticks(ax, axis: str) -> list[float]:
    low, high = sorted(ax.get_xlim() if axis == "x" else ax.get_ylim())
    ticks = ax.get_xticks() if axis == "x" else ax.get_yticks()
    return [float(t) for t in ticks if low - 1e-9 <= t <= high + 1e-9]


def assert_whole(ax, axis: str) -> list[float]:
    ticks = visible_ticks(ax, axis)
    assert ticks, (ax.get_title(), axis)
    assert all(t.is_integer() for t in ticks), (ax.get_title(), axis, ticks)
    return ticks


@settings(max_examples=15, deadline=None)
@given(games)
def test_the_statistics_plots_have_whole_ticks_and_each_kind_of_scoring_its_own_axes(spec):
    history = entries(spec)
    fig = drawn(lambda f: paint_statistics(f, history, "en"))
    kinds = [runs for runs in (False, True) if any(run_scored(e) is runs for e in history)]
    axes = fig.axes
    assert len(axes) == 2 * len(kinds) + 1  # scores per kind, the win rates, a histogram per kind
    score_axes, hist_axes = axes[: len(kinds)], axes[len(kinds) + 1 :]
    for ax, runs in zip(score_axes, kinds):
        own = [(x, e.score) for x, e in enumerate(history, start=1) if run_scored(e) is runs]
        xs, ys = zip(*own)
        # Exactly this kind's games are on this axis, every one inside its limits.
        drawn_points = sorted(tuple(p) for c in ax.collections for p in c.get_offsets().tolist())
        assert set(drawn_points) == {(float(x), float(y)) for x, y in own}
        (x0, x1), (y0, y1) = ax.get_xlim(), ax.get_ylim()
        assert x0 < min(xs) and max(xs) < x1 and y0 < min(ys) and max(ys) < y1
        assert x0 >= 0 and x1 <= len(history) + 1  # padding, not a range of its own
        assert y0 >= min(ys) - max(5, 0.1 * (max(ys) - min(ys))) - 1e-9
        assert y1 <= max(ys) + max(5, 0.1 * (max(ys) - min(ys))) + 1e-9
        for axis in ("x", "y"):
            assert_whole(ax, axis)
        label = keep_text("stats.axis_score_runs" if runs else "stats.axis_score", "en")
        assert ax.get_ylabel() == label
    for ax, runs in zip(hist_axes, kinds):
        scores = [e.score for e in history if run_scored(e) is runs]
        ticks = assert_whole(ax, "x")
        assert min(ticks) >= min(scores) - 6 and max(ticks) <= max(scores) + 6
        counts = assert_whole(ax, "y")
        assert max(counts) <= len(scores) + 1
        assert sum(p.get_height() for p in ax.patches) == len(scores)  # each game of this kind once
        tallest = max(p.get_y() + p.get_height() for p in ax.patches)
        assert ax.get_ylim()[1] >= tallest + 0.2  # the tallest bar keeps some room under the frame
        assert ax.get_xlabel() == keep_text("stats.axis_score_runs" if runs else "stats.axis_score", "en")
    if len(kinds) == 2:  # both kinds: the titles say which is which
        titles = [ax.get_title() for ax in axes]
        assert keep_text("stats.plot_scores_runs", "en") in titles
        assert keep_text("stats.plot_histogram_standard", "en") in titles


def test_one_game_has_whole_ticks_around_its_score():
    history = entries([(False, True, 751, False)])
    fig = drawn(lambda f: paint_statistics(f, history, "en"))
    top, _middle, bottom = fig.axes
    assert assert_whole(top, "x") == [1.0]
    assert all(746 <= t <= 756 for t in assert_whole(bottom, "x"))
    assert all(t in (0.0, 1.0) for t in assert_whole(bottom, "y"))


matches = st.tuples(
    st.sampled_from([3, 5, 10]), st.lists(st.tuples(st.integers(0, 900), st.booleans()), min_size=10, max_size=10)
)


@settings(max_examples=15, deadline=None)
@given(matches)
def test_every_bar_and_marker_of_the_match_plot_is_inside_its_axes(spec):
    size, deals = spec
    match = Match.new(size, "E")
    for score, won in deals[:size]:
        match = match.start_deal().score_deal(score, won)
    assert match.over
    fig = drawn(lambda f: _paint_match(f, match, "en"))
    fig.set_dpi(100)
    fig.canvas.draw()
    ax, twin = fig.axes
    box = ax.get_window_extent()
    (line,) = twin.get_lines()
    radius = line.get_markersize() / 72 * fig.dpi / 2 + line.get_markeredgewidth() / 72 * fig.dpi
    for x, y in zip(*line.get_data()):
        px, py = twin.transData.transform((x, y))
        assert box.x0 <= px - radius and px + radius <= box.x1, (x, y)
        assert box.y0 <= py - radius and py + radius <= box.y1, (x, y)
    for bar in ax.patches:
        top = ax.transData.transform((bar.get_x() + bar.get_width(), bar.get_height()))
        assert top[0] <= box.x1 and top[1] <= box.y1
    for a in (ax, twin):
        assert_whole(a, "y")
    assert [float(t) for t in visible_ticks(ax, "x")] == [float(d) for d in range(1, size + 1)]
