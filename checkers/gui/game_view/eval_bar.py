"""The evaluation bar beside the game's board: when it shows, whose score it shows (the
review's, the engine's search under way, the deepest kept for the position), its figure, its
words and where it goes. The game screen owns one (`GameScreen.bar`)."""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

import pygame

from checkers.board import BLACK, Side
from checkers.gui import theme
from checkers.gui.cards import grid_unit
from checkers.gui.config import Mode
from checkers.gui.context import ScreenContext
from checkers.gui.controller import Game
from checkers.gui.fonts import MIN_LAYOUT_SIZE
from checkers.gui.game_view.panel import human_side, scored_search
from checkers.gui.game_view.review import ReviewPane
from checkers.gui.intents import ChangeSettings
from checkers.gui.layout import GameLayout
from checkers.gui.settings import EVAL_BAR
from checkers.gui.wording import (
    bar_number,
    black_share,
    game_over_words,
    score_words,
    side_words,
    thinking_words,
)
from checkers.record import Reason

__all__ = ["NOT_JUDGED", "BarHost", "EvalBar"]

NOT_JUDGED = "no evaluation yet"
"""The bar's words when nothing searches the position shown and nothing has judged it."""


class BarHost(Protocol):
    """What the bar reads of the game screen it stands in (GameScreen is one)."""

    game: Game
    context: ScreenContext
    review_pane: ReviewPane | None
    flipped: bool


