"""docs/rules.md, the project's rules reference, agrees with the code that cites it.

- every ``docs/rules.md §n`` (and ``§5 step k``) cited in tripeaks/, tests/, notebooks/,
  README.md and the pages of docs/ names a section (or step) that exists;
- the UI strings it quotes verbatim are the engine's messages, in en, pt and fr;
- its tables (covering, peaks, the deal's fixed points, code examples) are the engine's;
- its Python version of the TP1 deal deals what the engine deals;
- its worked examples (walk-through, records) hold.
"""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks import Card, Game, GameCode, Refusal, Status, deal_cards
from tripeaks.engine.layout import BASE_ROW, COLUMN, COVERED_BY, PEAKS, ROWS
from tripeaks.i18n import refusal_message, status_message

LANGUAGES = ("en", "pt", "fr")
"""The languages whose UI strings docs/rules.md quotes verbatim (Spanish follows docs/glossary.es.md)."""

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "docs" / "rules.md"
DOC = RULES.read_text(encoding="utf-8")

# "docs/rules.md §3", "docs/rules.md §1–§4", "docs/rules.md §2, §4", "docs/rules.md §5 steps 1 and 3"
_CITATION = re.compile(
    r"docs/rules\.md((?:\s*(?:,|–|-|and|to)?\s*§\d+)+)(?:'s)?(?:\s+steps?\s+(\d+)(?:\s+and\s+(\d+))?)?"
)


def _sections() -> dict[int, str]:
    """Section number → its text (from its ``## §n`` heading to the next ``## `` heading)."""
    out: dict[int, str] = {}
    for chunk in re.split(r"(?m)^## ", DOC)[1:]:
        m = re.match(r"§(\d+)\s", chunk)
        if m:
            assert int(m.group(1)) not in out, f"two sections numbered §{m.group(1)}"
            out[int(m.group(1))] = chunk
    return out


SECTIONS = _sections()


def _subsection(n: int, title: str) -> str:
    """The text of ``### title`` inside section ``n``."""
    parts = re.split(r"(?m)^### ", SECTIONS[n])
    found = [p for p in parts if p.startswith(title)]
    assert len(found) == 1, f"§{n} has no subsection {title!r}"
    return found[0]


def _fenced(text: str, lang: str) -> list[str]:
    return re.findall(rf"(?ms)^[ \t]*```{lang}\n(.*?)^[ \t]*```", text)


def _table_rows(text: str) -> list[list[str]]:
    """The body rows of every Markdown table in ``text``, as lists of stripped cells."""
    rows = []
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("|") and not re.fullmatch(r"\|[-| :]+\|", line):
            rows.append([c.strip() for c in line.strip("|").split("|")])
    return rows


def _deal_steps() -> set[int]:
    return {int(k) for k in re.findall(r"(?m)^(\d+)\. \*\*", _subsection(5, "The deal of number n"))}


def _cited_files() -> list[Path]:
    files = [ROOT / "README.md", *(p for p in (ROOT / "docs").rglob("*.md") if p != RULES and "_build" not in p.parts)]
    for folder in ("tripeaks", "tests", "notebooks"):
        files += [p for p in (ROOT / folder).rglob("*") if p.suffix in (".py", ".ipynb", ".md") and p.is_file()]
    return files


def _citations() -> list[tuple[str, int, set[int]]]:
    """(file, section, steps of §5 cited) for every citation of docs/rules.md."""
    found = []
    for path in _cited_files():
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".ipynb":  # the cells' source, not the JSON escaping
            text = "\n".join("".join(c["source"]) for c in json.loads(text)["cells"])
        for m in _CITATION.finditer(text):
            numbers = [int(n) for n in re.findall(r"§(\d+)", m.group(1))]
            steps = {int(s) for s in m.groups()[1:] if s}
            for n in numbers:
                found.append((str(path.relative_to(ROOT)), n, steps if n == numbers[-1] else set()))
    return found


# ---------------------------------------------------------------------------- sections and citations
def test_the_reference_has_sections_1_to_9_in_order_and_a_glossary():
    assert list(SECTIONS) == list(range(1, 10))
    assert "## Glossary" in DOC
    for term in ("tableau", "peak", "base row", "waste", "stock", "exposed", "face down", "reveal", "rank", "suit"):
        assert re.search(rf"(?m)^\| \*\*{term}", DOC), f"the glossary lacks {term!r}"


def test_every_citation_names_a_section_that_exists():
    citations = _citations()
    cited_from = {f.split("/")[0] for f, _, _ in citations}
    # the scan really finds the code's citations (it would pass vacuously on a wrong pattern)
    assert {"tripeaks", "tests", "notebooks", "docs"} <= cited_from and len(citations) >= 50
    missing = sorted({(f, n) for f, n, _ in citations if n not in SECTIONS})
    assert not missing, f"citations of sections docs/rules.md does not have: {missing}"
    steps = _deal_steps()
    assert steps == {1, 2, 3, 4}
    bad_steps = sorted({(f, s) for f, n, cited in citations if n == 5 for s in cited if s not in steps})
    assert not bad_steps, f"citations of deal steps that §5 does not have: {bad_steps}"


