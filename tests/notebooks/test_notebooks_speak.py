"""The notebooks speak to a JupyterLab reader and stay clean in git.

* The app's and the lessons' notebooks open with a Markdown welcome (what it is, what to do, where next);
  Voila hides it (the app's own header names the page), and every link in it points to a file that exists.
* The engine tour (``notebooks/engine_tour.ipynb``) runs top to bottom, each code cell followed by a sentence.
* Tracked notebooks carry no outputs, except the study's, whose stored outputs are the point of it.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
KEEPS_OUTPUTS = {"winnability.ipynb"}
"""Notebooks whose stored outputs are kept on purpose (``"keep_output": true`` in their metadata, for nbstripout)."""
WELCOMED = ("tripeaks.ipynb", "learn_tripeaks.ipynb")
LINK = re.compile(r"\]\(([^)#\s]+)(#[^)\s]*)?\)")


def _notebooks() -> list[Path]:
    return sorted(NOTEBOOKS.glob("*.ipynb"))


@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: p.name)
def test_tracked_notebooks_carry_outputs_only_on_purpose(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    with_outputs = [i for i, c in enumerate(code) if c.outputs or c.execution_count is not None]
    if path.name in KEEPS_OUTPUTS:
        assert nb.metadata.get("keep_output") is True, "a notebook that keeps its outputs says so for nbstripout"
        assert with_outputs, "the study's outputs are stored on purpose"
    else:
        assert not with_outputs, f"{path.name}: code cells {with_outputs} carry outputs; strip them (see docs)"
        assert "keep_output" not in nb.metadata


def test_git_strips_outputs_through_nbstripout() -> None:
    """The git filter is declared, and it would change no tracked notebook (they are committed as it leaves them)."""
    attributes = (ROOT / ".gitattributes").read_text(encoding="utf-8")
    assert re.search(r"^\*\.ipynb\s+filter=nbstripout\b", attributes, re.M)
    paths = [str(p) for p in _notebooks()]
    done = subprocess.run(
        [sys.executable, "-m", "nbstripout", "--dry-run", *paths], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "", done.stdout


@pytest.mark.parametrize("name", WELCOMED)
def test_the_notebook_opens_with_a_welcome_that_voila_hides(name: str) -> None:
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    first = nb.cells[0]
    assert first.cell_type == "markdown"
    assert re.search(r"^# \S", first.source, re.M), "the welcome has a heading"
    assert 'class="tp-nb-intro"' in first.source, "wrapped so that the Voila page hides it"
    from tripeaks.app import static

    assert "body[data-voila] .jp-MarkdownCell:has(.tp-nb-intro)" in static.text("theme.css")
    links = LINK.findall(first.source)
    assert len(links) >= 3, "it says where to go next"
    for target, _ in links:
        assert (NOTEBOOKS / target).resolve().exists(), f"{name} links to a missing {target}"


def _anchor_ids(markdown: str) -> set[str]:
    return set(re.findall(r'<a id="([^"]+)"></a>', markdown))


def test_links_to_the_rules_land_on_an_anchor_that_exists() -> None:
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    ids = _anchor_ids(rules)
    assert {f"s{n}" for n in range(1, 9)} <= ids, "every § heading carries its anchor"
    for heading in re.findall(r"^## (§\d+) .*$", rules, re.M):
        assert f"s{heading[1:]}" in ids
    seen = 0
    for path in _notebooks():
        nb = nbformat.read(path, as_version=4)
        for cell in nb.cells:
            if cell.cell_type != "markdown":
                continue
            for target, fragment in LINK.findall(cell.source):
                if target.endswith("rules.md"):
                    seen += 1
                    assert (NOTEBOOKS / target).resolve() == ROOT / "docs" / "rules.md"
                    if "§" in cell.source and fragment:
                        assert fragment[1:] in ids, f"{path.name}: {fragment} is not an anchor of docs/rules.md"
    assert seen >= 10


@pytest.mark.notebook
def test_the_engine_tour_runs_top_to_bottom_and_explains_each_step() -> None:
    path = NOTEBOOKS / "engine_tour.ipynb"
    nb = nbformat.read(path, as_version=4)
    cells = nb.cells
    assert cells[0].cell_type == "markdown" and cells[-1].cell_type == "markdown"
    assert "Exercises" in cells[-1].source
    for i, cell in enumerate(cells):
        if cell.cell_type == "code":
            assert len(cell.source.splitlines()) <= 10, "each cell is short"
            assert cells[i + 1].cell_type == "markdown", "each code cell is followed by what it showed"
    NotebookClient(nb, kernel_name="python3", timeout=180, resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    outputs = [o for c in cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert not [o for o in outputs if o.output_type == "stream" and o.name == "stderr"]
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream")
    # What the sentences after the cells say, checked against what the cells printed.
    assert "playable positions: [20]" in text
    assert "after undo: 500 1 7♥" in text and "after redo: 499 2 8♦" in text
    assert "True True True" in text  # the replayed record reaches the same position
    assert "TP1-C-AAAAAAD winnable? False" in text
    assert "Status.WON" in text
    assert "draw refused:" in text
    rich = [o for o in cells[2].outputs if o.output_type == "execute_result"]
    assert rich and "text/html" in rich[0].data and "tp-nb-game" in rich[0].data["text/html"]


@pytest.mark.notebook
def test_the_strategy_lab_runs_top_to_bottom() -> None:
    path = NOTEBOOKS / "strategy_lab.ipynb"
    nb = nbformat.read(path, as_version=4)
    assert nb.cells[-1].cell_type == "markdown" and "Exercises" in nb.cells[-1].source
    NotebookClient(nb, kernel_name="python3", timeout=600, resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    text = "".join(o.get("text", "") for o in outputs if o.output_type == "stream" and o.name == "stdout")
    for name in ("first_card", "random_legal", "visible_bot", "reveal_first"):
        assert f"{name}: won " in text
    assert "the solver proves" in text
    assert "move 1: the strategy returned 0, which is not one of the legal actions" in text
    tables = [o for o in outputs if o.output_type == "execute_result" and "<table>" in o.data.get("text/html", "")]
    assert tables and "keep_the_run" in tables[0].data["text/html"]
    assert any("image/png" in o.get("data", {}) for o in outputs), "the tournament's plot is drawn"
