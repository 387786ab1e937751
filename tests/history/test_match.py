"""Matches (tripeaks.history.match): several deals under one rule set, scores added; immutable steps; JSON."""

from __future__ import annotations

import pytest

from tripeaks import GameCode
from tripeaks.engine.rules import RuleSet
from tripeaks.history.match import MATCH_SIZES, Match, MatchError

CODES = ["TP1-E-AAAAAAB", "TP1-E-AAAAAAC", "TP1-E-AAAAAAD"]


@pytest.mark.parametrize("size", MATCH_SIZES)
def test_a_new_match_deals_its_codes_under_one_rule_set(size):
    match = Match.new(size, "traditional")
    assert match.size == size and len(set(match.codes)) == size
    assert all(c.rules == RuleSet.parse("traditional") for c in match.codes)
    assert match.finished == 0 and match.total == 0 and not match.over and match.playing is None
    assert match.next_code == match.codes[0]


@pytest.mark.parametrize("size", [0, 1, 4, 11, "3"])
def test_only_3_5_or_10_deals(size):
    with pytest.raises(MatchError, match="3, 5 or 10"):
        Match.new(size, "E")


def test_given_codes_must_fit_the_size_and_rule_set():
    with pytest.raises(MatchError):
        Match.new(3, "E", CODES[:2])
    with pytest.raises(MatchError):
        Match.new(3, "C", CODES)
    with pytest.raises(MatchError, match="bad code"):
        Match.new(3, "E", ["TP1-E-AAAAAAB", "nope", "TP1-E-AAAAAAD"])


def test_scores_add_up_deal_by_deal_until_the_match_is_over():
    m = Match.new(3, "E", CODES)
    m = m.start_deal()
    assert m.playing == 0
    m = m.score_deal(750, won=True)
    assert m.playing is None and m.scores == (750,) and m.next_code == GameCode.parse(CODES[1])
    m = m.start_deal().score_deal(0, won=False)  # abandoned: 0
    m = m.start_deal().score_deal(480, won=False)
    assert m.over and m.total == 1230 and m.cumulative == (750, 750, 1230) and m.won == (True, False, False)
    assert m.next_code is None
    with pytest.raises(MatchError, match="over"):
        m.start_deal()


def test_a_deal_that_ends_again_replaces_its_score():
    m = Match.new(3, "E", CODES).start_deal().score_deal(470, won=False)
    m = m.score_deal(760, won=True, again=True)
    assert m.scores == (760,) and m.won == (True,) and m.finished == 1


def test_scoring_needs_a_deal_on_the_table_and_a_score_of_zero_or_more():
    m = Match.new(3, "E", CODES)
    with pytest.raises(MatchError, match="on the table"):
        m.score_deal(10, won=False)
    with pytest.raises(MatchError):
        m.start_deal().score_deal(-1, won=False)
    with pytest.raises(MatchError):
        m.start_deal().score_deal(True, won=False)


def test_a_match_reads_back_what_it_writes():
    m = Match.new(5, "C-OP").start_deal().score_deal(420, won=False).start_deal()
    again = Match.from_json(m.to_json())
    assert again == m


@pytest.mark.parametrize(
    "change",
    [
        {"codes": "x"},
        {"rules": 3},
        {"scores": [1, 2], "won": [True]},
        {"scores": [-5], "won": [False]},
        {"playing": 2},
        {"started": "yesterday"},
        {"codes": ["TP1-E-AAAAAAB"]},
    ],
)
def test_a_malformed_match_is_refused(change):
    data = {**Match.new(3, "E", CODES).to_json(), **change}
    with pytest.raises(MatchError):
        Match.from_json(data)
    with pytest.raises(MatchError):
        Match.from_json([data])
