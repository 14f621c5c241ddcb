"""The desktop game: controller, renderer, widgets and assets (the only package that imports pygame)."""

import os

# pygame prints a banner on import; the command line's output is for the user, not for pygame.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