class EvalBar:
    """The bar of one game screen: it reads the screen's game, review and board side."""

    def __init__(self, host: BarHost) -> None:
        self.host = host

    def shown(self) -> bool:
        """Whether the evaluation bar is beside the board (the settings say when; always while
        a review shows its scores)."""
        when = self.host.context.settings.eval_bar
        return (
            when == "always"
            or (when == "watching" and self.host.game.mode is Mode.AI_VS_AI)
            or self.host.review_pane is not None
        )

    def toggle(self) -> None:
        """Show or hide the evaluation bar, and remember it for games like this one."""
        watching = self.host.game.mode is Mode.AI_VS_AI
        shown = self.shown()
        when = self.host.context.settings.eval_bar
        if watching:
            new = "never" if shown else "watching"
        else:
            new = "watching" if shown else "always"
        if new == when:
            return
        self.host.context.request(ChangeSettings(replace(self.host.context.settings, eval_bar=new)))
        self.host.game.status = f"Evaluation bar: {EVAL_BAR[new]}."

    def rect(self, layout: GameLayout) -> pygame.Rect:
        """Where the evaluation bar goes: beside the board, as tall as it."""
        board = layout.board
        unit = grid_unit(self.host.context.scale)
        gap = board.cell // 10 + board.cell // 5  # clear of the board's frame
        return pygame.Rect(board.left + board.size + gap, board.top, round(3.2 * unit), board.size)

    def scored(self) -> tuple[float, float, Side] | None:
        """The score of the position shown as (score, a man's worth in it, whose view): the
        review's while reviewing, the engine's search under way about it, else its deepest
        evaluation so far (the one the panel, the hint and the draw offer give); None when
        nothing has judged it (a weak level's own rough score is not shown as the score)."""
        return self._scored()[0]

    def deepening(self) -> int | None:
        """How far the search whose score the bar shows has looked, while it still deepens
        (its score may change at the next depth); None for a settled score."""
        return self._scored()[1]

    def bound(self) -> bool:
        """Whether the score shown is a forced result known only as a bound
        (`Judgement.at_most`): `win 7 at most`, `wins in at most 7 moves`."""
        found, depth = self._scored()
        judged = self.host.game.judgement()
        return (
            depth is None
            and judged is not None
            and judged.at_most
            and found == (judged.score, judged.man, judged.side)
        )

    def _scored(self) -> tuple[tuple[float, float, Side] | None, int | None]:
        """`scored`, and `deepening`: the depth so far of the search under way it comes from."""
        game = self.host.game
        judged = game.judgement()
        thinking = game.thinking
        pane = self.host.review_pane
        if pane is not None and (reviewed := pane.score_shown()) is not None:
            # The review's search of the position (before the move during the better line's
            # preview), even where the AI looked deeper in play: the panel's note tells the
            # move's loss as the difference of the review's scores, and the bar agrees with it.
            return reviewed, None
        progress = scored_search(game)
        if thinking is not None and progress is not None:
            # The engine's search of this position (the AI's move, the hint, the judging
            # search) has looked as deep as anything kept: its score so far, said to deepen
            # (the panel's rule, so both say one number at one moment).
            return (progress.score, thinking.man, thinking.side), progress.depth
        if judged is not None:
            return (judged.score, judged.man, judged.side), None
        return None, None

    def evaluation(self) -> tuple[float, str] | None:
        """Black's share of the evaluation bar and the score's words for the position shown
        (`scored`; `thinking... 14 turns ahead` after them while its search deepens), or None
        when nothing has judged it."""
        found, depth = self._scored()
        if found is None:
            return None
        score, man, side = found
        words = score_words(score, man, side, human_side(self.host.game), self.bound())
        if depth is not None:
            words += f" ({thinking_words(depth)})"
        return black_share(score, man, side), words

    def label(self) -> str:
        """The words the evaluation bar reads: who won at a won game's end (`won_words`), else
        the panel's score words for the position on the board, or without them why not
        (`waiting_words`: thinking, or `no evaluation yet`)."""
        won = self.won_words()
        if won:
            return won
        evaluation = self.evaluation()
        return self.waiting_words() if evaluation is None else evaluation[1]

    def won_words(self) -> str:
        """At the end of a won game, who won as the panel names the sides (`The AI won`,
        `White won`), and why where the board alone does not show it (`The AI won: you
        resigned`): no score is shown then (a review gives the score the game stopped at), so
        the bar says why a game at +0.80 is over; '' elsewhere (a draw's figure is `draw`)."""
        game = self.host.game
        result = game.shown_result
        if result is None or result.winner is None or game.record.ply != len(game.record.line):
            return ""
        human = human_side(game)
        words = f"{side_words(result.winner, human)} won"
        words = words[:1].upper() + words[1:]
        if result.reason in (Reason.RESIGNATION, Reason.TIME):
            reason = game_over_words(result, game.mode, human, game.record.position)[1]
            if reason.startswith(("You", "The ")):  # not a side's name: back to lower case
                reason = reason[:1].lower() + reason[1:]
            words += f": {reason}"
        return words

    def draw(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """Black's share of the bar from Black's end of the board (no fill without a score for
        this position), and its figure; without one, why (`waiting_words`) read upwards along
        the bar, whichever way the board faces: never a blank bar."""
        share, figure = self.figure()
        # A figure held from the position before (`figure`) is provisional too: dots under it
        # (walk 2026-12-01af read the old "0.75" for 4 s after the AI's move, as final).
        thinking = (self.deepening() is not None or self.held()) and bool(figure)
        renderer = self.host.context.renderer
        renderer.eval_bar(surface, rect, share, figure, self.host.flipped, thinking)
        if figure:
            return
        # A won game's end says who won, along the bar like the waiting words.
        words = self.won_words() or self.waiting_words()
        size = max(MIN_LAYOUT_SIZE, rect.width // 2)
        colour = theme.TEXT_DIM if words == NOT_JUDGED else theme.TEXT_ACCENT
        line = pygame.transform.rotate(renderer.text.render(words, size, colour), 90)
        box = pygame.Rect(rect.left + 1, 0, rect.width - 2, line.get_height() + 8)
        box.centery = rect.centery
        pygame.draw.rect(surface, theme.PANEL, box)  # over the line at even
        surface.blit(line, line.get_rect(center=rect.center))

    def waiting_words(self) -> str:
        """What the bar says while it has no score for the position shown: that the engine
        is getting ready or thinking about it, or that nothing has judged it yet."""
        game = self.host.game
        live = not game.finished and game.record.ply == len(game.record.line)
        if live and game.getting_ready():
            return "getting the engine ready..."
        if live and game.thinking is not None:
            return "thinking..."
        return NOT_JUDGED

    def held(self) -> bool:
        """Whether the bar shows the score of the position before the one just reached, which
        no search has judged yet (`figure`)."""
        return self.host.game.shown_result is None and self._held() is not None

    def _held(self) -> tuple[float, float, Side] | None:
        """The score of the position before the one just reached at the live end of a game,
        where no search has judged the new one yet: the bar holds it until a search answers,
        rather than emptying between every two moves; else None."""
        game = self.host.game
        positions = game.record.positions
        live_end = not game.finished and game.record.ply == len(game.record.line)
        if not live_end or len(positions) < 2 or self.scored() is not None:
            return None
        before = game.judgements.get(positions[-2])
        return None if before is None else (before.score, before.man, before.side)

    def figure(self) -> tuple[float | None, str]:
        """Black's share of the bar and its short figure: `draw` once a drawn game is shown at
        its end (a won game's end has no figure: `won_words` name the winner), else the evaluation's men ahead (none and a neutral bar before any)."""
        game = self.host.game
        result = game.shown_result  # the final move still drawn: the position before it
        if result is not None and game.record.ply == len(game.record.line):
            if result.winner is None:
                return 0.5, "draw"
            # The bar is filled for the winner; its words name them (`won_words`), read
            # along the bar: a short figure `won` named no side.
            return (1.0 if result.winner is BLACK else 0.0), ""
        found = self.scored() or self._held()
        if found is None:
            return None, ""
        score, man, side = found
        return black_share(score, man, side), bar_number(score, man, self.bound())
