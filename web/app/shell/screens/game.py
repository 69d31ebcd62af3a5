"""The play screen's markup, written once for every game (pure functions, no browser).

``render(play, link, can_undo, can_redo)`` draws: the header (title, options, undo/redo, copy link,
new game, home), the status line with the last move in words, either the hand-off screen or the
game's board and controls (from its view), the move box with the list of legal moves, the move log,
the link field, and the result dialog. The screen's state is on ``section.play``'s ``data-*``
attributes (tests drive every game through them, the move box and ``data-act="handoff"``).
"""

from __future__ import annotations

from pygames.core.game import Action
from pygames.core.i18n import N_, _, ngettext

from ..contract.markup import EMPTY, Markup, attrs, esc, fill, part, short
from ..model.replay import REPLAY_KEYS
from ..model.session import LEGAL_LIST_LIMIT, Session
from . import daily
from .language import picker
from .replay import move_log, replay_bar

ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"))
# Where the side column is a column beside the board (game.css: below 761 px it is no box, its parts stacked around
# the board, some above it): only there is it shown after the rest of a new screen (page.mjs ``showLater``), so
# that nothing already shown moves when it comes.
SIDE_LATER = "(min-width: 761px)"


def ordinal(n: int) -> str:
    """1st, 2nd… in the page's language (games have at most 5 players)."""
    return _(ORDINALS[n - 1]) if 1 <= n <= len(ORDINALS) else f"{n}."


def header(play: Session, can_undo: bool, can_redo: bool, link_hidden: bool) -> Markup:
    game = play.game
    copy = "" if link_hidden else f'<button type="button" data-act="copy" id="btn-copy">{esc(_("Copy link"))}</button>'
    seed = Markup(f'<span class="seed" title="{esc(game.seed)}">{esc(short(game.seed, 32))}</span>')
    return Markup(
        '<header class="play-bar" id="play-bar">'
        f"<h1>{esc(game.title)} <small>{esc(play.view.subtitle())} · {fill(esc(_('seed {seed}')), seed=seed)}"
        "</small></h1>"
        f'<nav class="play-nav" aria-label="{esc(_("Game"))}">'
        f'<button type="button" data-act="undo" id="btn-undo"{_blocked(play.undo_refusal(), can_undo)}>'
        f'↶ {esc(_("Undo"))}</button>'
        f'<button type="button" data-act="redo" id="btn-redo"{_blocked(play.redo_refusal(), can_redo)}>'
        f'{esc(_("Redo"))} ↷</button>'
        f"{copy}"
        f'<button type="button" data-act="newgame" id="btn-newgame">{esc(_("New game"))}</button>'
        f'<button type="button" data-act="home" id="btn-home">{esc(_("Home"))}</button>'
        f"{rules_button(play)}"
        f"{picker()}</nav></header>"
    )


def _blocked(refusal: str, possible: bool) -> Markup:
    """Undo's or redo's state: possible; refused for a reason (a hot seat's hand-off: the button says why
    on hover and, pressed, in the message box); or nothing to take back or play again (disabled)."""
    if refusal:
        return Markup(f' aria-disabled="true" title="{esc(refusal)}"')
    return Markup("" if possible else " disabled")


def rules_button(play: Session) -> Markup:
    """``?``: how to play, opened at the section for what happens now."""
    section = play.rules_section()
    if not section:
        return EMPTY
    words = esc(_("How to play"))
    return Markup(f'<a class="button help" id="btn-rules" href="#rules/{esc(play.name)}/{esc(section)}" '
            f'title="{words}" aria-label="{words}">?</a>')


def status_line(play: Session, hand_off: bool) -> Markup:
    human = play.human_mover()
    classes = "turn-status" + (" thinking" if play.thinking is not None else "")
    classes += " mine" if human is not None else ""
    last = ""
    if not hand_off and play.moves_shown():
        sentence = esc(play.last_move_sentence())
        words = (fill(esc(_("Last move: {sentence}")), sentence=sentence) if play.at is None
                 else fill(esc(_("Move {n}: {sentence}")), n=play.at, sentence=sentence))
        last = f'<span class="last-move">{words}</span>'
    bar = ""
    if play.thinking is not None and play.think_budget_ms:
        bar = (f'<progress id="think-progress" class="think-progress" max="100" value="0" '
               f'aria-label="{esc(_("Thinking"))}"></progress>')
    return Markup(
        f'<p class="{classes}" id="turn-status" tabindex="-1">'
        f'<span class="status-text">{esc(play.status())}</span>{bar}{last}</p>'
    )


