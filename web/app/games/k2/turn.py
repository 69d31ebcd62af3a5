"""K2's panels for the viewing seat: its hand (to choose from in phase 1), the risk token to take,
its turn (cards to give, penalty points, climbers' points and actions, the end), a rescue, the last
night's check and the solo titles. Buttons are the engine's legal actions; everything drawn comes
from the ``state`` given (the viewing seat's view) and the ``Marks`` the controller (view.py) builds once
per drawing (marks.py: what the player chose, the engine's legal actions, the night's check as that seat
saw it): pure functions, which import neither the controller nor the session.
"""

from __future__ import annotations

from collections.abc import Sequence

from shell.contract.markup import EMPTY, Markup, attrs, esc, part

from pygames.core.i18n import N_, _, ngettext
from pygames.k2.actions import Choose, End, Play, Risk, Take, Tent
from pygames.k2.data import CARDS, SOLO_TITLES
from pygames.k2.game import ACT, CHOOSE, K2, OVER, RESCUE, TAKE, card_value, risk_value

from . import draw, words
from .marks import Marks

POINTS = N_("Each penalty point lowers a card you give or the level of a climber that got a card.")


def controls(state: K2, marks: Marks, seat: int | None) -> Markup:
    parts = [night_panel(state, marks)]
    if seat is None:  # everything may be shown (a finished game's replay, bots alone): every hand
        parts.append(all_hands_panel(state, marks))
    if seat is not None and state.phase != OVER:
        parts.append(hand_panel(state, marks, seat))
        acting = marks.acting == seat
        if acting and state.phase == TAKE and state.current == seat:
            parts.append(take_panel(state, marks, seat))
        if acting and state.phase == ACT and state.current == seat:
            parts.append(turn_panel(state, marks, seat))
        if acting and state.phase == RESCUE and state.current == seat:
            parts.append(rescue_panel(state, marks, seat))
    if state.players == 1:
        parts.append(solo_panel(state, marks))
    return Markup(f'<div class="k2-controls" id="k2-controls">{"".join(part(p) for p in parts)}</div>')


def hand_panel(state: K2, marks: Marks, seat: int) -> Markup:
    """The viewing seat's own hand (K2-R47): to pick from in phase 1, to look at otherwise."""
    hand = list(state.hands[seat])
    choosing = state.phase == CHOOSE and state.pending[seat] is None and marks.acting == seat
    title = _("Your cards")
    out = []
    if choosing:
        picked = marks.picked_cards
        cards = []
        for i, code in enumerate(hand):
            on = i in marks.picked
            cards.append(draw.card_face(code, "picked" + marks.hint_class(Choose) if on else "", {
                "data-act": "hand", "data-index": i, "id": f"k2-hand-{i}",
                "aria-pressed": "true" if on else "false"}, tag="button"))  # its name: the card's own text
        n = len(picked)
        summary = _("{cards} — risk {risk}").format(cards=" ".join(picked), risk=risk_value(picked)) if picked else ""
        label = _("Choose these 3 cards") if n == 3 else ngettext("Pick {k} more card", "Pick {k} more cards",
                                                                   3 - n).format(k=3 - n)
        out.append(f'<div class="k2-hand" role="group" aria-label="{esc(title)}">{"".join(cards)}</div>'
                   f'<p class="k2-pick-summary">{esc(summary)}</p>'
                   f'<div class="button-row"><button type="button" class="primary" data-act="choose" id="k2-commit"'
                   f'{"" if n == 3 else " disabled"}>{esc(label)}</button>'
                   + (f'<button type="button" data-act="deselect" id="k2-clear">{esc(_("Clear"))}</button>'
                      if n else "") + "</div>")
        risk_note = (_("The highest total of movement (rope: its up value) takes a risk token.") if state.players > 1
                     else _("Solo: you take a risk token every day."))
        out.append(f'<p class="muted small">{esc(risk_note)}</p>')
    else:
        giving = marks.acting == seat and state.phase == ACT and state.current == seat  # (the turn panel's)
        pending = state.pending[seat]
        if pending is not None:
            chosen = "".join(draw.card_face(c, "small") for c in pending)
            said = _("Your secret choice (revealed when everyone has chosen):") if state.players > 1 else _(
                "Your choice:")
            out.append(f'<p>{esc(said)}</p>'
                       f'<div class="k2-hand chosen">{chosen}</div>')
        elif state.revealed[seat] and state.phase in (TAKE, ACT) and not giving:
            out.append(f'<h3>{esc(_("This day’s cards"))}</h3>{day_cards(state, marks, seat)}')
        if hand:
            out.append(f'<h3>{esc(_("In your hand"))}</h3><div class="k2-hand small">'
                       + "".join(draw.card_face(c, "small") for c in hand) + "</div>")
        elif not state.on_board(seat):
            out.append(f'<p class="muted">{esc(_("No climber on the mountain: you take no more part."))}</p>')
    piles = _("draw pile {d} · discard pile {x}").format(d=len(state.draw[seat]), x=len(state.discard[seat]))
    return Markup(f'<div class="panel k2-hand-panel{" choosing" if choosing else ""}" id="k2-hand-panel" '
            f'data-hand-seat="{seat}">'
            f'<h2>{esc(title)} <small>({esc(marks.short_names[seat])} · {esc(piles)})</small></h2>'
            f'{"".join(out)}</div>')


