"""The study takes its rule set as ``rules``; the old keyword ``rule=`` still works, with a DeprecationWarning."""

from __future__ import annotations

import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks import Preset, RuleSet, WrapRule
from tripeaks.engine.codes import N_DEALS
from tripeaks.solver.study import decide_deal, decide_deals

rule_values = st.one_of(
    st.sampled_from(list(WrapRule)),
    st.sampled_from([p.value for p in Preset] + ["E", "C", "E-S", "C-J", "E-W", "C-OP"]),
    st.sampled_from([p.rules for p in Preset]),
)


def shown(r):
    return (r.rule, r.deal, r.verdict, r.nodes)  # everything but the seconds


@settings(max_examples=15, deadline=None)
@given(rule_values, st.integers(0, N_DEALS - 1))
def test_rule_keyword_warns_and_decides_the_same(value, deal) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        want = decide_deal(value, deal, max_nodes=300)
        assert shown(decide_deal(rules=value, deal=deal, max_nodes=300)) == shown(want)
        listed = [shown(r) for r in decide_deals(value, [deal], max_nodes=300)]
    assert want.rule == str(RuleSet.parse(value)) and listed == [shown(want)]
    with pytest.warns(DeprecationWarning, match=r"decide_deal\(rule=\.\.\.\) is deprecated"):
        assert shown(decide_deal(rule=value, deal=deal, max_nodes=300)) == shown(want)
    with pytest.warns(DeprecationWarning, match=r"decide_deals\(rule=\.\.\.\) is deprecated"):
        assert [shown(r) for r in decide_deals(rule=value, deals=[deal], max_nodes=300)] == listed
    with pytest.raises(ValueError, match="not both"), pytest.warns(DeprecationWarning):
        decide_deal(value, deal, rule=value)
