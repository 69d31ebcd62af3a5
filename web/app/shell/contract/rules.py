"""The in-app rules as data: a game's ``rules`` module lists ``Section``s (with ``Example`` positions),
which shell/screens/rules.py draws and shell/model/session.py links to (the section about a refused rule, named by the
engine's ``RuleError.rule``, or the phase).
Pure data, importing nothing of the shell: neither of those two modules needs the other for it."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Example:
    """A position (a record, as in a link) drawn by the game's view, with moves to try there."""

    caption: str  # marked N_
    record: str
    tries: tuple[str, ...] = ()  # moves in the notation: the engine says whether each is allowed


@dataclass(frozen=True)
class Section:
    """A section of a game's rules page: its id (linked as ``#rules/<game>/<id>``), title and text."""

    id: str
    title: str  # marked N_
    # marked N_; a pair is the words at a desk and on a touch screen (where a finger has no keys to press)
    paragraphs: tuple[str | tuple[str, str], ...]
    rules: tuple[str, ...] = ()  # the rule ids it explains (K3-R15…)
    phases: tuple[str, ...] = ()  # the game phases it is about (the ? button)
    examples: tuple[Example, ...] = field(default_factory=tuple)


def section_for_rule(sections: tuple[Section, ...], rule: str) -> Section | None:
    """The section that explains ``rule``, if any."""
    return next((s for s in sections if rule in s.rules), None)


def section_for_phase(sections: tuple[Section, ...], phase: str) -> Section:
    """The section about ``phase`` (else the first)."""
    return next((s for s in sections if phase in s.phases), sections[0])