def test_the_citation_pattern_reads_lists_ranges_and_steps():
    text = "x (docs/rules.md §1–§4) y docs/rules.md §2, §4 z docs/rules.md §5 steps 1 and 3; docs/rules.md §3's"
    found = [([int(n) for n in re.findall(r"§(\d+)", m.group(1))], m.groups()[1:]) for m in _CITATION.finditer(text)]
    assert found == [([1, 4], (None, None)), ([2, 4], (None, None)), ([5], ("1", "3")), ([3], (None, None))]


def test_code_notebooks_and_readme_cite_the_reference_not_the_spec():
    spec = "SPEC" + " §"  # spelled in two parts so that this file does not cite it
    offenders = [str(p.relative_to(ROOT)) for p in _cited_files() if spec in p.read_text(encoding="utf-8")]
    assert not offenders


# ---------------------------------------------------------------------------- verbatim UI strings
def _quoted_rows() -> list[tuple[int, list[str]]]:
    """(section, row) for every table row quoting a UI string in en, pt and fr (the pt one in «»)."""
    return [(n, row) for n, text in SECTIONS.items() for row in _table_rows(text) if any("«" in c for c in row)]


def _unquote(cell: str) -> str:
    m = re.fullmatch(r'"(.+)"|«(.+)»', cell)
    assert m, f"not a quoted UI string: {cell!r}"
    return m.group(1) or m.group(2)


def _engine_messages(name: str) -> dict[str, str]:
    kind, member = name.split(".")
    if kind == "Refusal":
        return {lang: refusal_message(Refusal[member], lang) for lang in LANGUAGES}
    return {lang: status_message(Status[member], lang) for lang in LANGUAGES}


def test_quoted_refusal_and_status_strings_are_the_engines_messages():
    rows = [(n, row) for n, row in _quoted_rows() if any(re.fullmatch(r"`(Refusal|Status)\.\w+`", c) for c in row)]
    names = set()
    for _, row in rows:
        name = next(c.strip("`") for c in row if re.fullmatch(r"`(Refusal|Status)\.\w+`", c))
        names.add(name)
        doc = dict(zip(LANGUAGES, (_unquote(c) for c in row[-3:])))
        assert doc == _engine_messages(name), name
    assert names == {"Refusal.NOT_ADJACENT", "Refusal.BLOCKED", "Status.BLOCKED"}


def test_rule_set_draw_refusal_is_an_engine_message_once_rule_sets_exist():
    (row,) = [row for n, row in _quoted_rows() if n == 8]
    doc = dict(zip(LANGUAGES, (_unquote(c) for c in row[-3:])))
    assert doc["en"] == "A card can still be played"
    if "rules" not in inspect.signature(Game.new).parameters:
        pytest.skip("the engine has no rule sets yet (Game.new takes no rules=)")
    engine = [{lang: refusal_message(r, lang) for lang in LANGUAGES} for r in Refusal]
    assert doc in engine


# ---------------------------------------------------------------------------- §1 tables and picture
def test_covering_table_is_the_engines():
    table = {}
    for row in _table_rows(_subsection(1, "The tableau")):
        if re.fullmatch(r"\d+", row[0]):
            table[int(row[0])] = tuple(int(x) for x in row[1].split(", "))
        elif row[0] == "18–27":
            assert row[1] == "nothing"
            table.update({p: () for p in BASE_ROW})
    assert table == dict(enumerate(COVERED_BY))


def test_peak_table_is_the_engines():
    rows = {r[0]: r for r in _table_rows(_subsection(1, "The tableau")) if r[0] in ("left", "middle", "right")}
    for name, peak in zip(("left", "middle", "right"), PEAKS):
        positions = {int(x) for x in rows[name][1].split(", ")}
        assert positions == peak and int(rows[name][2]) == len(peak)


def test_layout_picture_numbers_the_rows_and_centres_each_card_between_its_coverers():
    (picture,) = [b for b in _fenced(_subsection(1, "The tableau"), "") if "base" in b]
    centres = {}
    for line, row in zip(picture.splitlines(), ROWS):
        # each line reads "row k (label)" and then the positions of row k
        numbers = [(int(m.group()), (m.start() + m.end() - 1) / 2) for m in re.finditer(r"\d+", line)]
        assert numbers[0][0] == ROWS.index(row), line
        assert [p for p, _ in numbers[1:]] == list(row), line
        centres.update(dict(numbers[1:]))
    # the horizontal place of each number is the engine's column, up to scale and shift
    # (a two-digit number sits half a character left of its column's centre, no more)
    scale = (centres[27] - centres[18]) / (COLUMN[27] - COLUMN[18])
    shifts = [x - scale * COLUMN[p] for p, x in centres.items()]
    assert max(shifts) - min(shifts) <= 0.5, dict(zip(centres, shifts))


