"""One rule-set vocabulary (docs/rules.md §8): ``rules=`` everywhere; the old keyword ``rule=`` and the
old name ``Rule`` (now ``WrapRule``) still work, each with a ``DeprecationWarning``."""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rule_set_strategies import rule_sets as any_rule_sets

import tripeaks
import tripeaks.engine.codes
import tripeaks.engine.rules
from tripeaks import Game, Preset, RuleSet, WrapRule
from tripeaks.engine.codes import N_DEALS, deal_layout

rule_sets = any_rule_sets()
rule_values = st.one_of(
    rule_sets,
    rule_sets.map(str),  # "E-SR", "C-JWT10", …
    st.sampled_from(list(WrapRule)),
    st.sampled_from([p.value for p in Preset] + ["easy", "classic", "E", "C", "N"]),
)
"""Anything a ``rules`` argument takes: a RuleSet, its text, a WrapRule, a preset or rule name."""


def no_deprecation(call: Any) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        return call()


def deprecated(call: Any) -> Any:
    with pytest.warns(DeprecationWarning, match=r"\(rule=\.\.\.\) is deprecated: use rules=") as caught:
        result = call()
    assert all(w.filename == __file__ for w in caught)  # the warning points at the caller's line
    return result


@settings(max_examples=80, deadline=None)
@given(rule_values, st.integers(0, N_DEALS - 1))
def test_rule_keyword_warns_and_deals_the_same_game_as_rules(value: Any, deal: int) -> None:
    rules = RuleSet.parse(value)
    tableau, waste, stock = deal_layout(deal, rules)
    want = no_deprecation(lambda: Game.from_layout(tableau, waste, stock, rules=value))
    assert want.rules == rules
    for got in (
        deprecated(lambda: Game.from_layout(tableau, waste, stock, rule=value)),
        deprecated(lambda: Game.from_layout(tableau, waste, stock, None, rule=value)),
        deprecated(lambda: Game(tableau, waste, stock, rule=value)),
        no_deprecation(lambda: Game.from_layout(tableau, waste, stock, value)),
        no_deprecation(lambda: Game(tableau, waste, stock, value)),
    ):
        assert got.rules == rules and got.state_key() == want.state_key() and got.to_record() == want.to_record()
    assert deprecated(lambda: Game.new(rule=value)).rules == rules
    assert no_deprecation(lambda: Game.new(rules=value)).rules == rules == no_deprecation(lambda: Game.new(value)).rules


@settings(max_examples=30, deadline=None)
@given(rule_values, rule_values)
def test_rule_and_rules_together_are_refused(rule: Any, rules: Any) -> None:
    tableau, waste, stock = deal_layout(0, RuleSet.parse(rules))
    for call in (
        lambda: Game.new(rules, rule=rule),
        lambda: Game.new(rules=rules, rule=rule),
        lambda: Game.from_layout(tableau, waste, stock, rules=rules, rule=rule),
        lambda: Game(tableau, waste, stock, rules, rule=rule),
    ):
        with pytest.raises(ValueError, match="give either rule or rules, not both"):
            deprecated(call)


def test_rule_none_means_the_default_or_the_rules_given() -> None:
    assert deprecated(lambda: Game.new(rule=None)).rules == RuleSet()
    assert deprecated(lambda: Game.new(rules="traditional", rule=None)).rules == tripeaks.TRADITIONAL


@pytest.mark.parametrize("module", [tripeaks, tripeaks.engine.rules, tripeaks.engine.codes])
def test_the_old_name_rule_is_wrap_rule_with_a_warning(module: Any) -> None:
    with pytest.warns(DeprecationWarning, match=rf"{module.__name__}\.Rule is deprecated: use WrapRule"):
        old = module.Rule
    assert old is WrapRule and old.CLASSIC is WrapRule.CLASSIC and old.parse("easy") is WrapRule.EASY
    with pytest.raises(AttributeError, match="NoSuchName"):
        module.NoSuchName  # noqa: B018
    assert "Rule" not in module.__all__ or module is not tripeaks
    assert "WrapRule" in module.__all__ or module is tripeaks.engine.codes


def test_wrap_rule_sits_beside_the_other_option_enums() -> None:
    assert [m.value for m in WrapRule] == ["E", "C"]
    assert RuleSet().rule is WrapRule.EASY and RuleSet(wrap=False).rule is WrapRule.CLASSIC
    assert Game.from_code("TP1-C-AAAAAAD").rule is WrapRule.CLASSIC
    assert {"WrapRule", "DrawRule", "PeaksRule", "WasteRule", "ScoringRule", "UndoRule"} <= set(tripeaks.__all__)
