"""The tree view's sentences: the header over the tree, the keys under it, what the side panel
says of a node, and what each step of the replayed search did.

Pure Python (no pygame): every function takes `curious` (the view's "for the curious" switch)
and returns plain words when it is off. A panel line carries a `Tone`, which the view maps to
the theme's colours.
"""

from __future__ import annotations

import enum
import math

from checkers.ai.classic import ScoreReason
from checkers.ai.search import is_win_score
from checkers.ai.tracking import EventKind, MinimaxCount, SearchEvent, SearchNode, SearchTree
from checkers.board import BLACK, Side
from checkers.gui.tree_view.layout import Replay
from checkers.gui.tree_view.words import (
    ALGORITHM_NAMES,
    GameScore,
    bound,
    count_words,
    depth_words,
    game_score_words,
    men,
    node_score,
    picks_words,
    plain_score,
    root_figure,
    root_label,
    value_text,
)
from checkers.gui.wording import plural, score_words, side_words
from checkers.notation import numbered_moves

__all__ = ["Tone", "describe_event", "footer_text", "header_lines", "node_lines", "why_skipped"]


class Tone(enum.Enum):
    """How a panel line is coloured."""

    TEXT = "text"
    DIM = "dim"
    ACCENT = "accent"
    MAX = "max"
    MIN = "min"
    PRUNED = "pruned"
    CUT = "cut"
    OPEN = "open"
    PV = "pv"


_REASONS = {
    ScoreReason.SEARCHED: "backed up from its children",
    ScoreReason.EVALUATION: "static evaluation at the horizon",
    ScoreReason.NO_MOVES: "no legal move: the side to move loses",
    ScoreReason.REPETITION: "draw by repetition",
    ScoreReason.FORTY_MOVE_RULE: "draw by the 40-move rule",
}
_PLAIN_REASONS = {
    ScoreReason.SEARCHED: "the best score its moves reach",
    ScoreReason.EVALUATION: "judged from the position itself (the look ahead ends here)",
    ScoreReason.NO_MOVES: "no legal move: the side to move loses",
    ScoreReason.REPETITION: "a draw by repetition",
    ScoreReason.FORTY_MOVE_RULE: "a draw by the 40-move rule",
}


def _side(node: SearchNode) -> str:
    return node.position.turn.name.capitalize()


def _name(node: SearchNode, curious: bool) -> str:
    return node.move.pdn() if node.move is not None else f"the {root_label(curious)}"


def _role(node: SearchNode) -> str:
    return "MAX" if node.maximizing else "MIN"


def _root_of(node: SearchNode) -> SearchNode:
    while node.parent is not None:
        node = node.parent
    return node


def _for_root(value: float | None, node: SearchNode, man: float, human: Side | None) -> str:
    """A value of the tree (from its root's side) with that side in the panel's words:
    `-0.15 for the AI`; a forced result for its winner (`the AI wins in 3 moves`)."""
    if value is None or math.isinf(value):
        return value_text(value, man)
    root = _root_of(node).position.turn
    if is_win_score(value):
        return plain_score(value, man, root, human)
    return f"{value_text(value, man)} for {side_words(root, human)}"


def _best_line(tree: SearchTree, first_number: int) -> str:
    moves = [node.move for node in tree.pv if node.move is not None]
    line = numbered_moves(moves, tree.root.position.turn is BLACK, first_number)
    if tree.truncated and len(tree.pv) < tree.depth:
        line += " (the rest is past the node cap)" if line else "past the node cap"
    return line


