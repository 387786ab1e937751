"""The deal of the day (docs/rules.md §5): one code per calendar date, from SHA-256 of the ISO date."""

from __future__ import annotations

import datetime
import hashlib
import re
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tripeaks import GameCode, WrapRule
from tripeaks.history.daily import daily_code, daily_number, is_daily, parse_date

RULES = Path(__file__).resolve().parents[2] / "docs" / "rules.md"


def reference(date: datetime.date) -> int:
    """The formula as docs/rules.md writes it, computed here independently."""
    digest = hashlib.sha256(date.strftime("%Y-%m-%d").encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") % 32**7


@given(st.dates(min_value=datetime.date(1900, 1, 1), max_value=datetime.date(2999, 12, 31)))
def test_the_deal_number_follows_the_documented_formula(date):
    assert daily_number(date) == reference(date)
    code = daily_code(date)
    assert code.deal == reference(date) and code.rule is WrapRule.EASY and code.rules.is_default
    assert str(code) == str(GameCode.parse(str(code)))


def test_the_documented_example_is_the_code_dealt():
    doc = RULES.read_text(encoding="utf-8")
    section = doc[doc.index("### The deal of the day") : doc.index("## §6")]
    date, code = re.search(r"For `(\d{4}-\d\d-\d\d)` it is `(TP1-E-[A-Z2-7]{7})`", section).groups()
    assert str(daily_code(date)) == code


def test_one_date_gives_one_code_in_any_form():
    day = datetime.date(2026, 11, 30)
    forms = (day, "2026-11-30", " 2026-11-30 ", datetime.datetime(2026, 11, 30, 23, 59))
    assert {str(daily_code(f)) for f in forms} == {str(daily_code(day))}
    week = {daily_number(day + datetime.timedelta(days=i)) for i in range(7)}
    assert len(week) == 7


def test_is_daily_knows_the_deal_of_the_day_and_only_it():
    code = daily_code("2026-11-30")
    assert is_daily(code, "2026-11-30") and is_daily(str(code).lower(), "2026-11-30")
    assert not is_daily(code, "2026-12-01")
    assert not is_daily(code.with_rule("C"), "2026-11-30")
    assert not is_daily("not a code", "2026-11-30")


@pytest.mark.parametrize("bad", ["30/11/2026", "2026-13-01", "", None, 20261130])
def test_a_bad_date_is_refused_with_a_value_error(bad):
    with pytest.raises(ValueError, match="date"):
        parse_date(bad)
    with pytest.raises(ValueError):
        daily_code(bad)
