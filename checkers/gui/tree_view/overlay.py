"""The search-tree overlay of the game screen (T): the tracked search behind the AI's last move,
or of the position on the board, built in a thread while the window keeps running.

The App registers it with the game screens where it is built (`TREE_OVERLAY` says how); this
module registers nothing by being imported.
"""

from __future__ import annotations

import math
from dataclasses import replace
from typing import Protocol

import pygame

from checkers.ai.registry import EVALUATIONS, man_value
from checkers.ai.search import SearchRequest, is_win_score
from checkers.ai.tracking import TRACKED_ALGORITHMS, SearchTree
from checkers.board import BLACK, Position
from checkers.coach.judgement import Judgement
from checkers.gui.controller import Game
from checkers.gui.explaining import move_number
from checkers.gui.game_view.panel import scored_search
from checkers.gui.tree_view.pane import TreePane
from checkers.gui.tree_view.search import DEFAULT_DEPTH, Subject
from checkers.gui.tree_view.view import DEPTHS, TreeChoices, TreeView
from checkers.gui.tree_view.words import GameScore, depth_words
from checkers.gui.wording import plural


class TreeHost(Protocol):
    """What the overlay needs of the game screen it is drawn over (TreeHost is one)."""

    game: Game
    flipped: bool


__all__ = [
    "DEFAULT_DEPTH",
    "TREE_OVERLAY",
    "Subject",
    "TreeOverlay",
    "game_score",
    "judge_with_tree",
    "subject_of",
]

TREE_OVERLAY = (
    "tree",
    "t",
    "Search tree",
    "the search tree behind the AI's last move, or of the board (T/Esc closes)",
)
"""The overlay's name, toggle key, label and help line, for `register_overlay`."""

_KEYS = "P: the board's position   T/Esc: close"


def _clamp_depth(depth: int | None) -> int:
    return max(DEPTHS[0], min(DEPTHS[-1], depth)) if depth is not None else DEFAULT_DEPTH


BOARD_EVALUATION = "engine"
"""What the tree judges the board's position by: the engine's evaluation, so its scores read
on the same scale as the panel's and the bar's."""


def subject_of(screen: TreeHost, on_board: bool = False) -> Subject:
    """The search behind the AI's last move if the AI made it (and `on_board` is False), else
    the position on the board with the engine's evaluation at the default depth."""
    game = screen.game
    search = game.ai_search
    positions = game.record.positions
    if (
        not on_board
        and search is not None
        and game.last_move == search.move
        and len(positions) >= 2
        and positions[-2] == search.position
    ):
        level = search.level
        side = search.position.turn.name.capitalize()
        evaluation = level.evaluation if level.evaluation in EVALUATIONS else BOARD_EVALUATION
        depth = _clamp_depth(level.depth)
        title = f"The search behind {side}'s last move {search.move.pdn()}"
        notes, details = [], [f"{level.name}: {level.summary()}"]
        if level.algorithm in TRACKED_ALGORITHMS:
            algorithm = level.algorithm
            if level.depth != depth:
                notes.append(f"shown {depth_words(depth, False)}")
                details.append(f"shown at depth {depth}")
        else:
            algorithm = "alphabeta"
            notes.append("the AI's own search is too big to show: this is a simpler one")
            details.append(
                f"the {level.algorithm} search cannot be tracked: this is alpha-beta "
                f"({evaluation} evaluation) from the same position"
            )
        if level.noise or level.blunder:
            notes.append("the level's deliberate slips are not in the tree")
            details.append("the level's deliberate slips are not in the tree")
        return Subject(
            search.request,
            depth,
            algorithm,
            evaluation,
            title,
            "; ".join(notes),
            "; ".join(details),
            played=search.move,
            move_number=_move_number(game, len(positions) - 2),
            human=game.config.human_side(),
        )
    side = game.position.turn.name.capitalize()
    return Subject(
        SearchRequest.from_record(game.record),
        DEFAULT_DEPTH,
        "alphabeta",
        BOARD_EVALUATION,
        f"The position on the board, {side} to move",
        # Judged as the engine judges, so its scores are on the panel's scale (men).
        detail=f"alpha-beta, {BOARD_EVALUATION} evaluation",
        move_number=_move_number(game, len(positions) - 1),
        human=game.config.human_side(),
    )


def game_score(game: Game, position: Position, evaluation: str) -> GameScore | None:
    """The game's score of `position` as the panel and the bar give it: the engine's search
    of it under way where it has looked deeper than anything kept (still deepening), else the
    game's one judgement of it; None when nothing has judged it. `evaluation` is what the
    tree judges by (its numbers are on the engine's scale only when it is the engine's)."""
    engine = evaluation == BOARD_EVALUATION
    judged = game.judgements.get(position)
    thinking = game.thinking
    # The panel's and the bar's rule for when a search under way gives the score.
    progress = scored_search(game) if game.position == position else None
    if thinking is not None and progress is not None:
        best = progress.pv[0].pdn() if progress.pv else ""
        return GameScore(
            progress.score,
            thinking.man,
            thinking.side,
            progress.depth,
            True,
            engine=engine,
            best=best,
        )
    if judged is None:
        return None
    return GameScore(
        judged.score,
        judged.man,
        judged.side,
        judged.depth,
        database=judged.database,
        engine=engine,
        best=judged.line[0] if judged.line else "",
    )