def all_hands_panel(state: K2, marks: Marks) -> Markup:
    """Every seat's hand and secret choice (K2-R47), where nothing is hidden from the one looking: a
    finished game's replay, a game of bots alone."""
    rows = []
    for s in range(state.players):
        out = []
        pending = state.pending[s]
        if pending is not None:
            out.append(f'<p>{esc(_("Secret choice:"))}</p><div class="k2-hand chosen">'
                       + "".join(draw.card_face(c, "small") for c in pending) + "</div>")
        elif state.revealed[s] and state.phase in (TAKE, ACT):
            out.append(f'<p>{esc(_("This day’s cards"))}</p>{day_cards(state, marks, s)}')
        if state.hands[s]:
            out.append(f'<p>{esc(_("In the hand"))}</p><div class="k2-hand small">'
                       + "".join(draw.card_face(c, "small") for c in state.hands[s]) + "</div>")
        piles = _("draw pile {d} · discard pile {x}").format(d=len(state.draw[s]), x=len(state.discard[s]))
        rows.append(part(Markup(
            f'<div class="k2-seat-hand" data-hand-seat="{s}" id="k2-hand-{s}">'
            f'<h3>{esc(marks.short_names[s])} <small>({esc(piles)})</small></h3>{"".join(out)}</div>')))
    return Markup(f'<div class="panel k2-hand-panel k2-all-hands" id="k2-all-hands">'
            f'<h2>{esc(_("Every hand"))}</h2>{"".join(rows)}</div>')


def take_panel(state: K2, marks: Marks, seat: int) -> Markup:
    buttons = []
    for slot, value in enumerate(state.risk_faceup, start=1):
        if value is None:
            continue
        button = draw.token(value, "pick" + marks.hint_class(Take, slot=slot),
                            {"data-act": "token", "data-slot": slot, "id": f"k2-take-{slot}"}, tag="button")
        hidden = f'<span class="visually-hidden">{esc(_("Take the token of slot {slot}:").format(slot=slot))} </span>'
        buttons.append(Markup(str.replace(button, '<span class="tv">', hidden + '<span class="tv">', 1)))
    mine = risk_value(state.revealed[seat] or ())
    words_ = _("Your cards show {n} movement, the most: take one of these risk tokens.").format(n=mine)
    if state.players == 1:
        words_ = _("Solo: you take a risk token every day.")
    return Markup(f'<div class="panel k2-take" id="k2-take"><h2>{esc(_("Take a risk token"))}</h2><p>{esc(words_)}</p>'
            f'<div class="k2-tokens">{"".join(buttons)}</div>'
            f'<p class="muted small">{esc(_(POINTS))}</p></div>')


def _pool_text(pools: Sequence[int]) -> str:
    """A climber's movement left: (up, down, move)."""
    u, d, g = pools
    return _("move {g} · up {u} · down {d}").format(g=g, u=u, d=d)


