"""The coach: the ideas behind a line in a player's words, each proved by replaying the line.

Pure Python (no pygame). The public API:

- `ideas(position, line, *, engine=None, endgames=None) -> list[Idea]`: the ideas of a line (PDN
  texts or Moves played from `position`), of either side, each proved by replaying it;
- `Idea`: a frozen dataclass (`name`, `side`, `line`, `start`, `claim`, `text`; `fields`,
  `moves`, `to_json()`);
- `proves(position, idea) -> bool`: replays the idea's line and checks its claim;
- `IDEA_NAMES`: the fixed vocabulary (the "Ideas" section of docs/engine.md defines each name's fields);
- `line_outcome(position, line, side=None) -> Outcome`: the pieces a line wins or loses (and
  a game it ends), `Outcome.words()` in a player's words (`loses a man`), proved by replay.
"""

from checkers.coach.idea import Idea, pieces_words
from checkers.coach.ideas import IDEA_NAMES, ideas, proves
from checkers.coach.outcome import Outcome, line_outcome

__all__ = ["IDEA_NAMES", "Idea", "Outcome", "ideas", "line_outcome", "pieces_words", "proves"]
