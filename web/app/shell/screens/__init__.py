"""The page's screens as markup: pure functions of the model (no browser)."""
