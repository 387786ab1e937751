"""The closer reason for a refused K on an A under Classic (docs/rules.md §2): engine, messages, app."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks import Card, Game, GameCode, Refusal, RefusalDetail, WrapRule
from tripeaks.app.model.session import PlaySession
from tripeaks.course.lessons import walk_board
from tripeaks.i18n import LANGUAGES, refusal_detail_sentence, refusal_message, waste_fit_sentence

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def test_a_king_on_an_ace_under_classic_has_the_no_wrap_detail():
    game = walk_board(WrapRule.CLASSIC)  # waste A♣; K♣ at 21, K♦ at 19, 3♠ at 18, 2♦ at 22
    assert game.refusal(21) is Refusal.NOT_ADJACENT
    assert game.refusal_detail(21) is RefusalDetail.NO_WRAP
    assert game.refusal_detail(19) is RefusalDetail.NO_WRAP
    assert game.refusal_detail(18) is None  # 3♠: an ordinary wrong rank
    assert game.refusal_detail(22) is None  # 2♦ fits
    assert game.refusal_detail(12) is None  # face down: blocked, not a rank matter
    with pytest.raises(ValueError):
        game.refusal_detail(28)


def test_under_easy_the_same_cards_have_no_detail():
    game = walk_board(WrapRule.EASY)
    assert [game.refusal_detail(p) for p in range(28)] == [None] * 28


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 32**7 - 1), st.sampled_from("EC"), st.integers(0, 27))
def test_the_detail_is_exactly_a_refused_king_ace_pair(deal, rule, position):
    game = Game.from_code(GameCode(rule, deal))
    detail = game.refusal_detail(position)
    card, top = game.card_at(position), game.waste_top
    pair = {card.rank, top.rank} == {1, 13}
    expected = game.refusal(position) is Refusal.NOT_ADJACENT and pair
    assert (detail is RefusalDetail.NO_WRAP) == expected
    if pair and game.refusal(position) is Refusal.NOT_ADJACENT:
        assert game.rule is WrapRule.CLASSIC


def test_the_rules_reference_quotes_the_detail_sentence_in_every_language():
    doc = RULES.read_text(encoding="utf-8")
    (row,) = [line for line in doc.splitlines() if "`RefusalDetail.NO_WRAP`" in line]
    cells = [c.strip() for c in row.strip().strip("|").split("|")][-3:]
    quoted = [re.fullmatch(r'"(.+)"|«(.+)»', c) for c in cells]
    assert [m.group(1) or m.group(2) for m in quoted] == [
        refusal_detail_sentence(RefusalDetail.NO_WRAP, lang)
        for lang in ("en", "pt", "fr")  # the languages docs/rules.md quotes
    ]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_app_status_line_says_why_a_king_cannot_go_on_an_ace_under_classic(lang):
    session = PlaySession(walk_board(WrapRule.CLASSIC), lang)
    assert session.play(21) is None
    top = session.game.waste_top
    assert isinstance(top, Card) and top.rank == 1
    only_two = waste_fit_sentence(top, (2,), lang)  # under Classic only a 2 goes on an A
    assert session.message.sentences(lang) == (
        refusal_message(Refusal.NOT_ADJACENT, lang),
        refusal_detail_sentence(RefusalDetail.NO_WRAP, lang),
        only_two,
    )
    assert session.play(18) is None  # 3♠ on A♣: no closer reason, which ranks fit
    assert session.message.sentences(lang) == (refusal_message(Refusal.NOT_ADJACENT, lang), only_two)
    assert session.game.moves == 0


@settings(max_examples=200)
@given(
    st.integers(1, 13),
    st.integers(0, 3),
    st.sampled_from([WrapRule.EASY, WrapRule.CLASSIC]),
    st.sampled_from(LANGUAGES),
)
def test_the_ranks_named_after_a_refusal_are_exactly_those_that_fit(rank, suit, wrap, lang):
    """Whatever the waste card and the rule, the sentence names the ranks one apart under it (docs/rules.md §2)."""
    from tripeaks.i18n import rank_name
    from tripeaks.i18n.session import _fits

    top = Card(rank, suit)
    ranks = tuple(r for r in range(1, 14) if abs(r - rank) == 1 or (wrap is WrapRule.EASY and abs(r - rank) == 12))
    assert len(ranks) == (2 if wrap is WrapRule.EASY or rank not in (1, 13) else 1)
    game = Game.from_code(f"TP1-{wrap.value}-AAAAAAB")
    fake = type("G", (), {"waste_top": top, "rules": game.rules})()
    assert _fits(fake) == (top, ranks)  # type: ignore[arg-type]
    sentence = waste_fit_sentence(top, ranks, lang)
    assert all(rank_name(r, lang) in sentence for r in ranks)