def header_lines(
    tree: SearchTree,
    minimax: MinimaxCount | None,
    replay: Replay | None,
    man: float,
    curious: bool,
    first_number: int = 1,
    human: Side | None = None,
    judged: GameScore | None = None,
    rough: str | None = None,
) -> list[tuple[str, Tone]]:
    """What the search found (best move, score, line, numbered from the root's move
    `first_number`) and what it cost; `replay` while stepping. Scores are told as the panel
    tells them (`human`: the player against the AI, else None), and the position's score is
    the game's one judgement of it, `judged`, where that stands over the tree's own (a search
    at least as deep, a proven result, or a tree judging by another evaluation), with how far
    its search looked or that it is still thinking. `rough` names the weak evaluation the tree
    judges by (`seed`), whose figure is said only as what it counted, never as a score."""
    best = tree.best_move.pdn() if tree.best_move else "none"
    score = value_text(tree.score, man)
    game = judged if judged is not None and judged.stands_over(tree) else None
    # Thousands separated, as every count of the view is ("1,044 positions ... (3,547 with
    # every move)": the walk of 2026-11-30 read "3547" beside "1,044").
    counted = (
        "not counted"
        if minimax is None
        else f"more than {minimax.nodes:,}"
        if minimax.capped
        else f"{minimax.nodes:,}"
    )
    tone = Tone.ACCENT if tree.truncated else Tone.TEXT
    if curious:
        name = ALGORITHM_NAMES.get(tree.algorithm, tree.algorithm)
        what = f"{rough} count" if rough else "score"
        found = f"{name}, depth {tree.depth}: best {best}, {what} {score}; PV {_best_line(tree, first_number)}"
        if game is not None:
            root = tree.root.position.turn
            value = game.score if game.side is root else -game.score
            still = ", still deepening" if game.deepening else ""
            after = f" after {game.after}" if game.after else ""
            found += (
                f"; the game's judgement{after}: {value_text(value, game.man)} at depth "
                f"{game.depth}"
                f"{' (databases)' if game.database else still}"
            )
        if replay is not None:
            cost = (
                f"step {replay.index}/{replay.total}: {name} has entered {replay.entered:,} of "
                f"{tree.nodes:,} nodes; plain minimax: {counted} nodes for the same result"
            )
        else:
            cost = (
                f"{name}: {tree.nodes:,} nodes, {tree.pruned:,} moves pruned; "
                f"plain minimax: {counted} nodes for the same result"
            )
        if tree.truncated:
            cost += f"; {tree.note}"
        return [(found, Tone.TEXT), (cost, tone)]
    line = _best_line(tree, first_number).replace("past the node cap", "not kept")
    plain = plain_score(tree.score, man, tree.root.position.turn, human)
    if (
        game is not None
        and game.engine
        and not game.deepening
        and not game.database
        and not game.after  # another position's score: never folded into the root's
        and score_words(game.score, game.man, game.side, human) == plain
    ):
        game = None  # the game's score reads the same: said once, in the tree's sentence
    # The nodes show their figures (`-0.10`): `even` alone beside them reads as a contradiction,
    # so an even score that is not nought gives its figure too, as the start node shows it.
    told = plain
    if plain == "even" and tree.score is not None and men(tree.score, man) != "0.00":
        root = tree.root.position.turn
        told = f"even: {men(tree.score, man)} for {side_words(root, human)}"
    side = tree.root.position.turn
    count = count_words(tree.score, man, side, rough, human) if rough else ""
    if game is None and rough:
        # A weak evaluation's figure is what it counted at the end of the best line, never
        # the position's score: no `even`, no verdict.
        found = (
            f"Looking {depth_words(tree.depth, False)}, the best move is {best}; {count} at"
            f" the end of its best line, a rough count, not the position's score."
            f" Best line: {line or 'none'}."
        )
    elif game is None:
        found = (
            f"Looking {depth_words(tree.depth, False)}, the best move is {best} ({told}). "
            f"Best line: {line or 'none'}."
        )
    elif game.engine and not rough and not game.after:
        # The tree's own score with its own best move and line; then the position's score,
        # the game's deeper judgement, in a sentence of its own that names its line's first
        # move: after the tree's line it read as that line's score (walk 2026-11-30e: "Best
        # line: 12. 12-16 ... Score +1.50 for you (looked 21 turns ahead); this shallower
        # search says +0.85 for you; that score's line starts 7-10").
        differs = plain != score_words(game.score, game.man, game.side, human)
        own = f" ({told})" if differs else ""
        said = game_score_words(game, human)
        position = (
            said.replace("Score ", "The position's score: ", 1)
            if said.startswith("Score ")
            else said
        )
        if game.best and tree.best_move is not None and game.best != best:
            position += f", from a deeper line starting {game.best}"
        found = (
            f"Looking {depth_words(tree.depth, False)}, the best move is {best}{own}. "
            f"Best line: {line or 'none'}. {position}."
        )
    else:
        # The panel's score line for the position, then the tree's own where it differs: a
        # shallower search (or another evaluation) is never the position's score.
        own = ""
        if rough:
            own = f"; {count} at the end of this search's line, a rough count, not a score"
        elif not game.engine:
            own = f"; this search's own rough count: {plain}"
        elif game.after and tree.best_move is not None and best != game.after:
            own = f"; this shallower search says {told} after {best}"
        elif plain != score_words(game.score, game.man, game.side, human):
            own = f"; this shallower search says {told}"
        if game.best and not game.after and tree.best_move is not None and game.best != best:
            # The score is of another move's line: named, so the tree's best move is not read
            # as the move that score belongs to (walk of 2026-11-30: "the best move is 11-16"
            # beside a score whose line began 1-5).
            own += f"; that score's line starts {game.best}"
        found = (
            f"Looking {depth_words(tree.depth, False)}, the best move is {best}. "
            f"Best line: {line or 'none'}. {game_score_words(game, human)}{own}."
        )
    every = tree.algorithm == "minimax"
    if replay is not None:
        cost = (
            f"Step {replay.index} of {replay.total}: the search has seen {replay.entered:,} of "
            f"its {plural(tree.nodes, 'position')} so far."
        )
    elif every:
        cost = f"The search went through {plural(tree.nodes, 'position')}, every move followed."
    else:
        # One row of a small window's header (720x480) at its 14 pixels: the game's score
        # above takes the row it used to, the tree keeps its reading scale and the panel its
        # 144-pixel board ("went through ... and skipped" took a second row).
        # Without a count of every move, nothing in brackets (`not counted with every move`).
        every_move = f" ({counted} with every move)" if minimax is not None else ""
        cost = (
            f"It saw {plural(tree.nodes, 'position')}, skipping "
            f"{plural(tree.pruned, 'move')} that could not change its choice{every_move}."
        )
    if tree.truncated:
        cost += " This view keeps only part of the search."
    return [(found, Tone.TEXT), (cost, tone)]


