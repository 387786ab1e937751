"""No import cycle inside the ``tripeaks`` package (read with the standard library's ``ast``).

Every ``import`` counts, also those inside functions: a lazy import hides a
cycle from Python but not from a reader.  ``from . import name`` counts as an
import of the submodule ``name`` when there is one, else of the package.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "tripeaks"


def module_name(path: Path, root: Path = PACKAGE) -> str:
    """``tripeaks/app/board.py`` → ``tripeaks.app.board``; a package's ``__init__.py`` → the package."""
    parts = list(path.relative_to(root.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def modules(root: Path = PACKAGE) -> dict[str, Path]:
    return {module_name(p, root): p for p in root.rglob("*.py")}


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The modules of the package that ``name`` (at ``path``) imports."""
    is_package = path.name == "__init__.py"
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names if a.name in known)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = name.split(".") if is_package else name.split(".")[:-1]
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for a in node.names:
                sub = f"{target}.{a.name}"
                if sub in known:
                    out.add(sub)
                elif target in known:
                    out.add(target)
    out.discard(name)
    return out


def graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    mods = modules(root)
    known = set(mods)
    return {name: imports_of(name, path, known) for name, path in mods.items()}


def find_cycle(g: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``g`` as a list of modules (first == last), or ``None``."""
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(n: str) -> list[str] | None:
        state[n] = 1
        stack.append(n)
        for m in sorted(g.get(n, ())):
            if state.get(m) == 1:
                return stack[stack.index(m) :] + [m]
            if m not in state:
                found = visit(m)
                if found:
                    return found
        stack.pop()
        state[n] = 2
        return None

    for n in sorted(g):
        if n not in state:
            found = visit(n)
            if found:
                return found
    return None


def test_the_graph_sees_the_package_modules_and_their_imports():
    g = graph()
    assert {"tripeaks.game", "tripeaks.record", "tripeaks.solver", "tripeaks.app.board"} <= set(g)
    assert "tripeaks.game" in g["tripeaks.record"]
    assert "tripeaks.cards" in g["tripeaks.game"]


def test_the_cycle_finder_finds_a_planted_cycle():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


@pytest.mark.parametrize("lazy", [False, True])
def test_a_cycle_through_a_function_level_import_is_found(tmp_path, lazy):
    pkg = tmp_path / "tripeaks"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("def f():\n    from .b import x\n" if lazy else "from .b import x\n")
    (pkg / "b.py").write_text("from . import a\n")
    assert find_cycle(graph(pkg)) == ["tripeaks.a", "tripeaks.b", "tripeaks.a"]


def test_no_import_cycle_inside_tripeaks():
    cycle = find_cycle(graph())
    assert cycle is None, "import cycle: " + " → ".join(cycle or [])


def test_the_engine_imports_no_widget_or_plotting_library():
    engine = [p for p in PACKAGE.rglob("*.py") if "app" not in p.relative_to(PACKAGE).parts]
    for path in engine:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else ([node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            )
            for n in names:
                assert n.split(".")[0] not in {"ipywidgets", "matplotlib", "traitlets", "IPython"}, (path, n)
