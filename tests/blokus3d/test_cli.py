"""The CLI for Blokus 3D: new, show (text and --json), play (legal and refused), simulate."""

from __future__ import annotations

import json

import pytest

from pygames.__main__ import main
from pygames.core.record import Record


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.strip(), err.strip()


def new(capsys: pytest.CaptureFixture[str], players: int = 4, *opts: str) -> str:
    args = ["new", "blokus3d", "--players", str(players), "--seed", "cli"]
    for o in opts:
        args += ["--opt", o]
    code, record, _ = run(capsys, *args)
    assert code == 0
    return record


def test_new_prints_a_record(capsys: pytest.CaptureFixture[str]) -> None:
    record = new(capsys, 2, "structure=C")
    assert record.startswith("blokus3d?v=1&players=2&structure=C&seed=cli")
    code, _, err = run(capsys, "new", "blokus3d", "--players", "3", "--seed", "x", "--opt", "colours=BY")
    assert code == 2 and "3 players play with 3 colours" in err
    code, _, err = run(capsys, "new", "blokus3d", "--players", "1", "--opt", "size=4", "--opt", "colours=B")
    assert code == 2 and "at least 2 colours" in err


def test_show_json_has_the_documented_state(capsys: pytest.CaptureFixture[str]) -> None:
    record = new(capsys)
    code, out, _ = run(capsys, "show", record, "--json")
    assert code == 0
    data = json.loads(out)
    state = data["state"]
    assert len(state["heights"]) == 10 and all(len(r) == 10 and set(r) == {0} for r in state["heights"])
    assert len(state["tops"]) == 10 and all(r == "." * 10 for r in state["tops"])
    assert state["hands"]["G"] == ["I2", "I3", "L3", "I4", "T4", "L4", "O4", "S4", "TP", "SA", "SB"]
    assert state["out"] == [] and state["structure"] == "A" and state["k"] == 4
    assert len(data["legal"]["0"]) == 687  # B3D-E4
    assert data["to_move"] == [0] and data["over"] is False


def test_show_json_indexes_heights_and_tops_by_y_then_x(capsys: pytest.CaptureFixture[str]) -> None:
    record = new(capsys)
    code, after, _ = run(capsys, "play", record, "BL4:430,230,330,240")  # B3D-E13: any order
    assert code == 0 and Record.parse(after).moves == ["BL4:230,240,330,430"]
    state = json.loads(run(capsys, "show", after, "--json")[1])["state"]
    assert state["heights"][3][2] == 1 and state["heights"][4][2] == 1 and state["heights"][2][3] == 0
    assert state["tops"][3] == "..BBB....." and state["tops"][4] == "..B......."
    assert "L4" not in state["hands"]["B"]


def test_show_text_draws_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    record = new(capsys)
    _, after, _ = run(capsys, "play", record, "BL4:230,240,330,430")
    code, out, _ = run(capsys, "show", after)
    assert code == 0
    assert "y=3       B1 B1 B1" in out and "Yellow (seat 1) to place a piece" in out and "Seat 1 legal (" in out


def test_play_refuses_with_the_rule_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    record = new(capsys)
    _, after, _ = run(capsys, "play", record, "BL4:230,240,330,430")
    code, out, err = run(capsys, "play", after, "YO4:550,560,650,660")
    assert code == 2 and out == "" and "refused" in err and "face to face" in err and "(B3D-R10)" in err
    code, _, err = run(capsys, "play", after, "YO4:530,540,630")
    assert code == 2 and "4 cubes" in err
    code, _, err = run(capsys, "play", after, "Y-")
    assert code == 2 and "engine event" in err


def test_simulate_plays_whole_games(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "blokus3d", "--players", "4", "--games", "2", "--seed", "t",
                       "--bots", "heuristic,random", "--rotate", "--json")
    assert code == 0
    data = json.loads(out)
    assert len(data["games"]) == 2 and all(g["length"] >= 20 for g in data["games"])
    assert abs(sum(data["summary"]["wins_per_seat"].values()) - 2) < 1e-9
    code, out, _ = run(capsys, "simulate", "blokus3d", "--players", "1", "--games", "1", "--seed", "t",
                       "--bots", "heuristic")
    assert code == 0 and "Solved" in out
