"""What a game's view and the shell share: the view's interface, markup and drawing helpers, the in-app
rules as data (pure Python)."""
