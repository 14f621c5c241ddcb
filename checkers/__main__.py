"""`python -m checkers`: the same command line as `checkers`."""

from checkers.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
