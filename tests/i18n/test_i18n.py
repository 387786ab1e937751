"""Messages (docs/rules.md §2 strings verbatim; en, pt, fr): catalogue, card names, explanations."""

from __future__ import annotations

import re
import string
from collections.abc import Callable

import pytest

from tripeaks import Card, DrawEvent, Event, Game, PlayEvent, Refusal, Status, UndoEvent
from tripeaks.engine.codes import InvalidCodeError
from tripeaks.engine.layout import BASE_ROW
from tripeaks.engine.rules import EASY, TRADITIONAL
from tripeaks.i18n import (
    DEFAULT_LANGUAGE,
    LANGUAGE_NAMES,
    LANGUAGES,
    Signed,
    UnknownLanguageError,
    card_name,
    check_language,
    explain,
    format_number,
    format_percentage,
    plural_category,
    rank_name,
    refusal_message,
    refusal_sentence,
    signed_number,
    status_message,
    text,
)
from tripeaks.i18n.catalogues import entries, sentences
from tripeaks.i18n.lessons import lesson_text
from tripeaks.i18n.solver import deal_range_message, hint_message, solver_text, stage_label, stage_message
from tripeaks.i18n.ui import code_error_message, rule_name, ui_text
from tripeaks.solver import hint
from tripeaks.solver.study import DealRangeError, Stage

LayoutBuilder = Callable[..., Game]

RULES_STRINGS = {
    "en": ("It must be one rank higher or lower", "This card is blocked", "No more moves possible"),
    "pt": (
        "Tem de ter um valor imediatamente superior ou inferior",
        "Esta carta está bloqueada",
        "Já não há jogadas possíveis",
    ),
    "fr": (
        "La valeur doit être immédiatement supérieure ou inférieure",
        "Cette carte est bloquée",
        "Plus aucun coup possible",
    ),
    "es": (
        "Tiene que estar un valor por encima o por debajo",
        "Esta carta está bloqueada",
        "Ya no hay jugadas posibles",
    ),
}


def placeholders(sentence: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(sentence) if name is not None}


def whole_sentences(out: str) -> list[str]:
    """Split ``out`` into sentences and check each one is whole: capital (or digit, or a signed number) first,
    a full stop, ! or ? last, no unfilled placeholder."""
    assert out == out.strip() and out
    assert "{" not in out and "}" not in out
    parts = re.split(r"(?<=[.!?])\s+(?=\S)", out)
    for part in parts:
        first = part.lstrip("¡¿")  # Spanish opens an exclamation or a question with its inverted mark
        assert first[0].isupper() or first[0].isdigit() or first[0] in "+\u2212", (part, out)
        assert part[-1] in ".!?", (part, out)
    return parts


# ---------------------------------------------------------------- catalogue
def test_languages() -> None:
    assert LANGUAGES[:3] == ("en", "pt", "fr") and DEFAULT_LANGUAGE == "en"  # more: tripeaks/locale/LINGUAS
    assert LANGUAGE_NAMES == {"en": "English", "pt": "Português", "fr": "Français", "es": "Español"}
    assert all(entries("engine", lang) for lang in LANGUAGES)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_spec_strings_verbatim(lang: str) -> None:
    not_adjacent, blocked, no_moves = RULES_STRINGS[lang]
    assert refusal_message(Refusal.NOT_ADJACENT, lang) == not_adjacent
    assert refusal_message(Refusal.BLOCKED, lang) == blocked
    assert status_message(Status.BLOCKED, lang) == no_moves
    assert text("status.blocked", lang) == no_moves


def test_english_is_the_default() -> None:
    assert refusal_message(Refusal.BLOCKED) == "This card is blocked"
    assert status_message(Status.BLOCKED) == "No more moves possible"
    assert card_name("QH") == "Q♥"


