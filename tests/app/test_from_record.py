"""Only what was played here counts (docs/rules.md §6): a game continued from a record counts
through the moves made on it here, a step already over cannot be continued, and a watched
record never runs a clock nor refills a countdown (§8).  Headless: the session, the replay
panel and the keeper on a fake store."""

from __future__ import annotations

import datetime
import json

import pytest
from fake_store import FakeStore, kept_app
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from widget_state import plain

from tripeaks import Game, GameCode, RuleSet, Status
from tripeaks.app.factory import compose
from tripeaks.app.model.clock import GameClock
from tripeaks.app.model.session import CONTINUE, GameFinished, GameSource, MoveRefused, PlaySession
from tripeaks.app.play import TriPeaksApp
from tripeaks.engine.game import Refusal
from tripeaks.engine.record import Replay
from tripeaks.history.stats import GameEntry, HistoryError, summarize
from tripeaks.i18n.keep import keep_text
from tripeaks.solver import solve

WON_LINE = solve(Game.from_code("TP1-E-AAAAAAD")).line


def won_record(code: str = "TP1-E-AAAAAAD") -> dict:
    game = Game.from_code(code)
    for action in WON_LINE:
        game.apply(action)
    assert game.status is Status.WON
    return game.to_record()


def watched(session: PlaySession) -> list:
    seen: list = []
    session.subscribe(seen.append)
    return seen


def finished(events: list) -> list[GameFinished]:
    return [e for e in events if isinstance(e, GameFinished)]


class FakeTime:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# ------------------------------------------------------------------ kind: a finished record is not a win of yours
@pytest.mark.parametrize("leave", ["deal", "code", "restart", "layout"])
def test_a_won_record_continued_at_its_last_step_is_refused_and_never_booked(leave):
    session = PlaySession(Game.from_code("TP1-E-AAAAAAB"))
    mine = session.game
    events = watched(session)
    last = Replay(won_record()).game_at(len(WON_LINE))
    assert session.set_game(last, GameSource.RECORD) is None
    assert session.game is mine and MoveRefused(CONTINUE, Refusal.GAME_OVER) in events
    {
        "deal": session.deal_random,
        "code": lambda: session.deal_code("TP1-C-AAAAAAD"),
        "restart": session.restart,
        "layout": lambda: session.set_game(Game.from_code("TP1-E-AAAAAAC")),
    }[leave]()
    assert finished(events) == []


def test_the_replay_panel_refuses_to_continue_a_won_step_and_nothing_counts():
    app, kept = kept_app()
    panel = kept.replay
    panel.watch(won_record())
    panel.slider.value = len(WON_LINE)
    assert panel.continue_button.disabled
    panel.continue_button.click()  # a click that slips through (or a stale page) changes nothing
    panel._continue()
    assert panel.watching and plain(panel.message.value) == keep_text("replay.cannot_continue", "en")
    panel.slider.value = len(WON_LINE) - 1  # one card left: that one can be continued
    assert not panel.continue_button.disabled
    panel.slider.value = len(WON_LINE)
    app.session.deal_random()
    assert kept.keeper.history == () and not panel.watching


@st.composite
def records(draw, codes=("TP1-E-AAAAAAD", "TP1-C-AAAAAAD-SR", "TP1-E-AAAABCD-T2", "TP1-E-AAAAAAB-JWP")):
    """A record of random play (plays, draws, undos, a timer's end), sometimes the won line."""
    if draw(st.booleans()) and draw(st.booleans()):
        return won_record()
    game = Game.from_code(draw(st.sampled_from(codes)))
    for _ in range(draw(st.integers(0, 40))):
        choices: list = [*game.legal_actions(), *["U"] * game.can_undo]
        if game.rules.timer is not None and not game.is_over:
            choices.append("T")
        if not choices:
            break
        game.apply(draw(st.sampled_from(choices)))
    return game.to_record()


