"""README.md's examples run as pasted and print what they say.

The convention, for whoever edits the README:

- Every ```python block runs on its own, as pasted, in a fresh interpreter started from
  the repository root (``python -c BLOCK``), without error.  Nothing is shared between
  blocks: each one does its own imports.  Code that is not meant to run (a sketch, a
  session transcript) goes in a ```text block instead.
- A line ending in the comment ``# → text`` claims that the statement on that line
  prints exactly ``text`` (one line; trailing spaces ignored).  Put the claim on the
  statement's last line.  Any other comment is free prose and is not checked, so claim
  only what is always the same (no timings, no solver lines that may change).
- A bare expression such as ``game.score, game.moves`` is refused: pasted as a script
  it shows nothing, and in a notebook cell only the last one shows.  Print it.
- ```bash blocks: every ``python -m tripeaks <command> …`` (or ``tripeaks <command> …``)
  names a command and options
  that ``python -m tripeaks <command> --help`` lists; the ``solve`` commands are run and
  must succeed; every file a command names (``*.py``, ``*.sh``, ``*.ipynb``) exists.

How a claim is checked: the block is parsed, a marker is printed before and after each
claimed statement, and the text between the two markers must equal the claim.  The
block is also run exactly as pasted, and its output must be the marked run's output
without the markers.
"""

from __future__ import annotations

import ast
import io
import os
import re
import shlex
import subprocess
import sys
import textwrap
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
CLAIM = "→"
_MARK = "\x1eclaim {} {}\x1e"


def fenced_blocks(text: str, lang: str) -> list[tuple[int, str]]:
    """``(line number, code)`` of every ```lang fenced block of a Markdown text (also indented ones)."""
    out = []
    for m in re.finditer(rf"(?ms)^([ \t]*)```{lang}[ \t]*\n(.*?)^\1```[ \t]*$", text):
        out.append((text.count("\n", 0, m.start()) + 1, textwrap.dedent(m.group(2))))
    return out


def _python(*args: str) -> subprocess.CompletedProcess[str]:
    """``python ARGS`` in a fresh interpreter, from the repository root, with this tree importable."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    env["PYTHONIOENCODING"] = "utf-8"
    return subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, encoding="utf-8", timeout=300
    )


def _claims(code: str) -> tuple[dict[int, str], list[str]]:
    """Line number → claimed text, and problems with comments that look like claims."""
    claims, problems = {}, []
    for tok in tokenize.generate_tokens(io.StringIO(code).readline):
        if tok.type != tokenize.COMMENT:
            continue
        body = tok.string[1:].strip()
        if body.startswith(CLAIM):
            claims[tok.start[0]] = body[len(CLAIM) :].strip()
        elif body.startswith(("->", "=>")):
            problems.append(f"line {tok.start[0]}: write a claim as '# → text', not {tok.string!r}")
    return claims, problems


def _instrument(tree: ast.Module, claims: dict[int, str]) -> tuple[str, list[str]]:
    """The block with markers printed around each claimed statement; problems found."""
    problems: list[str] = []
    where: dict[int, tuple[list[ast.stmt], ast.stmt]] = {}  # claim line → (body holding it, statement)

    def visit(body: list[ast.stmt]) -> None:
        for stmt in body:
            if stmt.end_lineno in claims and not hasattr(stmt, "body"):
                where[stmt.end_lineno] = (body, stmt)
            for field in ("body", "orelse", "finalbody"):
                visit(getattr(stmt, field, []))
            for handler in getattr(stmt, "handlers", []):
                visit(handler.body)

    visit(tree.body)
    for line in sorted(set(claims) - set(where)):
        problems.append(f"line {line}: a '# → …' claim must end a simple statement such as print(…)")
    for line, (body, stmt) in where.items():
        i = body.index(stmt)
        body[i : i + 1] = [_print_marker(line, "begin"), stmt, _print_marker(line, "end")]
    return ast.unparse(ast.fix_missing_locations(tree)), problems


def _print_marker(line: int, edge: str) -> ast.stmt:
    return ast.parse(f"print({_MARK.format(line, edge)!r}, flush=True)").body[0]


def _bare_expressions(tree: ast.Module) -> list[str]:
    return [
        f"line {node.lineno}: a bare expression prints nothing when pasted; print(…) it"
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and not isinstance(node.value, (ast.Call, ast.Await, ast.Constant))
    ]


def check_block(code: str) -> list[str]:
    """Problems of one README Python block under the convention above (empty: all good)."""
    try:
        tree = ast.parse(code)
    except SyntaxError as exc:
        return [f"syntax error, line {exc.lineno}: {exc.msg}"]
    claims, problems = _claims(code)
    problems += _bare_expressions(tree)
    instrumented, more = _instrument(tree, claims)
    problems += more
    if problems:
        return problems
    pasted = _python("-c", code)
    if pasted.returncode != 0:
        return [f"fails as pasted:\n{pasted.stderr.strip()}"]
    marked = _python("-c", instrumented)
    if marked.returncode != 0:
        return [f"fails with its claims marked:\n{marked.stderr.strip()}"]
    out = marked.stdout
    for line, text in sorted(claims.items()):
        begin, end = _MARK.format(line, "begin") + "\n", _MARK.format(line, "end") + "\n"
        if begin not in out:
            problems.append(f"line {line}: the claimed statement never ran")
            continue
        printed = out[out.index(begin) + len(begin) : out.index(end)]
        if printed.rstrip() != text or "\n" in printed.rstrip("\n"):
            problems.append(f"line {line}: claims {text!r} but prints {printed.rstrip()!r}")
    if re.sub("\x1eclaim [^\x1e]*\x1e\n", "", out) != pasted.stdout:
        problems.append("the output as pasted differs from the checked output")
    return problems


README_TEXT = README.read_text(encoding="utf-8")
PYTHON_BLOCKS = fenced_blocks(README_TEXT, "python")
BASH_BLOCKS = fenced_blocks(README_TEXT, "bash")


# ---------------------------------------------------------------------------- the README itself
def test_readme_has_python_examples_with_checked_claims_and_cites_the_rules():
    assert len(PYTHON_BLOCKS) >= 3
    assert sum(len(_claims(code)[0]) for _, code in PYTHON_BLOCKS) >= 10
    assert "docs/rules.md" in README_TEXT and (ROOT / "docs" / "rules.md").is_file()


@pytest.mark.parametrize("code", [c for _, c in PYTHON_BLOCKS], ids=[f"line{n}" for n, _ in PYTHON_BLOCKS])
def test_readme_python_block_runs_as_pasted_and_prints_what_it_claims(code):
    assert check_block(code) == []


def _commands() -> list[list[str]]:
    """Every command of the README's bash blocks, split at &&, ||, ; and |."""
    out = []
    for _, block in BASH_BLOCKS:
        for line in block.splitlines():
            lexer = shlex.shlex(line, posix=True, punctuation_chars=True)
            lexer.whitespace_split = True
            lexer.commenters = "#"
            command: list[str] = []
            for token in lexer:
                if token in ("&&", "||", ";", "|"):
                    out.append(command)
                    command = []
                else:
                    command.append(token)
            if command:
                out.append(command)
    return [c for c in out if c]


