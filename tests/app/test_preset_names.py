"""The rule set from the French *Tri Peaks Facile* is named in each language as the Easy rule is
(docs/rules.md §8): Tri Peaks Easy, Tri Peaks Fácil, Tri Peaks Facile, Tri Peaks Fácil — the same name
in the New game menu, the rule sets' explanation and the lessons (a Portuguese menu listed
"Tri Peaks Facile", a French word, next to "Fácil")."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from page import ui

from tripeaks.app import build_app
from tripeaks.engine.codes import WrapRule
from tripeaks.engine.rules import Preset
from tripeaks.i18n import LANGUAGES
from tripeaks.i18n.lessons import lesson_text
from tripeaks.i18n.ui import preset_name, rule_name

ROOT = Path(__file__).resolve().parents[2]


def expected(lang: str) -> str:
    return f"Tri Peaks {rule_name(WrapRule.EASY, lang)}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_menu_and_the_lessons_name_it_with_the_easy_rules_word(lang):
    name = expected(lang)
    assert preset_name(Preset.TRI_PEAKS_FACILE, lang) == name
    app = build_app("TP1-E-AAAAAAD", lang=lang)
    labels = [label for label, _ in ui(app).new_rule.options]
    assert name in labels
    assert name in lesson_text("lesson.differences.intro", lang)
    others = {expected(other) for other in LANGUAGES} - {name}
    for po in ("app.po", "lessons.po"):  # no other language's name in this language's catalogues
        text = (ROOT / "tripeaks" / "locale" / lang / "LC_MESSAGES" / po).read_text(encoding="utf-8")
        # English reads its msgids; the others their msgstrs (their msgids are the English source)
        shown = text.replace('"\n"', "") if lang == "en" else "\n".join(_msgstrs(text))
        for other in others:
            assert other not in shown, (po, other)


def _msgstrs(text: str) -> list[str]:
    """The translated texts of a catalogue, each joined across its lines."""
    out: list[str] = []
    for block in re.findall(r'^msgstr(?:\[\d\])? ((?:".*"\n?)+)', text, re.M):
        out.append("".join(re.findall(r'"(.*)"', block)))
    return out


def test_the_english_docs_use_the_english_name():
    """The docs name it Tri Peaks Easy; "Tri Peaks Facile" only as the French game's own name."""
    for path in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        if path.name.endswith((".fr.md", ".pt.md", ".es.md")):
            continue
        for line in path.read_text(encoding="utf-8").splitlines():
            if "Tri Peaks Facile" in line:
                assert "French game" in line and "Tri Peaks Easy" in line, (path, line)
