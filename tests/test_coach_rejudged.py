"""Why? reads the game's kept judgements where they are deeper than its own rows
(`coach.judgement.rejudged`): the played move's row gives the number of the position it led
to, the best move's row the number of the position before it, each with its depth, and the
verdicts and facts follow the numbers."""

from __future__ import annotations

import dataclasses

from checkers.board import BLACK, WHITE, Move, Position
from checkers.coach.explain import Explanation, MoveScore, facts
from checkers.coach.judgement import Judgement, Judgements, rejudged

START = Position()


def _explanation(bound: bool = True) -> Explanation:
    moves = (
        MoveScore("11-15", 0.1, "exact", 6, ("11-15", "23-19", "8-11")),
        MoveScore("9-14", 0.15, "exact", 6, ("9-14", "22-18")),
        MoveScore("10-14", 0.05, "upper", 6, ("10-14", "24-19")),
    )[: 3 if bound else 2]
    return Explanation("club", "11-15", "11-15", moves, 7, False, True, exact_depth=6, mover=BLACK)


def _after(text: str) -> Position:
    return START.move(Move.from_pdn(text, START))


def test_deeper_judgements_give_the_played_and_the_best_rows_their_numbers() -> None:
    known = Judgements()
    known.judge(_after("11-15"), Judgement(-0.3, 1.0, WHITE, 14, line=("23-19", "8-11")))
    known.judge(START, Judgement(35.0, 100.0, BLACK, 14, line=("9-14", "22-18", "11-15")))
    found = rejudged(_explanation(bound=False), START, known)
    played, best = found.moves[0], found.moves[1]
    assert (played.move, played.score, played.depth) == ("11-15", 0.3, 14)
    assert played.pv == ("11-15", "23-19", "8-11")
    assert (best.move, best.score, best.depth) == ("9-14", 0.35, 14)
    assert best.pv == ("9-14", "22-18", "11-15")
    # Its words follow its number: +0.30 and +0.35 are "a little better", as the card says.
    assert played.verdict == best.verdict == "is a little better"
    assert found.deeper is None
    said = " ".join(facts(found))
    # How far, said there: the rows do not say a depth (walk 2026-12-01ai: "as their rows
    # say" of rows that said none).
    assert (
        "looking 6 turns ahead (11-15 and 9-14 have since been looked at further, 14 turns"
        " ahead)" in said
    ), said


def test_judgements_no_deeper_than_the_card_change_nothing() -> None:
    explanation = _explanation()
    known = Judgements()
    known.judge(_after("11-15"), Judgement(-0.9, 1.0, WHITE, 6, line=("23-19",)))
    known.judge(START, Judgement(0.9, 1.0, BLACK, 5, line=("9-14",)))
    assert rejudged(explanation, START, known) == explanation
    assert rejudged(explanation, START, Judgements()) == explanation


def test_a_judgement_with_no_line_leaves_the_row_it_cannot_explain() -> None:
    explanation = _explanation()
    known = Judgements()
    known.judge(_after("11-15"), Judgement(-0.3, 1.0, WHITE, 14))
    assert rejudged(explanation, START, known) == explanation


def test_the_comparison_of_the_played_and_the_best_move_says_how_deep_they_were_scored() -> None:
    known = Judgements()
    known.judge(_after("11-15"), Judgement(-0.1, 1.0, WHITE, 14, line=("23-19", "8-11")))
    known.judge(START, Judgement(0.35, 1.0, BLACK, 14, line=("9-14", "22-18")))
    explanation = rejudged(
        dataclasses.replace(_explanation(bound=False), chosen_depth=6), START, known
    )
    said = " ".join(facts(explanation))
    assert "A deeper look, 14 turns ahead, scores 9-14 0.25 of a man better than 11-15." in said