def test_the_translations_are_not_copies_of_the_english() -> None:
    # keys, placeholders and plural forms are checked for every catalogue in tests/i18n/test_catalogues.py
    english = {key: text for domain, key, text in sentences("en") if domain == "engine"}
    for lang in ("pt", "fr"):
        same = [
            key
            for domain, key, text in sentences(lang)
            if domain == "engine" and text == english.get(key) and placeholders(text) != set()
        ]
        assert not [k for k in same if not k.startswith("explain.points")], (lang, same)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_and_status_has_a_message(lang: str) -> None:
    for refusal in Refusal:
        assert refusal_message(refusal, lang)
    assert status_message(Status.PLAYING, lang) == ""
    won = status_message(Status.WON, lang)
    won_score = status_message(Status.WON, lang, 772)
    assert won and "772" in won_score and won_score != won
    whole_sentences(won)
    whole_sentences(won_score)


def test_card_names() -> None:
    assert [card_name(c, "en") for c in ("JH", "QS", "KC", "AD", "10H")] == ["J♥", "Q♠", "K♣", "A♦", "10♥"]
    for lang in ("pt", "fr"):
        assert [card_name(c, lang) for c in ("JH", "QS", "KC", "AD", "10H")] == ["V♥", "D♠", "R♣", "A♦", "10♥"]
        assert [rank_name(r, lang) for r in (11, 12, 13)] == ["V", "D", "R"]
        assert [rank_name(r, lang) for r in range(1, 11)] == ["A"] + [str(n) for n in range(2, 11)]
    assert card_name(Card.parse("7S"), "fr") == "7♠"


def test_unknown_language_raises_value_error() -> None:
    game = Game.from_code("TP1-E-AAAAAAB")
    event = game.draw()
    calls: list[Callable[[], object]] = [
        lambda: text("refusal.blocked", "de"),
        lambda: card_name("KC", "de"),
        lambda: rank_name(12, "EN"),
        lambda: refusal_message(Refusal.BLOCKED, "xx"),
        lambda: status_message(Status.BLOCKED, ""),
        lambda: explain(event, "it"),
    ]
    for call in calls:
        with pytest.raises(ValueError, match="unknown language"):
            call()


# ---------------------------------------------------------------- explanations
@pytest.fixture(scope="module")
def events(scripted: LayoutBuilder, layout: LayoutBuilder) -> dict[str, Event]:
    """One event of each kind the explanations tell apart."""
    ev: dict[str, Event] = {}
    # The waste climbs Q, K, A, 2, …: K on Q is one higher, then A on K wraps upwards.
    order = [18, 19, 20, 21, 9, 10, 11, 3, 4, 0]
    g1 = scripted(["D", *order], first_rank=11)
    ev["draw"] = g1.draw()
    plays = [g1.play(p) for p in order]
    ev["higher"], ev["ace_on_king"] = plays[0], plays[1]
    ev["revealed_one"] = plays[1]  # 19 goes after 18: 9 turns face up
    ev["peak"] = plays[-1]  # apex 0: the left peak is empty
    ev["undo_peak"] = g1.undo()
    # K on A wraps downwards; Q on K is one lower; undo of a play that revealed one card; undo of a draw
    g2 = layout(
        dict(zip(BASE_ROW, ["KD", "QD", "5S", "6S", "7S", "8S", "9S", "10S", "5H", "6H"])),
        waste="AC",
        stock_head=["9C"],
    )
    ev["king_on_ace"] = g2.play(18)
    ev["lower"] = g2.play(19)
    ev["undo_play_one"] = g2.undo()
    ev["draw_again"] = g2.draw()
    ev["undo_draw"] = g2.undo()
    # one play revealing two cards, and its undo
    g3 = scripted([18, 20, 19])
    g3.play(18)
    g3.play(20)
    ev["revealed_two"] = g3.play(19)
    ev["undo_play_two"] = g3.undo()
    # the winning play, and a play that blocks the game
    g4 = scripted(CLEAR)
    for p in CLEAR:
        ev["won"] = g4.play(p)
    g5 = layout(
        dict(zip(BASE_ROW, ["6C", "10C", "10D", "10H", "10S", "2C", "2D", "2H", "2S", "QC"])),
        waste="KD",
        stock_tail=["7H"],
        avoid=(5, 6, 7),
    )
    for _ in range(22):
        g5.draw()
    ev["draw_last"] = g5.draw()
    ev["blocked"] = g5.play(18)
    return ev


