"""InvalidCodeError carries a reason code so the app can explain it in any language."""

import pytest

from tripeaks.codes import GameCode, InvalidCodeError


@pytest.mark.parametrize(
    ("text", "reason", "part"),
    [
        ("", "empty", ""),
        ("XX-E-AAAAAAA", "prefix", "XX"),
        ("TP1-E", "parts", "TP1-E"),
        ("TP1-Q-AAAAAAA", "rule", "Q"),
        ("TP1-E-AAA", "length", "AAA"),
        ("tp1-e-aaaaaa1", "character", "1"),
        (5, "type", ""),
    ],
)
def test_invalid_code_reason(text, reason, part):
    with pytest.raises(InvalidCodeError) as info:
        GameCode.parse(text)
    assert info.value.reason == reason
    assert info.value.part == part
