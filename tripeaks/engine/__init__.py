"""The rules of TriPeaks, and nothing else (docs/rules.md): cards, the tableau's layout,
rule sets, game codes, the game itself with its events, and records.

No module here imports another layer of the package; :mod:`tripeaks` re-exports
the names users need.
"""
