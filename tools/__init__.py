"""The project's tools: the site's build (``tools.site``), its development server (``tools.devserver``) and
the test environment (``tools.devenv``), all run through ``build.py``; and scripts run on their own
(``icons.py``, ``rule_coverage.py``…, each says how). Standard library only."""
