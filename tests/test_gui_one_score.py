"""The panel and the evaluation bar say one number for the position at one moment, whichever
search gives it: a search under way, or a deeper judgement kept while a shallower one runs."""

from __future__ import annotations

import time
from collections.abc import Callable

from gui_driving import screen_of

from checkers.ai.search import Progress
from checkers.board import BLACK, WHITE
from checkers.coach.judgement import Judgement
from checkers.gui.app import App
from checkers.gui.config import GameConfig, PlayerConfig
from checkers.gui.game_control.ai_traffic import Thinking
from checkers.gui.game_view.panel import panel_lines
from checkers.gui.settings import Settings


def _two_players(make_app: Callable[..., App]) -> App:
    """Two people at one board, the evaluation bar always shown."""
    return make_app(
        GameConfig(black=PlayerConfig(), white=PlayerConfig()),
        settings=Settings(eval_bar="always"),
    )


def test_the_panel_and_the_bar_round_the_one_score_the_same_way(
    make_app: Callable[..., App],
) -> None:
    # The walk read "Score even (thinking... 16 turns ahead)" in the panel beside the bar's
    # "0.20", then "+0.20 for Black (thinking... 17 turns ahead)" beside "even".
    app = _two_players(make_app)
    screen = screen_of(app)
    game = screen.game
    assert game.position.turn is BLACK

    def panel_score() -> str:
        return next(line for line in panel_lines(game).search if line.startswith("Score "))

    def thinking(depth: int, score: float) -> None:
        progress = Progress(depth, score, 1000, 0.5, ())
        game.thinking = Thinking(BLACK, "move", time.monotonic(), 1.0, progress, engine=True)

    # A deeper judgement kept (17 turns, a fifth of a man for Black) while a search has got to
    # 16 turns with a score that reads even: both say the kept one, and the panel says how far
    # the search under way has got beneath it.
    game.judge(game.position, Judgement(-0.2, 1.0, WHITE, 17))
    thinking(16, 0.1)
    assert panel_score() == "Score +0.20 for Black (looked 17 turns ahead)"
    assert "So far 16 turns ahead" in panel_lines(game).search
    assert screen.bar.figure()[1] == "0.20" and screen.bar.label() == "+0.20 for Black"
    # The search reaches the kept depth: its score so far is the position's, in both.
    thinking(17, 0.15)
    assert panel_score() == "Score even (thinking... 17 turns ahead)"
    assert screen.bar.figure()[1] == "even"
    assert screen.bar.label() == "even (thinking... 17 turns ahead)"
    # At the boundary, the one rule of `notation.is_even` rounds one number the same way.
    for score, figure, words in ((0.195, "0.20", "+0.20 for Black"), (0.194, "even", "even")):
        thinking(18, score)
        assert screen.bar.figure()[1] == figure
        assert panel_score() == f"Score {words} (thinking... 18 turns ahead)"


def test_why_reads_the_score_the_panel_gives_while_the_engine_still_judges(
    make_app: Callable[..., App],
) -> None:
    # Session 25: W pressed right after the AI's forced capture read "the only legal move
    # (even) (1 turn ahead)", the AI's look at a move it had no choice in, while the panel
    # said "Score ... (thinking... 15 turns ahead)" for the same position.
    from gui_driving import run_until

    from checkers.ai.levels import get_level
    from checkers.board import Move, Position
    from checkers.gui.screens.why import WhyScreen

    start = Position.from_fen("W:W18,30,31,32:B14,1,2,3")  # White's one move: 18x9
    config = GameConfig(black=PlayerConfig(), white=PlayerConfig(get_level("club")), start=start)
    app = make_app(config)
    screen = screen_of(app)
    game = screen.game
    run_until(
        app,
        lambda: (
            game.record.ply == 1
            and game.animation is None
            and game.thinking is None
            and app.ai.pending is None
            and app.ai.explaining is None
        ),
    )
    kept = game.judgement()
    depth = (kept.depth if kept is not None else 1) + 4
    reply = game.position.legal_moves()[0]
    # The engine judging the position after 18x9 has got deeper than anything kept.
    progress = Progress(
        depth, -30.0, 1000, 0.5, (reply, Move.from_pdn("30-26", game.position.move(reply)))
    )
    game.thinking = Thinking(BLACK, "judge", time.monotonic(), 100.0, progress, engine=True)
    shown = next(line for line in panel_lines(game).search if line.startswith("Score "))
    assert shown == f"Score +0.30 for the AI (thinking... {depth} turns ahead)"
    screen.ask_why()
    app.step(1 / 60)
    why = app.screen
    assert isinstance(why, WhyScreen)
    played = why.card.rows[0]
    assert played.move == "18x9" and played.depth == depth
    assert played.score == "+0.30 for the AI", played


