"""The documentation site (docs/, Sphinx + MyST): it builds with warnings as errors and without
the network, every section takes the pages of its folder by itself, and the command lines the
pages show exist.  The pages' ``>>>`` examples are doctests (``--doctest-glob="*.md"``)."""

from __future__ import annotations

import os
import re
import runpy
import subprocess
import sys
import time
from functools import cache
from pathlib import Path

import pytest
from markdown_text import commands

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
SECTIONS = ("play", "learn", "teach", "study", "reference", "develop")
PAGES = sorted(p for p in DOCS.rglob("*.md") if "_build" not in p.parts)
# Any request for the network goes to a closed local port and fails (intersphinx, a remote image …).
NO_NETWORK = {
    name: "http://127.0.0.1:9" for name in ("http_proxy", "https_proxy", "HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY")
}


def _python(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    environ = {k: v for k, v in os.environ.items() if k.lower() != "no_proxy"} | env
    environ["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=environ, capture_output=True, text=True, encoding="utf-8", timeout=580
    )


def test_the_configuration_fetches_nothing_and_executes_no_notebook():
    conf = runpy.run_path(str(DOCS / "conf.py"))
    assert "myst_nb" in conf["extensions"]
    assert not [e for e in conf["extensions"] if "intersphinx" in e]
    assert conf["nb_execution_mode"] == "off"
    assert conf["myst_heading_anchors"] >= 3  # links such as rules.md#the-deal-of-the-day


@pytest.mark.slow
def test_the_site_builds_with_warnings_as_errors_and_no_network(tmp_path):
    out = tmp_path / "html"
    start = time.monotonic()
    built = _python("-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", "docs", str(out), **NO_NETWORK)
    print(f"docs build: {time.monotonic() - start:.1f} s")
    assert built.returncode == 0, built.stderr
    for page in (
        "index",
        "rules",
        "deploy",
        *(f"{s}/index" for s in SECTIONS),
        "reference/engine",
        "study/winnability",
    ):
        assert (out / f"{page}.html").is_file(), page
    engine = (out / "reference" / "engine.html").read_text(encoding="utf-8")
    assert 'id="tripeaks.engine.game.Game"' in engine and 'id="tripeaks.engine.game.Game.play"' in engine
    assert 'id="tripeaks.solver.exact.solve"' in (out / "reference" / "solver.html").read_text(encoding="utf-8")
    study = (out / "study" / "winnability.html").read_text(encoding="utf-8")
    assert study.count("<img") >= 5, "the study notebook's stored plots are not shown"
    assert "96.95%" in study, "the study notebook's stored printed rates are not shown"


def test_the_study_notebook_page_is_the_notebook():
    page = DOCS / "study" / "winnability.ipynb"
    assert page.resolve() == (ROOT / "notebooks" / "winnability.ipynb").resolve()


@pytest.mark.parametrize("section", SECTIONS)
def test_every_section_takes_the_pages_of_its_folder(section):
    index = (DOCS / section / "index.md").read_text(encoding="utf-8")
    toctrees = re.findall(r"(?ms)^```\{toctree\}\n(.*?)^```", index)
    assert any(":glob:" in t and re.search(r"(?m)^\*$", t) for t in toctrees), section
    assert (DOCS / "index.md").read_text(encoding="utf-8").count(f"\n{section}/index\n") == 1


def test_every_page_is_in_a_table_of_contents():
    docnames = {str(p.relative_to(DOCS).with_suffix("")) for p in [*PAGES, *DOCS.rglob("*.ipynb")]}
    listed = {"index"}
    for page in PAGES:
        folder = page.parent.relative_to(DOCS)
        for toctree in re.findall(r"(?ms)^```\{toctree\}\n(.*?)^```", page.read_text(encoding="utf-8")):
            for entry in toctree.splitlines():
                entry = entry.strip()
                if entry and not entry.startswith(":"):
                    name = entry[1:] if entry.startswith("/") else str(folder / entry)
                    listed |= {d for d in docnames if re.fullmatch(re.escape(name).replace(r"\*", "[^/]*"), d)}
    assert sorted(docnames - listed) == []


def _tripeaks_commands() -> list[list[str]]:
    """The arguments after ``python -m tripeaks`` of every command the pages show."""
    out = []
    for page in PAGES:
        for c in commands(page.read_text(encoding="utf-8")):
            if c[0].rsplit("/", 1)[-1] in ("python", "python3") and c[1:3] == ["-m", "tripeaks"]:
                out.append(c[3:])
    return out


@cache
def _help(command: str) -> str:
    helped = _python("-m", "tripeaks", command, "--help")
    assert helped.returncode == 0, helped.stderr
    return helped.stdout


def test_the_pages_command_lines_use_commands_and_options_the_cli_has():
    cmds = _tripeaks_commands()
    assert {c[0] for c in cmds} >= {"solve", "winrate", "study"}
    for args in cmds:
        for option in (a.split("=")[0] for a in args if a.startswith("--")):
            assert re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", _help(args[0])), (args, option)


def test_the_pages_solve_commands_run():
    solves = [c for c in _tripeaks_commands() if c[0] == "solve"]
    assert solves
    for args in solves:
        done = _python("-m", "tripeaks", *args)
        assert done.returncode == 0 and done.stdout.strip(), (args, done.stderr)


def test_every_file_a_page_command_names_exists():
    named = {t for page in PAGES for c in commands(page.read_text(encoding="utf-8")) for t in c}
    files = sorted(t for t in named if re.fullmatch(r"[\w./-]+\.(py|sh|ipynb)", t))
    assert "benchmarks/solver.py" in files
    assert [t for t in files if not (ROOT / t).is_file()] == []


LESSON_PART_HEADINGS = {"The game": "basics", "The rule sets": "rulesets", "Strategy": "strategy"}
"""The part headings of docs/learn/lessons.md and the course's parts (tripeaks.course.core.Part)."""


def _lesson_rows(text: str) -> list[tuple[str, int, str, str, str]]:
    """The lesson rows of docs/learn/lessons.md: (part heading, number, title, teaches, does)."""
    rows, heading = [], ""
    for line in text.splitlines():
        if line.startswith("## "):
            heading = line[3:].strip()
        cells = [c.strip() for c in line.strip().strip("|").split("|")] if line.startswith("| ") else []
        if len(cells) == 4 and cells[0].isdigit():
            rows.append((heading, int(cells[0]), cells[1], cells[2], cells[3]))
    return rows


def test_the_lessons_page_lists_every_lesson_of_the_course():
    """docs/learn/lessons.md lists the course as it is: every lesson in order with its English title,
    under the heading of its part, with one step of "What you do" per step of the lesson."""
    from tripeaks.course.lessons import LESSONS
    from tripeaks.i18n.course import render

    text = (DOCS / "learn" / "lessons.md").read_text(encoding="utf-8")
    rows = _lesson_rows(text)
    assert [(n, title) for _, n, title, _, _ in rows] == [(L.number, render(L.text("title"), "en")) for L in LESSONS]
    for (heading, n, _title, teaches, does), L in zip(rows, LESSONS, strict=True):
        assert LESSON_PART_HEADINGS.get(heading) == L.part.value, (n, heading)
        assert teaches and len(does.split(" → ")) == len(L.tasks), (n, does)
    assert f"has {len(LESSONS)} lessons in three parts" in text
    index = (DOCS / "learn" / "index.md").read_text(encoding="utf-8")
    assert f"a course of {len(LESSONS)} short lessons" in index and "(lessons.md)" in index