def hint_box(play: Session) -> Markup:
    """*Hint* for the human to move; while it is thought, a progress bar and *Stop*; then the hard bot's move (also
    marked on the board by the view) with the best few it weighed and their worth, *Play it* and *Close*."""
    if play.hinting is not None:
        return Markup(
            '<div class="panel hint-panel" id="hint-panel" aria-live="polite">'
            f'<p class="hint-thinking">{esc(_("Thinking of a hint…"))} '
            f'<progress id="think-progress" class="think-progress" max="100" value="0" '
            f'aria-label="{esc(_("Thinking"))}"></progress></p>'
            f'<div class="button-row"><button type="button" data-act="hint-close" id="btn-hint-stop">'
            f'{esc(_("Stop thinking"))}</button></div></div>')
    hint = play.shown_hint()
    if hint is None:
        if not play.hint_possible():
            return EMPTY
        key = "" if play.touch else " <kbd>H</kbd>"  # (a phone has no keys)
        return Markup('<div class="hint-ask" id="hint-panel"><button type="button" data-act="hint" id="btn-hint" '
                      f'aria-describedby="hint-help">{esc(_("Hint"))}{key}</button> '
                      f'<small class="muted" id="hint-help">{esc(_("the hard bot’s move here, and why"))}'
                      '</small></div>')
    view, game = play.view, play.game

    def move(text: str) -> str:
        label = view.move_label(game.parse_action(text, hint.seat))
        return f"<code>{esc(text)}</code>" + (f' <span class="what">{esc(label)}</span>' if label else "")

    reasons = "".join(
        f'<li{" class=chosen" if text == hint.action else ""}>{move(text)} — '
        f'<span class="worth">{esc(view.worth(value))}</span></li>' for text, value in hint.weighed)
    listed = (f'<p class="muted">{esc(_("What it weighed, best first:"))}</p><ol class="hint-reasons">{reasons}</ol>'
              if len(hint.weighed) > 1 else
              f'<p class="muted">{esc(_("Its worth: {worth}").format(worth=view.worth(hint.weighed[0][1])))}</p>'
              if hint.weighed else f'<p class="muted">{esc(_("The only move it considered here."))}</p>')
    return Markup(
        f'<div class="panel hint-panel" id="hint-panel" aria-live="polite" data-hint="{esc(hint.action)}">'
        f'<h2>{esc(_("Hint: the hard bot would play"))}</h2><p class="hint-move">{move(hint.action)}</p>{listed}'
        f'<div class="button-row"><button type="button" class="primary" data-act="hint-play" id="btn-hint-play">'
        f'{esc(_("Play it"))}</button><button type="button" data-act="hint-close" id="btn-hint-close">'
        f'{esc(_("Close"))}</button></div></div>')


def handoff_screen(play: Session, seat: int) -> Markup:
    """Between two humans in a game that hides information: nothing private of any seat is drawn."""
    name = esc(play.short_name(seat))
    words = (_("Some of the game is secret. When only {name} can see the screen, tap the button.") if play.touch
             else _("Some of the game is secret. When only {name} can see the screen, press the button."))
    return Markup(
        '<dialog class="handoff panel" role="dialog" data-modal aria-labelledby="handoff-title" '
        f'data-handoff-seat="{seat}">'
        f'<h2 id="handoff-title">{fill(esc(_("Pass the device to {name} — ready?")), name=name)}</h2>'
        f"<p>{fill(esc(words), name=name)}</p>"
        f'<button type="button" class="primary" data-act="handoff" data-seat="{seat}" id="btn-handoff" '
        'autofocus>'
        f"{fill(esc(_('I am {name}: show my game')), name=name)}</button></dialog>"
    )


