"""The games file gives each game's end as a local date and time a spreadsheet reads
(``2026-05-09 11:00:00``, the zone's UTC offset in the header) beside the machine-readable UTC
time; a teacher got only ``2026-05-09T10:00:00.000+00:00``."""

from __future__ import annotations

import csv
import io
from datetime import datetime, timedelta, timezone
from zoneinfo import ZoneInfo

from hypothesis import given, settings
from hypothesis import strategies as st

from tripeaks.history.class_export import GAME_COLUMNS, CsvWords, games_csv, zone_text
from tripeaks.history.class_results import ClassRow

CODE = "TP1-E-AAAAAAB"


def row(played_at: str) -> ClassRow:
    return ClassRow(
        name="Ana", code=CODE, rules="E", result="won", score=700, moves=40, draws=10, undos=0, duration=60.0,
        record={"format": "tripeaks-record/1", "code": CODE, "actions": ["D"]}, played_at=played_at,
    )  # fmt: skip


def read(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text.lstrip("\ufeff"))))


def test_the_local_end_is_a_spreadsheet_date_time_beside_the_utc_one() -> None:
    zone = timezone(timedelta(hours=1))
    [line] = read(games_csv([row("2026-05-09T10:00:00+00:00")], zone=zone))
    assert line["played_at_local"] == "2026-05-09 11:00:00"
    assert datetime.fromisoformat(line["played_at_utc"]) == datetime(2026, 5, 9, 10, tzinfo=timezone.utc)
    assert GAME_COLUMNS.index("played_at_local") < GAME_COLUMNS.index("played_at_utc")


def test_the_header_names_the_zone_and_both_offsets_across_summer_time() -> None:
    lisbon = ZoneInfo("Europe/Lisbon")
    rows = [row("2026-01-10T10:00:00+00:00"), row("2026-07-10T10:00:00+00:00")]
    words = CsvWords({"played_at_local": "Ended (local time, {zone})"})
    text = games_csv(rows, words=words, zone=lisbon)
    header = next(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    assert "Ended (local time, UTC+00:00/UTC+01:00)" in header
    assert [r["Ended (local time, UTC+00:00/UTC+01:00)"] for r in read(text)] == [
        "2026-01-10 10:00:00",
        "2026-07-10 11:00:00",
    ]
    assert zone_text(rows[:1], lisbon) == "UTC+00:00"


@settings(max_examples=40, deadline=None)
@given(
    when=st.datetimes(min_value=datetime(2000, 1, 1), max_value=datetime(2099, 1, 1), timezones=st.just(timezone.utc)),
    minutes=st.integers(-12 * 60, 14 * 60).map(lambda m: m - m % 15),
)
def test_the_local_time_read_back_with_the_header_offset_is_the_utc_time(when: datetime, minutes: int) -> None:
    zone = timezone(timedelta(minutes=minutes))
    when = when.replace(microsecond=0)
    text = games_csv([row(when.isoformat())], words=CsvWords({"played_at_local": "local {zone}"}), zone=zone)
    [line] = read(text)
    [key] = [k for k in line if k.startswith("local UTC")]
    offset = key.removeprefix("local UTC")
    local = datetime.fromisoformat(line[key] + offset)
    assert local == when
