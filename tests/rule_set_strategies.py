"""Any rule set (docs/rules.md §8), a hypothesis strategy shared by the engine, course and app tests."""

from __future__ import annotations

from hypothesis import strategies as st

from tripeaks import RuleSet


def rule_sets(*, timed: bool = True) -> st.SearchStrategy[RuleSet]:
    """Every option of :class:`RuleSet` drawn at random; ``timed=False`` keeps the default timer (none)."""
    timer = {"timer": st.none() | st.integers(1, 60)} if timed else {}
    return st.builds(
        RuleSet,
        wrap=st.booleans(),
        draw=st.sampled_from(["any", "stuck"]),
        peaks=st.sampled_from(["hidden", "open"]),
        jokers=st.integers(0, 2),
        waste=st.sampled_from(["dealt", "empty"]),
        scoring=st.sampled_from(["standard", "runs"]),
        undo=st.sampled_from(["free", "penalty"]),
        **timer,
    )