def message_box(play: Session, toast: bool = True) -> Markup:
    """The last refusal or notice. A refusal (or warning) is a toast fixed in the window where the player
    looks, announced (``role="alert"``), over the page, so that nothing moves when it comes or goes; it stays
    until the next action or its close button. A notice (info: a hint, a copied link) stays in the column."""
    if not play.message:
        return EMPTY
    kind = "message info" if play.message_info else "message toast" if toast else "message"
    link = ""
    section = play.rules_section(play.message_rule) if play.message_rule else ""
    if section:
        link = (f' <a href="#rules/{esc(play.name)}/{esc(section)}" class="rules-link">'
                f"{esc(_('Why? See the rules'))}</a>")
    rule = f' data-rule="{esc(play.message_rule)}"' if play.message_rule else ""
    close = ""
    if "toast" in kind:
        close = (f'<button type="button" class="toast-close" data-act="dismiss-message" id="btn-dismiss-message" '
                 f'aria-label="{esc(_("Close this message"))}">×</button>')
    return Markup(f'<p class="{kind}" role="alert" id="play-message"{rule}><span class="words">'
                  f"{esc(play.message)}{link}</span>{close}</p>")


def legal_items(play: Session, actions: list[Action], needle: str = "") -> Markup:
    """The legal moves as buttons (those containing ``needle``), at most LEGAL_LIST_LIMIT."""
    needle = needle.strip().lower()
    shown = [a for a in actions if needle in str(a).lower()] if needle else list(actions)
    items = []
    for action in shown[:LEGAL_LIST_LIMIT]:
        text = str(action)
        label = play.view.move_label(action)
        words = f' <span class="what">{esc(label)}</span>' if label else ""
        items.append(
            f'<li><button type="button" class="move-button" data-act="move" data-move="{esc(text)}">'
            f"<code>{esc(text)}</code>{words}</button></li>"
        )
    more = len(shown) - LEGAL_LIST_LIMIT
    tail = ""
    if more > 0:
        words = _("… and {n} more: type in the move box to narrow the list.").format(n=more)
        tail = f'<li class="muted">{esc(words)}</li>'
    if not shown:
        tail = f'<li class="muted">{esc(_("No legal move matches what is typed."))}</li>'
    return Markup("".join(items) + tail)


def move_box(play: Session) -> Markup:
    """The move box (the game's notation, Enter plays it) and the expandable list of legal moves."""
    seat = play.human_mover()  # (None while an earlier position is shown: the box is read-only)
    active = seat is not None and play.handoff_seat() is None and not play.game.is_over()
    actions = play.legal_moves() if active else []
    # while another player (a bot) moves, the box waits read-only, not disabled: it keeps the focus of a player
    # who just played in it; an earlier position shown, or the game over, disables it
    state = "" if active else (" readonly" if play.at is None and not play.game.is_over() else " disabled")
    help_words = esc(_("The same notation as links and the command line, e.g. {move}.").format(move=str(actions[0]))
                     if actions else _("The same notation as links and the command line."))
    field = (
        '<form id="move-form" class="move-form" autocomplete="off">'
        f'<label for="move-input">{esc(_("Type a move"))}</label>'
        # (data-moves: after a move the patch sets the field to the session's text, emptied, not the text typed,
        # which an unchanged element would keep)
        f'<span class="move-row"><input type="text" id="move-input" name="move" value="{esc(play.move_text)}" '
        f'data-moves="{len(play.game.history)}" '
        f'spellcheck="false" autocapitalize="off" aria-describedby="move-help"{state}>'
        f'<button type="submit" id="btn-move"{"" if active else " disabled"}>{esc(_("Play"))}</button></span>'
        f'<small id="move-help" class="muted">{help_words}</small></form>'
    )
    if not active:
        listing = ""
    elif actions is None:
        listing = f'<p class="muted">{esc(_("These moves are too many to list: type one, or use the board."))}</p>'
    else:
        open_attr = " open" if play.legal_open else ""
        body = (f'<ul class="legal-list" id="legal-list" tabindex="0" aria-label="{esc(_("Legal moves"))}">'
                f'{legal_items(play, actions, play.move_text)}</ul>') if (
            play.legal_open) else ""
        listing = (
            f'<details class="legal-moves" id="legal-moves"{open_attr}>'
            f'<summary data-act="legal-toggle" id="legal-summary">{esc(_("Legal moves ({n})").format(n=len(actions)))}'
            "</summary>"
            f"{body}</details>"
        )
    return Markup(f'<div class="panel move-panel" id="move-panel">{field}{listing}</div>')


