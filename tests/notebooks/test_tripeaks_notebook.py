"""notebooks/tripeaks.ipynb runs top to bottom and displays the app as a widget."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "tripeaks.ipynb"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


@pytest.mark.notebook
def test_tripeaks_notebook_executes_and_shows_a_widget():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    code_cells = [c for c in nb.cells if c.cell_type == "code"]
    # one cell shows the app; the other deals a Voila link's ?code= (it must wait for the page's request
    # in a preheated kernel, so it cannot be part of the cell that shows the app)
    assert len(code_cells) == 2, "the play notebook stays two short cells"
    assert all(len(c.source.splitlines()) <= 4 for c in code_cells)
    client = NotebookClient(
        nb, kernel_name="python3", timeout=120, resources={"metadata": {"path": str(NOTEBOOK.parent)}}
    )
    client.execute()  # raises CellExecutionError on any error
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    assert not [o for o in outputs if o.output_type == "stream" and o.name == "stderr"]
    views = [o for o in outputs if o.output_type in ("display_data", "execute_result") and WIDGET_VIEW in o.data]
    assert len(views) == 1
    assert views[0].data[WIDGET_VIEW]["model_id"]
