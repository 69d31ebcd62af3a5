"""Errors a player or a link author can read."""


class RuleError(ValueError):
    """An action the rules refuse. The message says which rule, in words."""


class RecordError(ValueError):
    """A record or link that cannot be read or replayed (malformed, unknown game, other version)."""