def header_score(game: Game, subject: Subject, shown: Position) -> GameScore | None:
    """The game's score the header gives for the tree of `subject` rooted at `shown`: for the
    search behind the AI's last move, the score of the position that move led to, which the
    panel gives beside the AI's figures (the position before it has its own judgement, the
    best move's score, and at one depth the two read as one search's two numbers); else, or
    where that position is not judged, the root's own."""
    played = subject.played
    if played is not None and shown == subject.position and played in shown.legal_moves():
        found = game_score(game, shown.move(played), subject.evaluation)
        if found is not None:
            return replace(found, after=played.pdn())
    return game_score(game, shown, subject.evaluation)


def judge_with_tree(game: Game, subject: Subject, tree: SearchTree) -> bool:
    """Hand the tree's score of its root to the game's judgement when the tree judged by the
    engine's evaluation and looked deeper than anything kept (a deeper score replaces a
    shallower one), so the panel and the bar agree with the header afterwards; True if kept."""
    score = tree.score
    position = tree.root.position
    if (
        subject.evaluation != BOARD_EVALUATION
        or position != subject.position
        or score is None
        or math.isinf(score)
    ):
        return False
    known = game.judgements.get(position)
    if known is not None and (known.database or is_win_score(known.score)):
        return False
    if known is not None and known.depth >= tree.depth:
        return False
    line = tuple(node.move.pdn() for node in tree.pv if node.move is not None)
    found = Judgement(score, man_value(subject.evaluation), position.turn, tree.depth, line=line)
    game.judge(position, found)
    return game.judgements.get(position) == found


def _move_number(game: Game, ply: int) -> int:
    """The game's number of the move played after `ply` half-moves."""
    return move_number(ply, game.record.start.turn is BLACK)[0]


class TreeOverlay:
    """The game screen's overlay: a tree pane whose status goes to the game's status line."""

    def __init__(
        self,
        screen: TreeHost,
        subject: Subject | None = None,
        choices: TreeChoices | None = None,
    ) -> None:
        self.screen = screen
        self.pane = TreePane(
            subject or subject_of(screen),
            choices if choices is not None else TreeChoices(),
            flipped=screen.flipped,
            owner_keys=_KEYS,
        )

    @property
    def subject(self) -> Subject:
        """What the tree shows."""
        return self.pane.subject

    @property
    def view(self) -> TreeView | None:
        """The tree view, once the first search has finished."""
        return self.pane.view

    @property
    def building(self) -> tuple[int, str] | None:
        """(depth, algorithm) being searched, or None."""
        return self.pane.building

    @property
    def error(self) -> str:
        """Why the last search failed ("": it did not)."""
        return self.pane.error

    def request(self, depth: int, algorithm: str) -> None:
        """Search again at this depth with this algorithm."""
        self.pane.request(depth, algorithm)

    def wait_for_search(self, timeout: float) -> bool:
        """Block until the newest search has ended (for tests and tools); False on timeout."""
        return self.pane.wait_for_search(timeout)

    def show_board_position(self) -> None:
        """Switch to the position on the board (P)."""
        subject = subject_of(self.screen, on_board=True)
        self.pane.set_subject(subject)

    def wake_in(self) -> float | None:
        """Frames for the spinner while the tree is built (and to show it once it is)."""
        return self.pane.wake_in()

    # --- the Overlay protocol ------------------------------------------------------------------

    def set_rect(self, rect: pygame.Rect) -> None:
        """Where to draw (the screen calls it every frame; only a change costs anything)."""
        self.pane.set_rect(rect)

    def handle_event(self, event: pygame.event.Event) -> bool:
        """The tree view's events; the mouse over the overlay never reaches the board below."""
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_p
            and not event.mod & pygame.KMOD_CTRL
        ):
            self.show_board_position()
            return True
        return self.pane.handle_event(event)

    def draw(self, surface: pygame.Surface) -> None:
        """The tree (or its spinner); a newly shown tree is said on the status line."""
        self.pane.flipped = self.screen.flipped  # F turned the main board
        game = self.screen.game
        tree = self.pane.poll()
        if tree is not None:
            judge_with_tree(game, self.pane.subject, tree)
            positions = plural(tree.nodes, "node" if self.pane.choices.curious else "position")
            how = (
                f"at depth {tree.depth}"
                if self.pane.choices.curious
                else depth_words(tree.depth, False)
            )
            game.status = f"Search tree: {positions}, {how}. T or Esc closes it."
        # The header gives the game's one score of the position the tree shows, as the panel
        # and the bar do at this moment (it may deepen while the tree is open).
        shown = self.pane.view.tree.root.position if self.pane.view is not None else None
        self.pane.set_judged(
            None if shown is None else header_score(game, self.pane.subject, shown)
        )
        self.pane.draw(surface)
