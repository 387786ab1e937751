"""notebooks/learn_tripeaks.ipynb runs top to bottom, shows the lesson view, and the view is live in the kernel."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "learn_tripeaks.ipynb"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"

# Appended by the test only (not saved): drive the displayed view like a learner.
_DRIVE = """
view = _
assert type(view).__name__ == "LessonView" and view.number == 1
for _i in range(len(view.run.lesson.tasks)):
    view.show_button.click()
assert view.run.complete and not view.next_button.disabled
view.next_button.click()
view.set_language("pt")
print(view.number, view.progress.value, view.show_button.description)
"""


@pytest.mark.notebook
def test_learn_notebook_executes_and_shows_the_lessons():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    code_cells = [c for c in nb.cells if c.cell_type == "code"]
    assert len(code_cells) == 1, "the lesson notebook stays thin: one short cell"
    assert len(code_cells[0].source.splitlines()) <= 4
    nb.cells.append(nbformat.v4.new_code_cell(_DRIVE))
    client = NotebookClient(
        nb, kernel_name="python3", timeout=120, resources={"metadata": {"path": str(NOTEBOOK.parent)}}
    )
    client.execute()  # raises CellExecutionError on any error, including a failed assert
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert not [o for o in outputs if o.output_type == "stream" and o.name == "stderr"]
    views = [
        o
        for o in code_cells[0].outputs
        if o.output_type in ("display_data", "execute_result") and WIDGET_VIEW in o.data
    ]
    assert len(views) == 1 and views[0].data[WIDGET_VIEW]["model_id"]
    printed = "".join(o.text for o in nb.cells[-1].outputs if o.output_type == "stream")
    assert printed.strip() == "2 1 Mostrar"
