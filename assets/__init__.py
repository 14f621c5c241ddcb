"""The game's images and sounds, installed as the package `checkers.assets`.

pyproject.toml maps this folder to `checkers.assets` so the files travel inside the wheel and
load through importlib.resources; this file makes it a regular package, which an editable
install needs to find it. The files are made by tools/make_assets.py.
"""
