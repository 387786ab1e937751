"""Game.present_mask: the bitmask the solver reads, against the tableau it stands for."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks import Game, GameCode, Status, WrapRule


@settings(max_examples=60, deadline=None)
@given(deal=st.integers(0, 999_999), rule=st.sampled_from([WrapRule.EASY, WrapRule.CLASSIC]), seed=st.integers(0, 99))
def test_present_mask_is_the_positions_still_holding_a_card(deal: int, rule: WrapRule, seed: int) -> None:
    rnd = random.Random(seed)
    game = Game.from_code(GameCode(rule, deal))
    while True:
        expected = sum(1 << p for p, slot in enumerate(game.tableau) if slot is not None)
        assert game.present_mask == expected
        if game.status is not Status.PLAYING:
            break
        plays = game.playable()
        if plays and (rnd.random() < 0.7 or not game.can_draw):
            game.play(rnd.choice(plays))
        elif game.can_draw:
            game.draw()
        else:
            break
    if game.status is Status.WON:
        assert game.present_mask == 0
