"""Nim, the fifth game's engine: a test-only game that proves ``pygames.core.game.Game`` is all a game needs.

It lives under tests/, not pygames/: the registry knows it only where a test registers it
(``fifth.register``), and the site has it only in the copy that tests/e2e/test_fifth_game.py assembles
(``tools.site.extra_games``). Its modules import each other relatively: in CPython they are ``fifth.nim``,
in the page ``pygames.nim`` (its wheel holds ``pygames/nim/``).
"""
