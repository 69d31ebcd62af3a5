"""The replay's markup, written once for every game (pure functions, no browser): the replay bar above the
board (first, previous, play, next, newest; the slider "move 23 of 120"; the speed; "Play from here") and
the move log, whose moves go to the position after them. ``Session`` (shell/model/replay.py) keeps the cursor;
the page's keys and timer are shell/page/replay.py.
"""

from __future__ import annotations

from pygames.core.i18n import N_, _

from ..contract.markup import EMPTY, Markup, esc, part
from ..model.replay import SPEEDS
from ..model.session import Session

LOG_RECENT = 30  # moves shown before "Show all" (around the position shown, in a replay)
SPEED_WORDS = dict(zip(SPEEDS, (N_("fast"), N_("normal"), N_("slow")), strict=True))
# the step buttons' names (their title and label), with their keys at a desk (shell/page/keys.py), without on touch
KEY_LABELS = {"replay-start": N_("First position (Home)"), "replay-prev": N_("Previous move (←)"),
              "replay-next": N_("Next move (→)"), "replay-end": N_("Newest position (End)")}
TOUCH_LABELS = {"replay-start": N_("First position"), "replay-prev": N_("Previous move"),
                "replay-next": N_("Next move"), "replay-end": N_("Newest position")}


# the buttons' pictures (32x32, drawn in the text's colour; fonts often lack ⏮ ⏭ ⏯). (No path step reads like a
# K2 card code, M1..M3 or A0..A3: the tests look for secret cards in every attribute.)
ICONS = {
    "replay-start": "M6 6h4v20H6zM26 6v20L12 16z",
    "replay-prev": "M24 6v20L8 16z",
    "play": "M16 2a14 14 0 1 0 0 28A14 14 0 0 0 16 2zM12 9v14l11-7z",  # (a disc with a hole: evenodd)
    "pause": "M16 2a14 14 0 1 0 0 28A14 14 0 0 0 16 2zM10.6 9.6h3.8v12.8h-3.8zM17.6 9.6h3.8v12.8h-3.8z",
    "replay-next": "M8 6v20l16-10z",
    "replay-end": "M6 6v20l14-10zM22 6h4v20h-4z",
}


def _button(act: str, icon: str, label: str, off: bool, extra: str = "") -> Markup:
    """A replay button; one that would do nothing now says so (aria-disabled: it keeps the focus)."""
    words = esc(label)
    state = ' aria-disabled="true"' if off else ""
    picture = (f'<svg class="replay-icon" viewBox="0 0 32 32" aria-hidden="true" focusable="false">'
               f'<path fill-rule="evenodd" d="{ICONS[icon]}"/></svg>')
    return Markup(f'<button type="button" class="replay-button" data-act="{act}" id="{act}" title="{words}" '
            f'aria-label="{words}"{state}{extra}>{picture}</button>')


def replay_bar(play: Session) -> Markup:
    """The replay controls, one line: the step buttons, the count and the slider (hidden before the first move:
    the element stays, so that the screen's patch never moves the board after it, which would lose its scroll and
    focus). While an earlier position is shown the line sticks to the top of the screen; the note, "Play from
    here" and the speed follow it on a line of their own that scrolls away with the page (``replay_more``), so
    that on a phone what sticks stays one line above the board."""
    total = len(play.game.history)
    if not total:
        return Markup('<div class="replay-bar" id="replay" hidden></div>')
    shown, newest = play.moves_shown(), play.at is None
    count = _("move {n} of {total}").format(n=shown, total=total)
    pause = _("Pause") if play.autoplay else _("Play the moves one by one")
    labels = TOUCH_LABELS if play.touch else KEY_LABELS  # (a finger has no keys: no key hints)
    buttons = (
        _button("replay-start", "replay-start", _(labels["replay-start"]), shown == 0)
        + _button("replay-prev", "replay-prev", _(labels["replay-prev"]), shown == 0)
        + _button("replay-play", "pause" if play.autoplay else "play", pause, False,
                  f' aria-pressed="{"true" if play.autoplay else "false"}"')
        + _button("replay-next", "replay-next", _(labels["replay-next"]), newest)
        + _button("replay-end", "replay-end", _(labels["replay-end"]), newest)
    )
    # (a part of its own: the count and the slider change at every move, the buttons seldom)
    buttons = part(Markup(f'<span class="replay-buttons" id="replay-buttons">{buttons}</span>'))
    slider = (
        f'<input type="range" class="replay-slider" id="replay-slider" min="0" max="{total}" step="1" '
        f'value="{shown}" aria-label="{esc(_("Position shown"))}" aria-valuetext="{esc(count)}">'
    )
    return Markup(
        f'<div class="replay-bar{" replaying" if not newest else ""}" id="replay" role="group" '
        f'aria-label="{esc(_("Replay"))}">{buttons}'
        f'<span class="replay-count" id="replay-count">{esc(count)}</span>{slider}</div>{replay_more(play)}'
    )