def footer_text(stepping: bool, requestable: bool, curious: bool, owner_keys: str = "") -> str:
    """The keys, with what each does."""
    if stepping:
        keys = (
            "Right/N/Space: next step   Left/B/Backspace: back   PgUp/PgDn: 10   "
            f"C: next {'cut-off' if curious else 'skip'}   Home/End   S: stop stepping   "
            "drag, wheel: pan, zoom"
        )
    else:
        levels = "plies shown" if curious else "moves shown"
        keys = (
            "click: select, click again: open/fold   drag/arrows: pan   wheel/+/-: zoom   "
            f"F: fit   [ ]: {levels}   S: step through   L: legend"
        )
        if requestable:
            keys += (
                "   1-6: depth   A: algorithm" if curious else "   1-6: turns ahead   A: every move"
            )
    keys += f"   E: {'plain words' if curious else 'for the curious'}"
    return f"{owner_keys}   {keys}" if owner_keys else keys


def why_skipped(parent: SearchNode, alpha: float, beta: float, man: float, curious: bool) -> str:
    """Why the moves a cut-off left were not looked at, as a learner would say it."""
    mover = _side(parent)
    other = parent.position.turn.opponent.name.capitalize()
    where = f"after {parent.move.pdn()}" if parent.move is not None else "at the start"
    if not curious:
        if parent.maximizing:
            return (
                f"{where.capitalize()}, {mover} can already get {bound(alpha, man)} or more, "
                f"but {other} can keep the score to {bound(beta, man)} by another move "
                f"earlier on: {other} will not allow this line, so {mover}'s other moves "
                f"here could not change the choice."
            )
        return (
            f"{where.capitalize()}, {mover} can already keep the score to {bound(beta, man)} "
            f"or less, but {other} is sure of {bound(alpha, man)} by another move earlier "
            f"on: {other} gains nothing here, so {mover}'s other replies could not change "
            f"the choice."
        )
    where = where.replace("the start", "the root")
    if parent.maximizing:
        return (
            f"{where.capitalize()}, {mover} (MAX) can already get {bound(alpha, man)} "
            f"or more, but {other} (MIN) can hold the score to {bound(beta, man)} by "
            f"another route: {other} will not allow this line, so {mover}'s other "
            f"moves here cannot change the result (\u03b1 >= \u03b2)."
        )
    return (
        f"{where.capitalize()}, {mover} (MIN) can already hold the score to "
        f"{bound(beta, man)} or less, but {other} (MAX) is sure of "
        f"{bound(alpha, man)} by another route: {other} gains nothing here, so "
        f"{mover}'s other replies cannot change the result (\u03b1 >= \u03b2)."
    )


