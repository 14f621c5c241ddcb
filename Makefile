# `make play` and `make test` work from a clean clone: they create .venv and install into it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test bench clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# Without a display, `checkers` prints one line (try `checkers watch --headless`) and exits 3;
# make counts that as done so the line is all the user sees.
play: $(STAMP)
	@$(BIN)/checkers || [ $$? -eq 3 ]

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/perft.py

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
