"""tools/binder_links.py: the README's Binder links follow the repository's GitHub remote, and nothing
changes when the remote is elsewhere or missing (temporary git repositories)."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "tools" / "binder_links.py"

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="git is not installed")

README = """# Demo

- Voila: <https://mybinder.org/v2/gh/tripeaks/tripeaks-jupyter/HEAD?urlpath=voila/render/notebooks/tripeaks.ipynb>
- JupyterLab: [lab](https://mybinder.org/v2/gh/tripeaks/tripeaks-jupyter/main?urlpath=lab/tree/notebooks/tripeaks.ipynb)
- Elsewhere: <https://example.org/v2/gh/tripeaks/tripeaks-jupyter/HEAD>
"""


def load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("binder_links", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def repo_with(tmp_path: Path, remote: str | None) -> Path:
    """A fresh git repository holding README.md, with ``origin`` set to ``remote`` (none if None)."""
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    if remote is not None:
        subprocess.run(["git", "-C", str(tmp_path), "remote", "add", "origin", remote], check=True)
    readme = tmp_path / "README.md"
    readme.write_text(README, encoding="utf-8")
    return readme


def run(readme: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--readme", str(readme), *args],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=readme.parent,
    )


@pytest.mark.parametrize(
    "remote",
    [
        "https://github.com/ana-s/TriPeaks.git",
        "https://github.com/ana-s/TriPeaks",
        "git@github.com:ana-s/TriPeaks.git",
        "ssh://git@github.com/ana-s/TriPeaks.git",
        "https://ana-s:ghp_SECRET@github.com/ana-s/TriPeaks.git",
    ],
)
def test_a_github_remote_rewrites_every_binder_link(tmp_path: Path, remote: str) -> None:
    readme = repo_with(tmp_path, remote)
    out = run(readme)
    assert out.returncode == 0, out.stdout + out.stderr
    text = readme.read_text(encoding="utf-8")
    assert "https://mybinder.org/v2/gh/ana-s/TriPeaks/HEAD?urlpath=voila/render/notebooks/tripeaks.ipynb" in text
    assert "(https://mybinder.org/v2/gh/ana-s/TriPeaks/HEAD?urlpath=lab/tree/notebooks/tripeaks.ipynb)" in text
    assert "tripeaks/tripeaks-jupyter/HEAD>" in text  # a link to another site is left alone
    assert text.count("tripeaks/tripeaks-jupyter") == 1
    assert "2 of the 2 Binder links" in out.stdout and "ana-s/TriPeaks" in out.stdout
    assert "SECRET" not in out.stdout + out.stderr
    again = run(readme)
    assert again.returncode == 0 and "already point at ana-s/TriPeaks" in again.stdout
    assert readme.read_text(encoding="utf-8") == text


@pytest.mark.parametrize(
    "remote", ["https://gitlab.com/ana-s/TriPeaks.git", "git@bitbucket.org:ana-s/tripeaks.git", "/srv/git/tripeaks.git"]
)
def test_a_remote_elsewhere_changes_nothing_and_says_so(tmp_path: Path, remote: str) -> None:
    readme = repo_with(tmp_path, remote)
    out = run(readme)
    assert out.returncode == 1
    assert "not on GitHub" in out.stdout and "unchanged" in out.stdout
    assert readme.read_text(encoding="utf-8") == README


def test_no_remote_changes_nothing_and_says_so(tmp_path: Path) -> None:
    readme = repo_with(tmp_path, None)
    out = run(readme)
    assert out.returncode == 1
    assert "No remote named origin" in out.stdout
    assert readme.read_text(encoding="utf-8") == README


def test_check_reports_without_writing(tmp_path: Path) -> None:
    readme = repo_with(tmp_path, "git@github.com:ana-s/TriPeaks.git")
    out = run(readme, "--check")
    assert out.returncode == 1 and "do not point at ana-s/TriPeaks" in out.stdout
    assert readme.read_text(encoding="utf-8") == README


def test_a_file_without_binder_links_is_reported(tmp_path: Path) -> None:
    readme = repo_with(tmp_path, "https://github.com/ana-s/TriPeaks")
    readme.write_text("# No links here\n", encoding="utf-8")
    out = run(readme)
    assert out.returncode == 1 and "No Binder link" in out.stdout


@pytest.mark.parametrize(
    ("url", "expected"),
    [
        ("https://github.com/o/r.git", ("o", "r")),
        ("http://www.github.com/o/r/", ("o", "r")),
        ("git://github.com/o/r.js.git", ("o", "r.js")),
        ("ssh://git@github.com:22/o/r", ("o", "r")),
        ("github.com:o/r.git", ("o", "r")),
        ("https://github.com/o", None),
        ("https://github.com.evil.example/o/r", None),
        ("https://notgithub.com/o/r", None),
        ("git@gitlab.com:o/r.git", None),
        ("", None),
    ],
)
def test_github_remotes_are_recognised(url: str, expected: tuple[str, str] | None) -> None:
    assert load().github_repository(url) == expected


def test_this_repositorys_readme_has_binder_links_the_script_can_rewrite() -> None:
    module = load()
    text = (REPO / "README.md").read_text(encoding="utf-8")
    new, found, _changed = module.rewrite_links(text, "someone", "elsewhere")
    assert found >= 2
    assert new.count("https://mybinder.org/v2/gh/someone/elsewhere/HEAD?urlpath=") == found
