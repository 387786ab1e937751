"""The walk-through board takes its rule set as ``rules``; the old keyword ``rule=`` still works, with a warning."""

from __future__ import annotations

import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rule_set_strategies import rule_sets as any_rule_sets

from tripeaks import Preset, RuleSet, WrapRule
from tripeaks.course.boards import walk_board

rule_values = st.one_of(
    st.sampled_from(list(WrapRule)),
    st.sampled_from([p.rules for p in Preset]),
    # walk_board deals no joker with an empty waste
    any_rule_sets().filter(lambda r: not (r.jokers and r.waste == "empty")),
)


@settings(max_examples=60, deadline=None)
@given(rule_values)
def test_walk_board_rule_keyword_warns_and_gives_the_same_board(value) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        want = walk_board(rules=value)
        assert walk_board(value).to_record() == want.to_record()
    assert want.rules == RuleSet.parse(value)
    with pytest.warns(DeprecationWarning, match=r"walk_board\(rule=\.\.\.\) is deprecated"):
        got = walk_board(rule=value)
    assert got.state_key() == want.state_key() and got.to_record() == want.to_record()