def test_rows_are_never_ranked_across_two_depths() -> None:
    # Walk 2026-11-29d: Casual's first move read "Looking 3 turns ahead for 21-17 and 10 turns
    # ahead for 24-19, the engine scores 21-17 0.10 better", and 21-17 "the best move" under
    # "best first", beside 24-19 judged 10 turns ahead since. Issue 35: Why? compares the
    # moves from one search at one depth; the deeper number is said apart, ranked with none.
    from checkers.gui.explaining import why_card
    from checkers.gui.screens.why import card_html

    for bound in (True, False):
        for before in (False, True):
            known = Judgements()
            known.judge(_after("11-15"), Judgement(-0.5, 1.0, WHITE, 14, line=("23-19", "8-11")))
            if before and bound:  # the best row deeper too, the bound still at 6
                known.judge(START, Judgement(0.35, 1.0, BLACK, 14, line=("9-14", "22-18")))
            found = rejudged(_explanation(bound), START, known)
            scored = [move for move in found.moves if move.bound != "unscored"]
            assert {move.depth for move in scored} == {6}, found.moves
            assert found.moves == _explanation(bound).moves  # as the one search scored them
            said = " ".join(facts(found))
            assert "14 turns" not in said, said
            # The comparison is the one search's, both moves at its one depth.
            assert "The engine, looking 6 turns ahead, scores 9-14 0.05 of a man better" in said
            card = why_card(found, BLACK, 0)
            assert {row.depth for row in card.rows} == {6}
            apart = [fact for fact in card.facts if fact.startswith("Since then")]
            assert apart == [
                (
                    "Since then the game has judged 11-15 looking 14 turns ahead: +0.50 for Black,"
                    " expecting 23-19 8-11. No other move was looked at that far, so the card's"
                    " rows compare every move as one shallower search scored them."
                )
            ], card.facts
            assert "14 turns" not in " ".join(row.verdict + row.line for row in card.rows)
            assert card_html(card).count("+0.50 for Black") == 1  # said once, apart


def test_the_deeper_look_says_its_depth_even_where_the_level_looked_as_far() -> None:
    # Walk 2026-11-30h: "Since then the game has judged 11-15 looking as far ahead", on a card
    # whose first figure was a level's own count: as far as what, the reader had to guess.
    from checkers.gui.explaining import why_card

    known = Judgements()
    known.judge(_after("11-15"), Judgement(-0.5, 1.0, WHITE, 14, line=("23-19", "8-11")))
    explanation = dataclasses.replace(_explanation(False), chosen_depth=12)
    card = why_card(rejudged(explanation, START, known), BLACK, 0)
    apart = [fact for fact in card.facts if fact.startswith("Since then")]
    assert apart and apart[0].startswith(
        "Since then the game has judged 11-15 looking 14 turns ahead: +0.50 for Black,"
        " expecting 23-19 8-11."
    ), card.facts
    # A look no further than the level's own search may be that very search: not "since
    # then" (walk 2026-11-30k: the Master's own 20-turn look so called); where the facts give
    # its count already ("counted +0.50 for Black after 11-15"), not said twice.
    level_deep = dataclasses.replace(explanation, chosen_depth=14, chosen_score=None)
    card = why_card(rejudged(level_deep, START, known), BLACK, 0)
    assert not [fact for fact in card.facts if fact.startswith("Since then")], card.facts
    assert "At that depth the game scores 11-15 +0.50 for Black, expecting 23-19 8-11." in " ".join(
        card.facts
    )
    counted = dataclasses.replace(level_deep, chosen_score="+0.50")
    card = why_card(rejudged(counted, START, known), BLACK, 0)
    assert not [fact for fact in card.facts if "judge" in fact], card.facts
    assert "counted +0.50 for Black after 11-15" in " ".join(card.facts)
    # Where the facts give no count (the exact pass found the played move best), the figure
    # is said: walk 2026-11-30l saw the panel's +0.35 for the Master's move nowhere on its card.
    first = dataclasses.replace(counted.moves[0], score=0.2)
    best_played = dataclasses.replace(counted, moves=(first, counted.moves[1]))
    card = why_card(rejudged(best_played, START, known), BLACK, 0)
    assert "counted" not in " ".join(card.facts)
    assert "At that depth the game scores 11-15 +0.50 for Black, expecting 23-19 8-11." in " ".join(
        card.facts
    )


# --- whose figure: the level's own count or the engine's kept judgement (walk 2026-11-29c) ---


