"""notebooks/class_results.ipynb (the teacher's notebook) runs top to bottom with and without a class database."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

from tripeaks.history.class_results import ENV_CHALLENGE, ENV_DB, ClassRow, ClassStore

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "class_results.ipynb"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

# Appended by the test only (not saved): read the displayed view in the kernel.
_READ = """
view = _
print(type(view).__name__, view.store.available, view.store.problem.reason if view.store.problem else None)
print(view.results.layout.display, len(view.plot_png) > 0, [code for _label, code in view.code_picker.options])
print(view.info.value)
print(view.leaderboard.value)
"""


def run(monkeypatch: pytest.MonkeyPatch, env: dict[str, str]) -> tuple[list[str], str]:
    """Execute the notebook in a kernel started with ``env``; (its printed lines, the notebook's stderr)."""
    for name in (ENV_DB, ENV_CHALLENGE):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    nb = nbformat.read(NOTEBOOK, as_version=4)
    code_cells = [c for c in nb.cells if c.cell_type == "code"]
    assert len(code_cells) == 1, "the teacher's notebook stays thin: one short cell"
    assert len(code_cells[0].source.splitlines()) <= 4
    nb.cells.append(nbformat.v4.new_code_cell(_READ))
    client = NotebookClient(
        nb, kernel_name="python3", timeout=120, resources={"metadata": {"path": str(NOTEBOOK.parent)}}
    )
    client.execute()  # raises CellExecutionError on any error
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    stderr = "".join(o.text for o in outputs if o.output_type == "stream" and o.name == "stderr")
    views = [
        o for o in nb.cells[0].outputs if o.output_type in ("display_data", "execute_result") and WIDGET_VIEW in o.data
    ]
    assert len(views) == 1 and views[0].data[WIDGET_VIEW]["model_id"]
    printed = "".join(o.text for o in nb.cells[-1].outputs if o.output_type == "stream" and o.name == "stdout")
    return printed.splitlines(), stderr


@pytest.mark.notebook
def test_without_a_database_the_notebook_says_how_to_set_one_up(monkeypatch: pytest.MonkeyPatch) -> None:
    lines, stderr = run(monkeypatch, {})
    assert lines[0] == "ClassResults False not_configured"
    assert lines[1] == "none False []"
    assert "No class database is set up" in lines[2] and ENV_DB in lines[2]
    assert not stderr


@pytest.mark.notebook
def test_with_a_database_the_notebook_shows_the_leaderboard_and_plots(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    db = tmp_path / "class.sqlite"
    store = ClassStore(db)
    record = {"format": "tripeaks-record/1", "code": "TP1-E-AAAAAAD", "actions": []}
    for name, result, score in [("Ana", "won", 700), ("Bea", "blocked", 420)]:
        e = ClassRow(name, "TP1-E-AAAAAAD", "easy", result, score, 40, 5, 0, 90.0, record, "2026-05-09T10:00:00Z")
        assert store.record_game(e)
    lines, stderr = run(monkeypatch, {ENV_DB: str(db)})
    assert lines[0] == "ClassResults True None"
    assert lines[1] == "None True ['TP1-E-AAAAAAD']"
    assert "Games recorded: 2. Students: 2." in lines[2]
    board = "\n".join(lines[3:])
    assert board.index("Ana") < board.index("Bea")
    assert not stderr
