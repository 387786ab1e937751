"""The study past one machine: winrate and study on Dask (a LocalCluster of 2 worker processes) give the
verdicts and files of the local process pool; the progress bar, locally, on Dask and in a notebook.

Dask is the optional extra ``tripeaks[dask]`` (the test extra installs it).  Without it the cluster
tests are skipped, except under CI (``CI=true``), where they fail: CI must run them.
"""

from __future__ import annotations

import csv
import functools
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

from tripeaks.cli import main
from tripeaks.engine.rules import TRADITIONAL, RuleSet
from tripeaks.i18n.solver import solver_text, stage_label
from tripeaks.solver.study import decide_deals, parse_deals, run_study


def _distributed() -> Any:
    try:
        import distributed
    except ImportError:
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail("dask[distributed] is missing (CI=true: the Dask tests must run): pip install -e '.[test]'")
        pytest.skip("dask[distributed] is not installed: pip install -e '.[dask]'")
    return distributed


@pytest.fixture(scope="module")
def dask_client() -> Iterator[Any]:
    distributed = _distributed()
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def verdicts(results: Iterator[Any]) -> list[tuple[str, int, str, int]]:
    return [(r.rule, r.deal, r.verdict.value, r.nodes) for r in results]


# ------------------------------------------------------------------ the same answers on a cluster
@pytest.mark.slow
@pytest.mark.parametrize("rules", ["E", "C", "traditional", "C-OJ"])
def test_deals_decided_on_dask_get_the_verdicts_of_the_process_pool(dask_client, rules):
    deals = parse_deals("0-47")
    pool = verdicts(decide_deals(rules, deals, jobs=2, max_nodes=200_000))
    dask = verdicts(
        decide_deals(rules, deals, jobs=2, executor=dask_client.get_executor(pure=False), max_nodes=200_000)
    )
    assert dask == pool  # same verdicts, same positions searched, in deal order
    assert [d for _, d, _, _ in dask] == list(range(48))


def _rows(path: Path) -> list[dict[str, str]]:
    """A CSV file's rows without the timing column (CPU seconds differ from run to run)."""
    return [{k: v for k, v in row.items() if k != "seconds"} for row in csv.DictReader(open(path))]


@pytest.mark.slow
def test_the_study_on_dask_writes_the_files_of_the_process_pool(dask_client, tmp_path):
    study = dict(best_deals=parse_deals("0-2"), rules=[TRADITIONAL, RuleSet.parse("C-O")], log=lambda line: None)
    local = run_study(parse_deals("0-19"), tmp_path / "pool", jobs=2, **study)
    dask = run_study(
        parse_deals("0-19"), tmp_path / "dask", jobs=2, executor=dask_client.get_executor(pure=False), **study
    )
    assert sorted(local) == sorted(dask) == ["rates", "rules", "runs_scores", "scores", "study"]
    for name in local:
        assert _rows(dask[name]) == _rows(local[name]), name
    assert len(_rows(dask["study"])) == 40  # Easy and Classic, 20 deals each


@pytest.mark.slow
def test_the_command_line_runs_on_a_scheduler_and_says_so(dask_client, capsys):
    address = dask_client.scheduler.address
    assert main(["winrate", "--rules", "classic", "--deals", "0-31", "--jobs", "2"]) == 0
    local = capsys.readouterr().out.splitlines()
    assert main(["winrate", "--rules", "classic", "--deals", "0-31", "--scheduler", address]) == 0
    dask = capsys.readouterr().out.splitlines()
    assert dask[1] == solver_text("winrate.dask", "en", workers=2, address=address)
    assert dask[:1] + dask[2:6] == local[:1] + local[2:6]  # deals, rate, lost, unknown, positions


def test_without_dask_the_command_line_says_how_to_install_it_in_one_line(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)  # as if the extra were not installed
    assert main(["winrate", "--deals", "0-3", "--dask", "--lang", "pt"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [solver_text("cli.error", "pt", command="winrate", message=solver_text("cli.no_dask", "pt"))]


def test_a_scheduler_that_does_not_answer_is_one_line(capsys):
    _distributed()
    assert main(["winrate", "--deals", "0-3", "--scheduler", "tcp://127.0.0.1:9", "--no-progress"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("tripeaks winrate: error: the Dask cluster failed: ")


# ------------------------------------------------------------------ progress
def test_a_run_shows_a_bar_with_the_time_left_labelled_in_its_language(capsys):
    in_french = functools.partial(stage_label, lang="fr")
    results = list(decide_deals("traditional", parse_deals("0-19"), jobs=2, progress=True, label=in_french))
    assert len(results) == 20
    err = capsys.readouterr().err
    label = solver_text("progress.rules_decide", "fr", rules="E-SR")
    assert label == "Règle E-SR\u00a0: résolution" and label in err
    assert "100% |" in err and "20/20 [" in err and "<00:00]" in err  # done, nothing left


def test_no_bar_off_a_terminal_unless_asked(capsys):
    assert main(["winrate", "--deals", "0-5", "--jobs", "1"]) == 0
    assert capsys.readouterr().err == ""  # pytest's stderr is not a terminal: the bar stays off
    list(decide_deals("E", range(3), progress=False))
    assert capsys.readouterr().err == ""


@pytest.mark.slow
def test_the_bar_follows_the_results_coming_back_from_dask(dask_client, capsys):
    executor = dask_client.get_executor(pure=False)
    results = decide_deals("E", parse_deals("0-39"), jobs=2, executor=executor, progress=True, label=stage_label)
    assert len(list(results)) == 40
    err = capsys.readouterr().err
    assert solver_text("progress.decide", "en", rule="Easy") in err and "40/40 [" in err


@pytest.mark.notebook
def test_in_a_notebook_the_bar_is_a_widget():
    code = (
        "from tripeaks.i18n.solver import stage_label\n"
        "from tripeaks.solver.study import decide_deals\n"
        "results = list(decide_deals('E', range(20), jobs=1, progress=None, label=stage_label))\n"  # None: shown
        "len(results)"
    )
    nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(code)])
    root = Path(__file__).resolve().parents[2]
    NotebookClient(nb, kernel_name="python3", timeout=120, resources={"metadata": {"path": str(root)}}).execute()
    outputs = nb.cells[0].outputs
    views = [
        o for o in outputs if o.output_type == "display_data" and "application/vnd.jupyter.widget-view+json" in o.data
    ]
    assert len(views) == 1  # tqdm's notebook bar (an ipywidgets HBox)
    assert views[0].data["text/plain"].startswith("Rule Easy: solving ")
    states = nb.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"].values()
    bars = [w["state"] for w in states if w["model_name"] == "FloatProgressModel"]
    assert [(b["value"], b["max"]) for b in bars] == [(20, 20)]  # filled as the results came
    assert [o.data["text/plain"] for o in outputs if o.output_type == "execute_result"] == ["20"]
