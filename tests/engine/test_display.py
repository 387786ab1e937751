"""The notebook display of a game: the HTML board and the text picture agree with the game (docs/rules.md §1)."""

from __future__ import annotations

import re
from html.parser import HTMLParser

from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks import Game, GameCode
from tripeaks.engine.display import game_html, game_text


class _Cards(HTMLParser):
    """Collects the class and text of every card cell of the HTML picture."""

    def __init__(self) -> None:
        super().__init__()
        self.cards: list[tuple[str, str]] = []
        self._open: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        cls = dict(attrs).get("class") or ""
        if "tp-nb-card" in cls:
            self._open = cls
            self.cards.append((cls, ""))

    def handle_data(self, data: str) -> None:
        if self._open is not None and data.strip():
            cls, _ = self.cards[-1]
            self.cards[-1] = (cls, data.strip())

    def handle_endtag(self, tag: str) -> None:
        self._open = None


def _played(seed: int, steps: int) -> Game:
    """A game of ``steps`` random legal actions from deal ``seed`` (stops when the game is over)."""
    game = Game.from_code(GameCode("E" if seed % 2 else "C", seed))
    rng = __import__("random").Random(seed)
    for _ in range(steps):
        legal = game.legal_actions()
        if not legal or game.is_over:
            break
        action = rng.choice(legal)
        game.draw() if action == "D" else game.play(int(action))
    return game


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 60))
def test_html_shows_every_position_as_it_lies(seed: int, steps: int) -> None:
    game = _played(seed, steps)
    parser = _Cards()
    parser.feed(game_html(game))
    tableau = parser.cards[:28]
    assert len(parser.cards) == 28 + (game.waste_top is not None)
    for slot, (cls, text) in zip(game.tableau, tableau, strict=True):
        if slot is None:
            assert "tp-nb-gone" in cls and text == ""
        elif not slot.face_up:
            assert "tp-nb-back" in cls and text == ""  # a face-down card never shows its face
        else:
            assert text == slot.card.symbol
    if game.waste_top is not None:
        assert parser.cards[28][1] == game.waste_top.symbol
    foot = re.sub(r"<[^>]+>", " ", game_html(game).rsplit("tp-nb-card", 1)[-1])
    assert f"stock {game.stock_count}" in foot and f"score {game.score}" in foot and f"moves {game.moves}" in foot


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 60))
def test_text_picture_counts_what_lies_on_the_table(seed: int, steps: int) -> None:
    game = _played(seed, steps)
    picture = game_text(game)
    assert str(game) == picture
    rows = picture.splitlines()
    assert len(rows) == 5
    slots = game.tableau
    assert picture.count("##") == sum(1 for s in slots if s is not None and not s.face_up)
    assert sum(r.count("..") for r in rows[:4]) == sum(1 for s in slots if s is None)
    for s in slots:
        if s is not None and s.face_up:
            assert s.card.symbol in picture


def test_rich_display_is_what_a_notebook_asks_for() -> None:
    game = Game.from_code("TP1-E-AAAAAAD")
    assert game._repr_html_() == game_html(game)

    class Printer:
        def __init__(self) -> None:
            self.out = ""

        def text(self, s: str) -> None:
            self.out += s

    p = Printer()
    game._repr_pretty_(p, False)
    assert p.out.startswith(game_text(game)) and p.out.endswith("playing")
    q = Printer()
    game._repr_pretty_(q, True)
    assert q.out == repr(game)


def test_html_escapes_and_has_no_script() -> None:
    html = game_html(Game.from_code("TP1-C-AAAAAAD"))
    assert "<script" not in html and "TP1-C-AAAAAAD" in html
