"""What the Markdown tests read in a page: its fenced blocks, the commands of its ```bash blocks
and its local links (tests/test_readme.py checks README.md with them, tests/test_docs.py the pages
of docs/)."""

from __future__ import annotations

import re
import shlex


def fenced_blocks(text: str, lang: str) -> list[str]:
    """The code of every ```lang fenced block of a Markdown text."""
    return re.findall(rf"(?ms)^[ \t]*```{lang}[ \t]*\n(.*?)^[ \t]*```[ \t]*$", text)


def commands(text: str) -> list[list[str]]:
    """Every command of a Markdown text's ```bash blocks, split at &&, ||, ; and |, comments left out."""
    out: list[list[str]] = []
    for block in fenced_blocks(text, "bash"):
        for line in block.replace("\\\n", " ").splitlines():  # a line ending in \ goes on
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
            out.append(command)
    return [c for c in out if c]


def local_links(text: str) -> list[str]:
    """The targets of the Markdown links and images that are not web addresses."""
    targets = re.findall(r"\]\(([^)\s]+)\)", text)
    return [t.split("#")[0] for t in targets if not re.match(r"[a-z]+:", t) and not t.startswith("#")]
