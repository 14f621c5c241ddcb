"""Issue 34, memory and terminal: hostile files keep memory bounded, and nothing read from a file
reaches the terminal as an escape sequence."""

from __future__ import annotations

import io
import json
import tracemalloc
import zlib
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pygame
import pytest

from checkers.ai.endgame import (
    FORMAT_VERSION,
    HEADER,
    MAGIC,
    Endgames,
    _largest_file,
    half_size,
    slice_file_name,
)
from checkers.board import Move, Position
from checkers.cli import main
from checkers.formats import _pdn_index
from checkers.formats._pdn_base import MAX_GAMES, MAX_TAG_CHARS, MAX_TAGS
from checkers.formats.pdn import PdnArchive, open_archive
from checkers.formats.svg import svg_document
from checkers.gui.settings import (
    MAX_WINDOW,
    MIN_WINDOW,
    SETTINGS_FILE,
    WINDOW_SIZE,
    Settings,
    fit_position,
    fit_window,
    load_settings,
)
from checkers.options import terminal_safe
from checkers.picture import MAX_ARROWS, MAX_CAPTION, Text, board_picture
from checkers.record import GameRecord
from checkers.review import DEFAULT_SETTING, MAX_REVIEW_PLIES, _plan

# Two kings shuffling: a game as long as anyone likes, never ended by the rules when replayed.
_SHUFFLE = ("1-6", "32-27", "6-1", "27-32")
_KINGS = "B:WK32:BK1"
# A window title change, a bell and a cleared screen: what a hostile tag sends a terminal.
_ATTACK = "\x1b]0;owned\x07\x1b[2J\x9b1m"


def shuffle_moves(plies: int) -> list[Move]:
    """The kings' shuffle, `plies` long."""
    position = Position.from_fen(_KINGS)
    moves = []
    for ply in range(plies):
        move = Move.from_pdn(_SHUFFLE[ply % 4], position)
        moves.append(move)
        position = position.move(move)
    return moves


def shuffle_pdn(path: Path, plies: int, tags: str = "") -> Path:
    """A PDN file of the kings' shuffle."""
    words = []
    for ply in range(plies):
        if ply % 2 == 0:
            words.append(f"{ply // 2 + 1}.")
        words.append(_SHUFFLE[ply % 4])
    path.write_text(f'{tags}[SetUp "1"]\n[FEN "{_KINGS}"]\n\n{" ".join(words)} *\n')
    return path


# --- review and puzzles: linear in the game's length, a longer game than any real one refused --


def test_review_plan_holds_each_position_once_not_a_history_per_ply() -> None:
    moves = shuffle_moves(MAX_REVIEW_PLIES)
    tracemalloc.start()
    try:
        plan = _plan(Position.from_fen(_KINGS), moves, DEFAULT_SETTING)
        held, _ = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # A history tuple per ply held 2,000 x 1,000 references (16 MB); the plan holds the
    # game's positions once (the record's own) and two numbers a ply.
    assert held < 1_000_000
    record = GameRecord.replay(moves, Position.from_fen(_KINGS))
    for ply in (0, 1, 80, MAX_REVIEW_PLIES):
        record.go_to(ply)
        request = plan.task(ply).request
        assert request.position == record.position
        assert request.no_progress_plies == record.no_progress_plies == ply
        assert request.history == tuple(record.positions)