def node_lines(
    node: SearchNode,
    tree: SearchTree,
    replay: Replay | None,
    hidden: int,
    man: float,
    curious: bool,
    rough: str | None = None,
    human: Side | None = None,
) -> list[tuple[str, Tone]]:
    """What the panel says of `node`: whose move, its score and why, what was skipped below it
    (`replay` while stepping; `hidden`: the positions folded away under it); with a weak
    evaluation (`rough`), its figure is that evaluation's count, not a score. In plain words
    the figure names its side as the game's panel does (`human`: the player against the AI):
    `score -0.15 for the AI (even)`."""
    side = _side(node)
    root = tree.root.position.turn
    tone = Tone.MAX if node.maximizing else Tone.MIN
    if curious:
        lines = [(f"{_role(node)} node: {side} to move", tone)]
    else:
        lines = [(picks_words(node, root, human), tone)]
    if node.pruned:
        lines.append(
            ("Pruned: never searched.", Tone.PRUNED)
            if curious
            else ("Skipped: it could not change the choice.", Tone.PRUNED)
        )
        parent = node.parent
        if parent is not None and parent.cutoff is not None:
            cut = parent.cutoff
            lines.append((why_skipped(parent, cut.alpha, cut.beta, man, curious), Tone.CUT))
        return lines
    if replay is not None and not replay.has_entered(node):
        lines.append(("Not reached yet at this step.", Tone.DIM))
        return lines
    returned = replay is None or replay.has_returned(node)
    if returned and node.score is not None:
        reasons = _REASONS if curious else _PLAIN_REASONS
        reason = reasons.get(node.reason, "") if node.reason is not None else ""
        if curious:
            score = node_score(node, man, short=False, curious=True)
        else:
            score = root_figure(node, man, root, human, rough)
        what = f"{rough} count" if rough else "score"
        lines.append((f"{what} {score}: {reason}", Tone.TEXT))
    else:
        lines.append((f"score: still {'searching' if curious else 'looking'}", Tone.OPEN))
    if curious and node.alpha is not None:
        lines.append(
            (
                f"window on entry: \u03b1 {bound(node.alpha, man)}, \u03b2 {bound(node.beta, man)}",
                Tone.TEXT,
            )
        )
    if node.cutoff is not None and (replay is None or replay.has_cut(node)):
        cut = node.cutoff
        by = cut.by.move.pdn() if cut.by is not None and cut.by.move is not None else "a child"
        skipped = len(node.pruned_children)
        if curious:
            text = (
                f"cut-off after {by}: \u03b1 {bound(cut.alpha, man)} >= "
                f"\u03b2 {bound(cut.beta, man)}; {plural(skipped, 'move')} pruned"
            )
        else:
            text = (
                f"after {by}, {plural(skipped, 'other move')} skipped: "
                f"{'it' if skipped == 1 else 'they'} could not change the choice"
            )
        lines.append((text, Tone.CUT))
    if node in tree.pv or node is tree.root:
        lines.append(
            ("on the principal variation", Tone.PV)
            if curious
            else ("This position is on the best line.", Tone.PV)
        )
    if hidden:
        what = plural(hidden, "node" if curious else "position")
        lines.append((f"{what} below folded away: click to open", Tone.DIM))
    if node.truncated:
        lines.append(
            (
                "more children were searched than the node cap let us keep"
                if curious
                else "more moves were looked at than this view keeps",
                Tone.ACCENT,
            )
        )
    return lines