def play_some(session: PlaySession, draw) -> int:
    """Random plays, draws and undos through the session; returns how many plays and draws were made."""
    made = 0
    for _ in range(draw(st.integers(0, 6))):
        game = session.game
        choices: list = [*game.legal_actions(), *["U"] * game.can_undo]
        if not choices:
            break
        choice = draw(st.sampled_from(choices))
        if choice == "U":
            session.undo()
        elif choice == "D":
            made += session.draw() is not None
        else:
            made += session.play(choice) is not None
    return made


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records(), st.data(), st.booleans())
def test_a_continued_game_counts_only_as_what_moves_made_here_make_it(record, data, by_move):
    """From any step, by *Continue from here* or by a move on the replay step: finished once, as
    its status, marked from a record, only when a play or a draw was made here; never otherwise."""
    replay = Replay(record)
    step = data.draw(st.integers(0, replay.steps))
    session = PlaySession(Game.from_code("TP1-E-AAAAAAB"))
    events = watched(session)
    game = replay.game_at(step)
    over = game.status in (Status.WON, Status.TIME_UP) or (game.status is Status.BLOCKED and not game.can_undo)
    if by_move:
        session.set_game(game, GameSource.REPLAY)
    else:
        assert (session.set_game(game, GameSource.RECORD) is None) is over
        if over:
            assert session.game is not game and finished(events) == []
            return
    made = play_some(session, data.draw)
    ended = finished(events)
    session.deal_random()
    ended_all = finished(events)
    if made == 0:
        assert ended_all == []
        return
    assert len(ended_all) == 1 and ended_all[0].from_record and ended_all[0].game is game
    assert ended_all[0].status is game.status or (ended == [] and game.status is Status.PLAYING)
    entry = ended_all[0].entry(datetime.datetime.now(datetime.timezone.utc))
    assert entry.from_record and GameEntry.from_json(entry.to_json()) == entry


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(records(), st.data())
def test_abandon_this_game_counts_only_the_moves_made_past_the_step_continued(record, data):
    """ "Your N moves so far will be lost": N is what the player made here, not the record's moves before."""
    from tripeaks.app.model.session import ConfirmationAsked

    replay = Replay(record)
    step = data.draw(st.integers(0, replay.steps))
    game = replay.game_at(step)
    session = PlaySession(Game.from_code("TP1-E-AAAAAAB"))
    if session.set_game(game, GameSource.RECORD) is None:
        return  # a step already over: nothing to continue
    events = watched(session)
    made = 0
    for _ in range(data.draw(st.integers(1, 5))):  # plays and draws only: each adds one move
        actions = session.game.legal_actions()
        if not actions:
            break
        choice = data.draw(st.sampled_from(actions))
        made += (session.draw() if choice == "D" else session.play(choice)) is not None
    over = session.game.is_over
    session.request_deal_random()
    asked = [e for e in events if isinstance(e, ConfirmationAsked)]
    if over or made == 0:
        return  # an ended game, or no move of the player's: nothing to ask
    assert len(asked) == 1 and asked[0].moves == made, (step, made, asked)


def test_a_game_of_my_own_still_counts_as_before_and_is_not_from_a_record():
    session = PlaySession(Game.from_code("TP1-E-AAAAAAD"))
    events = watched(session)
    session.draw()
    session.deal_random()
    assert [f.from_record for f in finished(events)] == [False]
    assert session.continued_at is None


def test_a_continued_game_left_without_a_move_after_a_reload_does_not_count():
    storage: dict[str, str] = {}
    app, kept = kept_app(storage)
    kept.replay.watch({"format": "tripeaks-record/1", "code": "TP1-E-AAAAAAD", "actions": ["D", "QD", "JD"]})
    kept.replay.slider.value = 3
    kept.replay.continue_button.click()
    assert app.session.continued_at == 3 and kept.store.saved()["game"]["continued_at"] == 3
    page = TriPeaksApp(session=PlaySession(Game.from_code("TP1-E-AAAAAAB")))
    again = compose(page, hints=False, keys=False, store=FakeStore(storage)).keep
    again.store.load()
    assert page.game.moves == 3 and page.session.continued_at == 3
    page.session.deal_random()
    assert again.keeper.history == ()
    # and once a move is made here, it counts, from a record
    app2, kept2 = kept_app()
    kept2.replay.watch({"format": "tripeaks-record/1", "code": "TP1-E-AAAAAAD", "actions": ["D", "QD", "JD"]})
    kept2.replay.slider.value = 3
    kept2.replay.continue_button.click()
    app2.session.draw()
    app2.session.deal_random()
    assert [e.from_record for e in kept2.keeper.history] == [True]
    assert summarize(kept2.keeper.history).from_record == 1


@pytest.mark.parametrize("value", ["yes", 1, None, [True]])
def test_a_stored_entry_whose_from_record_is_not_a_boolean_is_refused(value):
    entry = GameEntry.of(
        Game.from_code("TP1-E-AAAAAAD"), "abandoned", 1.0, datetime.datetime.now(datetime.timezone.utc)
    )
    with pytest.raises(HistoryError, match="from_record"):
        GameEntry.from_json({**entry.to_json(), "from_record": value})
    assert GameEntry.from_json(entry.to_json()).from_record is False


