"""How to play, in the page: each game's rules as sections, with real positions drawn by its view.

A game's package has a ``rules`` module with ``SECTIONS`` (shell/contract/rules.py): the rules in the
player's words (no rule ids in the text), in order, each naming the rule ids it explains (so that a refused
move can link to it) and the game phases it is about (so that the ``?`` button opens the section for the moment).
Examples are positions given as records (the same text as links): the view draws them, and a
"try" button asks the engine whether a move is allowed there and shows its answer (shell/model/examples.py).

Pure markup: the page (shell/page/navigation.py) shows ``render_page`` at ``#rules/<game>[/<section>]``.
"""

from __future__ import annotations

from pygames.core.errors import RecordError, RuleError
from pygames.core.i18n import _, generation, seats_named
from pygames.core.registry import game_title

from ..contract.markup import Markup, esc
from ..contract.rules import Example, Section
from ..model.examples import example_play


def paragraph(text: str | tuple[str, str], touch: bool) -> str:
    """A rules paragraph in the player's language: a pair's words for a desk or a touch screen."""
    if isinstance(text, tuple):
        text = text[1] if touch else text[0]
    return _(text)


def busy(html: str) -> bool:
    """A rules page drawn with ``drawn_only`` whose boards are still to draw (its first tag says so)."""
    return 'aria-busy="true"' in html[:html.find(">")]


def render_page(name: str, sections: tuple[Section, ...], view_class: type, open_id: str = "",
                answers: dict[tuple[int, int], tuple[bool, str]] | None = None, back: str = "",
                touch: bool = False, drawn_only: bool = False) -> Markup:
    """The rules page of a game; ``answers`` holds the engine's answers to moves already tried; ``back``, the
    fragment of the game in progress that the player left for these rules (``play/<id>``): a "Back to the
    game" button, which stays in view at the top of the page; ``touch``: the player points with a finger
    (the words say "tap" and name no keys, in the text and the examples' hints). ``drawn_only``: the example
    boards not drawn yet in this language are left empty (``data-pending``) and the page says it is
    ``aria-busy``: it opens at once, and the page draws it again with them (shell/page/navigation.py)."""
    title = game_title(name)
    back_button = (f'<p class="rules-back"><a class="button primary" id="btn-back-game" href="#{esc(back)}">'
                   f'← {esc(_("Back to the game"))}</a></p>') if back else ""
    toc = "".join(f'<li><a href="#rules/{esc(name)}/{esc(s.id)}">{esc(_(s.title))}</a></li>' for s in sections)
    parts = []
    for k, section in enumerate(sections):
        body = "".join(f"<p>{esc(paragraph(text, touch))}</p>" for text in section.paragraphs)
        examples = "".join(
            _example(name, view_class, k, j, ex, (answers or {}).get((k, j)), touch, drawn_only)
            for j, ex in enumerate(section.examples)
        )
        current = ' class="current"' if section.id == open_id else ""
        parts.append(
            f'<section id="rules-{esc(section.id)}" data-section="{esc(section.id)}"{current} tabindex="-1">'
            f"<h2>{esc(_(section.title))}</h2>{body}{examples}</section>"
        )
    pending = drawn_only and any(example_board(name, view_class, ex, touch, drawn_only) is None
                                 for section in sections for ex in section.examples)
    busy = ' aria-busy="true"' if pending else ""
    return Markup(
        f'<article class="rules" data-page="rules" data-game="{esc(name)}"{busy}>'
        f'<header class="home-head"><a href="#" class="back">← {esc(_("Home"))}</a> '
        f'<a href="#new/{esc(name)}" class="back">{esc(_("New game"))}</a>'
        f"<h1>{esc(_('How to play {title}').format(title=title))}</h1></header>{back_button}"
        f'<nav class="rules-toc" aria-label="{esc(_("Sections"))}"><ol>{toc}</ol></nav>'
        f"{''.join(parts)}</article>"
    )


_boards: dict[tuple, Markup] = {}  # example_board's, in the language of _boards_in
_boards_in = [-1]


def example_board(name: str, view_class: type, example: Example, touch: bool,
                  drawn_only: bool = False) -> Markup | None:
    """An example's position drawn by the game's view, kept for each time the page is drawn in this language
    (``drawn_only``: None when it was not drawn yet)."""
    if _boards_in[0] != generation():
        _boards.clear()
        _boards_in[0] = generation()
    key = (name, view_class, example, touch)
    board = _boards.get(key)
    if board is None and not drawn_only:
        board = _boards[key] = _draw_board(name, view_class, example, touch)
    return board


def _draw_board(name: str, view_class: type, example: Example, touch: bool) -> Markup:
    try:
        play = example_play(name, view_class, example, touch)
        state, seat = play.visible_state(), play.viewer()
        with seats_named(play.short_name):  # the example's players, not the game's on the page
            return Markup(play.view.board(state, seat) + play.view.controls(state, seat))
    except (RecordError, RuleError) as error:  # a broken example says so (a test keeps them all working)
        return Markup(f'<p class="message">{esc(error)}</p>')


def _example(name: str, view_class: type, k: int, j: int, example: Example, answer: tuple[bool, str] | None,
             touch: bool, drawn_only: bool) -> Markup:
    board = example_board(name, view_class, example, touch, drawn_only)
    tries = "".join(
        f'<button type="button" data-act="rules-try" data-section="{k}" data-example="{j}" data-move="{esc(move)}">'
        f"<code>{esc(move)}</code></button>"
        for move in example.tries
    )
    said = ""
    if answer is not None:
        allowed, words = answer
        verdict = _("Allowed: {what}") if allowed else _("Not allowed: {what}")
        said = f'<p class="try-answer {"good" if allowed else "bad"}">{esc(verdict.format(what=words))}</p>'
    tries_html = (
        f'<div class="rules-tries"><span>{esc(_("Try a move:"))}</span> {tries}'
        f'<div class="try-out" aria-live="polite">{said}</div></div>' if tries else ""
    )
    return Markup(
        f'<figure class="rules-example" data-example="{k}.{j}">'
        + (f'<div class="example-board" inert>{board}</div>' if board is not None
           else '<div class="example-board" inert data-pending></div>') +
        f"<figcaption>{esc(_(example.caption))}</figcaption>{tries_html}</figure>"
    )
