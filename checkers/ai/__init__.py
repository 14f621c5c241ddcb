"""The AI: evaluations, the source documents' algorithms, the engine and the tracking search.

Three ways to ask for moves: `search(request, limits, algorithm=..., evaluation=...)` for one
position (a `SearchRequest`: the position with its game's history, or a bare `Position`), and
`iterations(...)` with the same arguments for its result after each completed depth; an
`AIPlayer` (from limits and names, or `AIPlayer.for_level(get_level("club"))`) for one side of
a whole game; `play_game` for two AI players playing a game. The algorithms and
evaluations selectable by name are listed in `checkers.ai.registry`.
"""

from checkers.ai.levels import LEVELS, Level, get_level
from checkers.ai.players import AIPlayer, GameEnd, play_game
from checkers.ai.registry import ALGORITHMS, EVALUATIONS, iterations, search
from checkers.ai.search import Limits, Progress, SearchRequest, SearchResult, StopSignal

__all__ = [
    "ALGORITHMS",
    "EVALUATIONS",
    "LEVELS",
    "AIPlayer",
    "GameEnd",
    "Level",
    "Limits",
    "Progress",
    "SearchRequest",
    "SearchResult",
    "StopSignal",
    "get_level",
    "iterations",
    "play_game",
    "search",
]
