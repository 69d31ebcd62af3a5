"""How a player clicks a move in the page, per game: an engine action -> the clicks that play it.

A click is ``(act, data)``: the element with ``data-act=act`` and those ``data-*`` values. The view
unit tests send them to ``Session.handle``; the end-to-end tests click the matching element
(``selector``). Both check that every move a player can make is reachable from the board.
"""

from __future__ import annotations

from pygames.matterhorn.actions import Bonus, Clear, Console, End, Move, Place, Restock, Roll, Setup, Stop, spot_text
from pygames.matterhorn.game import Matterhorn

Click = tuple[str, dict[str, str]]


def matterhorn(game: Matterhorn, action: object) -> list[Click]:
    """Matterhorn: circles are clicked (``data-spot``), dice toggled (``data-index``), buttons pressed."""

    def spot(s) -> Click:
        return ("circle", {"spot": spot_text(s)})

    if isinstance(action, Setup):
        return [spot(c) for c in action.circles]
    if isinstance(action, Place):
        roll = list(game.roll or [])
        clicks: list[Click] = []
        taken: set[int] = set()
        for value in action.aside:  # the first unused die showing each set-aside value
            index = next(i for i, v in enumerate(roll) if v == value and i not in taken)
            taken.add(index)
            clicks.append(("die", {"index": str(index)}))
        return [*clicks, spot(action.circle)]
    deed = action.deed if isinstance(action, Bonus) else action
    if isinstance(action, Bonus) and deed is None:
        return [("decline", {})]
    if isinstance(deed, Move):
        return [spot(deed.src), spot(deed.dst)]
    if isinstance(deed, Clear):
        return [spot(deed.circle)]
    if isinstance(action, Roll):
        return [("roll", {})]
    if isinstance(action, Stop):
        return [("stop", {})]
    if isinstance(action, End):
        return [("end", {})]
    if isinstance(action, Console):
        return [("decline", {})] if action.circle is None else [spot(action.circle)]
    if isinstance(action, Restock):
        return [spot(action.circle)]
    raise AssertionError(f"no clicks for {action}")


BUTTONS = {"roll": "#btn-roll", "stop": "#btn-stop", "end": "#btn-end", "decline": "#btn-decline"}


def selector(click: Click) -> str:
    """The CSS selector of the element a click presses."""
    act, data = click
    if act in BUTTONS:
        return BUTTONS[act]
    if act == "die":
        return f"#die-{data['index']}"
    if act == "circle":
        return f'section.play [data-act="circle"][data-spot="{data["spot"]}"]'
    raise AssertionError(f"no selector for {click}")


def k2(game, action: object) -> list[Click]:
    """K2: cards in hand toggled by index (``data-index``) then chosen; a risk token taken by slot;
    a revealed card selected, lowered by penalty points, given to a climber (and a direction); a
    climber chosen, then the space it ends on (the view plays its best path there); buttons for
    tents, penalty points on a level, the end of a turn, letting a dying climber go."""
    from pygames.k2.actions import Choose, End, Move, Play, Rescue, Risk, Take, Tent

    if isinstance(action, Choose):
        hand = list(game.hands[action.seat])
        clicks: list[Click] = []
        used: set[int] = set()
        for code in action.cards:
            index = next(i for i, c in enumerate(hand) if c == code and i not in used)
            used.add(index)
            clicks.append(("hand", {"index": str(index)}))
        return [*clicks, ("choose", {})]
    if isinstance(action, Take):
        return [("token", {"slot": str(action.slot)})]
    if isinstance(action, Play):
        clicks = [("card", {"card": action.card})]
        if action.penalty:
            clicks.append(("penalty", {"k": str(action.penalty)}))
        data = {"card": action.card, "climber": action.climber}
        if action.direction:
            data["dir"] = action.direction
        return [*clicks, ("assign", data)]
    if isinstance(action, Move):
        return [("climber", {"climber": action.climber}), ("space", {"space": action.path[-1]})]
    if isinstance(action, Tent):
        return [("tent", {"climber": action.climber})]
    if isinstance(action, Risk):
        return [("risk", {"climber": action.climber, "points": str(action.points)})]
    if isinstance(action, End):  # with movement left to spend, "End turn" asks first
        return [("end", {}), ("end-confirm", {})] if k2_unspent(game, action.seat) else [("end", {})]
    if isinstance(action, Rescue):
        return [("letdie", {})] if action.space is None else [("space", {"space": action.space})]
    raise AssertionError(f"no clicks for {action}")


