"""Point the README's Binder links at this repository, read from ``git remote get-url origin``.

Every ``https://mybinder.org/v2/gh/OWNER/REPO/REF`` link in the README gets this
repository's owner and name and the ref ``HEAD`` (the default branch's latest
commit); the rest of each link (``?urlpath=…``) is kept.  When ``origin`` is not
a GitHub repository (Binder's ``gh`` links need one), or there is no ``origin``,
the script says so and changes nothing.

Usage (from anywhere in the repository)::

    python3 tools/binder_links.py            # rewrite README.md's links
    python3 tools/binder_links.py --check    # only say whether they point here (exit 1 if not)

Exit status: 0 when the links point at the repository (now or already),
1 when nothing could be done (no origin, not on GitHub, no Binder link in the
file) or, with ``--check``, when a link points elsewhere.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from pathlib import Path

__all__ = ["github_repository", "origin_url", "rewrite_links", "main"]

BINDER_LINK = re.compile(
    r"https://mybinder\.org/v2/gh/(?P<owner>[^/\s)>\]]+)/(?P<repo>[^/\s)>\]]+)/(?P<ref>[^?\s)>\]]+)"
)
_NAME = r"[A-Za-z0-9_.-]+"
_GITHUB = [
    # https://github.com/OWNER/REPO(.git), also with user:token@ and www.
    re.compile(
        rf"^(?:https?|git)://(?:[^@/]+@)?(?:www\.)?github\.com(?::\d+)?/(?P<owner>{_NAME})/(?P<repo>{_NAME}?)(?:\.git)?/?$"
    ),
    # ssh://git@github.com(:22)/OWNER/REPO(.git)
    re.compile(rf"^ssh://(?:[^@/]+@)?github\.com(?::\d+)?/(?P<owner>{_NAME})/(?P<repo>{_NAME}?)(?:\.git)?/?$"),
    # git@github.com:OWNER/REPO(.git)  (scp-like ssh)
    re.compile(rf"^(?:[^@/]+@)?github\.com:(?P<owner>{_NAME})/(?P<repo>{_NAME}?)(?:\.git)?/?$"),
]


def github_repository(url: str) -> tuple[str, str] | None:
    """``(owner, repo)`` when ``url`` is a GitHub remote (https, ssh or scp-like), else ``None``.

    >>> github_repository("git@github.com:ana/tripeaks.git")
    ('ana', 'tripeaks')
    >>> github_repository("https://gitlab.com/ana/tripeaks.git") is None
    True
    """
    url = url.strip()
    for pattern in _GITHUB:
        m = pattern.match(url)
        if m and m.group("repo") not in ("", ".", ".."):
            return m.group("owner"), m.group("repo")
    return None


def _safe(url: str) -> str:
    """``url`` with any user name or token removed, for messages."""
    return re.sub(r"^([a-z+]+://)[^@/]+@", r"\1", url.strip())


def origin_url(folder: Path) -> str | None:
    """The URL of the ``origin`` remote of the git repository holding ``folder``, or ``None``."""
    try:
        out = subprocess.run(
            ["git", "-C", str(folder), "remote", "get-url", "origin"],
            capture_output=True,
            text=True,
            timeout=30,
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    if out.returncode != 0:
        return None
    return out.stdout.strip() or None


def rewrite_links(text: str, owner: str, repo: str) -> tuple[str, int, int]:
    """``text`` with every Binder link pointing at ``owner/repo`` and ``HEAD``;
    also (links found, links changed)."""
    found = changed = 0

    def replace(m: re.Match[str]) -> str:
        nonlocal found, changed
        found += 1
        new = f"https://mybinder.org/v2/gh/{owner}/{repo}/HEAD"
        if m.group(0) != new:
            changed += 1
        return new

    return BINDER_LINK.sub(replace, text), found, changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--readme", type=Path, default=Path(__file__).resolve().parents[1] / "README.md")
    parser.add_argument("--check", action="store_true", help="change nothing; exit 1 if a link points elsewhere")
    args = parser.parse_args(argv)
    readme: Path = args.readme
    url = origin_url(readme.resolve().parent)
    if url is None:
        print(f"No remote named origin in the repository of {readme}: the Binder links are unchanged.")
        return 1
    repository = github_repository(url)
    if repository is None:
        print(
            f"The remote origin ({_safe(url)}) is not on GitHub, and Binder's links need a GitHub "
            "repository: the Binder links are unchanged."
        )
        return 1
    owner, repo = repository
    text = readme.read_text(encoding="utf-8")
    new, found, changed = rewrite_links(text, owner, repo)
    if found == 0:
        print(f"No Binder link (https://mybinder.org/v2/gh/…) in {readme}: nothing to change.")
        return 1
    if changed == 0:
        print(f"The {found} Binder links in {readme.name} already point at {owner}/{repo}.")
        return 0
    if args.check:
        print(f"{changed} of the {found} Binder links in {readme.name} do not point at {owner}/{repo}.")
        return 1
    readme.write_text(new, encoding="utf-8")
    print(f"{changed} of the {found} Binder links in {readme.name} now point at {owner}/{repo} (HEAD).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
