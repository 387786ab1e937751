"""The rules of TriPeaks, and nothing else (docs/rules.md): cards, the tableau's layout,
rule sets, game codes, the game itself with its events, and records.

No module here imports another layer of the package; :mod:`tripeaks` re-exports
the names users need.
"""

from . import record as _record  # noqa: F401  (installs Game.to_record / Game.from_record; see that module)
