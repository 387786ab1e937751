"""Random mid-game positions for the differential tests of the searches (test_core_differential.py,
test_search_differential.py): a deal after some random legal moves."""

from __future__ import annotations

import random

from tripeaks import Game, GameCode, RuleSet, Status


def random_position(rules: RuleSet | str, deal: int, moves: int, rng: random.Random) -> Game:
    """Deal ``deal`` under ``rules`` (a rule set or its letters) after at most ``moves`` random legal
    moves, plays more often than draws; it stops early when the game is over or stuck."""
    game = Game.from_code(GameCode(RuleSet.parse(rules) if isinstance(rules, str) else rules, deal))
    for _ in range(moves):
        plays = game.playable()
        if game.status is not Status.PLAYING or not (plays or game.can_draw):
            break
        if plays and (rng.random() < 0.75 or not game.can_draw):
            game.apply(rng.choice(plays))
        else:
            game.apply("D")
    return game
