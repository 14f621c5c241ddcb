"""Start the checkers desktop game: `python main.py`."""

from checkers.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
