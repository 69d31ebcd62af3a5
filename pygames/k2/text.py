"""K2 in words and data: the phase, the position as JSON (the CLI's ``show --json``), an ASCII picture, whose
decision it is."""

from __future__ import annotations

from typing import Any

from ..core.i18n import _, who
from .actions import CLIMBERS, card_key
from .board import ACT, CHOOSE, OVER, RESCUE, TAKE, K2Board
from .data import DAYS_PER_TILE, NO_WEATHER, ROUNDS


def phase_words(game: K2Board) -> str:
    return {CHOOSE: _("phase 1, card choice"), TAKE: _("phase 2, risk token"), ACT: _("phase 3, actions"),
            RESCUE: _("phase 4, rescue"), OVER: _("game over")}[game.phase]


def state_json(game: K2Board) -> dict[str, Any]:
    n = game.players
    vis = game.visible_tiles()
    seen = range(n) if game.viewer is None else [game.viewer]
    tents: dict[str, list[int]] = {}
    for s in range(n):
        for c in CLIMBERS:
            t = game.climbers[s][c]["tent"]
            if t is not None:
                tents.setdefault(t, []).append(s)
    return {
        "round": game.round,
        "phase": game.phase,
        "first": game.first,
        "current": game.current if game.phase in (TAKE, ACT, RESCUE) else None,
        "viewer": game.viewer,
        "side": game.side,
        "today": game.round,
        "weather": {
            "set": game.options["weather"],
            "tiles_face_up": game.tiles[max(0, (game.round - 1) // DAYS_PER_TILE):vis],
            "face_down": len(game.tiles) - vis,
            "days": {str(d): game.day(d)._asdict() for d in game.visible_days()},
        },
        "climbers": {str(s): {c: {k: game.climbers[s][c][k] for k in ("space", "level", "vp", "alive", "tent",
                                                                      "summit")}
                              for c in CLIMBERS} for s in range(n)},
        "tents": {k: sorted(v) for k, v in sorted(tents.items())},
        "summit_next": game.summit_next,
        "risk_faceup": list(game.risk_faceup),
        "risk_facedown": len(game.risk_stack),
        "tokens": [dict(t, spent=list(t["spent"])) for t in game.token_log],
        "hands": {str(s): list(game.hands[s]) for s in seen},
        "hand_counts": {str(s): len(game.hands[s]) for s in range(n)},
        "draw_counts": {str(s): len(game.draw[s]) for s in range(n)},
        "discards": {str(s): sorted(game.discard[s], key=card_key) for s in range(n)},
        "committed": {str(s): game.pending[s] is not None for s in range(n)},
        "pending": {str(s): list(game.pending[s]) for s in seen if game.pending[s] is not None},  # type: ignore[reportArgumentType]  # revealed in this phase
        "revealed": {str(s): list(r) for s, r in enumerate(game.revealed) if r is not None},
        "plays": [dict(p) for p in game.plays],
        "turn": None if game.phase != ACT else {
            "seat": game.current, "unassigned": list(game.unassigned), "penalty_points": game.points,
            "assigned": list(game.assigned),
            "pools": {c: dict(zip("UDG", p, strict=True)) for c, p in game.pools.items()},
        },
        "dying": [[s, c] for s, c in game.dying] if game.phase == RESCUE else [],
        "rescue_cards": {str(s): game.rescue_card[s] for s in range(n)},
        "scores": game.scores(),
    }


def render_text(game: K2Board) -> str:
    lines = [f"K2 side {game.side}, {game.options['weather']} weather - round {game.round}/{ROUNDS}, "
             f"{phase_words(game)}, first player seat {game.first}"]
    days = []
    for d in game.visible_days():
        w = game.day(d)
        if w == NO_WEATHER:
            eff = "-"
        else:
            zones = f"Z{w.lo}" if w.lo == w.hi else f"Z{w.lo}-Z{w.hi}"
            eff = (f"a{w.loss} " if w.loss else "") + (f"m{w.surcharge} " if w.surcharge else "") + zones
        days.append(f"d{d}:{eff}")
    lines.append("Weather: " + "  ".join(days) + f"  ({len(game.tiles) - game.visible_tiles()} tiles face down)")
    row = " ".join("-" if v is None else str(v) for v in game.risk_faceup)
    lines.append(f"Risk tokens face up: [{row}]  face down: {len(game.risk_stack)}")
    for s in range(game.players):
        parts = []
        for c in CLIMBERS:
            cl = game.climbers[s][c]
            if cl["alive"]:
                sp = game.spaces[cl["space"]]
                text = f"{c}@{cl['space']}(Z{sp.zone}) L{cl['level']} VP{cl['vp']}"
            else:
                text = f"{c} dead VP{cl['vp']}"
            if cl["tent"]:
                text += f" tent {cl['tent']}"
            if cl["summit"]:
                text += f" summit #{cl['summit']}"
            parts.append(text)
        if game.viewer is None or game.viewer == s:
            hand = " ".join(game.hands[s]) or "-"
        else:
            hand = f"{len(game.hands[s])} cards"
        extra = ""
        if game.revealed[s]:
            extra = f" revealed [{' '.join(game.revealed[s])}]"  # type: ignore[reportArgumentType]  # revealed in this phase
        elif game.pending[s] is not None:
            extra = " committed" + (f" [{' '.join(game.pending[s])}]"  # type: ignore[reportArgumentType]  # revealed in this phase
                                    if game.viewer is None or game.viewer == s else "")
        lines.append(f"Seat {s} ({game.scores()[s]} VP): {'; '.join(parts)} | hand {hand} | "
                     f"draw {len(game.draw[s])}{extra}")
    if game.phase == ACT:
        pools = " ".join(f"{c}:U{p[0]}D{p[1]}G{p[2]}" for c, p in game.pools.items())
        lines.append(f"Turn of seat {game.current}: cards left [{' '.join(game.unassigned)}], "
                     f"penalty points {game.points}, pools {pools}")
    lines.append(describe_turn(game))
    return "\n".join(lines)


def describe_turn(game: K2Board) -> str:
    if game.phase == OVER:
        result = game.result()
        return result.summary if result else ""
    if game.phase == CHOOSE:
        return _("Round {round}: {seats} choose 3 cards").format(
            round=game.round, seats=", ".join(who(s) for s in game.to_move()))
    if game.phase == TAKE:
        return _("{seat} has the highest risk value and takes a risk token").format(
            seat=who(game.current, capital=True))
    if game.phase == RESCUE:
        s, c = game.dying[0]
        return _("{seat}'s climber {climber} is dying: rescue it or not").format(
            seat=who(s, capital=True), climber=c)
    return _("{seat} plays its cards").format(seat=who(game.current, capital=True))
