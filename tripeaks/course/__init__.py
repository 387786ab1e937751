"""The course: the lesson model and its task kinds (:mod:`.core`), the boards lessons are
set on (:mod:`.boards`), the lessons themselves (:mod:`.lessons`, :mod:`.rule_set_lessons`,
:mod:`.strategy_lessons`) and the quiz (:mod:`.quiz`).

Built on :mod:`tripeaks.engine` and :mod:`tripeaks.solver`.
"""