def _tripeaks_commands() -> list[list[str]]:
    """The arguments after ``python -m tripeaks`` (or the ``tripeaks`` script) of each such README command."""
    out = []
    for c in _commands():
        program = c[0].rsplit("/", 1)[-1]
        if program in ("python", "python3") and c[1:3] == ["-m", "tripeaks"]:
            out.append(c[3:])
        elif program == "tripeaks":
            out.append(c[1:])
    return out


def test_readme_bash_commands_name_files_that_exist():
    named = [t for c in _commands() for t in c if re.search(r"\.(py|sh|ipynb)$", t)]
    assert named, "the README's bash blocks name no file (the scan is broken)"
    assert [t for t in named if not (ROOT / t).is_file()] == []


def test_readme_cli_commands_use_commands_and_options_the_cli_has():
    commands = _tripeaks_commands()
    assert {c[0] for c in commands} >= {"solve", "winrate", "study"}
    for args in commands:
        helped = _python("-m", "tripeaks", args[0], "--help")
        assert helped.returncode == 0, helped.stderr
        for option in (a.split("=")[0] for a in args if a.startswith("--")):
            assert re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", helped.stdout), (args, option)


def test_readme_solve_commands_run():
    solves = [c for c in _tripeaks_commands() if c[0] == "solve"]
    assert solves
    for args in solves:
        done = _python("-m", "tripeaks", *args)
        assert done.returncode == 0 and done.stdout.strip(), (args, done.stderr)


# ---------------------------------------------------------------------------- the checker can fail
def test_a_true_claim_passes():
    assert check_block('x = 40 + 2\nprint(x)  # → 42\nprint("free text")  # not a claim\n') == []


def test_a_claim_inside_a_try_block_is_checked():
    code = 'try:\n    int("x")\nexcept ValueError as e:\n    print(type(e).__name__)  # → ValueError\n'
    assert check_block(code) == []
    assert check_block(code.replace("→ ValueError", "→ TypeError")) != []


def test_a_wrong_claimed_output_fails():
    (problem,) = check_block("print(1 + 1)  # → 3\n")
    assert "claims '3' but prints '2'" in problem


def test_a_claim_on_a_statement_that_prints_nothing_fails():
    (problem,) = check_block("x = 2  # → 2\n")
    assert "prints ''" in problem


def test_a_claim_of_one_line_where_several_are_printed_fails():
    (problem,) = check_block('print("a\\nb")  # → a\n')
    assert "claims 'a' but prints 'a\\nb'" in problem


def test_a_claim_that_never_runs_fails():
    assert "never ran" in check_block('if False:\n    print("x")  # → x\n')[0]


def test_a_block_that_raises_or_does_not_parse_fails():
    assert "bare expression" in check_block("game\n")[0]
    assert "fails as pasted" in check_block("print(undefined_name)\n")[0]
    assert "syntax error" in check_block("f(tableau=[...28 cards...])\n")[0]


def test_bare_expressions_and_ascii_arrows_are_refused():
    assert "bare expression" in check_block("x = 1\nx, x + 1  # 1, 2\n")[0]
    assert "write a claim as" in check_block("print(1)  # -> 1\n")[0]


def test_blocks_indented_in_a_list_are_found_and_dedented():
    text = "- an item\n\n  ```python\n  print(1)  # → 1\n  ```\n\n```bash\nls\n```\n"
    assert fenced_blocks(text, "python") == [(3, "print(1)  # → 1\n")]
    assert check_block(fenced_blocks(text, "python")[0][1]) == []