def board_words(play: Session, state, seat) -> Markup:
    """"Describe the board": the position in sentences (for screen readers, or anyone), on demand."""
    lines = play.view.describe_board(state, seat)
    if not lines:
        return EMPTY
    expanded = "true" if play.describe_open else "false"
    button = (f'<button type="button" data-act="describe" id="btn-describe" aria-expanded="{expanded}" '
              f'aria-controls="board-description">{esc(_("Describe the board"))}</button>')
    if not play.touch:  # (a phone has no keys)
        button += (f' <button type="button" class="key-hint" data-act="keys" id="btn-keys" '
                   f'aria-haspopup="dialog">{esc(_("Keys"))} <kbd>?</kbd></button>')
    if not play.describe_open:
        return Markup(f'<div class="describe" id="describe">{button}</div>')
    text = "".join(f"<li>{esc(line)}</li>" for line in lines)
    return Markup(f'<div class="describe" id="describe">{button}'
            '<section class="panel board-description" id="board-description" '
            f'tabindex="-1" aria-label="{esc(_("The board in words"))}"><ul>{text}</ul></section></div>')


# The keys every game has (the list ``?`` opens: shell/page/keys.py), before the game's own (``GameView.board_keys``).
SHELL_KEYS = (
    (N_("Tab, Shift+Tab"), N_("the next or previous group: the pieces to choose, the places they can go, the "
                              "controls (one stop each)")),
    ("← → ↑ ↓", N_("from piece to piece, or place to place, inside a group")),
    (N_("Enter, Space"), N_("choose the piece or place that has the focus")),
    (N_("Escape"), N_("drop what is chosen; close this list")),
    (N_("Home, ←, →, End"), N_("the replay: first, previous, next and newest position (from its controls or "
                               "the log, or when nothing on the board can be chosen)")),
    ("?", N_("this list of keys")),
    ("H", N_("a hint: the hard bot’s move, when it is your turn")),
)


def keys_dialog(play: Session) -> Markup:
    """The list of the game's keys (``?`` opens it, Escape closes it: shell/page/keys.py), a native ``<dialog>`` drawn
    closed with the screen (the patch keeps it open). None on a touch screen: a phone has no keys."""
    if play.touch:
        return EMPTY
    shell = [(_(keys) if keys not in ("← → ↑ ↓", "?", "H") else keys, _(what)) for keys, what in SHELL_KEYS
             if keys != "H" or not play.view.own_hint()]  # (a view's own hint lists its own key)
    rows = "".join(f'<tr><th scope="row"><kbd>{esc(keys)}</kbd></th><td>{esc(what)}</td></tr>'
                   for keys, what in (*shell, *play.view.board_keys()))
    return Markup(
        '<dialog class="dialog keys-dialog" id="keys-dialog" aria-labelledby="keys-title">'
        f'<h2 id="keys-title">{esc(_("Keys of {game}").format(game=play.game.title))}</h2>'
        f'<table class="keys-table">{rows}</table>'
        f'<div class="button-row"><button type="button" data-act="close-keys" id="btn-close-keys">'
        f'{esc(_("Close"))}</button></div></dialog>'
    )


def skip_link() -> Markup:
    """The first Tab stop of a game screen, seen when focused: to the controls beside the board (shell/page/events.py
    focuses their first; a link's address would change the page's route)."""
    return Markup(f'<a class="skip-link" href="#side-col" data-act="skip-controls" id="skip-controls">'
            f'{esc(_("Skip to the controls"))}</a>')


def link_field(play: Session, link: str, hidden: bool) -> Markup:
    """The link to the position shown: the game's, with ``at=N`` while an earlier position is shown."""
    if hidden:
        return Markup(
            '<p class="link-field link-hidden muted" id="link-hidden">'
            f"{esc(_('No link during a secret choice: a link holds every seat’s choices.'))}</p>"
        )
    label = _("Link to this position") if play.at is None else _("Link to this position (move {n})").format(
        n=play.at)
    return Markup(
        f'<label class="link-field" id="link-field">{esc(label)} <input type="text" readonly id="game-link" '
        f'value="{esc(link)}"></label>'
    )


