"""The desktop game: controller, renderer, widgets and assets (the only package that imports pygame)."""
