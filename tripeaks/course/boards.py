"""Hand-built deals for the lessons (pure Python).

:func:`deal_board` places a few cards where a lesson needs them and fills the
rest of the deck in a fixed, seeded order; :func:`walk_board` is the
walk-through deal of docs/rules.md §2, under any rule set.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from ..engine._deprecated import rule_keyword
from ..engine.cards import DECK, JOKER, Card, CardOrJoker
from ..engine.game import Game
from ..engine.layout import N_TABLEAU
from ..engine.rules import RuleSet, WasteRule, WrapRule

__all__ = ["deal_board", "walk_board", "literal_board", "WALK"]


def deal_board(
    placed: Mapping[int, str],
    waste_top: str | None,
    stock: Sequence[str] = (),
    rules: RuleSet | WrapRule | str = WrapRule.EASY,
    stock_size: int = 23,
    seed: int = 7,
    under: Sequence[str] = (),
) -> Game:
    """A hand-built deal: ``placed`` cards at their positions 0–27, ``waste_top`` on the waste
    (``None`` for an empty waste, docs/rules.md §8), ``stock`` drawn first (``"JK"`` a joker),
    ``under`` just below the waste top; every other card fills the rest in a fixed, seeded
    order (positions first, then the stock up to ``stock_size`` cards, then under the waste).

    Raises ``ValueError`` when the cards do not make one deck under ``rules``.
    """
    chosen = RuleSet.parse(rules)
    stock_items: list[CardOrJoker] = [JOKER if c.upper() == "JK" else Card.parse(c) for c in stock]
    used = [Card.parse(c) for c in (*placed.values(), *under, *([waste_top] if waste_top else []))]
    used += [c for c in stock_items if isinstance(c, Card)]
    rest = [c for c in DECK if c not in used]
    random.Random(seed).shuffle(rest)
    tableau = [Card.parse(placed[p]) if p in placed else rest.pop() for p in range(N_TABLEAU)]
    while sum(isinstance(c, Card) for c in stock_items) < stock_size:
        stock_items.append(rest.pop())
    waste: list[Card] = [*rest, *(Card.parse(c) for c in under)]
    if waste_top is not None:
        waste.append(Card.parse(waste_top))
    elif chosen.waste is WasteRule.EMPTY:
        stock_items = [*waste, *stock_items]  # nothing may lie on an empty waste: those cards are drawn first
        waste = []
    return Game.from_layout(tableau, waste, stock_items, rules=chosen)


WALK = {18: "3S", 19: "KD", 20: "9H", 21: "KC", 22: "2D", 23: "5C", 24: "JS", 25: "AS", 26: "8D", 27: "QH", 12: "7S"}
"""The rules document's walk-through (docs/rules.md §2): waste A♣; K♣ (21) and 2♦ (22)
cover the middle peak's face-down 7♠ (12); A♠, K♦ and 3♠ elsewhere in the base."""


@rule_keyword
def walk_board(rules: RuleSet | WrapRule | str = WrapRule.EASY) -> Game:
    """The walk-through deal of docs/rules.md §2 under ``rules`` (a rule set, or its wrap alone).

    Under an empty-waste rule set (docs/rules.md §8) A♣ is the first card of the stock instead.
    The old keyword ``rule=`` still works, with a ``DeprecationWarning``.
    """
    rules = RuleSet.parse(rules)
    if rules.waste is WasteRule.EMPTY:
        return deal_board(WALK, None, stock=("AC",), rules=rules, stock_size=24)
    stock = ("JK",) * rules.jokers
    return deal_board(WALK, "AC", stock=stock, rules=rules)


def literal_board(data: tuple[str, str, str], rules: RuleSet | WrapRule | str = WrapRule.EASY) -> Game:
    """A deal written out in full: tableau cards 0–27, the waste (top last) and the stock, as card texts."""
    tableau, waste, stock = data
    return Game.from_layout(tableau.split(), waste.split(), stock.split(), rules=RuleSet.parse(rules))
