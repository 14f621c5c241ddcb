"""Bugs found by the audit of issue 15 (hostile input), each with the test named for it."""

from __future__ import annotations

import io

import pytest

from checkers.board import InvalidMoveError, Move, Position
from checkers.pdn import PdnArchive
from checkers.protocol import run_engine

FULLWIDTH_MOVE = "\uff11\uff11-\uff11\uff15"  # "11-15" in fullwidth digits
ARABIC_INDIC_MOVE = "\u0661\u0661-\u0661\u0665"  # "11-15" in Arabic-Indic digits


@pytest.mark.parametrize("text", [FULLWIDTH_MOVE, ARABIC_INDIC_MOVE, "1\uff11-15"])
def test_move_text_with_non_ascii_digits_is_refused(text: str) -> None:
    with pytest.raises(InvalidMoveError, match="not a move"):
        Move.from_pdn(text, Position())
    with pytest.raises(InvalidMoveError, match="not a move"):
        Move.from_pdn(text)


@pytest.mark.parametrize("text", [FULLWIDTH_MOVE, ARABIC_INDIC_MOVE])
def test_pdn_movetext_with_non_ascii_digits_is_refused(text: str) -> None:
    games, errors = PdnArchive(f"1. {text} *\n").read_all()
    assert games == [] and len(errors) == 1
    assert text in errors[0].problem
    # A move number in other digits is not a move number either.
    games, errors = PdnArchive("\u0661. 11-15 *\n").read_all()
    assert games == [] and len(errors) == 1


def test_protocol_position_moves_with_non_ascii_digits_are_refused() -> None:
    out = io.StringIO()
    run_engine([f"position startpos moves {FULLWIDTH_MOVE}\n", "isready\n"], out)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("info string error: move 1") and lines[1] == "readyok"