@pytest.mark.parametrize("command", ["review", "puzzles"])
def test_a_game_longer_than_any_real_one_is_refused_in_one_line(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = shuffle_pdn(tmp_path / "shuffle.pdn", MAX_REVIEW_PLIES + 1)
    out = io.StringIO()
    assert main([command, str(path), "--depth", "1", "--jobs", "1"], out=out) == 2
    err = capsys.readouterr().err
    assert out.getvalue() == ""
    assert err.count("\n") == 1 and "2,001 plies" in err and "at most 2,000" in err


# --- nothing from a file reaches the terminal raw ---------------------------------------------


def test_terminal_safe_shows_controls_and_keeps_lines_and_tabs() -> None:
    assert (
        terminal_safe("a\x1b[2Jb\x07\x7f\x9b\x00é\n\tz") == "a\\x1b[2Jb\\x07\\x7f\\x9b\\x00é\n\tz"
    )


@pytest.mark.parametrize("command", ["review", "puzzles"])
def test_escape_sequences_in_tags_do_not_reach_the_terminal(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tags = f'[Black "{_ATTACK}Eve"]\n[White "Bob{_ATTACK}"]\n'
    path = shuffle_pdn(tmp_path / "tags.pdn", 4, tags)
    out = io.StringIO()
    assert main([command, str(path), "--depth", "1", "--jobs", "1"], out=out) == 0
    printed = out.getvalue() + capsys.readouterr().err
    assert "Eve" in printed and "Bob" in printed
    assert not any(c in printed for c in "\x1b\x07\x9b")
    assert "\\x1b]0;owned\\x07" in printed


def test_play_load_does_not_print_the_files_escape_sequences(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import checkers.gui.app as app_module

    path = tmp_path / "names.pdn"
    path.write_text(f'[Black "{_ATTACK}Eve"]\n[White "Bob"]\n1. 11-15 *\n')
    monkeypatch.setattr(app_module, "run_app", lambda config, flip=False, loaded=None, size=None: 0)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    out = io.StringIO()
    assert main(["play", "--load", str(path)], out=out) == 0
    assert "Eve" in out.getvalue()
    assert not any(c in out.getvalue() for c in "\x1b\x07\x9b")


# --- an endgame slice that inflates past what its header's positions need ------------------------


def test_a_slice_inflating_past_its_positions_is_refused_without_inflating(tmp_path: Path) -> None:
    material = (0, 2, 0, 1)
    half = half_size(material)
    needed = (2 * half + 3) // 4 + 2 * half
    # 40 MB of zeros in 40 kB, with a correct header and checksum: only the size gives it away.
    payload = zlib.compress(bytes(40_000_000), 9)
    header = HEADER.pack(MAGIC, FORMAT_VERSION, *material, half, zlib.crc32(payload), len(payload))
    path = tmp_path / slice_file_name(material)
    path.write_bytes(header + payload)
    assert len(payload) < _largest_file(material) and needed < 100_000
    said: list[str] = []
    tracemalloc.start()
    try:
        found = Endgames([tmp_path], report=said.append).slice(material)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert found is None
    assert len(said) == 1 and "payload size does not fit" in said[0]
    assert peak < 2_000_000  # the slice's own size and the file, not the 40 MB


# --- pictures: a caption and a line of arrows of bounded size, and well-formed SVG ------------


@pytest.mark.parametrize(
    ("option", "value", "said"),
    [
        ("--caption", "x" * 60_000, "at most 200"),
        ("--caption", f"Eve{_ATTACK}", "control characters"),
        ("--arrows", ",".join(["11-15"] * 20_000), "more than 32 arrows"),
    ],
)
def test_picture_refuses_a_huge_caption_or_line_in_one_line(
    option: str, value: str, said: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "board.png"
    assert main(["picture", "--out", str(out), option, value], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and said in err and "\x1b" not in err
    assert not out.exists()


def test_a_caption_with_control_characters_makes_well_formed_svg(tmp_path: Path) -> None:
    picture = board_picture(Position(), caption=f"Eve{_ATTACK}\x00 & <Bob>")
    root = ElementTree.fromstring(svg_document(picture).encode())
    texts = [element.text or "" for element in root.iter("{http://www.w3.org/2000/svg}text")]
    assert any("Eve" in text and "<Bob>" in text for text in texts)
    assert not any(c in "".join(texts) for c in "\x00\x1b\x07\x9b")


def test_a_picture_keeps_a_bounded_caption_and_line_whoever_asks() -> None:
    position = Position()
    captioned = board_picture(position, caption="x" * 60_000)
    texts = [shape.text for shape in captioned.shapes if isinstance(shape, Text)]
    assert max(len(text) for text in texts) == MAX_CAPTION
    move = Move.from_pdn("11-15", position)
    assert (
        board_picture(position, arrows=(move,) * 20_000).shapes
        == board_picture(position, arrows=(move,) * MAX_ARROWS).shapes
    )


# --- a window as big as settings.json says, clamped to the screen -----------------------------


def test_a_huge_saved_window_is_clamped_to_the_screen_and_a_sane_maximum() -> None:
    assert fit_window((16384, 16384), [(1920, 1080)]) == (1920, 1080)
    assert fit_window((16384, 16384), [(1920, 1080), (3840, 2160)]) == (3840, 2160)
    assert fit_window((16384, 16384), []) == MAX_WINDOW
    assert fit_window(WINDOW_SIZE, [(1024, 600)]) == (1024, 600)  # the default too
    assert fit_window(WINDOW_SIZE, [(720, 480)]) == MIN_WINDOW
    assert fit_window((100, 100), [(1920, 1080)]) == MIN_WINDOW


def test_settings_json_with_a_huge_window_still_starts(data: Path, make_app: Any) -> None:
    (data / SETTINGS_FILE).write_text(json.dumps({"window_size": [16384, 16384]}))
    assert load_settings().window_size == MAX_WINDOW
    app = make_app(None, remember=True)
    screens = pygame.display.get_desktop_sizes()
    width, height = app.window_size()
    assert width <= max(w for w, _ in screens)
    assert height <= max(h for _, h in screens)


def test_a_window_saved_on_a_large_screen_opens_whole_on_a_small_one(
    data: Path, make_app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The walk of 2026-11-29: on a 720x480 screen the saved 1120x720 window at +80+40 opened
    mostly off screen, and `start --size 720x480` too, 80x40 pixels lost."""
    saved = Settings(window_size=(1120, 720), window_position=(80, 40))
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(720, 480)])
    app = make_app(None, settings=saved, remember=True)
    assert app.window_size() == (720, 480)
    assert pygame.display.get_window_position() == (0, 0)
    app.close()
    app = make_app(None, settings=saved, remember=True, size=fit_window((720, 480), [(720, 480)]))
    assert app.window_size() == (720, 480)
    assert pygame.display.get_window_position() == (0, 0)
    app.close()
    # On a screen it fits, the window opens where it was.
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: [(1920, 1080)])
    app = make_app(None, settings=saved, remember=True)
    assert app.window_size() == (1120, 720)
    assert pygame.display.get_window_position() == (80, 40)


def test_a_position_is_fitted_to_the_screens_side_by_side() -> None:
    assert fit_position((80, 40), (720, 480), [(720, 480)]) == (0, 0)
    assert fit_position((-300, -20), (1120, 720), [(1920, 1080)]) == (0, 0)
    assert fit_position((1900, 900), (1120, 720), [(1920, 1080)]) == (800, 360)
    # A second screen to the right keeps a window placed on it.
    assert fit_position((2000, 100), (1120, 720), [(1920, 1080), (1920, 1080)]) == (2000, 100)
    assert fit_position((80, 40), (1120, 720), []) == (80, 40)  # screens unknown


# --- a PDN made mostly of tags, or of tiny games: memory bounded ---------------------------------


def test_a_text_of_tags_alone_costs_a_few_bytes_a_byte() -> None:
    text = '[Event "x"]\n\n' * 20_000 + "1. 11-15 *\n"
    tracemalloc.start()
    try:
        archive = PdnArchive(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(archive) == 1 and archive.game(1).tags == {"Event": "x"}
    # One token of 20,000 tags kept a regex mark each: about 100 bytes a byte of text.
    assert peak < 2 * len(text)


def test_a_game_keeps_at_most_max_tags_each_of_bounded_length(tmp_path: Path) -> None:
    tags = "".join(f'[Tag{number} "{number}"]\n' for number in range(MAX_TAGS + 200))
    path = tmp_path / "many.pdn"
    path.write_text(f'{tags}[Event "{"e" * 5000}"]\n[Black "Eve"]\n\n1. 11-15 *\n')
    archive = open_archive(path)
    game = archive.game(1)
    assert len(archive.entries[0].tags) == MAX_TAGS == len(game.tags)
    assert game.tags["Tag0"] == "0" and "Black" not in game.tags
    path.write_text(f'[Event "{"e" * 5000}"]\n[Black "Eve"]\n\n1. 11-15 *\n')
    archive = open_archive(path)
    assert archive.entries[0].tags["Event"] == "e" * MAX_TAG_CHARS
    assert archive.game(1).tags == {"Event": "e" * MAX_TAG_CHARS, "Black": "Eve"}


def test_a_file_of_more_games_than_any_archive_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert MAX_GAMES == 200_000
    monkeypatch.setattr(_pdn_index, "MAX_GAMES", 1_000)  # the same count, quicker to write
    path = tmp_path / "tiny.pdn"
    path.write_text("1-0\n" * 1_001)
    assert main(["review", str(path), "--depth", "1"], out=io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "tiny.pdn" in err and "more than 1,000 games" in err
    path.write_text("1-0\n" * 1_000)
    assert len(open_archive(path)) == 1_000
