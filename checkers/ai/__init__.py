"""The AI: evaluations, the source documents' algorithms, the engine and the tracking search.

`search(position, limits, algorithm=..., evaluation=...)` is the entry point; importing this
package registers every algorithm and evaluation, the engine's included.
"""

from checkers.ai import engine as _engine  # noqa: F401 - registers the engine and its evaluation
from checkers.ai.classic import ALGORITHMS, GameSearch, search
from checkers.ai.evaluation import EVALUATIONS
from checkers.ai.search import Limits, Progress, SearchResult, StopSignal

__all__ = [
    "ALGORITHMS",
    "EVALUATIONS",
    "GameSearch",
    "Limits",
    "Progress",
    "SearchResult",
    "StopSignal",
    "search",
]