CLEAR = list(range(18, 28)) + list(range(9, 18)) + list(range(3, 9)) + [0, 1, 2]


def test_the_events_are_what_their_names_say(events: dict[str, Event]) -> None:
    e = events
    assert isinstance(e["higher"], PlayEvent) and e["higher"].direction == 1 and not e["higher"].wrap
    assert isinstance(e["lower"], PlayEvent) and e["lower"].direction == -1 and not e["lower"].wrap
    assert isinstance(e["ace_on_king"], PlayEvent) and e["ace_on_king"].wrap and e["ace_on_king"].card.rank == 1
    assert isinstance(e["king_on_ace"], PlayEvent) and e["king_on_ace"].wrap and e["king_on_ace"].card.rank == 13
    assert isinstance(e["revealed_one"], PlayEvent) and len(e["revealed_one"].revealed) == 1
    assert isinstance(e["revealed_two"], PlayEvent) and len(e["revealed_two"].revealed) == 2
    assert isinstance(e["peak"], PlayEvent) and e["peak"].peaks_cleared == (0,)
    assert isinstance(e["won"], PlayEvent) and e["won"].status is Status.WON
    assert e["blocked"].status is Status.BLOCKED
    assert isinstance(e["undo_play_two"], UndoEvent) and len(e["undo_play_two"].undone.revealed) == 2  # type: ignore[union-attr]
    assert isinstance(e["undo_draw"], UndoEvent) and isinstance(e["undo_draw"].undone, DrawEvent)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_explanation_is_whole_sentences(events: dict[str, Event], lang: str) -> None:
    for name, event in events.items():
        out = explain(event, lang)
        whole_sentences(out)
        card = event.card
        assert card_name(card, lang) in out, (name, out)
        top = event.undone.previous_top if isinstance(event, UndoEvent) else event.previous_top
        assert card_name(top, lang) in out, (name, out)
        assert str(event.score) in out, (name, out)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_explanations_name_what_happened(events: dict[str, Event], lang: str) -> None:
    e = events
    out = {name: explain(ev, lang) for name, ev in e.items()}
    for name in ("revealed_one", "revealed_two"):
        ev = e[name]
        assert isinstance(ev, PlayEvent)
        for c in ev.revealed_cards:
            assert card_name(c, lang) in out[name]
    for name in ("undo_play_one", "undo_play_two"):  # an undo says which cards turned face down again
        ev = e[name]
        assert isinstance(ev, UndoEvent) and isinstance(ev.undone, PlayEvent)
        for c in ev.undone.revealed_cards:
            assert card_name(c, lang) in out[name], out[name]
    peak_word = {"en": "Left peak", "pt": "pico da esquerda", "fr": "pic de gauche", "es": "Pico izquierdo"}[lang]
    assert peak_word in out["peak"] and "+100" in out["peak"]
    assert "+99" in out["peak"]
    assert "22" in out["draw"]  # cards left in the stock
    assert str(e["undo_peak"].moves) in out["undo_peak"]  # the move counter stays
    assert status_message(Status.WON, lang, 772) in out["won"]
    assert out["blocked"].endswith(" " + RULES_STRINGS[lang][2] + ".")  # docs/rules.md §2 message, as a sentence
    assert e["draw_last"].status is Status.PLAYING and RULES_STRINGS[lang][2] not in out["draw_last"]
    assert all(RULES_STRINGS[lang][2] not in out[k] for k in out if k != "blocked")
    # the four play kinds are told apart
    kinds = {
        explain(e[k], lang).split(".")[0].split(":")[-1] for k in ("higher", "lower", "ace_on_king", "king_on_ace")
    }
    assert len(kinds) == 4


