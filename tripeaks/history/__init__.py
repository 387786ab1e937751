"""What is kept of finished games: statistics (:mod:`.stats`), matches (:mod:`.match`), the deal
of the day (:mod:`.daily`) and the class results store (:mod:`.class_results`, sqlite3).

Built on :mod:`tripeaks.engine` only.
"""
