"""Link codes as typed, and the limiter on the ``limits`` library."""

from __future__ import annotations

from spit.online.codes import ALPHABET, code_hash, new_code, normalise
from spit.online.rates import Action, LimitsLimiter, NoLimits


def test_codes_are_easy_to_type_back() -> None:
    for _ in range(50):
        code = new_code()
        assert len(code) == 9 and code[4] == "-"
        assert set(code.replace("-", "")) <= set(ALPHABET)
        assert normalise(code.lower()) == normalise(code.replace("-", " ")) == code[:4] + code[5:]


def test_codes_forgive_look_alike_letters() -> None:
    assert normalise("ol1i-abcd") == normalise("0111-ABCD")
    assert normalise("ABCD-EFGU") is None  # no U in Crockford's alphabet
    assert normalise("ABC") is None and normalise("A" * 100) is None


def test_only_a_hash_is_kept() -> None:
    assert code_hash("ABCD1234") != "ABCD1234" and len(code_hash("ABCD1234")) == 64


def test_the_limiter_counts_per_key_and_action() -> None:
    limiter = LimitsLimiter({Action.RENAME: "2/day"})
    for _ in range(2):
        assert limiter.allows(Action.RENAME, "ann")
        limiter.spend(Action.RENAME, "ann")
    assert not limiter.allows(Action.RENAME, "ann")
    assert limiter.allows(Action.RENAME, "bob")
    assert limiter.allows(Action.CREATE, "ann"), "an action without a rate is not limited"
    assert NoLimits().allows(Action.RENAME, "ann")