def test_explain_in_english_reads_well(events: dict[str, Event]) -> None:
    assert explain(events["higher"]) == "Played K♣ on Q♣: it is one rank higher. −1 point (score: 498)."
    assert explain(events["peak"]).endswith(
        "Left peak cleared: +100 points. \u22121 for the move: +99 points in all (score: 589)."
    )
    assert explain(events["undo_draw"]) == (
        "Undid the draw of 9♣: it is back on the stock, K♦ is on the waste again and the score is back "
        "to 499. The move counter stays at 3."
    )
    two = events["revealed_two"]
    assert isinstance(two, PlayEvent)
    names = " and ".join(c.symbol for c in two.revealed_cards)
    assert f"Revealed {names}." in explain(two)
    assert f"{names} are face down again." in explain(events["undo_play_two"])
    assert explain(events["won"]).endswith("You won: all 28 cards are cleared, with a final score of 772!")


def test_explain_rejects_what_is_not_an_event() -> None:
    with pytest.raises(TypeError):
        explain("KC")  # type: ignore[arg-type]


# ---------------------------------------------------------------- counts and numbers
def test_count_sentences_agree_with_their_number() -> None:
    """The sentences that said "1 draws" and "None of the 1 deals tried"."""
    assert solver_text("solve.draws", "en", draws=1) == "The line draws 1 card from the stock."
    assert solver_text("solve.draws", "en", draws=0) == "The line draws 0 cards from the stock."
    assert solver_text("solve.winnable", "en", code="TP1-E-AAAAAAD", moves=1, score=500) == (
        "TP1-E-AAAAAAD is winnable: 1 move, final score 500."
    )
    one = ui_text("hints.deal_none", "en", tries=1, ms=250)
    assert one.startswith("The solver tried 1 deal and ") and "None of the 1" not in one
    assert ui_text("hints.deal_none", "en", tries=3, ms=250).startswith("The solver tried 3 deals and ")
    assert ui_text("hints.deal_proved", "fr", tries=1).endswith("après avoir essayé 1 donne.")
    assert ui_text("stock.tip", "pt", count=1).endswith("(resta 1 carta).")
    assert ui_text("stock.tip", "pt", count=0).endswith("(restam 0 cartas).")  # pt_PT: 0 is plural
    assert (
        ui_text("code.length", "fr", part="", count=0)
        == "Le numéro de donne «\u00a0\u00a0» compte 0 caractère au lieu de 7."
    )
    assert ui_text("code.length", "en", part="ABC", count=1).startswith("The deal part “ABC” has 1 character;")
    assert lesson_text("lesson.codes.verdict.line", "en", length=1).count("a winning line of 1 move.") == 1


def test_french_and_portuguese_use_cldr_categories() -> None:
    assert [plural_category(n, "fr") for n in (0, 1, 2, 1_000_000)] == ["one", "one", "other", "many"]
    assert [plural_category(n, "pt") for n in (0, 1, 2, 1_000_000)] == ["other", "one", "other", "many"]
    assert [plural_category(n, "en") for n in (0, 1, 2, 1_000_000)] == ["other", "one", "other", "other"]
    assert solver_text("winrate.nodes", "fr", nodes=1_000_000) == "1\u202f000\u202f000 de positions examinées."
    assert solver_text("winrate.nodes", "pt", nodes=2_000_000) == "2\u00a0000\u00a0000 de posições examinadas."
    with pytest.raises(TypeError, match="number"):
        solver_text("winrate.nodes", "en", nodes="12")


def test_numbers_are_written_by_babel_for_each_language() -> None:
    assert [format_number(35625, lang) for lang in LANGUAGES] == ["35,625", "35\u00a0625", "35\u202f625", "35.625"]
    assert [format_number(0.5312, lang, digits=2) for lang in LANGUAGES] == ["0.53", "0,53", "0,53", "0,53"]
    assert [format_percentage(0.8333, lang) for lang in LANGUAGES] == [
        "83.33%",
        "83,33%",
        "83,33\u00a0%",
        "83,33\u00a0%",
    ]
    assert [signed_number(n, "fr") for n in (100, -1, 0, -1234)] == ["+100", "\u22121", "0", "\u22121\u202f234"]
    assert text("explain.points", "pt", points=Signed(-1), score=1234) == "\u22121 ponto (pontuação: 1\u00a0234)."
    assert ui_text("header.score", "en", score=1234) == "Score: 1,234"


