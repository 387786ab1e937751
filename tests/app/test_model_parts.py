"""The play session's parts, each as a kind: the event bus, the abandon protocol, the settings."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks import Game, GameCode
from tripeaks.app.model.abandon import AbandonGuard, Decision, would_abandon
from tripeaks.app.model.bus import EventBus
from tripeaks.app.model.events import ReplaceKind, ReplaceRequest, Setting, SettingChanged
from tripeaks.app.model.session import PlaySession
from tripeaks.app.model.settings import FLAGS
from tripeaks.engine.rules import RuleSet

CODE = "TP1-E-AAAAAAB"  # docs/rules.md §5: 8♦ at position 20 is the one play


# ---------------------------------------------------------------- the bus
@settings(max_examples=60, deadline=None)
@given(
    observers=st.integers(min_value=1, max_value=4),
    fanout=st.dictionaries(st.integers(0, 30), st.lists(st.integers(0, 30), max_size=3), max_size=12),
    first=st.lists(st.integers(0, 30), min_size=1, max_size=4),
)
def test_every_observer_sees_every_event_in_one_order(observers, fanout, first):
    """Whatever an observer emits while handling an event is queued: all see one sequence."""
    bus: EventBus[int] = EventBus()
    seen: list[list[int]] = [[] for _ in range(observers)]
    budget = [50]  # events that an observer may still emit (no endless chain)

    def observer(k):
        def see(event):
            seen[k].append(event)
            if k == 0:  # the first observer reacts, the others only watch
                for more in fanout.get(event, []):
                    if budget[0] > 0:
                        budget[0] -= 1
                        bus.emit(more)

        return see

    for k in range(observers):
        bus.subscribe(observer(k))
    bus.emit(*first)
    assert all(s == seen[0] for s in seen)
    assert seen[0][: len(first)] == first  # the first events come first, in their order
    assert len(seen[0]) == len(first) + 50 - budget[0]


def test_an_unsubscribed_or_closed_bus_delivers_nothing_more():
    bus: EventBus[str] = EventBus()
    got: list[str] = []
    stop = bus.subscribe(got.append)
    bus.emit("a")
    stop()
    stop()  # twice is harmless
    bus.emit("b")
    again = bus.subscribe(got.append)
    bus.close()
    bus.emit("c")
    assert got == ["a"] and bus.closed
    again()


def test_a_failing_observer_propagates_and_drops_what_is_queued_then_each_gets_its_chance():
    bus: EventBus[str] = EventBus()
    got: list[str] = []

    def failing(event):
        if event == "a":
            bus.emit("queued")
            raise RuntimeError("boom")

    bus.subscribe(failing)
    bus.subscribe(got.append)
    with pytest.raises(RuntimeError):
        bus.emit("a")
    bus.deliver_each(["restored"])  # the failing observer is skipped, the next one still sees it
    bus.emit("later")
    assert got == ["restored", "later"]


# ---------------------------------------------------------------- the abandon protocol
def _requests():
    code = GameCode.parse(CODE)
    other = GameCode.parse("TP1-C-AAAAAAD")
    return [
        ReplaceRequest(ReplaceKind.CODE, code=code),
        ReplaceRequest(ReplaceKind.CODE, code=other),
        ReplaceRequest(ReplaceKind.RANDOM, rules=RuleSet.parse("E")),
        ReplaceRequest(ReplaceKind.RESTART),
    ]


@pytest.mark.parametrize("moves", [0, 1, 2])
@pytest.mark.parametrize("request_", _requests(), ids=lambda r: f"{r.kind.value}-{r.code}")
def test_the_guard_asks_exactly_when_a_game_in_progress_would_be_abandoned(moves, request_):
    game = Game.from_code(CODE)
    for _ in range(moves):
        game.draw()
    guard = AbandonGuard()
    decision = guard.decide(request_, game, 0.0)
    untouched_same = not game.history and (
        request_.kind is ReplaceKind.RESTART or (request_.kind is ReplaceKind.CODE and request_.code == game.code)
    )
    if untouched_same:
        assert decision is Decision.REPEAT and guard.pending is None
    elif would_abandon(game):
        assert decision is Decision.ASK and guard.pending == request_
        assert guard.decide(request_, game, 0.0) is Decision.REPEAT  # asked once, not twice
        assert guard.close() == request_ and guard.pending is None and guard.close() is None
    else:
        assert decision is Decision.CARRY_OUT and guard.pending is None


@pytest.mark.parametrize("gap", [0.0, 0.2, 0.49, 0.5, 0.7, 3.0])
def test_the_same_request_again_is_a_double_press_only_within_its_seconds(gap):
    guard = AbandonGuard(double_press=0.5)
    request_ = ReplaceRequest(ReplaceKind.RANDOM, rules=RuleSet.parse("C"))
    dealt = Game.new("C")
    guard.carried_out(request_, dealt, 10.0)
    expected = Decision.REPEAT if gap < 0.5 else Decision.CARRY_OUT
    assert guard.decide(request_, dealt, 10.0 + gap) is expected
    dealt.draw()  # once the deal is played, a press is a new intention, however soon
    assert guard.decide(request_, dealt, 10.0 + gap) is Decision.ASK


# ---------------------------------------------------------------- the settings
@pytest.mark.parametrize("setting", list(FLAGS))
def test_every_on_off_setting_changes_once_and_says_so(setting):
    session = PlaySession(Game.from_code(CODE))
    seen: list[object] = []
    session.subscribe(seen.append)
    assert session.option(setting) is FLAGS[setting]
    session.set_option(setting, FLAGS[setting])  # already so: nothing
    assert seen == []
    session.set_option(setting.value, not FLAGS[setting])  # by its text too
    assert session.option(setting) is (not FLAGS[setting])
    assert [e for e in seen if isinstance(e, SettingChanged)] == [SettingChanged(setting, not FLAGS[setting])]


@pytest.mark.parametrize("bad", [Setting.DEAL_RULE, Setting.DEAL_RULES, "deal_rules", "nope", ""])
def test_a_setting_that_is_not_on_off_is_refused_and_nothing_changes(bad):
    session = PlaySession(Game.from_code(CODE))
    seen: list[object] = []
    session.subscribe(seen.append)
    with pytest.raises(ValueError):
        session.set_option(bad, True)
    with pytest.raises(ValueError):
        session.option(bad)
    assert seen == [] and session.deal_rules == RuleSet.parse("E")
