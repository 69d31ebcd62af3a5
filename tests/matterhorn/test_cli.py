"""The CLI for Matterhorn: new / show / show --json / play (legal and refused) / simulate."""

from __future__ import annotations

import json

import pytest

from pygames.__main__ import main
from pygames.core.record import Record
from pygames.matterhorn.data import TOKENS


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out.strip(), err.strip()


def show(capsys: pytest.CaptureFixture[str], record: str) -> dict:
    code, out, _ = run(capsys, "show", record, "--json")
    assert code == 0
    return json.loads(out)


def started(capsys: pytest.CaptureFixture[str], seed: str = "cli-1") -> str:
    """A 2-player record with both climbers of both seats placed (first listed setup each time)."""
    code, record, _ = run(capsys, "new", "matterhorn", "--players", "2", "--seed", seed)
    assert code == 0
    for _ in range(2):
        data = show(capsys, record)
        seat = str(data["to_move"][0])
        code, record, _ = run(capsys, "play", record, data["legal"][seat][-1])
        assert code == 0
    return record


def test_new_prints_the_record(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "new", "matterhorn", "--players", "3", "--seed", "glacier-7", "--opt", "hard=1")
    assert code == 0 and out == "matterhorn?v=1&players=3&hard=1&seed=glacier-7&moves="
    assert Record.parse(out).options == {"players": 3, "hard": True}
    code, _, err = run(capsys, "new", "matterhorn", "--players", "5")
    assert code == 2 and "at most 4" in err


def test_show_json_fields(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue item 4: board, summit, pool, roll, aside, rows_used; legal lists every action of the seat to move."""
    _, record, _ = run(capsys, "new", "matterhorn", "--players", "2", "--seed", "fields")
    data = show(capsys, record)
    assert data["game"] == "matterhorn" and data["over"] is False and data["result"] is None
    state = data["state"]
    assert state["board"] == {} and state["summit"] == [0, 0] and state["pool"] == TOKENS
    assert state["roll"] is None and state["aside"] == [] and state["rows_used"] == []
    seat = str(data["to_move"][0])
    assert len(data["legal"][seat]) == 45 and data["legal"][seat][0] == "C:12.0,12.1"
    record = started(capsys, "fields")
    data = show(capsys, record)
    state = data["state"]
    assert sorted(state["board"].values()) == ["0", "0", "1", "1"]
    assert len(state["roll"]) == 5 and all(1 <= v <= 6 for v in state["roll"])
    legal = data["legal"][str(data["to_move"][0])]
    assert legal and all(t.startswith("P:") for t in legal) or legal[-1] == "O:-"


def test_show_text(capsys: pytest.CaptureFixture[str]) -> None:
    record = started(capsys, "text")
    code, out, _ = run(capsys, "show", record)
    assert code == 0 and "Matterhorn" in out and "pool 40" in out and "legal" in out and "summit" in out


def test_play_legal_and_refused(capsys: pytest.CaptureFixture[str]) -> None:
    record = started(capsys, "cli-1")
    data = show(capsys, record)
    seat = str(data["to_move"][0])
    action = data["legal"][seat][0]
    code, after, _ = run(capsys, "play", record, action)
    assert code == 0 and Record.parse(after).moves[-1] == action
    assert show(capsys, after)["state"]["pool"] in (TOKENS - 1, TOKENS)
    code, out, err = run(capsys, "play", record, "E")
    assert code == 2 and out == "" and "refused" in err and "not now" in err
    code, _, err = run(capsys, "play", record, "P:->4.0")
    assert code == 2 and "circle" in err
    code, _, err = run(capsys, "play", record, "jump")
    assert code == 2 and "not a Matterhorn action" in err


def test_play_a_whole_turn_and_replay_the_link(capsys: pytest.CaptureFixture[str]) -> None:
    """The dice the player sees after a roll are part of the state the link reproduces."""
    record = started(capsys, "turn")
    for _ in range(8):
        data = show(capsys, record)
        seat = str(data["to_move"][0])
        legal = data["legal"][seat]
        code, record, _ = run(capsys, "play", record, "R" if "R" in legal else legal[0])
        assert code == 0
    again = show(capsys, record)
    assert again == show(capsys, Record.parse(record).to_link("https://example.org/"))
    assert again["state"]["roll"] == Record.parse(record).replay().state_json()["roll"]


def test_simulate(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "simulate", "matterhorn", "--players", "2", "--games", "2", "--seed", "sim",
                       "--bots", "heuristic,random", "--rotate", "--json")
    assert code == 0
    report = json.loads(out)
    assert report["summary"]["games"] == 2 and sum(report["summary"]["wins_per_seat"].values()) == 2
    assert all("wins" in g["result"] for g in report["games"])
    code, out, _ = run(capsys, "simulate", "matterhorn", "--players", "3", "--games", "1", "--seed", "sim3",
                       "--bots", "random")
    assert code == 0 and "1 games" in out
