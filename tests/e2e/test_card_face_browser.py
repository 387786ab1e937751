"""A face-up card looks like a real one: its index (rank over suit) in the top-left corner and, turned
round, in the bottom-right one, in the card's red or black, in both themes; a face-down card keeps its
back; the card's accessible name stays its name alone."""

from __future__ import annotations

import pytest

from tripeaks.i18n import card_name

from .test_app_browser import CODE, NOTEBOOK, open_with_code
from .test_look_browser import settle
from .tripeaks_page import TriPeaksPage

pytestmark = pytest.mark.e2e

# For each face (a card button, the waste's face): its text colour, and each corner's content, colour,
# place and turn; the face-down cards' backs.
_CORNERS_JS = """
() => { const corner = (el, which) => { const cs = getComputedStyle(el, which);
    const r = el.getBoundingClientRect();
    return {content: cs.content, colour: cs.color, transform: cs.transform,
            left: parseFloat(cs.left), top: parseFloat(cs.top), right: parseFloat(cs.right), bottom: parseFloat(cs.bottom)}; };
  const faces = [...document.querySelectorAll('.tp-card.tp-up'), document.querySelector('.tp-waste .tp-face')];
  return {faces: faces.map(el => ({text: el.innerText.trim(), colour: getComputedStyle(el).color,
                                   before: corner(el, '::before'), after: corner(el, '::after')})),
          backs: [...document.querySelectorAll('.tp-card.tp-down')].map(el => ({
            image: getComputedStyle(el).backgroundImage, before: getComputedStyle(el, '::before').content}))}; }
"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_face_up_card_has_its_index_in_two_corners(voila_server, page, page_errors, artifacts_dir, theme):
    page.set_viewport_size({"width": 1280, "height": 800})
    server = voila_server(NOTEBOOK, *(["--theme=dark"] if theme == "dark" else []))
    app = TriPeaksPage(page)
    game = open_with_code(app, server.url)
    settle(page)
    page.screenshot(path=str(artifacts_dir / f"card-faces-{theme}-1280x800.png"))
    g = page.evaluate(_CORNERS_JS)
    names = [card_name(s.card, "en") for s in game.tableau if s is not None and s.face_up]
    names.append(card_name(game.waste_top, "en"))
    assert [f["text"] for f in g["faces"]] == names
    for face, name in zip(g["faces"], names, strict=True):
        rank, suit = name[:-1], name[-1]
        for which in ("before", "after"):
            c = face[which]
            assert rank in c["content"] and suit in c["content"], (name, which, c)
            assert c["colour"] == face["colour"], (name, which, c, face["colour"])
        assert face["before"]["left"] <= 6 and face["before"]["top"] <= 6, (name, face["before"])
        assert face["after"]["right"] <= 6 and face["after"]["bottom"] <= 6, (name, face["after"])
        assert face["after"]["transform"].startswith("matrix(-1"), (name, face["after"])  # turned round
    # Red suits red, black suits black, and the two differ.
    red = {f["colour"] for f, n in zip(g["faces"], names, strict=True) if n[-1] in "♥♦"}
    black = {f["colour"] for f, n in zip(g["faces"], names, strict=True) if n[-1] in "♠♣"}
    assert len(red) == 1 and len(black) == 1 and red != black, (red, black)
    # The backs keep their pattern, with no index.
    assert g["backs"] and all("gradient" in b["image"] and b["before"] in ("none", "normal") for b in g["backs"])
    # Screen readers (and the tests) still find each card by its name alone.
    for p, slot in enumerate(game.tableau):
        if slot is not None and slot.face_up:
            name = card_name(slot.card, "en")
            assert page.get_by_role("button", name=name, exact=True).count() >= 1, name
            assert app.card(p) == name
    assert page_errors == []


def test_a_phone_board_shows_one_index_per_card(voila_server, page, page_errors, artifacts_dir):
    page.set_viewport_size({"width": 375, "height": 700})
    app = TriPeaksPage(page)
    open_with_code(app, voila_server(NOTEBOOK).url)
    settle(page)
    page.screenshot(path=str(artifacts_dir / "card-faces-light-375x700.png"))
    g = page.evaluate(_CORNERS_JS)
    cards = g["faces"][:-1]
    assert cards and all(f["before"]["content"] == "none" and f["after"]["content"] == "none" for f in cards)
    assert CODE in app.text(".tp-code")
    assert page_errors == []
