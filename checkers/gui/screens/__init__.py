"""The screens: start, game (with its side panel and overlays), load and setup."""