def test_a_weak_levels_forced_move_rejudged_is_the_engines_and_its_own_count_said_once() -> None:
    # The walk's case: Casual's only legal move 19x12 read "the Casual level counted +0.70
    # (played, 13 turns ahead)" beside "Scores are the Casual level's own rough estimate",
    # while the panel called the same +0.70 the engine's, 13 turns ahead.
    from checkers.ai.levels import get_level
    from checkers.ai.players import AIPlayer
    from checkers.ai.search import Limits
    from checkers.coach.exact import JUDGE_DEPTH, exact_explanation
    from checkers.coach.explain import explain_choice
    from checkers.gui.explaining import why_card
    from checkers.gui.screens.why import card_html

    position = START
    for text in ("9-13", "21-17", "10-14"):
        position = position.move(Move.from_pdn(text, position))
    assert [move.pdn() for move in position.legal_moves()] == ["17x10"]
    casual = get_level("casual")
    choice = AIPlayer(Limits(depth=5), "alphabeta", "seed", name="casual").choose(position)
    first = explain_choice(position, choice)
    assert first is not None
    why = exact_explanation(position, first, evaluation="seed")
    own = why.moves[0]
    # The engine scores an only move as far ahead as any weak level's move (walk 2026-12-01ae:
    # "+7.80 (1 turn ahead)" beside the bar's "win 4"); the level's own count is kept apart.
    assert own.bound == "exact" and own.depth == JUDGE_DEPTH
    assert why.level_counted is not None
    after = position.move(Move.from_pdn("17x10", position))
    known = Judgements()
    known.judge(after, Judgement(-0.7, 1.0, BLACK, 13, line=("6x15", "22-18")))
    card = why_card(rejudged(why, position, known), WHITE, 5, level=casual)
    row = card.rows[0]
    # The row is the engine's kept judgement, with its depth, and says so.
    assert row.score == "+0.70 for White" and "counted" not in row.score
    assert "the engine looked 13 turns ahead" in card_html(card)
    # An only move was no choice: no "chose 17x10, looking 5 turns ahead" (walk 2026-11-30i)
    # nor the level's own rough count beside the engine's figure (walk 2026-11-30j).
    assert own.score is not None
    assert not any("counted" in fact or " chose " in fact for fact in card.facts), card.facts
    assert "The moves' scores are the engine's." not in card.facts  # the view says it
    assert card.view == "Scores are the engine's, in men, for the side ahead."
    assert "rough estimate" not in card_html(card)


def test_a_deeper_judgement_giving_the_played_rows_own_figure_is_not_said_again() -> None:
    # Walk 2026-11-30: "27-23 is about a man better (+0.95 for the AI)", then "Since then the
    # game has judged 27-23 looking as far ahead: +0.95 for the AI": the same figure twice.
    from checkers.gui.explaining import why_card

    known = Judgements()
    known.judge(_after("11-15"), Judgement(-0.1, 1.0, WHITE, 14, line=("23-19", "8-11")))
    found = rejudged(_explanation(), START, known)
    assert found.deeper is not None and found.deeper.depth == 14  # judged deeper since...
    card = why_card(found, BLACK, 0)
    assert card.rows[0].score == "even"  # ...to the row's own figure
    assert not [fact for fact in card.facts if fact.startswith("Since then")], card.facts
    # A different figure since is said, apart from the rows.
    known.judge(_after("11-15"), Judgement(-0.6, 1.0, WHITE, 15, line=("23-19", "8-11")))
    card = why_card(rejudged(_explanation(), START, known), BLACK, 0)
    assert [fact for fact in card.facts if fact.startswith("Since then")], card.facts


def test_a_book_card_gives_every_moves_deeper_figures_once_all_were_judged_at_one_depth() -> None:
    # Walk 2026-11-30c (issue 35): the explorer, looking 16 turns ahead, gave 21-17 "even" where
    # the book's card, 13 turns ahead, gave it -0.25: two figures for one move at one moment.
    # Once the analysis board has scored every move deeper, the card opened gives its figures.
    from checkers.ai.book import packaged_book
    from checkers.coach.explain import explain_book_move, sentences

    book = packaged_book()
    assert book is not None
    held = book.moves(START)
    assert held is not None and len(held) == len(START.legal_moves())
    played = held[0][0]
    # As the window has it: the exact pass names the mover (`coach.exact`).
    card = dataclasses.replace(
        explain_book_move("club", START, played, held, book.depth), mover=BLACK
    )
    known = Judgements()
    figures = {}
    for number, move in enumerate(START.legal_moves()):
        figures[move.pdn()] = round(0.3 - 0.1 * number, 2)
        reply = ("23-19",) if move.pdn() != "9-13" else ("22-18",)
        known.judge(START.move(move), Judgement(figures[move.pdn()], 1.0, BLACK, 16, line=reply))
    # One move short: the card stays the book's (it compares every move at one depth).
    partial = Judgements({p: j for p, j in known.items() if p != START.move(played)})
    assert rejudged(card, START, partial) == card
    found = rejudged(card, START, known)
    assert found.exact_depth == 16 and found.from_book
    assert {row.move: row.score for row in found.moves} == figures
    assert all(row.depth == 16 and row.bound == "exact" for row in found.moves)
    assert found.moves[0].move == played.pdn()
    said = sentences(found)
    assert said[0] == (
        f"{played.pdn()} came from the opening book. Every move here has since been scored"
        " exactly, looking 16 turns ahead."
    )
    assert not any("13 turns" in sentence for sentence in said)


