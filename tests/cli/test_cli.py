"""The CLI (issue: new / show / play / simulate), driven as a user would."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from pygames.__main__ import main
from pygames.core.record import Record

ROOT = Path(__file__).resolve().parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.strip(), err.strip()


def arranged_record(capsys: pytest.CaptureFixture[str], players: int = 2, seed: str = "alpine-42") -> str:
    """A record with every pyramid arranged in deal order (read from show --json)."""
    code, record, _ = run(capsys, "new", "k3", "--players", str(players), "--seed", seed)
    assert code == 0
    for _ in range(players):
        _, out, _ = run(capsys, "show", record, "--json")
        data = json.loads(out)
        seat = data["to_move"][0]
        pyramid = data["state"]["pyramids"][seat]
        kinds = "".join(pyramid[k] for k in sorted(pyramid, key=lambda p: tuple(map(int, p.split(".")))))
        code, record, _ = run(capsys, "play", record, f"A:{kinds}")
        assert code == 0
    return record


def test_new_prints_a_record_with_the_seed_and_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "new", "k3", "--players", "3", "--seed", "alpine-42", "--opt", "coop=1")
    assert code == 0
    assert out == "k3?v=1&players=3&coop=1&seed=alpine-42&moves="
    rec = Record.parse(out)
    assert rec.options == {"players": 3, "coop": True, "start": 0}


def test_new_without_seed_picks_a_fresh_readable_seed(capsys: pytest.CaptureFixture[str]) -> None:
    _, a, _ = run(capsys, "new", "k3")
    _, b, _ = run(capsys, "new", "k3")
    seeds = {Record.parse(a).seed, Record.parse(b).seed}
    assert all("-" in s for s in seeds)


def test_new_refuses_bad_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "new", "k3", "--players", "5")
    assert code == 2 and "players" in err and "at most 4" in err
    code, _, err = run(capsys, "new", "k3", "--opt", "colour=blue")
    assert code == 2 and "no option 'colour'" in err
    code, _, err = run(capsys, "new", "chess")
    assert code == 2 and "unknown game 'chess'" in err


def test_show_json_has_the_documented_fields_during_arrangement(capsys: pytest.CaptureFixture[str]) -> None:
    _, record, _ = run(capsys, "new", "k3", "--players", "4", "--seed", "s")
    code, out, _ = run(capsys, "show", record, "--json")
    data = json.loads(out)
    assert code == 0
    assert set(data) >= {"game", "options", "seed", "moves", "to_move", "legal", "over", "result", "state"}
    assert data["legal"] == {"0": None}  # arrangements are not listed
    state = data["state"]
    assert len(state["mountain"]) == 9 and all(k.startswith("0.") for k in state["mountain"])
    assert [len(p) for p in state["pyramids"]] == [10, 10, 10, 10]
    assert state["beside"] == [["W"], ["W"], ["W"], ["W"]]  # K3-R9: the 4-player white lies beside
    assert state["eliminated"] == [False] * 4
    assert data["over"] is False and data["result"] is None


def test_show_accepts_url_fragment_and_bare_text(capsys: pytest.CaptureFixture[str]) -> None:
    record = arranged_record(capsys)
    outs = {run(capsys, "show", form, "--json", "--compact")[1]
            for form in (record, "#" + record, "http://127.0.0.1:8000/#" + record)}
    assert len(outs) == 1
    data = json.loads(outs.pop())
    assert data["to_move"] == [0]
    legal = data["legal"]["0"]
    assert legal and all(t[:2] in ("P:", "W:", "X:") for t in legal)


def test_show_text_has_a_picture_whose_turn_and_legal_actions(capsys: pytest.CaptureFixture[str]) -> None:
    record = arranged_record(capsys)
    code, out, _ = run(capsys, "show", record)
    assert code == 0
    assert "Mountain:" in out and "Seat 0 to play" in out and "Seat 0 legal (" in out


def test_play_applies_actions_and_refuses_illegal_ones_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    record = arranged_record(capsys)
    data = json.loads(run(capsys, "show", record, "--json")[1])
    first = data["legal"]["0"][0]
    code, after, _ = run(capsys, "play", record, first)
    assert code == 0 and Record.parse(after).moves[-1] == first
    code, out, err = run(capsys, "play", record, "P:0.0>1.0")
    assert code == 2 and out == ""
    assert "refused" in err and "covered" in err
    code, _, err = run(capsys, "play", record, "Q:nonsense")
    assert code == 2 and "not a K3 action" in err


def test_bad_records_exit_2_with_the_reason(capsys: pytest.CaptureFixture[str]) -> None:
    for bad, words in [
        ("#", "holds no game"),
        ("#nope?seed=a", "unknown game"),
        ("k3?v=9&players=2&seed=a", "rules version 9"),
        ("k3?v=1&players=2", "no seed"),
        ("k3?v=1&players=2&seed=a&moves=A:KKK", "move 1 (A:KKK) cannot be played"),
    ]:
        code, _, err = run(capsys, "show", bad)
        assert code == 2, bad
        assert words in err, (bad, err)


def test_simulate_reports_games_and_a_summary(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "k3", "--players", "3", "--games", "4", "--seed", "t",
                       "--bots", "heuristic,random", "--json")
    assert code == 0
    data = json.loads(out)
    assert [g["seed"] for g in data["games"]] == ["t-0", "t-1", "t-2", "t-3"]
    assert all(g["length"] >= 3 and "wins" in g["result"] for g in data["games"])
    summary = data["summary"]
    assert sum(summary["wins_per_seat"].values()) == 4
    assert summary["wins_per_bot"]["heuristic"] + summary["wins_per_bot"].get("random", 0) == 4
    assert summary["games_per_second"] > 0
    # same seeds, same bots with no time budget -> same games
    again = json.loads(run(capsys, "simulate", "k3", "--players", "3", "--games", "4", "--seed", "t",
                           "--bots", "heuristic,random", "--json")[1])
    assert [g["result"] for g in again["games"]] == [g["result"] for g in data["games"]]


def test_simulate_rotate_gives_every_bot_every_seat(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "k3", "--players", "2", "--games", "4", "--seed", "r",
                       "--bots", "heuristic,random", "--rotate", "--json")
    data = json.loads(out)
    assert code == 0
    assert [g["bots"] for g in data["games"]] == [["heuristic", "random"], ["random", "heuristic"]] * 2
    wins = data["summary"]["wins_per_bot"]
    assert sum(wins.values()) == 4


def test_simulate_refuses_unknown_bots(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "simulate", "k3", "--players", "2", "--bots", "genius")
    assert code == 2 and "unknown bot 'genius'" in err


def test_python_dash_m_entry_point() -> None:
    proc = subprocess.run([sys.executable, "-m", "pygames", "new", "k3", "--seed", "x"], capture_output=True,
                          text=True, cwd=ROOT, check=False)
    assert proc.returncode == 0 and proc.stdout.strip() == "k3?v=1&players=2&seed=x&moves="
    proc = subprocess.run([sys.executable, "-m", "pygames", "play", "k3?v=1&players=2&seed=x", "W:5.0"],
                          capture_output=True, text=True, cwd=ROOT, check=False)
    assert proc.returncode == 2 and "arrange" in proc.stderr


def test_show_and_play_accept_a_link_to_a_position(capsys: pytest.CaptureFixture[str]) -> None:
    """``at=N`` (a link to a position): show the position after N moves; play goes on from it."""
    record = arranged_record(capsys)
    first = json.loads(run(capsys, "show", record, "--json")[1])["legal"]["0"][0]
    _, longer, _ = run(capsys, "play", record, first)
    code, out, _ = run(capsys, "show", longer + "&at=1")
    assert code == 0 and "1 moves of 3" in out.splitlines()[0]
    data = json.loads(run(capsys, "show", longer + "&at=2", "--json")[1])
    assert data["moves"] == Record.parse(record).moves
    assert data["state"] == json.loads(run(capsys, "show", record, "--json")[1])["state"]
    code, forked, _ = run(capsys, "play", longer + "&at=2", first)  # a new game from move 2
    assert code == 0 and forked == longer  # (the same move again: the same game, and no at)
    code, _, err = run(capsys, "show", longer + "&at=4")
    assert code == 2 and "from 0 to 3" in err
