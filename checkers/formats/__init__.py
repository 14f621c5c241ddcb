"""The file formats: every file the program reads or writes, one module a format.

Each module reads and writes one kind of file and imports the rules core and the data it writes
(a record, a review, a search tree, a puzzle); none imports the window (`tests/test_layering.py`
holds them to it) and none imports pygame. Importing this package loads none of them.

Here:

- `pdn` (with `_pdn_base`, `_pdn_index`, `_pdn_words`): PDN games, read tolerantly (a file is
  indexed in one pass, a game's moves read when asked for) and written as RULES.md asks; saved
  games, archives, match games and problem collections are all PDN. The API is also importable
  from `checkers` itself (`read_games`, `write_game`, ...).
- `svg`: a picture (`checkers.picture`'s shapes) as SVG text. The same shapes painted as PNG
  bytes need pygame, so that painter is the window's (`checkers.gui.picture_png`; the command
  line loads it only when a PNG is asked for).
- `judged`: a game's kept judgements of its positions, which a saved game's PDN keeps as a
  `[%judged ...]` command in the comment after each move.
- `html_review`: a reviewed game as one self-contained web page.
- `tree_export`: a tracked search tree as text, JSON (docs/tree.schema.json) and Graphviz DOT.
- `opening_book`: the opening book's text file (`checkers/data/opening-book.txt`).
- `games_index`: the games folder's index (JSON), what each saved game's file holds.
- `explorer_index`: the opening explorer's SQLite index of an archive, its queries, and the list
  of archives the player added (`archives.json`).
- `puzzle_store`: the player's puzzle set and its schedule (`puzzles.json`,
  `puzzle-schedule.json`).

Elsewhere, and why:

- FEN and a move's PDN text (`Position.from_fen` / `fen()`, `Move.from_pdn` / `pdn()`) are the
  rules core's own text forms, in `checkers.board`, as python-chess keeps FEN in its core.
- The endgame slices (`.cdb`) stay in `checkers.ai.endgame`: a slice's bytes are the probe's
  table, looked up in place by the same index that lays them out (the compiled probe reads the
  same buffer), and docs/engine.md names `checkers.ai.endgame` as the probe API.
  `checkers.ai.endgame_build` writes them; the drill tables are slices too.
- The pattern tables (`checkers/data/patterns.bin`) stay in `checkers.ai.patterns`: the
  evaluation's own table, read once when it loads, written only by tools/learn_patterns.py.
- The opening book's work file (a resumable log of finished searches) stays in
  `checkers.ai.book` with the builder, the one thing that writes and reads it.
- The ACF ballots (`checkers/data/ballots-3move.txt`) are read by `checkers.match.load_ballots`:
  the match runner's openings (the book build starts from them too), a shipped list, never
  written.
- The saved games' folder, the files kept while a game is played and their locks are
  `checkers.saves` (the files themselves are PDN, through `pdn`).
- The window's settings (`checkers.gui.settings`) are the window's own JSON, read by nothing
  below it.
"""