# ---------------------------------------------------------------------------- §2 walk-through
def test_walk_through_is_the_lessons_board_and_plays_as_told():
    from tripeaks.course.lessons import walk_board

    text = _subsection(2, "Walk-through")
    (base,) = _fenced(text, "")
    game = walk_board("E")
    assert base.split() == [game.tableau[p].card.symbol for p in BASE_ROW]
    assert game.waste_top.symbol == "A♣" and "The waste shows A♣" in text
    assert game.playable() == [19, 21, 22]
    assert game.refusal(18) is Refusal.NOT_ADJACENT and game.refusal(12) is Refusal.BLOCKED
    events = [game.play(p) for p in (21, 25, 22)]
    assert events[-1].revealed == (12,) and game.tableau[12].card.symbol == "7♠" and "it is 7♠" in text
    assert game.score == 497 and "the score is 497" in text
    assert walk_board("C").playable() == [22] and "Under Classic only 2♦ (22)" in text


# ---------------------------------------------------------------------------- §5 codes and the deal
def _deal_reference() -> dict:
    (block,) = _fenced(_subsection(5, "The deal of number n"), "python")
    namespace: dict = {}
    exec(compile(block, "docs/rules.md §5", "exec"), namespace)
    return namespace


def test_stated_facts_of_deal_1_hold():
    """The §5 fixed points include TP1-E-AAAAAAB: 9♣ at position 0 and 7♥ on the waste."""
    rows = {r[0].strip("`"): r for r in _table_rows(_subsection(5, "The deal of number n")) if r[0].startswith("`TP1")}
    assert rows["TP1-E-AAAAAAB"][2] == "9♣" and rows["TP1-E-AAAAAAB"][4] == "7♥"
    game = Game.from_code("TP1-E-AAAAAAB")
    assert game.tableau[0].card == Card.parse("9C") and game.waste_top == Card.parse("7H")


def test_fixed_points_table_matches_the_engine_and_the_reference_code():
    tp1_deal = _deal_reference()["tp1_deal"]
    rows = [r for r in _table_rows(_subsection(5, "The deal of number n")) if r[0].startswith("`TP1")]
    assert len(rows) >= 5
    for code, n, pos0, pos27, waste, first, last in rows:
        game = Game.from_code(code.strip("`"))
        assert game.code is not None and game.code.deal == int(n)
        engine = [
            game.tableau[0].card,
            game.tableau[27].card,
            game.waste_top,
            game.stock_cards[0],
            game.stock_cards[-1],
        ]
        assert [c.symbol for c in engine] == [pos0, pos27, waste, first, last], code
        ref = tp1_deal(int(n))
        assert [ref[0], ref[27], ref[28], ref[29], ref[51]] == [str(c) for c in engine], code


@settings(max_examples=40, deadline=None)
@given(st.one_of(st.sampled_from([0, 1, 3, 32, 1024, 32**7 - 1]), st.integers(0, 32**7 - 1)))
def test_reference_code_deals_what_the_engine_deals(n):
    assert _deal_reference()["tp1_deal"](n) == [str(c) for c in deal_cards(n)]


def test_base32_examples_are_the_engines_deal_numbers():
    examples = re.findall(r"`([A-Z2-7]{7})` = (\d[\d,]*)(?![\d^])", SECTIONS[5])
    assert len(examples) >= 4
    for deal, n in examples:
        assert GameCode.parse(f"TP1-E-{deal}").deal == int(n.replace(",", ""))
    assert "34,359,738,367" in SECTIONS[5] and GameCode.parse("TP1-E-7777777").deal == 32**7 - 1 == 34_359_738_367


def test_deal_3_is_winnable_under_easy_only_as_stated():
    from tripeaks.solver import is_winnable

    assert "`TP1-E-AAAAAAD` can be\nwon, `TP1-C-AAAAAAD` cannot" in SECTIONS[5]
    assert is_winnable("TP1-E-AAAAAAD") is True and is_winnable("TP1-C-AAAAAAD") is False


# ---------------------------------------------------------------------------- §6 records, §8 jokers
def test_record_examples_replay():
    blocks = _fenced(SECTIONS[6], "json")
    assert len(blocks) == 2
    for block in blocks:
        record = json.loads(block)
        game = Game.from_record(record)
        assert game.to_record() == record  # replays exactly, and is written back the same
    first = Game.from_record(blocks[0])
    assert (first.cards_left, first.moves, first.score) == (26, 4, 497)
    assert "26 cards left, 4 moves counted and a score of 497" in " ".join(SECTIONS[6].split())


def test_joker_reference_code_inserts_jokers_into_the_stock():
    (block,) = _fenced(SECTIONS[8], "python")
    namespace = _deal_reference()
    exec(compile(block, "docs/rules.md §8", "exec"), namespace)
    stock = namespace["tp1_deal"](3)[29:]
    for jokers in (0, 1, 2):
        out = namespace["insert_jokers"](3, stock, jokers)
        assert len(out) == 23 + jokers and out.count("joker") == jokers
        assert [c for c in out if c != "joker"] == stock
    assert namespace["insert_jokers"](3, stock, 2) == namespace["insert_jokers"](3, stock, 2)