def test_a_forced_result_kept_for_the_position_after_counts_the_played_move_too() -> None:
    # Walk 2026-11-30k: "30x21 (played) White wins in 3 moves", the next card "24-19 White
    # wins in 3 moves" after a forced reply, and `checkers analyse` "30x21 wins in 4 moves".
    # The judgement of the position after the move counts its plies from there; the row of
    # the move counts them from before it, as every other row on the card does.
    from checkers.ai.search import WIN
    from checkers.coach.explain import win_in_moves

    known = Judgements()
    # After 11-15 White, to move, loses in 6 plies: Black's win takes 7 from the start, its
    # 11-15 and three moves more.
    known.judge(_after("11-15"), Judgement(-(WIN - 6), 1.0, WHITE, 14, line=("23-19", "8-11")))
    found = rejudged(_explanation(bound=False), START, known)
    played = found.deeper or found.moves[0]
    assert played.move == "11-15"
    assert played.win_in == win_in_moves(WIN - 7) == 4
    assert Judgement(-(WIN - 6), 1.0, WHITE, 14).as_move(BLACK) == WIN - 7
    # A loss, seen by the side that moved into it, comes one ply later too; a score is kept.
    assert Judgement(WIN - 6, 1.0, WHITE, 14).as_move(BLACK) == -(WIN - 7)
    assert Judgement(0.3, 1.0, WHITE, 14).as_move(BLACK) == -0.3


def test_the_deeper_look_says_what_the_cards_rows_are() -> None:
    # Walk 2026-12-01ac: a reviewed 18x9, alone on its card, read "No other move was looked
    # at that far, so the card's rows compare every move as one shallower search scored them".
    from checkers.gui.explaining import why_card

    known = Judgements()
    known.judge(_after("11-15"), Judgement(-0.5, 1.0, WHITE, 14, line=("23-19", "8-11")))

    def apart(explanation: Explanation) -> str:
        card = why_card(rejudged(explanation, START, known), BLACK, 0)
        found = [fact for fact in card.facts if "looked at that far" in fact]
        assert len(found) == 1, card.facts
        return found[0]

    reviewed = dataclasses.replace(_explanation(False), reviewed=True)
    assert apart(reviewed).endswith(
        "No other move was looked at that far: the card's rows are the review's, as it scored them."
    )
    assert apart(_explanation(False)).endswith(
        "compare every move as one shallower search scored them."
    )


