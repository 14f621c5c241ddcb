"""The search-tree view: the layout (pure) and its drawing."""
