"""The K2 CLI: new / show (seat views) / play / simulate, driven as a user would."""

from __future__ import annotations

import json

import pytest

from pygames.__main__ import main
from pygames.core.record import Record


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.strip(), err.strip()


def shown(capsys: pytest.CaptureFixture[str], record: str, *extra: str) -> dict:
    code, out, _ = run(capsys, "show", record, "--json", *extra)
    assert code == 0
    return json.loads(out)


def test_new_prints_a_record(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "new", "k2", "--players", "3", "--seed", "cli", "--opt", "side=H", "--opt", "family=1")
    assert code == 0 and out == "k2?v=1&players=3&side=H&family=1&seed=cli&moves="
    code, _, err = run(capsys, "new", "k2", "--players", "6")
    assert code == 2 and "players" in err


def test_show_json_fields_and_seat_views(capsys: pytest.CaptureFixture[str]) -> None:
    _, record, _ = run(capsys, "new", "k2", "--players", "3", "--seed", "cli")
    full = shown(capsys, record, "--seat", "all")
    state = full["state"]
    for key in ("round", "first", "today", "climbers", "tents", "risk_faceup", "hands"):
        assert key in state
    assert state["climbers"]["0"]["A"] == {"space": "E00", "level": 1, "vp": 1, "alive": True, "tent": None,
                                           "summit": None}
    assert set(state["hands"]) == {"0", "1", "2"} and full["to_move"] == [0, 1, 2]
    hand1 = state["hands"]["1"]
    _, record, _ = run(capsys, "play", record, f"s1: choose {' '.join(hand1[:3])}")
    seat0 = shown(capsys, record, "--seat", "0")
    assert set(seat0["state"]["hands"]) == {"0"} and seat0["state"]["hand_counts"]["1"] == 3
    assert seat0["moves"] == ["s1: choose (hidden)"] and "1" not in seat0["state"]["pending"]
    assert seat0["legal"]["0"] == shown(capsys, record, "--seat", "all")["legal"]["0"]
    assert seat0["legal"]["2"] is None  # another seat's options would tell its hand
    seat1 = shown(capsys, record, "--seat", "1")
    assert seat1["moves"] == [f"s1: choose {' '.join(hand1[:3])}"] and seat1["state"]["pending"]["1"] == hand1[:3]
    code, out, _ = run(capsys, "show", record, "--seat", "0")
    line = next(text for text in out.splitlines() if text.startswith("Seat 1 ("))
    assert code == 0 and "hand 3 cards" in line and "committed" in line and "[" not in line


def test_play_legal_and_refused(capsys: pytest.CaptureFixture[str]) -> None:
    _, record, _ = run(capsys, "new", "k2", "--players", "2", "--seed", "cli")
    hands = shown(capsys, record)["state"]["hands"]
    code, out, _ = run(capsys, "play", record, f"s0: choose {' '.join(hands['0'][:3])}")
    assert code == 0 and "moves=s0:+choose+" in out
    code, _, err = run(capsys, "play", out, "s0: choose " + " ".join(hands["0"][3:]))
    assert code == 2 and "K2-R47" in err and "cannot change" in err
    code, _, err = run(capsys, "play", record, "choose M1 M1 M1")
    assert code == 2 and "name the seat" in err
    code, _, err = run(capsys, "play", record, "s0: fly A")
    assert code == 2 and "unknown action" in err
    replayed = Record.parse(out).replay()
    assert replayed.pending[0] is not None


def test_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "k2", "--players", "3", "--games", "2", "--seed", "t",
                       "--bots", "heuristic,random", "--rotate", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["summary"]["games"] == 2 and sum(report["summary"]["wins_per_bot"].values()) == pytest.approx(2)
    again = json.loads(run(capsys, "simulate", "k2", "--players", "3", "--games", "2", "--seed", "t",
                           "--bots", "heuristic,random", "--rotate", "--json")[1])
    assert [g["result"] for g in again["games"]] == [g["result"] for g in report["games"]]
    code, out, _ = run(capsys, "simulate", "k2", "--players", "1", "--games", "1", "--seed", "solo",
                       "--bots", "heuristic")
    assert code == 0 and "Solo score" in out