def k2_unspent(game, seat: int) -> int:
    """The movement points ``seat``'s climbers have left in its turn while a move or a tent could still spend
    them (the engine's pools and legal actions): what "End turn" asks about before it ends the turn."""
    from pygames.k2.actions import Move, Tent

    legal = game.legal_actions(seat) or []
    if game.phase != "act" or game.current != seat or not any(isinstance(a, Move | Tent) for a in legal):
        return 0
    return sum(sum(game.pools.get(c, (0, 0, 0))) for c in game.on_board(seat))


def k2_same(planned: object, played: str) -> bool:
    """A K2 move played by these clicks is the planned one; a move may take another path to the
    same space (a click on a space plays the view's best path there)."""
    from pygames.k2.actions import Move, parse_body, split_seat

    if str(planned) == played:
        return True
    seat, body = split_seat(played)
    done = parse_body(seat or 0, body)
    return isinstance(planned, Move) and isinstance(done, Move) and (done.seat, done.climber, done.path[-1]) == (
        planned.seat, planned.climber, planned.path[-1])


K2_BUTTONS = {"choose": "#k2-commit", "end": "#k2-end", "end-confirm": "#k2-end-confirm", "letdie": "#k2-letdie"}


def k2_selector(click: Click) -> str:
    """The CSS selector of the element a K2 click presses (a space: its disc, under the climbers)."""
    act, data = click
    if act in K2_BUTTONS:
        return K2_BUTTONS[act]
    ids = {
        "hand": lambda d: f"#k2-hand-{d['index']}",
        "token": lambda d: f"#k2-take-{d['slot']}",
        "card": lambda d: f"#k2-card-{d['card']}",
        "penalty": lambda d: f"#k2-pen-{d['k']}",
        "assign": lambda d: f"#k2-assign-{d['climber']}-{d.get('dir') or 'X'}",
        "climber": lambda d: f"#k2-sel-{d['climber']}",
        "tent": lambda d: f"#k2-tent-{d['climber']}",
        "risk": lambda d: f"#k2-risk-{d['climber']}-{d['points']}",
        "space": lambda d: f'section.play [data-act="space"][data-space="{d["space"]}"] .disc',
    }
    if act in ids:
        return ids[act](data)
    raise AssertionError(f"no selector for {click}")


def blokus3d(game, action: object) -> list[Click]:
    """Blokus 3D: the piece picked in the tray (``data-colour``, ``data-piece``), turned by quarter turns
    (``data-axis`` x, y or z: (x, y, z) -> (x, -z, y), (z, y, -x), (-y, x, z)) until its cubes have the
    placement's orientation, then the cell under the piece's handle (the middle of its footprint,
    rounded down) pointed at and clicked (``data-x``, ``data-y``)."""
    from pygames.blokus3d.data import PIECES
    from pygames.blokus3d.geometry import normalise

    turns = {"x": lambda c: (c[0], -c[2], c[1]), "y": lambda c: (c[2], c[1], -c[0]), "z": lambda c: (-c[1], c[0], c[2])}
    canon = next(tuple((int(t[0]), int(t[1]), int(t[2])) for t in cubes) for code, _, cubes in PIECES
                 if code == action.piece)
    target = normalise([(int(t[0]), int(t[1]), int(t[2])) for t in action.cubes])
    paths: dict[tuple, list[str]] = {canon: []}
    queue = [canon]
    while queue:  # breadth first: the fewest turns
        cubes = queue.pop(0)
        if normalise(cubes) == target:
            break
        for axis, turn in turns.items():
            turned = tuple(turn(c) for c in cubes)
            if turned not in paths:
                paths[turned] = [*paths[cubes], axis]
                queue.append(turned)
    else:
        raise AssertionError(f"no turns give {action}")
    width, depth = (1 + max(c[i] for c in target) for i in range(2))
    cell = {"x": str(action.x + (width - 1) // 2), "y": str(action.y + (depth - 1) // 2)}
    return [("pick", {"colour": action.colour, "piece": action.piece}),
            *(("turn", {"axis": axis}) for axis in paths[cubes]), ("hover", cell), ("cell", cell)]


def blokus3d_selector(click: Click) -> str:
    """The CSS selector of the element a Blokus 3D click presses (cells: on the level map)."""
    act, data = click
    if act == "pick":
        return f"#b3d-pick-{data['colour']}-{data['piece']}"
    if act == "turn":
        return f"#b3d-turn-{data['axis']}"
    if act in ("hover", "cell"):
        return f'.b3d-map [data-act="cell"][data-x="{data["x"]}"][data-y="{data["y"]}"]'
    raise AssertionError(f"no selector for {click}")