def test_a_deeper_look_that_names_another_best_move_is_said_on_the_card() -> None:
    # Walk 2026-12-01ab: the card in play (the book's look, 13 turns) named 25-21 the best
    # move, the review's card (14 turns) 26-23, and neither said why. The card keeps its one
    # depth and says the deeper look's best move apart.
    from checkers.gui.explaining import why_card

    known = Judgements()
    known.judge(START, Judgement(40.0, 100.0, BLACK, 14, line=("10-14", "22-18", "11-15")))
    for book in (False, True):
        explanation = dataclasses.replace(_explanation(False), from_book=book)
        found = rejudged(explanation, START, known)
        assert found.deeper_best is not None, book
        assert (found.deeper_best.move, found.deeper_best.depth) == ("10-14", 14)
        assert found.moves == explanation.moves  # the rows as their one look scored them
        card = why_card(found, BLACK, 0)
        said = [fact for fact in card.facts if "finds" in fact]
        expected = "A deeper look since, 14 turns ahead, finds 10-14 the best move here"
        apart = "the rows below, 6 turns ahead, do not show it"  # (10-14 is on no row)
        assert said == [f"{expected} (+0.40 for Black); {apart}."], card.facts
    # On a row of the card (as a bound here): its figure there is said, not a rank ("rank it
    # lower" stood beside a row tied first: walk 2026-12-01ag).
    card = why_card(rejudged(_explanation(True), START, known), BLACK, 0)
    said = [fact for fact in card.facts if "finds" in fact]
    row = next(row for row in card.rows if row.move == "10-14")
    assert len(said) == 1 and said[0].endswith(
        f"where the rows below, 6 turns ahead, give it {row.score}."
    ), card.facts
    # The rows' own best says whose look made it best (walk 2026-12-01aj: "25-22 ... the best
    # move" above "finds 24-20 the best move here" read as two best moves).
    best_rows = [row for row in card.rows if "the best move" in row.compared]
    assert best_rows and all(
        row.compared == "the best move looking 6 turns ahead" for row in best_rows
    ), card.rows
    # The move played, where the deeper look finds it best, is named so.
    played = Judgements()
    played.judge(START, Judgement(40.0, 100.0, BLACK, 14, line=("11-15", "22-18")))
    card = why_card(rejudged(_explanation(False), START, played), BLACK, 0)
    said = [fact for fact in card.facts if "finds" in fact]
    assert said and said[0].startswith(
        "A deeper look since, 14 turns ahead, finds 11-15, the move played, the best move here"
    ), card.facts
    # The deeper look agreeing with the card's best (9-14): nothing to say.
    agreeing = Judgements()
    agreeing.judge(START, Judgement(40.0, 100.0, BLACK, 14, line=("9-14", "22-18")))
    assert rejudged(_explanation(False), START, agreeing).deeper_best is None
    # A look no deeper than the card's rows: nothing either.
    shallow = Judgements()
    shallow.judge(START, Judgement(40.0, 100.0, BLACK, 5, line=("10-14", "22-18")))
    assert rejudged(_explanation(False), START, shallow).deeper_best is None
    # A deeper look whose best scores no more than the card's best row promises: its first
    # move is only the one its search tried first among moves no better (walk 2026-12-01af:
    # "finds 21-17 the best move here (even)" beside the book's best 23-18 at +0.05).
    best_row = max(
        (move.score for move in _explanation(False).moves if move.score is not None),
        default=0.0,
    )
    lower = Judgements()
    lower.judge(START, Judgement(best_row * 100.0, 100.0, BLACK, 14, line=("10-14", "22-18")))
    assert rejudged(_explanation(False), START, lower).deeper_best is None


def test_a_reviewed_move_a_man_worse_than_the_best_names_no_even_exchange() -> None:
    # Walk 2026-12-01ad: a reviewed card's "10-15 (played) +7.10 for White; 2.95 worse than
    # 12-16" over "Black exchanges a man for a man: 10-15 18x11 8x15": an even trade on the way
    # says nothing of what the move lost.
    from checkers.coach.judgement import reviewed

    position = Position("B:W19,25,28,30:B1,3,6,10")
    line = ("10-15", "19x10", "6x15")
    explanation = Explanation(
        "club",
        "10-15",
        "10-15",
        (MoveScore("10-15", 0.0, "exact", 6, line),),
        len(position.legal_moves()),
        False,
        True,
        exact_depth=6,
        mover=BLACK,
    )

    def card(after_men: float) -> Explanation:
        known = Judgements()
        after = position.move(Move.from_pdn("10-15", position))
        known.judge(after, Judgement(after_men * 100.0, 100.0, WHITE, 14, line=line[1:]))
        known.judge(position, Judgement(200.0, 100.0, BLACK, 14, line=("1-5", "25-22")))
        return reviewed(explanation, position, known)

    def names(found: Explanation) -> list[str]:
        return [idea.name for idea in found.moves[0].ideas]

    assert "exchange" in names(card(-1.50))  # half a man worse: the trade is the story
    assert "exchange" not in names(card(1.0))  # three men worse than 1-5
    assert "exchange" not in names(card(-1.15))  # 0.85 worse: about a man (walk 2026-12-01ae)