def _parent_learns(
    node: SearchNode,
    replay: Replay,
    man: float,
    curious: bool,
    rough: str | None = None,
    human: Side | None = None,
) -> str:
    """What the parent makes of the values returned to it so far: its best and its window."""
    parent = node.parent
    if parent is None:
        what = f"{rough} count" if rough else "score"
        return (
            f" The search is over: this is the root's {what}."
            if curious
            else f" The look ahead is over: this is the {what}."
        )
    scores = [
        child.score
        for child in parent.searched_children
        if child.score is not None and replay.has_returned(child)
    ]
    if not scores:
        return ""
    best = max(scores) if parent.maximizing else min(scores)
    if not curious:
        mover = _side(parent)
        where = f"after {parent.move.pdn()}" if parent.move is not None else "at the start"
        found = _for_root(best, node, man, human)
        return f" {where.capitalize()}, the best {mover} has found so far is {found}."
    name = parent.move.pdn() if parent.move is not None else "The root"
    text = f" {name} ({_role(parent)}) has {value_text(best, man)} so far"
    if parent.alpha is None or parent.beta is None:
        return text + "."
    if parent.maximizing:
        return text + f": \u03b1 = {bound(max(parent.alpha, best), man)}."
    return text + f": \u03b2 = {bound(min(parent.beta, best), man)}."


def describe_event(
    event: SearchEvent,
    replay: Replay,
    man: float,
    curious: bool,
    rough: str | None = None,
    human: Side | None = None,
) -> str:
    """One step of the replayed search in a sentence (`rough`: the weak evaluation whose count
    the values are; `human`: the player against the AI, for the side words)."""
    node = event.node
    name = _name(node, curious)
    if event.kind is EventKind.ENTER:
        if not curious:
            return f"Looks at {name} ({_side(node)} to move)."
        window = ""
        if event.alpha is not None:
            window = f" with \u03b1 = {bound(event.alpha, man)}, \u03b2 = {bound(event.beta, man)}"
        return f"Enter {name} ({_role(node)} to move){window}."
    if event.kind is EventKind.RETURN:
        verb = "returns" if curious else "is worth"
        worth = (
            value_text(event.score, man) if curious else _for_root(event.score, node, man, human)
        )
        returned = f"{name[0].upper()}{name[1:]} {verb} {worth}."
        return returned + _parent_learns(node, replay, man, curious, rough, human)
    if event.kind is EventKind.CUTOFF:
        skipped = len(node.pruned_children)
        if not curious:
            if not skipped:
                return f"At {name} the look stops early, but no move was left to skip."
            return (
                f"At {name} the look stops early: {plural(skipped, 'move')} left could not "
                f"change the choice, so {'it is' if skipped == 1 else 'they are'} skipped."
            )
        cut = f"Cut-off at {name}: \u03b1 {bound(event.alpha, man)} >= \u03b2 {bound(event.beta, man)}"
        if not skipped:
            return f"{cut}, but that was its last move: nothing is left to prune."
        return (
            f"{cut}, so its {skipped} remaining move{'s are' if skipped != 1 else ' is'}"
            f" not searched (dashed)."
        )
    if curious:
        return "The node cap was reached: the search goes on, unrecorded."
    return "This view keeps no more positions: the look ahead goes on unseen."
