"""A match deal ends exactly once, with its score, however it is left, and the next deal is
another one unless the player restarts it.  Headless: the keeper on a fake store."""

from __future__ import annotations

import json

import pytest
from fake_store import FakeStore, kept_app

from tripeaks import Game, Status
from tripeaks.app.factory import compose
from tripeaks.app.model.session import PlaySession
from tripeaks.app.play import TriPeaksApp

OTHER = "TP1-E-AAAAAAB"


def started(storage=None):
    app, kept = kept_app(storage)
    kept.match_controls.size.value = 3
    kept.match_controls.start_button.click()
    match = kept.keeper.match
    assert match.playing == 0 and app.game.code == match.codes[0]
    return app, kept


def play_to_the_end(app) -> None:
    while app.game.status is Status.PLAYING:
        moves = app.game.playable()
        app.session.play(moves[0]) if moves else app.session.draw()


def watch_some_record(kept) -> None:
    kept.replay.watch({"format": "tripeaks-record/1", "code": OTHER, "actions": ["D", "D"]})
    kept.replay.slider.value = 1


def confirm(app) -> None:
    if app.confirm.asking:
        app.confirm.yes_button.click()


LEAVE = {
    "deal": lambda app, kept: app.session.deal_random(),
    "code": lambda app, kept: app.session.deal_code(OTHER),
    "link": lambda app, kept: kept.keeper.follow_link(OTHER),
    "continue a record": lambda app, kept: (watch_some_record(kept), kept.replay.continue_button.click()),
    # a move on a replay step is refused (watching is left only by Continue): then Continue
    "a move on a replay step, then continue": lambda app, kept: (
        watch_some_record(kept),
        app.session.draw(),
        kept.replay.continue_button.click(),
    ),
    "a code while watching": lambda app, kept: (watch_some_record(kept), app.session.deal_code(OTHER)),
    "next deal while watching": lambda app, kept: (watch_some_record(kept), kept.keeper.next_deal(), confirm(app)),
}


@pytest.mark.parametrize("moves", [0, 1, 3])
@pytest.mark.parametrize("how", sorted(LEAVE))
def test_a_deal_left_any_way_scores_0_once_and_the_next_deal_is_another(how, moves):
    app, kept = started()
    first = kept.keeper.match.codes[0]
    for _ in range(moves):
        app.session.draw()
    LEAVE[how](app, kept)
    match = kept.keeper.match
    assert match.scores == (0,) and match.won == (False,)
    if match.playing is None:  # "next deal while watching" has dealt it already
        kept.keeper.next_deal()
        confirm(app)  # a game continued here with a move is in progress
    assert app.game.code == match.codes[1] != first and kept.keeper.match.playing == 1
    app.session.deal_random()  # leaving the second deal scores it: the first is never scored again
    assert kept.keeper.match.scores == (0, 0)
    assert [e.code for e in kept.keeper.history].count(str(first)) == (1 if moves else 0)


def test_watching_a_record_and_coming_back_keeps_the_deal_in_play():
    app, kept = started()
    app.session.draw()
    mine = app.game
    for step in range(3):  # many replay steps: the deal set aside is not forgotten
        watch_some_record(kept)
        kept.replay.slider.value = step
    kept.replay.back_button.click()
    assert app.game is mine and kept.keeper.match.scores == () and kept.keeper.is_match_game(mine)
    play_to_the_end(app)
    assert kept.keeper.match.scores == (app.game.score,)


def test_a_finished_deal_scores_its_end_once():
    app, kept = started()
    play_to_the_end(app)
    score = app.game.score
    app.session.deal_random()
    kept.keeper.next_deal()
    assert kept.keeper.match.scores == (score,) and kept.keeper.match.playing == 1


def test_restarting_the_deal_goes_on_with_the_same_deal_unscored():
    app, kept = started()
    first = kept.keeper.match.codes[0]
    app.session.draw()
    app.session.restart()
    assert app.game.code == first and app.game.moves == 0 and kept.keeper.is_match_game(app.game)
    assert kept.keeper.match.scores == () and kept.keeper.match.playing == 0
    play_to_the_end(app)
    assert kept.keeper.match.scores == (app.game.score,)
    kept.keeper.next_deal()
    assert app.game.code == kept.keeper.match.codes[1]


@pytest.mark.parametrize("end", ["blocked", "abandoned by a link", "abandoned without a move by a link"])
def test_a_reload_ends_the_deal_in_play_once(end):
    storage: dict[str, str] = {}
    app, kept = started(storage)
    if end == "blocked":
        while app.game.status is Status.PLAYING:
            app.session.draw() if app.game.stock_count else app.session.play(app.game.playable()[0])
        expected = app.game.score if app.game.status is Status.BLOCKED else None
        if expected is None:
            pytest.skip("this deal was won while drawing first")
        storage_doc = kept.store.saved()
        storage_doc["match"]["scores"], storage_doc["match"]["won"] = [], []  # the page closed before the score
        storage_doc["match"]["playing"] = 0
        storage["tripeaks-v1"] = json.dumps(storage_doc)
    elif end == "abandoned by a link":
        app.session.draw()
        expected = 0
    else:
        expected = 0
    page = TriPeaksApp(session=PlaySession(Game.from_code(OTHER)))
    again = compose(page, hints=False, keys=False, store=FakeStore(storage)).keep
    if end != "blocked":
        again.keeper.follow_link(OTHER)
    again.store.load()
    if page.session.pending is not None:  # "Abandon this game?" for the deal in progress: Yes
        page.confirm.yes_button.click()
    match = again.keeper.match
    assert match.scores == (expected,) and match.playing is None
    again.keeper.next_deal()
    assert page.game.code == match.codes[1] and again.keeper.match.playing == 1
