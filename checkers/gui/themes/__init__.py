"""The pygame_gui theme files, one per theme name (see checkers.gui.theme)."""
