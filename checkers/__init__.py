"""English draughts (American checkers): the rules, the game record, PDN and FEN, and the engine.

The public API, importable from `checkers` itself:

- `Position` (an immutable position; `Position.from_fen(text)` / `position.fen()`), `Move`
  (`Move.from_pdn(text)` / `move.pdn()`), `Piece`, `Side` with `BLACK` and `WHITE`, and the
  errors a bad FEN or move raises;
- `GameRecord` (a game's history, undo and the rules' outcome), `Outcome` and `Reason`;
- PDN: `read_game`, `read_games`, `read_file`, `write_game`, `write_games`, `PdnGame`,
  `PdnError`, and `record_from_game` / `game_from_record` between a PDN game and a record;
- the AI: `search(position, Limits(...))` returning a `SearchResult`; `perft(position, depth)`.

The AI's names are imported on first use, so `import checkers` does not build the engine's tables
(about 20 ms) and never imports pygame; the desktop game lives in `checkers.gui`, outside this API.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from checkers.board import (
    BLACK,
    INITIAL_FEN,
    WHITE,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidFenError,
    InvalidMoveError,
    Move,
    Piece,
    Position,
    Side,
)
from checkers.formats.pdn import (
    PdnError,
    PdnGame,
    game_from_record,
    read_file,
    read_game,
    read_games,
    record_from_game,
    write_game,
    write_games,
)

# Bound after the import of the module checkers.perft, which sets `checkers.perft` to itself.
from checkers.perft import perft
from checkers.record import GameOverError, GameRecord, Outcome, Reason

if TYPE_CHECKING:
    from checkers.ai.registry import search
    from checkers.ai.search import Limits, SearchResult

__all__ = [
    "BLACK",
    "INITIAL_FEN",
    "WHITE",
    "AmbiguousMoveError",
    "GameOverError",
    "GameRecord",
    "IllegalMoveError",
    "InvalidFenError",
    "InvalidMoveError",
    "Limits",
    "Move",
    "Outcome",
    "PdnError",
    "PdnGame",
    "Piece",
    "Position",
    "Reason",
    "SearchResult",
    "Side",
    "__version__",
    "game_from_record",
    "perft",
    "read_file",
    "read_game",
    "read_games",
    "record_from_game",
    "search",
    "write_game",
    "write_games",
]

_LAZY = frozenset({"Limits", "SearchResult", "search"})
"""The AI's names: importing the AI builds its tables, so it waits until one is used."""


def _installed_version() -> str:
    """The version in the installed package's metadata (pyproject.toml's, the one source)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("checkers")
    except PackageNotFoundError:  # run from a source tree that was never installed
        return "0+unknown"


def __getattr__(name: str) -> Any:
    """Import a public name on first use and keep it, so the next access is a plain look-up."""
    if name == "__version__":
        value: Any = _installed_version()
    elif name in _LAZY:
        import checkers.ai

        value = getattr(checkers.ai, name)
    else:
        raise AttributeError(f"module 'checkers' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    """The public names beside the module's own, for tab completion."""
    return sorted(set(globals()) | set(__all__))