def turn_panel(state: K2, marks: Marks, seat: int) -> Markup:
    """Phase 3 for the seat to act: the cards to give, the penalty, each climber's points and
    actions (move, tent, level), the end of the turn. Buttons are the engine's legal actions."""
    legal = marks.legal
    plays = [a for a in legal if isinstance(a, Play)]
    out = []
    if state.points:
        words_ = ngettext("Risk token: {n} penalty point to spend", "Risk token: {n} penalty points to spend",
                          state.points).format(n=state.points)
        out.append(f'<p class="k2-weakened"><strong>{esc(words_)}</strong></p>')
    out.append(f'<h3>{esc(_("This day’s cards"))}</h3>{day_cards(state, marks, seat, plays)}')
    rows = []
    for c in state.on_board(seat):
        cl = state.climbers[seat][c]
        pools = tuple(state.pools.get(c, (0, 0, 0)))
        selected = marks.selected == c
        buttons = [f'<button type="button" data-act="climber" data-climber="{c}" id="k2-sel-{c}" '
                   f'aria-pressed="{"true" if selected else "false"}"{" class=on" if selected else ""}>'
                   f'{esc(_("Move {c}").format(c=c))}</button>']
        if Tent(seat, c) in legal:
            cost = state.entry_cost(cl["space"])
            buttons.append(f'<button type="button" data-act="tent" data-climber="{c}" id="k2-tent-{c}"'
                           f'{attrs({"class": marks.hint_class(Tent, climber=c).strip() or None})}>'
                           f'{esc(_("Tent here ({n})").format(n=cost))}</button>')
        for k in range(1, state.points + 1):
            if Risk(seat, c, k) in legal:
                buttons.append(f'<button type="button" data-act="risk" data-climber="{c}" data-points="{k}" '
                               f'id="k2-risk-{c}-{k}" class="warn{marks.hint_class(Risk, climber=c, points=k)}">'
                               f'{esc(_("Level −{k}").format(k=k))}</button>')
        where = _("base camp") if cl["space"] == state.base else cl["space"]
        info = _("{where} · level {level} · {pools}").format(where=where, level=cl["level"], pools=_pool_text(pools))
        rows.append(f'<li class="k2-turn-cl{" selected" if selected else ""}">{draw.climber_icon(seat, c)}<b>{c}</b> '
                    f'<span>{esc(info)}</span><span class="button-row">{"".join(buttons)}</span></li>')
    out.append(f'<h3>{esc(_("Your climbers"))}</h3><ul class="k2-turn-cls">{"".join(rows)}</ul>')
    left = []
    if state.unassigned:
        left.append(ngettext("{n} card to give", "{n} cards to give", len(state.unassigned)).format(
            n=len(state.unassigned)))
    if state.points:
        left.append(ngettext("{n} penalty point", "{n} penalty points", state.points).format(n=state.points))
    note = f' <small class="muted">({esc(", ".join(left))})</small>' if left else ""
    # the main action only once nothing is left to spend (pressed too early, the engine says why not; with
    # movement left, the player is asked first: end_dialog)
    primary = "primary" if End(seat) in legal and not marks.unspent else ""
    primary = attrs({"class": (primary + marks.hint_class(End)).strip() or None})
    out.append(f'<div class="button-row"><button type="button"{primary} data-act="end" id="k2-end">'
               f'{esc(_("End turn"))}</button>{note}</div>')
    if marks.asking_end:
        out.append(end_dialog(marks.unspent))
    return Markup(f'<div class="panel k2-turn" id="k2-turn">'
                  f'<h2>{esc(_("Your turn, day {d}").format(d=state.round))}</h2>{"".join(out)}</div>')


def end_dialog(unspent: int) -> Markup:
    """"End the turn with 4 movement points unspent?": Cancel (the default, and Escape) or End turn."""
    question = ngettext("End the turn with {n} movement point unspent?",
                        "End the turn with {n} movement points unspent?", unspent).format(n=unspent)
    return Markup('<dialog class="dialog k2-end-dialog" id="k2-end-dialog" role="dialog" data-modal '
            'data-escape="end-cancel" aria-labelledby="k2-end-question">'
            f'<p id="k2-end-question">{esc(question)}</p><div class="button-row">'
            f'<button type="button" data-act="end-cancel" id="k2-end-cancel" autofocus>{esc(_("Cancel"))}</button>'
            f'<button type="button" class="primary" data-act="end-confirm" id="k2-end-confirm">{esc(_("End turn"))}'
            "</button></div></dialog>")


def given_words(code: str, climber: str, direction: str, penalty: int) -> str:
    """What a card given this day added to the climber (its penalty taken off)."""
    n = card_value(code, direction, penalty)
    kind = CARDS[code].kind
    if kind == "M":
        return _("given to {c}: +{n} move").format(c=climber, n=n)
    if kind == "R":
        return (_("given to {c}: +{n} up") if direction == "U" else _("given to {c}: +{n} down")).format(c=climber, n=n)
    return _("given to {c}: level +{n}").format(c=climber, n=n)


