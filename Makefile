# `make play` and `make test` work from a clean clone: they create .venv and install into it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test test-serial test-slow lint wheel-check bench screenshots clean

# setuptools prints a block of "Editable installation ... be careful with folders" warnings while
# it installs the checkout editable (the top-level assets/ folder is mapped into the package):
# nothing a player can act on, so the install runs with Python's warnings off.
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	PYTHONWARNINGS=ignore $(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# Without a display, `checkers` prints one line (try `checkers watch --headless`) and exits 3;
# make counts that as done so the line is all the user sees.
play: $(STAMP)
	@$(BIN)/checkers || [ $$? -eq 3 ]

# Lint, then the installed wheel, then the test suite (last, so its summary closes the output),
# spread over the machine's cores by pytest-xdist (each test is independent: its own data folder,
# its own AI processes); worksteal hands a free process the waiting tests of a busy one, so a few
# long window tests at the end do not leave one core idle. `make test-serial` runs it in one process.
test: lint wheel-check
	$(BIN)/python -m pytest -n auto --dist worksteal

test-serial: $(STAMP)
	$(BIN)/python -m pytest

# The checks too long for every run (marked `slow`): the every-screen text walk at 1366x768 and
# 1920x1080, about two minutes of one core each, and the review panel's words opened at 960x600
# and at 1280x800 (`make test` reviews once at 720x480 and resizes to those two), every screen
# resized to the sizes between the smallest and the largest, the panel after a review at 1120x720.
test-slow: $(STAMP)
	$(BIN)/python -m pytest -n auto --dist worksteal -m slow

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy --strict checkers

# Builds the sdist and wheel, installs the wheel into a fresh venv outside the checkout and
# smoke-tests the installed copy (version, a headless game, every asset, kings drawn).
wheel-check: $(STAMP)
	$(BIN)/python tools/check_wheel.py

bench: $(STAMP)
	$(BIN)/python benchmarks/perft.py

# The README's and the guide's pictures of the real window, under xvfb-run (docs/images/).
screenshots: $(STAMP)
	$(BIN)/python tools/screenshots.py

clean:
	rm -rf $(VENV) build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache
