"""The study reports its stages as data (tripeaks.solver.study.Stage); their words come from
tripeaks.i18n.solver: the same catalogue sentences as before, for every stage and language."""

from __future__ import annotations

import re

import pytest

from tripeaks.engine.rules import TRADITIONAL, RuleSet
from tripeaks.i18n import LANGUAGES, format_number
from tripeaks.i18n.solver import solver_text, stage_label, stage_message
from tripeaks.i18n.ui import rule_name
from tripeaks.solver.study import Stage, parse_deals, run_study

# every stage of a small study, in order: Easy and Classic, their best scores, then the rule sets
EXPECTED = [
    ("decide", "E"),
    ("bot", "E"),
    ("decide", "C"),
    ("bot", "C"),
    ("best", "E"),
    ("best", "C"),
    ("decide", "E-S"),
    ("bot", "E-S"),
    ("bot", "C-O"),
    ("best", "E-SR"),
]


@pytest.fixture(scope="module")
def stages(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Stage], list[Stage]]:
    started: list[Stage] = []
    finished: list[Stage] = []

    def label(stage: Stage) -> str:
        started.append(stage)
        return "bar"

    run_study(
        parse_deals("0-2"),
        tmp_path_factory.mktemp("study"),
        best_deals=parse_deals("0-1"),
        jobs=1,
        log=finished.append,
        label=label,
        rules=[TRADITIONAL, RuleSet.parse("C-O")],
        progress=False,
    )
    return started, finished


def test_each_stage_is_reported_when_it_starts_and_when_it_ends(stages):
    started, finished = stages
    assert [(s.task, str(s.rules)) for s in started] == EXPECTED
    assert [(s.task, str(s.rules)) for s in finished] == EXPECTED
    assert all(s.seconds is None for s in started)
    assert all(s.seconds is not None and s.seconds >= 0 for s in finished)
    assert [s.deals for s in finished if s.task != "best"] == [3] * 7
    assert all(0 <= s.deals <= 2 for s in finished if s.task == "best")


def _old_sentence(stage: Stage, lang: str, kind: str) -> str:
    """The sentence as the study used to say it itself (key by stage, Easy and Classic by name)."""
    default = stage.rules.is_default
    if kind == "progress":
        key = {"decide": "decide", "bot": "bot", "best": "best" if default else "runs_best"}[stage.task]
        if not default and stage.task != "best":
            key = "rules_" + key
        values: dict[str, object] = {}
    else:
        key = {"decide": "decided", "bot": "bot", "best": "best" if default else "runs_best"}[stage.task]
        if not default and stage.task != "best":
            key = "rules_" + key
        assert stage.seconds is not None
        values = {"deals": stage.deals, "seconds": format_number(stage.seconds, lang, digits=1)}
    named = {"rule": rule_name(stage.rules, lang)} if default else {"rules": str(stage.rules)}
    return solver_text(f"{kind}.{key}", lang, **named, **values)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_stage_says_the_catalogue_sentence_of_its_language(stages, lang):
    started, finished = stages
    for stage in started:
        assert stage_label(stage, lang) == _old_sentence(stage, lang, "progress")
    for stage in finished:
        assert stage_message(stage, lang) == _old_sentence(stage, lang, "study")


def test_the_english_sentences_read_as_before(stages):
    started, finished = stages
    assert [stage_label(s) for s in started[:2]] == ["Rule Easy: solving", "Rule Easy: the bot plays"]
    assert stage_label(started[6]) == "Rule set E-S: solving" and stage_label(started[9]).startswith("Rule set E-SR:")
    said = [stage_message(s) for s in finished]
    assert re.fullmatch(r"Rule Easy: 3 deals decided in \d+\.\d s\.", said[0]), said[0]
    assert re.fullmatch(r"Rule set C-O: the bot played 3 deals in \d+\.\d s\.", said[8]), said[8]


def test_a_stage_not_finished_has_no_log_sentence():
    with pytest.raises(ValueError, match="not finished"):
        stage_message(Stage("decide", TRADITIONAL, 3))