def test_points_keep_the_typographic_minus(events: dict[str, Event]) -> None:
    for lang in LANGUAGES:
        out = explain(events["higher"], lang)
        assert "\u22121" in out and "-1" not in out
        assert "+100" in explain(events["peak"], lang)


# ---------------------------------------------------------------- one error for an unknown language
def test_one_clear_error_for_an_unknown_language_everywhere(events: dict[str, Event]) -> None:
    h = hint(Game.from_code("TP1-E-AAAAAAD"), time_limit=None)
    calls: list[Callable[[str], object]] = [
        check_language,
        lambda lang: text("refusal.blocked", lang),
        lambda lang: ui_text("controls.undo", lang),
        lambda lang: lesson_text("ui.title", lang),
        lambda lang: solver_text("hint.won", lang),
        lambda lang: rank_name(12, lang),
        lambda lang: card_name("KC", lang),
        lambda lang: refusal_message(Refusal.BLOCKED, lang),
        lambda lang: refusal_sentence(Refusal.BLOCKED, lang),
        lambda lang: status_message(Status.BLOCKED, lang),
        lambda lang: explain(events["draw"], lang),
        lambda lang: hint_message(h, lang),
        lambda lang: rule_name("E", lang),
        lambda lang: code_error_message(InvalidCodeError("x", "empty", ""), lang),
        lambda lang: deal_range_message(DealRangeError("x", "order", "5-1"), lang),
        lambda lang: format_number(1, lang),
        lambda lang: format_percentage(0.5, lang),
        lambda lang: signed_number(1, lang),
        lambda lang: plural_category(1, lang),
        lambda lang: list(sentences(lang)),
        lambda lang: stage_label(Stage("decide", EASY, 0), lang),
        lambda lang: stage_label(Stage("best", TRADITIONAL, 0), lang),
        lambda lang: stage_message(Stage("bot", EASY, 1, 1.0), lang),
        lambda lang: stage_message(Stage("decide", TRADITIONAL, 1, 1.0), lang),
    ]
    for bad in ("de", "EN", "", "pt_BR", None, 3, ["en"]):
        for call in calls:
            with pytest.raises(UnknownLanguageError) as info:
                call(bad)  # type: ignore[arg-type]
            assert isinstance(info.value, ValueError) and info.value.lang == bad
            assert str(info.value) == f"unknown language {bad!r}: use one of en, pt, fr, es"


def test_refusal_sentences_are_the_status_messages_as_sentences() -> None:
    for lang in LANGUAGES:
        for refusal in Refusal:
            message, sentence = refusal_message(refusal, lang), refusal_sentence(refusal, lang)
            assert sentence.rstrip(".") == message.rstrip(".") and sentence.endswith(".")
            whole_sentences(sentence)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_last_draw_says_it_took_the_last_card_not_zero_left(lang):
    """Emptying the stock is said in words: no "(0 cards left in the stock)"."""
    from tripeaks.i18n import card_name, explain, text

    game = Game.from_code("TP1-E-AAAAAAB")
    while game.stock_count > 1:
        before = game.draw()
    assert str(before.stock_left) in explain(before, lang)  # one left: counted
    top = game.waste_top
    last = game.draw()
    assert last.stock_left == 0
    sentence = explain(last, lang)
    assert sentence.startswith(
        text("explain.draw_last", lang, card=card_name(last.card, lang), top=card_name(top, lang))
    )
    assert not re.search(r"\b0\b", sentence.split(".")[0]), sentence


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_code_without_its_deal_number_says_it_is_missing_not_empty_quotes(lang):
    from tripeaks import GameCode
    from tripeaks.i18n.ui import code_error_message, ui_text

    with pytest.raises(InvalidCodeError) as caught:
        GameCode.parse("TP1-E-")
    message = code_error_message(caught.value, lang)
    assert message == ui_text("code.deal_missing", lang)
    assert "“”" not in message and "«»" not in message and "«  »" not in message
    with pytest.raises(InvalidCodeError) as short:
        GameCode.parse("TP1-E-AAA")
    assert "AAA" in code_error_message(short.value, lang)  # a short deal number is still quoted
