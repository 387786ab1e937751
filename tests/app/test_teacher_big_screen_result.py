"""On the big screen with the abandons hidden, the leaderboard's Result column names no abandon
either (it read "abandoned" while the Abandoned column was hidden): a student whose games were
all abandoned shows "—", one with blocked and abandoned games "blocked".  Off the big screen,
or with the abandons shown, the Result is in full."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from class_rows import CODE, row

from tripeaks.app.views import teacher_page
from tripeaks.app.views.teacher_page import ClassResults
from tripeaks.history.class_results import ENV_CHALLENGE, ENV_TEACHER_SECRET, ClassStore
from tripeaks.i18n.classroom import classroom_text
from tripeaks.i18n.engine import LANGUAGES

# Which cells each mode shows, as teacher_page.css says (display: none).
HIDDEN = {"page": ("tp-col-discreet",), "big, abandons hidden": ("tp-col-open", "tp-col-private")}


def shown(markup: str, mode: str) -> list[tuple[list[str], list[str]]]:
    """(headers, cells of each row) that ``mode`` shows."""
    hidden = HIDDEN[mode]

    def keep(css: str) -> bool:
        return not any(h in css for h in hidden)

    heads = [html.unescape(h) for css, h in re.findall(r"<th([^>]*)>(.*?)</th>", markup) if keep(css)]
    rows = [
        [html.unescape(c) for css, c in re.findall(r"<td([^>]*)>(.*?)</td>", r) if keep(css)]
        for r in re.findall(r"<tr[^>]*>(.*?)</tr>", markup)
        if "<td" in r
    ]
    return [(heads, cells) for cells in rows]


@pytest.fixture
def db(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv(ENV_CHALLENGE, raising=False)
    monkeypatch.delenv(ENV_TEACHER_SECRET, raising=False)
    path = tmp_path / "class.sqlite"
    store = ClassStore(path)
    assert store.record_game(row("Ana"))  # won
    assert store.record_game(row("Bea", result="blocked", score=300))
    assert store.record_game(row("Bea", result="abandoned", score=10, moves=1))
    assert store.record_game(row("Caio", result="abandoned", score=10, moves=1))
    return path


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_result_names_no_abandon_when_the_big_screen_hides_them(db: Path, lang: str) -> None:
    view = ClassResults(db, lang=lang, auto_refresh=0)
    view.code_picker.value = CODE
    t = lambda key: classroom_text(key, lang)  # noqa: E731
    result = t("column.result")

    def results(mode: str) -> dict[str, str]:
        found = {}
        for heads, cells in shown(view.leaderboard.value, mode):
            assert heads.count(result) == 1 and len(heads) == len(cells)
            found[cells[heads.index(t("column.name"))]] = cells[heads.index(result)]
        return found

    full = results("page")
    assert full == {
        "Ana": t("outcome.won"),
        "Bea": f"{t('outcome.blocked')}, {t('outcome.abandoned')}",
        "Caio": t("outcome.abandoned"),
    }
    discreet = results("big, abandons hidden")
    assert discreet == {"Ana": t("outcome.won"), "Bea": t("outcome.blocked"), "Caio": t("cell.none")}
    assert t("column.abandoned") not in shown(view.leaderboard.value, "big, abandons hidden")[0][0]
    view.close()


def test_the_css_hides_each_result_where_the_test_says() -> None:
    css = teacher_page._CSS
    assert ".tp-class .tp-col-discreet { display: none; }" in css
    assert ".tp-class-big.tp-class-discreet .tp-col-open { display: none; }" in css
    assert ".tp-class-big.tp-class-discreet .tp-col-discreet { display: table-cell; }" in css
    assert ".tp-class-big.tp-class-discreet .tp-col-private { display: none; }" in css