@pytest.mark.parametrize("value", [-1, "3", 2.5, True])
def test_a_saved_game_with_a_bad_continued_at_is_set_aside(value):
    storage: dict[str, str] = {}
    app, kept = kept_app(storage)
    app.session.draw()
    doc = kept.store.saved()
    doc["game"]["continued_at"] = value
    storage["tripeaks-v1"] = json.dumps(doc)
    page = TriPeaksApp(session=PlaySession(Game.from_code("TP1-E-AAAAAAB")))
    again = compose(page, hints=False, keys=False, store=FakeStore(storage)).keep
    again.store.load()
    assert again.keeper.state.aside and page.game.moves == 0


# ------------------------------------------------------------------ kind: the countdown belongs to the game
def timed_session(code: str = "TP1-E-AAAAAAD-T1") -> tuple[PlaySession, FakeTime, GameClock]:
    time = FakeTime()
    session = PlaySession(Game.from_code(code))
    clock = GameClock(session, clock=time)
    return session, time, clock


@settings(max_examples=30, deadline=None)
@given(records(codes=("TP1-E-AAAAAAD-T1", "TP1-C-AAAABCD-ST2")), st.data())
def test_watching_a_timed_record_never_runs_its_clock_nor_ends_it(record, data):
    session, time, clock = timed_session()
    replay = Replay(record)
    step = data.draw(st.integers(0, replay.steps))
    game = replay.game_at(step)
    status = game.status
    session.set_game(game, GameSource.REPLAY)
    time.now += data.draw(st.floats(0, 10_000))
    clock.tick()
    assert session.expire() is None
    assert not session.stopwatch.running and session.elapsed == 0 and game.status is status


def test_the_countdown_of_my_game_is_not_refilled_by_continuing_its_own_record():
    app, kept = kept_app(game=Game.from_code("TP1-E-AAAAAAD-T1"))
    time = FakeTime()
    app.session.clock = time
    app.session.draw()
    time.now += 50
    panel = kept.replay
    panel.watch(app.game.to_record())
    time.now += 500  # watching: no clock runs
    panel.slider.value = 1
    assert app.session.stopwatch.remaining(time.now) == pytest.approx(10)
    panel.continue_button.click()
    assert app.session.counts and app.session.elapsed == pytest.approx(50)
    time.now += 10
    assert app.session.stopwatch.remaining(time.now) == pytest.approx(0)


def test_a_game_of_the_history_that_ran_out_of_time_cannot_be_continued_with_a_new_countdown():
    app, kept = kept_app(game=Game.from_code("TP1-E-AAAAAAD-T1"))
    time = FakeTime()
    app.session.clock = time
    app.session.draw()
    time.now += 60
    app.session.expire()
    (entry,) = kept.keeper.history
    assert entry.result.value == "time_up" and entry.duration == 60
    app.session.deal_random()
    panel = kept.replay
    panel.watch(entry.record())
    panel.slider.value = 1  # the step before the timer's end: playing, but its clock is used up
    assert panel.continue_button.disabled
    panel._continue()
    assert panel.watching and plain(panel.message.value) == keep_text("replay.cannot_continue", "en")
    assert app.session.draw() is None and app.game.moves == 1  # a move on the step is refused too
    assert len(kept.keeper.history) == 1


@settings(max_examples=40, deadline=None)
@given(st.floats(0, 120), st.integers(1, 3))
def test_continuing_a_timed_step_keeps_the_clock_it_used(used, minutes):
    session, time, _clock = timed_session(
        str(GameCode.parse("TP1-E-AAAAAAD").with_rules(RuleSet.parse(f"E-T{minutes}")))
    )
    game = Replay({"format": "tripeaks-record/1", "code": str(session.game.code), "actions": ["D"]}).game_at(1)
    limit = 60.0 * minutes
    events = watched(session)
    result = session.set_game(game, GameSource.RECORD, elapsed=used)
    if used >= limit:
        assert result is None and MoveRefused(CONTINUE, Refusal.TIME_UP) in events
    else:
        assert result is game and session.stopwatch.remaining(time.now) == pytest.approx(limit - used)


def test_continuing_my_own_untimed_record_starts_its_duration_afresh():
    """Without a timer there is no countdown to keep: the continued game's duration is its own."""
    app, kept = kept_app(game=Game.from_code("TP1-E-AAAAAAD"))
    time = FakeTime()
    app.session.clock = time
    app.session.draw()
    time.now += 50
    kept.replay.watch(app.game.to_record())
    kept.replay.slider.value = 1
    kept.replay.continue_button.click()
    assert app.session.counts and app.session.elapsed == 0
