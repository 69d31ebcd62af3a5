"""The in-app rules as data: a game's ``rules`` module lists ``Section``s (with ``Example`` positions),
which ``howto.py`` draws and ``session.py`` links to (the section about a refused rule or the phase),
and the rule id an engine's reason names (``split_reason``).
Pure data, importing nothing of the shell: neither of those two modules needs the other for it."""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Example:
    """A position (a record, as in a link) drawn by the game's view, with moves to try there."""

    caption: str  # marked N_
    record: str
    tries: tuple[str, ...] = ()  # moves in the notation: the engine says whether each is allowed


@dataclass(frozen=True)
class Section:
    id: str
    title: str  # marked N_
    paragraphs: tuple[str, ...]  # marked N_
    rules: tuple[str, ...] = ()  # the rule ids it explains (K3-R15…)
    phases: tuple[str, ...] = ()  # the game phases it is about (the ? button)
    examples: tuple[Example, ...] = field(default_factory=tuple)


def section_for_rule(sections: tuple[Section, ...], rule: str) -> Section | None:
    """The section that explains ``rule``, if any."""
    return next((s for s in sections if rule in s.rules), None)


def section_for_phase(sections: tuple[Section, ...], phase: str) -> Section:
    """The section about ``phase`` (else the first)."""
    return next((s for s in sections if phase in s.phases), sections[0])


# "MH-R16: the dice…", "K2-R17 / D3: a rope…", "B3D-R7 footprint: cell…" (an id first), or
# "…below it (K3-R15)", "…covered by (5,0) (K3-R5: only uncovered pawns may be used)" (an id after)
_RULE_PREFIX = re.compile(r"^\s*(?P<id>[A-Z0-9]+-R\d+)[^:]{0,40}:\s*")
_RULE_AFTER = re.compile(r"\s*\((?P<id>[A-Z0-9]+-R\d+)[^():]*(?::\s*(?P<words>[^()]*))?\)")


def split_reason(message: str) -> tuple[str, str]:
    """An engine reason -> (the rule id it names, or "", the words without the id)."""
    match = _RULE_PREFIX.match(message)
    if match:
        return match.group("id"), message[match.end():]
    match = _RULE_AFTER.search(message)
    if match:
        words = match.group("words")
        kept = f" ({words.strip()})" if words else ""
        return match.group("id"), message[: match.start()] + kept + message[match.end():]
    return "", message