def day_cards(state: K2, marks: Marks, seat: int, plays: list[Play] | None = None) -> Markup:
    """K2-R16: a seat's revealed cards of this day, in one place: each card given, to which climber and
    for what, then those still to give — buttons while the seat gives them (``plays``: the engine's
    legal plays; the selected card's assignment below them), else their codes."""
    given = [p for p in state.plays if p["seat"] == seat]
    if plays is not None:
        left = list(state.unassigned)
    else:  # another seat's turn, or before the turns: what it has not given yet
        left = list(state.revealed[seat] or ())
        for p in given:
            if p["card"] in left:
                left.remove(p["card"])
    out = []
    if given:
        rows = "".join(
            f'<li class="k2-given">{draw.card_chip(p["card"])}{draw.climber_icon(seat, p["climber"])}'
            f'<span>{esc(given_words(p["card"], p["climber"], p["direction"] or "", p["penalty"]))}</span></li>'
            for p in given)
        out.append(f'<ul class="k2-given-list">{rows}</ul>')
    if left and plays is not None:
        counts: dict[str, int] = {}
        for code in left:
            counts[code] = counts.get(code, 0) + 1
        cards = []
        for code, k in counts.items():
            on = marks.card == code
            face = draw.card_face(code, "picked" + marks.hint_class(Play, card=code) if on else "", {
                "data-act": "card", "data-card": code, "id": f"k2-card-{code}",
                "aria-pressed": "true" if on else "false"}, tag="button")
            if k > 1:
                face = Markup(str.replace(face, "</button>", f'<span class="times">×{k}</span></button>'))
            cards.append(face)
        to_give = ngettext("To give: {n} card", "To give: {n} cards", len(left)).format(n=len(left))
        out.append(f'<p class="k2-to-give">{esc(to_give)}</p><div class="k2-hand">{"".join(cards)}</div>')
        if marks.card in counts:
            out.append(assign_box(state, marks, seat, plays))
    elif left:  # (their codes: the faces drawn are those of the hand)
        to_give = ngettext("To give: {n} card", "To give: {n} cards", len(left)).format(n=len(left))
        out.append(f'<p class="k2-to-give">{esc(to_give)} {"".join(draw.card_chip(c) for c in left)}</p>')
    return Markup(f'<div class="k2-day-cards">{"".join(out)}</div>')


def assign_box(state: K2, marks: Marks, seat: int, plays: list[Play]) -> Markup:
    """Giving the selected card: the penalty to put on it (if any), then one button per climber
    (and per direction for a rope card) that the engine allows, each saying what it adds."""
    code = marks.card or ""
    card = CARDS[code]
    out = []
    top = max(p.penalty for p in plays if p.card == code) if any(p.card == code for p in plays) else 0
    if top:
        steps = "".join(
            f'<button type="button" data-act="penalty" data-k="{k}" id="k2-pen-{k}" '
            f'aria-pressed="{"true" if marks.penalty == k else "false"}"{" class=on" if marks.penalty == k else ""}>'
            f'{"0" if k == 0 else f"−{k}"}</button>' for k in range(top + 1))
        out.append(f'<p class="k2-pen">{esc(_("Lower it with penalty points:"))} '
                   f'<span class="button-row">{steps}</span></p>')
    buttons = []
    for c in state.on_board(seat):
        for d in ("U", "D") if card.kind == "R" else ("",):
            action = Play(seat, code, c, d, marks.penalty)
            value = card_value(code, d, marks.penalty)
            if card.kind == "M":
                what = _("{c}: +{n} move").format(c=c, n=value)
            elif card.kind == "R":
                what = (_("{c}: +{n} up") if d == "U" else _("{c}: +{n} down")).format(c=c, n=value)
            else:
                level = state.climbers[seat][c]["level"]
                what = _("{c}: level {old} → {new}").format(c=c, old=level, new=level + value)
            allowed = action in plays
            hinted = marks.hint_class(Play, card=code, climber=c, direction=d, penalty=marks.penalty).strip()
            buttons.append(
                f'<button type="button" data-act="assign" data-card="{code}" data-climber="{c}"'
                f'{attrs({"data-dir": d or None, "class": hinted or None})} id="k2-assign-{c}-{d or "X"}"'
                f'{"" if allowed else " disabled"}>'
                f"{draw.climber_icon(seat, c)}{esc(what)}</button>")
    out.append(f'<div class="button-row k2-assign">{"".join(buttons)}</div>')
    give = _("Give {card} ({effect}) to:").format(card=code, effect=draw.card_effect(code))
    return Markup(f'<div class="k2-assign-box"><p>{esc(give)}</p>'
            f'{"".join(out)}</div>')


