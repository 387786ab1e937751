"""The end of a game: the score's breakdown adds up, a win is celebrated, a summary is shown.

The breakdown's rows come from the engine's ``ScoreParts`` (docs/rules.md §3,
§4, §8); here they must add up to the score, for random games under random
rule sets, and the table the player sees must add up to the score the header
shows.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from page import ui
from rule_set_strategies import rule_sets as any_rule_sets
from widget_state import css_classes, plain

from tripeaks import Game, GameCode, RuleSet, Status
from tripeaks.app import TriPeaksApp
from tripeaks.app.views.endgame import score_breakdown
from tripeaks.app.views.timer import format_duration
from tripeaks.engine.rules import Preset
from tripeaks.i18n import LANGUAGES, status_message
from tripeaks.i18n.rulesets import rules_text
from tripeaks.i18n.ui import ui_text
from tripeaks.solver import solve

rule_sets = any_rule_sets(timed=False)


def play_out(game: Game, picks: list[int]) -> Game:
    """Apply one action per pick (a play, a draw or an undo, chosen by the pick) until the game is over."""
    for pick in picks:
        if game.is_over and not game.can_undo:
            break
        actions: list[object] = list(game.legal_actions())
        if game.can_undo:
            actions.append("U")
        if not actions:
            break
        game.apply(actions[pick % len(actions)])  # type: ignore[arg-type]
    return game


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    rules=rule_sets,
    deal=st.integers(0, 2**20),
    picks=st.lists(st.integers(0, 40), max_size=120),
)
def test_the_breakdown_adds_up_to_the_score_under_every_rule_set(rules, deal, picks):
    game = play_out(Game.from_code(GameCode(rules, deal)), picks)
    breakdown = score_breakdown(game)
    assert sum(row.points for row in breakdown.rows) == breakdown.total == game.score
    keys = [row.key for row in breakdown.rows]
    assert keys[:1] == ["start"] and len(set(keys)) == len(keys)
    standing = game.standing_actions
    counts = {row.key: row.count for row in breakdown.rows}
    assert counts["draws"] == sum(1 for e in standing if e.kind == "draw") == len(game.dealt_stock) - game.stock_count
    if "plays" in counts:
        assert counts["plays"] == sum(1 for e in standing if e.kind == "play") == 28 - game.cards_left
    if rules.scoring.value == "runs":
        assert {"run", "clear"} <= set(keys)
    if rules.undo.value == "penalty":
        assert "penalty" in keys


def _points(table_html: str) -> list[int]:
    cells = re.findall(r'<td class="tp-num tp-points">([^<]*)</td>', table_html)
    return [int(re.sub(r"[^\d-]", "", c.replace("\u2212", "-"))) for c in cells]


def _score_shown(app: TriPeaksApp) -> int:
    return int(re.sub(r"\D", "", plain(ui(app).score_label.value)))


def finished(rules: RuleSet, deal: int, seed: int) -> Game:
    """A game of ``deal`` under ``rules`` played (by a fixed pseudo-random choice) until it is over."""
    game = Game.from_code(GameCode(rules, deal))
    picks = [(seed * 7919 + i * 104729) % 41 for i in range(400)]
    game = play_out(game, picks)
    while not game.is_over:  # no undo any more: play or draw until the end
        game.apply(game.legal_actions()[0])
    return game


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(
    "rules", [p.rules for p in Preset] + [RuleSet.parse("C-SOJJWRP"), RuleSet.parse("E-JWRP")], ids=str
)
def test_the_table_the_player_sees_adds_up_to_the_score_in_the_header(rules, lang):
    game = finished(rules, 11, 5)
    app = TriPeaksApp(lang=lang)
    app.session.set_game(game, "record")
    view = app.end_view
    assert view.layout.display is None
    table = view.body.value
    points = _points(table)
    assert sum(points[:-1]) == points[-1] == _score_shown(app) == game.score
    assert rules_text("end.part.total", lang) in plain(table)
    assert f"tp-end-{game.status.value}" in css_classes(view)
    won = game.status is Status.WON  # the panel says how it ended: a cheer for a win
    assert plain(view.title.value) == (rules_text("end.won_title", lang) if won else status_message(game.status, lang))
    assert plain(ui(app).status.value).startswith(status_message(game.status, lang, game.score))


def test_the_breakdown_names_undo_penalties_and_the_floor():
    game = Game.from_code("TP1-C-AAAAAAB-OP")
    game.play(20)
    game.undo()
    rows = {row.key: row for row in score_breakdown(game).rows}
    assert (rows["penalty"].count, rows["penalty"].points) == (1, -5)
    assert rows["plays"].points == 0 and rows["plays"].count == 0  # the undone play cost nothing in the end
    runs = Game.from_code("TP1-E-AAAAAAB-SR")
    runs.play(20)
    runs.draw()  # 1 − 5: the floor gives 4 back
    rows = {row.key: row for row in score_breakdown(runs).rows}
    assert (rows["run"].points, rows["draws"].points, rows["floor"].points) == (1, -5, 4)
    assert "plays" not in rows  # under run scoring a play costs nothing: its points are the run points


class Ticking:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def winning_line() -> list[str]:
    line = solve(Game.from_code("TP1-E-AAAAAAD")).cards
    assert line is not None
    return list(line)


def play_line(app: TriPeaksApp, line: list[str], clock: Ticking) -> None:
    for token in line:
        clock.now += 2.0
        if token == "D":
            app.board.stock_button.click()
        else:
            position = app.game.find(token)
            assert position is not None
            app.board.card_buttons[position].click()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_win_is_celebrated_and_summed_up(winning_line, lang):
    clock = Ticking()
    app = TriPeaksApp(Game.from_code("TP1-E-AAAAAAD"), lang=lang, time_source=clock)
    assert app.end_view.layout.display == "none" and app.end_view.celebration.value == ""
    play_line(app, winning_line, clock)
    game = app.game
    assert game.status is Status.WON
    view = app.end_view
    assert view.layout.display is None and "tp-end-won" in css_classes(view)
    assert view.title.layout.display is None and view.celebration.layout.display is None
    confetti = view.celebration.value
    assert 'aria-hidden="true"' in confetti and confetti.count("<span") >= 8
    body = plain(view.body.value)
    draws = sum(1 for t in winning_line if t == "D")
    summary = re.findall(r'<th scope="row">([^<]*)</th><td class="tp-num">([^<]*)</td></tr>', view.body.value)
    summary = summary[:5]  # the summary's rows come first, then the breakdown's
    assert summary == [
        (rules_text("end.score", lang), str(game.score)),
        (rules_text("end.moves", lang), str(len(winning_line))),
        (rules_text("end.draws", lang), str(draws)),
        (rules_text("end.undos", lang), "0"),
        (rules_text("end.time", lang), format_duration(2.0 * len(winning_line))),
    ]
    assert rules_text("end.breakdown", lang) in body
    assert plain(ui(app).score_label.value) == ui_text("header.score", lang, score=game.score)
    # A language switch translates it but does not start the celebration again.
    other = "fr" if lang != "fr" else "pt"
    app.set_language(other)
    assert view.celebration.value == confetti
    assert rules_text("end.summary", other) in plain(view.body.value)
    # A new game puts the panel away.
    ui(app).code_input.value = "TP1-E-AAAAAAB"
    ui(app).deal_button.click()
    assert view.layout.display == "none" and view.celebration.value == ""


def test_a_blocked_game_shows_its_summary_and_hides_it_again_after_an_undo():
    game = finished(RuleSet(), 11, 3)
    assert game.status is Status.BLOCKED
    app = TriPeaksApp(game)
    assert app.end_view.layout.display is None and app.end_view.celebration.value == ""
    assert "tp-end-blocked" in css_classes(app.end_view)
    # No cheer and no celebration (it takes no room), but a heading saying how the game ended: on a
    # phone held on its side the status line is out of sight.
    assert app.end_view.celebration.layout.display == "none"
    assert app.end_view.title.layout.display is None
    assert plain(app.end_view.title.value) == status_message(Status.BLOCKED, "en")
    assert "tp-end-summary" in app.end_view.body.value
    ui(app).undo_button.click()
    assert app.end_view.layout.display == "none"


def _summary_rows(app: TriPeaksApp) -> dict[str, str]:
    rows = re.findall(
        r'<tr class="tp-sum-(\w+)"><th scope="row">[^<]*</th><td class="tp-num">([^<]*)</td>', app.end_view.body.value
    )
    return dict(rows)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_summary_counts_the_hints_the_game_used(lang):
    from tripeaks.app import build_app

    app = build_app("TP1-C-AAAAAAH", lang=lang, keep=False)  # blocked after its 23 draws
    try:
        assert app.hints is not None
        for asked in range(3):
            for i in range(23):
                if i < asked:  # a hint at each of the first positions (twice there: it counts once)
                    app.hints.hint_button.click()
                    app.hints.hint_button.click()
                app.board.stock_button.click()
            assert app.game.status is Status.BLOCKED
            rows = _summary_rows(app)
            assert rows["hints"] == str(asked), (asked, rows)
            assert rules_text("end.hints", lang) in plain(app.end_view.body.value)
            app.hints.hint_button.click()  # asked once the game is over: not a hint the game used
            assert _summary_rows(app)["hints"] == str(asked)
            app.session.restart()  # a new attempt counts afresh
            assert app.hints.hints_given == 0
    finally:
        app.close()
    # Without the hint tools there is no Hints row.
    bare = TriPeaksApp(Game.from_code("TP1-C-AAAAAAH"))
    for _ in range(23):
        bare.board.stock_button.click()
    assert "hints" not in _summary_rows(bare) and len(_summary_rows(bare)) == 5


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_moves_of_the_summary_and_the_plays_of_the_breakdown_have_distinct_words(lang):
    """The summary's Moves (plays and draws) and the breakdown's Plays and Draws stand side by side:
    in French "Coups" next to "Coups joués", in Portuguese "Jogadas" twice, read as the same thing."""
    labels = [rules_text(key, lang) for key in ("end.moves", "end.part.plays", "end.part.draws")]
    first_words = [label.split()[0].casefold() for label in labels]
    assert len(set(first_words)) == len(labels), labels
