"""A short training run of the example, and the trained model at a table as seat kind
``policy:PATH`` (simulate, play, the server's seat check), with one-line errors for bad files."""

from __future__ import annotations

import importlib.util
import sys
import time
import zipfile
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from homeroom import games
from homeroom.agents import AgentError, make_agent
from homeroom.cli.main import app
from homeroom.server.bots import check_kind, runnable

pytestmark = pytest.mark.xdist_group("rl-policy")  # one smoke-trained model for all of them
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_masked_ppo.py"


def _example() -> Any:
    spec = importlib.util.spec_from_file_location("train_masked_ppo", EXAMPLE)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A few thousand steps of imitation + masked PPO on 2-player High School Drama."""
    out = tmp_path_factory.mktemp("rl") / "hsd.zip"
    began = time.monotonic()
    code = _example().main(["--players", "2", "--opponents", "random", "--timesteps", "2048", "--envs", "2",
                            "--n-steps", "256", "--batch-size", "256", "--epochs", "2", "--net", "32,32",
                            "--imitate-games", "4", "--imitate-epochs", "1", "--eval-games", "4",
                            "--out", str(out), "--minutes", "2"])
    assert code == 0 and out.is_file()
    assert time.monotonic() - began < 120
    return out


def test_smoke_training_saves_a_policy_that_plays_legal_moves(trained: Path) -> None:
    agent = make_agent(f"policy:{trained}", seed=1)
    state = games.get("high-school-drama").new_state(2, seed=5)
    rival = make_agent("random", seed=2)
    while not state.is_terminal():
        seat = state.to_move
        assert seat is not None
        action = (agent if seat == 0 else rival).choose(state, seat)
        assert action in state.legal_actions()
        state.apply(action)


def test_the_policy_sees_a_fresh_encoding_at_every_decision(trained: Path) -> None:
    """A policy seat keeps its observation parts between decisions (only the changed ones are
    encoded again): what its model is handed equals the from-scratch features every time, across
    two games played by the same agent and both seats."""
    from homeroom.rl import encoding

    agent = make_agent(f"policy:{trained}", seed=1)
    handed: list[Any] = []
    real = agent.model.predict  # type: ignore[attr-defined]

    def spying(obs: Any, **kw: Any) -> Any:
        handed.append(obs.copy())
        return real(obs, **kw)

    agent.model.predict = spying  # type: ignore[attr-defined]
    enc = encoding("high-school-drama")
    decisions = 0
    for seed in (5, 6):
        state = games.get("high-school-drama").new_state(2, seed=seed)
        while not state.is_terminal():
            seat = state.to_move
            assert seat is not None
            handed.clear()
            action = agent.choose(state, seat)
            if handed:
                fresh = np.asarray(enc.module.observation_features(state.observation(seat), seat, 2), dtype=np.float32)
                assert np.array_equal(handed[0], fresh), f"seed {seed}, decision {decisions}"
                decisions += 1
            state.apply(action)
    assert decisions > 20


def test_policy_seat_in_simulate_and_play(trained: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["simulate", "high-school-drama", "--players", "2", "--games", "2",
                                 "--seat", f"policy:{trained}", "--seat", "random", "--json"])
    assert result.exit_code == 0, result.output
    assert '"errors": 0' in result.output.replace(" ", "").replace('"errors":0', '"errors": 0')
    result = runner.invoke(app, ["play", "high-school-drama", "--players", "2", "--seat", f"policy:{trained}",
                                 "--seat", "greedy", "--seed", "3"], input="\n" * 50)
    assert result.exit_code == 0, result.output
    assert "Winner" in result.output or "Shared win" in result.output


def test_the_server_seats_only_policies_from_its_policy_folder(trained: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HOMEROOM_POLICY_DIR", raising=False)
    with pytest.raises(AgentError, match="seats no trained policies"):
        check_kind(f"policy:{trained}")
    monkeypatch.setenv("HOMEROOM_POLICY_DIR", str(trained.parent))
    # stored and shown by its name in the folder (the lobby never sees the server's paths) ...
    assert check_kind(f"policy:{trained.name}") == f"policy:{trained.name}"
    assert check_kind(f"policy:{trained.resolve()}") == f"policy:{trained.name}"
    # ... and run from the folder (an older table that stored the absolute path still runs)
    assert runnable(f"policy:{trained.name}") == f"policy:{trained.resolve()}"
    assert runnable(f"policy:{trained.resolve()}") == f"policy:{trained.resolve()}"
    assert runnable("hard") == "hard"
    # a policy for another table is refused when the seat is given, not at its first move
    assert check_kind(f"policy:{trained.name}", "high-school-drama", 2) == f"policy:{trained.name}"
    with pytest.raises(AgentError, match="trained for 2 players, not 3"):
        check_kind(f"policy:{trained.name}", "high-school-drama", 3)
    with pytest.raises(AgentError, match="trained for high-school-drama, not academic-society"):
        check_kind(f"policy:{trained.name}", "academic-society", 2)
    assert check_kind("hard", "academic-society", 4) == "hard"
    with pytest.raises(AgentError, match="must lie in HOMEROOM_POLICY_DIR"):
        check_kind("policy:../elsewhere.zip")
    with pytest.raises(AgentError, match="does not exist"):
        check_kind("policy:missing.zip")


def test_a_policy_at_the_wrong_table_says_why(trained: Path) -> None:
    agent = make_agent(f"policy:{trained}")
    for game_id, players, reason in (("high-school-drama", 3, "trained for 2 players, not 3"),
                                     ("academic-society", 2, "trained for high-school-drama, not academic-society")):
        state = games.get(game_id).new_state(players, seed=0)
        with pytest.raises(AgentError, match=reason):
            agent.choose(state, state.to_move or 0)


def test_bad_policy_files_fail_in_one_line(tmp_path: Path) -> None:
    with pytest.raises(AgentError, match="does not exist"):
        make_agent(f"policy:{tmp_path / 'missing.zip'}")
    text = tmp_path / "notes.txt"
    text.write_text("not a model")
    with pytest.raises(AgentError, match="is not a saved model"):
        make_agent(f"policy:{text}")
    other = tmp_path / "other.zip"
    with zipfile.ZipFile(other, "w") as z:
        z.writestr("hello.txt", "hi")
    with pytest.raises(AgentError, match="cannot be loaded as a MaskablePPO model"):
        make_agent(f"policy:{other}")
    with pytest.raises(AgentError, match="needs a model file"):
        make_agent("policy")
    result = CliRunner().invoke(app, ["simulate", "high-school-drama", "--players", "2", "--games", "1",
                                      "--seat", "policy:/nowhere/model.zip", "--seat", "random"])
    assert result.exit_code == 2 and "does not exist" in result.output and "Traceback" not in result.output


def test_without_the_rl_extra_the_policy_kind_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "homeroom.rl.policy", None)  # as if the rl extra were not installed
    with pytest.raises(AgentError, match=r"needs the rl extra \(pip install -e '\.\[rl\]'\)"):
        make_agent("policy:model.zip")


def test_a_policy_plays_a_whole_web_table(trained: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A table created through the web API with a trained policy against the random bot plays to the end
    on the server's bot workers."""
    from fastapi.testclient import TestClient

    from homeroom.server.app import create_app
    from homeroom.server.config import ServerConfig

    monkeypatch.setenv("HOMEROOM_POLICY_DIR", str(trained.parent))
    with TestClient(create_app(ServerConfig(data_dir=tmp_path, bot_workers=1))) as client:
        body = {"game": "high-school-drama", "players": 2, "seed": 4,
                "seats": [{"kind": f"policy:{trained.name}"}, {"kind": "random"}]}
        response = client.post("/api/tables", json=body)
        assert response.status_code == 201, response.text
        table = response.json()["table_id"]
        deadline = time.monotonic() + 120
        summary: dict[str, Any] = {}
        while time.monotonic() < deadline:
            summary = client.get(f"/api/tables/{table}").json()
            if summary["terminal"]:
                break
            time.sleep(0.5)
        assert summary["terminal"], summary
        bad = client.post("/api/tables", json={**body, "seats": [{"kind": "policy:../x.zip"}, {"kind": "random"}]})
        assert bad.status_code == 422 and "must lie in HOMEROOM_POLICY_DIR" in bad.text