def rescue_panel(state: K2, marks: Marks, seat: int) -> Markup:
    s, c = state.dying[0]
    cl = state.climbers[s][c]
    words_ = _("Climber {c} on {space} has level {level} and would die. Spend your rescue card: it goes to a space "
               "below 6000 m with level 1, and its VP drop 4 steps on the track.").format(
        c=c, space=cl["space"], level=cl["level"])
    where = _("Tap a highlighted space on the mountain, or:") if marks.touch else _(
        "Click a highlighted space on the mountain, or:")
    return Markup(f'<div class="panel k2-rescue" id="k2-rescue"><h2>{esc(_("Rescue?"))}</h2><p>{esc(words_)}</p>'
            f'<p>{esc(where)}</p>'
            f'<div class="button-row"><button type="button" data-act="letdie" id="k2-letdie">'
            f'{esc(_("Keep the card: {c} dies").format(c=c))}</button></div></div>')


def night_panel(state: K2, marks: Marks) -> Markup:
    """The last night's acclimatization check (phase 4), shown until the next day's actions start: from
    the states before and after it as the viewing seat saw them (``marks.night``)."""
    if state.phase == ACT or marks.night is None:
        return EMPTY
    pre, post = marks.night
    rows = []
    for entry in words.night(pre, post):
        name = marks.short_names[entry.seat]
        icon = draw.climber_icon(entry.seat, entry.climber)
        if entry.outcome == "dies":
            result = f'<strong class="dead">{esc(_("dies (VP {vp} → 1)").format(vp=entry.vp_old))}</strong>'
        elif entry.outcome == "rescued":
            result = f'<strong>{esc(_("rescued to {space}").format(space=entry.where))}</strong>'
        else:
            result = f"<strong>{entry.new}</strong>"
        capped = " " + esc(_("(at most 6)")) if entry.outcome == "lives" and entry.old + entry.acc + entry.tent - \
            entry.loss > 6 else ""
        rows.append(f'<li class="{entry.outcome}">{icon}<span>{esc(name)} {entry.climber} · {entry.space}: '
                    f"{entry.old} → {result}{capped} <small>({esc(entry.terms())})</small></span></li>")
    pending = ""
    if post.phase == RESCUE:
        s, c = post.dying[0]
        words_ = _("{name}’s climber {c} is dying: rescue card?").format(name=marks.short_names[s], c=c)
        pending = f'<p><strong>{esc(words_)}</strong></p>'
    title = _("Night of day {d}: acclimatization").format(d=pre.round)
    return Markup(f'<div class="panel k2-night" id="k2-night"><h2>{esc(title)}</h2>'
            f'<ul>{"".join(rows)}</ul>{pending}</div>')


def solo_panel(state: K2, marks: Marks, ident: bool = True) -> Markup:
    """K2-R42: the titles of this side and weather set, the score so far, this device's best."""
    table = SOLO_TITLES[(state.side, state.options["weather"])]
    score = state.scores()[0]
    over = state.phase == OVER
    rows = []
    upper = 20
    for minimum, title in table:
        span = f"{minimum}–{upper}" if minimum < upper else str(minimum)
        if minimum == 0:
            span = f"≤ {upper}"
        reached = minimum <= score <= upper
        rows.append(f'<tr class="{"reached" if reached else ""}"><td>{esc(_(title))}</td><td>{span}</td></tr>')
        upper = minimum - 1
    best = marks.best
    best_line = ""
    if best:
        if marks.best_is_this:
            best_line = _("New best on this device: {n} ({title})").format(n=best[0], title=_(best[1]))
        else:
            best_line = _("Best so far on this device: {n} ({title})").format(n=best[0], title=_(best[1]))
    else:
        best_line = _("No finished solo game on this side and weather on this device yet.")
    now = _("Final score: {n}") if over else _("Score now: {n} (VP of A + VP of B)")
    ids = ' id="k2-solo"' if ident else ""
    best_id = ' id="k2-best"' if ident else ""
    h = "h2" if ident else "h3"
    season = _("summer") if state.options["weather"] == "SUM" else _("winter")
    return Markup(f'<div class="panel k2-solo"{ids}><{h}>{esc(_("Solo titles"))} <small>'
            f'({esc(state.side)} · {esc(season)})</small></{h}>'
            f'<p>{esc(now.format(n=score))}</p><table class="k2-titles">{"".join(rows)}</table>'
            f'<p class="k2-best"{best_id}>{esc(best_line)}</p></div>')