def result_dialog(play: Session, link: str = "") -> Markup:
    game = play.game
    result = game.result()
    if result is None or play.dialog_closed or play.at is not None:
        return EMPTY
    lines = []
    if result.coop is None and play.view.ranked:
        scores = result.scores
        for place, group in enumerate(result.ranking, start=1):
            names = ", ".join(
                esc(play.seat_name(s)) + (f" — {esc(scores[s])}" if isinstance(scores, list | tuple) and
                                          s < len(scores) else "")
                for s in group
            )
            lines.append(f"<li>{esc(ordinal(place))}: {names}</li>")
    ranking = f'<ol class="ranking">{"".join(lines)}</ol>' if len(lines) > 1 or (
        lines and result.scores) else ""
    return Markup(
        '<dialog class="dialog" role="dialog" data-modal aria-labelledby="result-title" data-result="1">'
        f'<h2 id="result-title">{esc(play.result_title())}</h2>'
        f"<p>{esc(play.view.result_summary(result))} "
        f"{esc(ngettext('after {n} move.', 'after {n} moves.', len(game.history)).format(n=len(game.history)))}</p>"
        f"{ranking}{play.view.result_details(result)}{daily.result_note(play, link)}"
        '<div class="button-row">'
        f'<button type="button" class="primary" data-act="rematch" id="btn-rematch" autofocus>'
        f'{esc(_("Rematch same seed"))}</button>'
        f'<button type="button" data-act="replay-result" id="btn-replay-result">{esc(_("Replay"))}</button>'
        f'<button type="button" data-act="newgame" id="btn-newgame-dialog">{esc(_("New game"))}</button>'
        f'<button type="button" data-act="close-dialog" id="btn-close-dialog">{esc(_("See the board"))}</button>'
        "</div></dialog>"
    )


def render(play: Session, link: str = "", can_undo: bool = False, can_redo: bool = False,
           position_link: str = "") -> Markup:
    """The whole game screen; ``link`` is the game's, ``position_link`` the one to the position shown
    (the same at the newest position). ``data-phase`` and ``data-to-move`` are the shown position's,
    ``data-moves``, ``data-over`` and ``data-link`` the game's; ``data-at`` the moves shown."""
    game = play.game
    view = play.view
    hand_off = play.handoff_seat()
    link_hidden = hand_off is not None or play.link_hidden()
    shown = play.match.snapshots[play.moves_shown()]
    movers = play.match.snapshots.to_move(play.moves_shown())
    root = attrs(
        {
            "class": f"play {play.name}" + (" replaying" if play.at is not None else ""),
            "data-game": play.name,
            "data-phase": shown.phase,
            "data-to-move": movers[0] if movers else None,
            "data-human-turn": play.human_mover() is not None and hand_off is None,
            "data-thinking": play.thinking is not None,
            "data-over": game.is_over(),
            "data-moves": len(game.history),
            "data-at": play.moves_shown(),
            "data-save-id": play.save_id,
            "data-link": "" if link_hidden else link,
            "data-viewer": play.viewer() if play.hides_information and hand_off is None else None,
            "data-handoff": hand_off is not None,
            # the keys the browser must not use (shell/events.mjs): the view's, and the replay's once there are moves
            "data-keys": " ".join(view.claimed_keys()) or None,
            "data-replay-keys": " ".join(REPLAY_KEYS) if game.history and hand_off is None else None,
            **view.root_attrs(),
        }
    )
    # (the parts of the screen sent again only when they change: markup.py ``part``)
    top = (part(header(play, can_undo, can_redo, link_hidden)) + daily.banner(play)
           + status_line(play, hand_off is not None))
    if hand_off is not None:
        return Markup(f"<section{root}>{top}{message_box(play, toast=False)}{handoff_screen(play, hand_off)}</section>")
    top += part(replay_bar(play))
    state = play.visible_state()
    seat = play.viewer()
    hint = view.hint()
    side = (
        f"{message_box(play)}{f'<p class=hint>{esc(hint)}</p>' if hint else ''}{hint_box(play)}"
        f"{view.controls(state, seat)}{part(move_box(play))}{part(board_words(play, state, seat))}"
        f"{part(move_log(play))}{part(link_field(play, position_link or link, link_hidden))}{part(view.legend())}"
        f"{part(view.how_to())}"
    )
    return Markup(
        f"<section{root}>{skip_link()}{top}"
        # (ids: the screen's patch keys its parts by them, whatever is shown or hidden around them)
        f'<div class="play-grid" id="play-grid">'
        f'<div class="board-col board" id="board-col">{view.board(state, seat)}</div>'
        f'<aside class="side-col" id="side-col" data-later="{SIDE_LATER}">{side}</aside></div>'
        f"{result_dialog(play, link)}{part(keys_dialog(play))}</section>"
    )
