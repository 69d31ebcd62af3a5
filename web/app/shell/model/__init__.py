"""The state of the page's games and what it keeps, without markup or the browser (pure Python)."""