def test_a_forced_win_found_stays_when_the_game_follows_its_line(
    make_app: Callable[..., App],
) -> None:
    # Walk 2026-11-30k: the bar read "win 21" while White thought, then after Black's reply
    # "+6.60 for White (the engine looked 10 turns ahead)": the proof dropped for a shallower
    # score. A forced result holds along its own line, a ply nearer at each move of it.
    from checkers.ai.search import WIN
    from checkers.board import Move

    app = _two_players(make_app)
    screen = screen_of(app)
    game = screen.game
    line = ("11-15", "23-19", "8-11", "22-17")
    game.judge(game.position, Judgement(WIN - 9, 1.0, BLACK, 12, line=line))
    for ply, text in enumerate(line[:2], start=1):
        game.play(Move.from_pdn(text, game.position))
        kept = game.judgement()
        assert kept is not None and kept.forced and kept.line == line[ply:]
        assert kept.seen_by(BLACK) == WIN - 9 + ply
    # A shallower search's score of the position reached does not replace it...
    game.judge(game.position, Judgement(3.5, 1.0, BLACK, 16))
    assert screen.bar.figure()[1] == "win 4"  # Black's 8-11, then three moves more
    assert panel_lines(game).search[0].startswith("Black wins in 4 moves")
    # ...and a winner's move off the line carries nothing: it may let the win go.
    before = game.position
    game.play(Move.from_pdn("9-13", game.position))
    assert game.judgement() is None
    # The loser's move off the line leaves the win a ply nearer at the most (walk 2026-11-30l:
    # the bar's "win 6", then "+7.95 for White" after a Beginner's other reply), below any
    # search that proves a result of its own.
    game.undo()
    assert game.position == before
    game.play(Move.from_pdn("8-11", game.position))  # the line's move: White, the loser, next
    assert game.judgement() is not None and game.judgement().line == ("22-17",)
    game.play(Move.from_pdn("21-17", game.position))  # not the line's 22-17
    kept = game.judgement()
    assert kept is not None and kept.forced and kept.seen_by(BLACK) == WIN - 9 + 4
    assert kept.depth == 0 and kept.line == () and kept.at_most
    # Said as the bound it is (walk 2026-11-30m: "White wins in 7 moves" where the position,
    # after the loser's other reply, wins in 5), until a search of it proves its own count.
    assert panel_lines(game).search[0].startswith("Black wins in at most 3 moves")
    assert screen.bar.figure()[1] == "win 3 at most"
    assert "Black wins in at most 3 moves" in screen.bar.label()
    game.judge(game.position, Judgement(6.0, 1.0, BLACK, 20))  # a deeper score: the win stays
    assert game.judgement() == kept
    sooner = Judgement(WIN - 3, 1.0, BLACK, 6, line=("9-14",))
    game.judge(game.position, sooner)  # a search's own proof replaces it
    assert game.judgement() == sooner


def test_a_nearer_forced_win_stands_over_a_deeper_search_that_finds_a_longer_one(
    make_app: Callable[..., App],
) -> None:
    # Walk 2026-11-30l: live AI vs AI read "White wins in 7 moves"; stepping back later, the
    # same position read 8 (a deeper search, whose reductions hid the shorter win, had
    # replaced it). Both are wins the winner can force: the nearer is the one proven.
    from checkers.ai.search import WIN

    app = _two_players(make_app)
    screen = screen_of(app)
    game = screen.game
    nearer = Judgement(WIN - 13, 1.0, BLACK, 14)  # Black, to move, wins in 7 moves
    game.judge(game.position, nearer)
    game.judge(game.position, Judgement(WIN - 15, 1.0, BLACK, 18))  # in 8, looking deeper
    assert game.judgement() == nearer
    assert panel_lines(game).search[0].startswith("Black wins in 7 moves")
    assert screen.bar.figure()[1] == "win 7"
    # A deeper search that proves the same end, or a nearer one, stands over it.
    same = Judgement(WIN - 13, 1.0, BLACK, 18)
    game.judge(game.position, same)
    assert game.judgement() == same
    # The loser's view of the same win ranks alike: White's search from its side.
    game.judge(game.position, Judgement(-(WIN - 15), 1.0, WHITE, 20))
    assert game.judgement() == same
    assert panel_lines(game).search[0].startswith("Black wins in 7 moves")