def replay_more(play: Session) -> Markup:
    """Below the replay bar while an earlier position is shown: what it is, "Play from here" and the play
    button's speed (nothing at the newest position)."""
    if play.at is None:
        return EMPTY
    speeds = "".join(
        f'<option value="{speed:g}"{" selected" if speed == play.replay_speed else ""}>{esc(_(words))}</option>'
        for speed, words in SPEED_WORDS.items())
    return Markup(
        f'<div class="replay-more" id="replay-more"><p class="replay-note" id="replay-note">'
        f'{esc(_("An earlier position: nothing can be played on it."))}</p>'
        f'<button type="button" class="primary" data-act="fork" id="btn-fork">{esc(_("Play from here"))}</button>'
        f'<label class="replay-speed">{esc(_("Speed"))} <select id="replay-speed" name="replay-speed">'
        f"{speeds}</select></label></div>"
    )


def move_log(play: Session) -> Markup:
    """The moves as sentences, newest first, with who played them and their notation; each goes to the
    position after it (the one shown is marked)."""
    history = play.seen_history()
    if not history:
        return Markup(f'<div class="panel log-panel" id="log-panel"><h2>{esc(_("Moves"))}</h2>'
                f'<p class="log-empty">{esc(_("No moves yet."))}</p></div>')
    count, shown = len(history), play.moves_shown()
    if play.log_all:
        first, last = 0, count
    else:  # the newest moves, or those around the position shown
        last = count if play.at is None else min(count, max(shown + LOG_RECENT // 2, LOG_RECENT))
        first = max(0, last - LOG_RECENT)
    items = []
    hinted = play.hinted_moves()
    as_hinted = (f' <span class="hinted">{esc(_("(as hinted)"))}</span>')
    for index in range(last - 1, first - 1, -1):
        actor, phrase = play.sentence(index)
        here = ' class="current" aria-current="step"' if index + 1 == shown and play.at is not None else ""
        items.append(part(Markup(
            f'<li data-move="{index + 1}" id="log-{index + 1}"{here}>'
            '<button type="button" class="log-step" data-act="replay-to" '
            f'data-to="{index + 1}"><span class="n">{index + 1}.</span> '
            f'<span class="who">{esc(play.short_name(actor))}</span> '
            f'<span class="what">{esc(phrase)}</span> <code>{esc(history[index])}</code>'
            f'{as_hinted if index + 1 in hinted else ""}</button></li>'
        )))
    more = ""
    if count > LOG_RECENT:
        label = _("Show the newest moves only") if play.log_all else _("Show all {n} moves").format(n=count)
        more = f'<button type="button" class="link-button" data-act="log-all" id="btn-log-all">{esc(label)}</button>'
    return Markup(
        f'<div class="panel log-panel" id="log-panel"><h2>{esc(_("Moves"))}</h2>'
        f'<ol class="log" data-newest-first aria-label="{esc(_("Moves, newest first"))}">'
        f'{"".join(items)}</ol>{more}</div>'
    )
