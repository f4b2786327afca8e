"""Search mode (``State.quiet``) and the speed paths of issue 18: they change how fast a game runs,
never what happens in it."""

from __future__ import annotations

import pytest

from homeroom import games
from homeroom.engine import Rng
from homeroom.engine.rng import RedealRng

CASES = [(gid, n) for gid in ("class-of-89", "academic-society", "high-school-drama")
         for n in games.get(gid).info.player_counts]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_quiet_games_play_exactly_as_logged_ones(game_id: str, players: int) -> None:
    game = games.get(game_id)
    for seed in (3, 11):
        loud = game.new_state(players, seed)
        quiet = game.new_state(players, seed)
        quiet.set_quiet()
        rng = Rng(seed)
        logged = 0
        while not loud.is_terminal():
            legal = loud.legal_actions()
            assert [a.to_json() for a in legal] == [a.to_json() for a in quiet.legal_actions()]
            i = rng.randrange(len(legal))
            logged += len(loud.apply(legal[i]))
            assert quiet.apply(quiet.legal_actions()[i]) == []
            assert loud.to_json() == quiet.to_json()
        assert quiet.is_terminal() and logged > 0
        assert [s.total for s in loud.scores()] == [s.total for s in quiet.scores()]
        assert loud.winner() == quiet.winner()
        assert "quiet" not in quiet.to_json()


def test_search_mode_is_kept_by_copies_and_set_by_determinize() -> None:
    state = games.get("high-school-drama").new_state(3, 5)
    assert not state.quiet
    world = state.determinize(0, Rng(1))
    assert world.quiet and world.clone().quiet and not state.clone().quiet
    assert world.to_json() != "" and state.apply(state.legal_actions()[0])  # the original still logs
    world.set_quiet(False)
    assert not world.quiet and world.apply(world.legal_actions()[0])


def test_rng_fast_paths_keep_the_stream() -> None:
    """randrange/shuffle have next32 inlined: the same numbers as drawing next32 one by one."""
    def slow_randrange(r: Rng, n: int) -> int:
        threshold = (0x100000000 - n) % n
        while True:
            x = r.next32()
            if x >= threshold:
                return x % n

    a, b = Rng(9), Rng(9)
    for n in (2, 3, 7, 100, 2**31 + 5, 2**32 - 1):
        for _ in range(50):
            assert a.randrange(n) == slow_randrange(b, n)
    deck_a, deck_b = list(range(40)), list(range(40))
    a.shuffle(deck_a)
    for i in range(len(deck_b) - 1, 0, -1):
        j = slow_randrange(b, i + 1)
        deck_b[i], deck_b[j] = deck_b[j], deck_b[i]
    assert deck_a == deck_b and a.state == b.state


def test_redeal_rng_is_seeded_and_uniform_enough() -> None:
    a, b = RedealRng(5), RedealRng(5)
    x, y = list(range(30)), list(range(30))
    a.shuffle(x)
    b.shuffle(y)
    assert x == y and sorted(x) == list(range(30)) and x != list(range(30))
    firsts = [0] * 4
    r = RedealRng(6)
    for _ in range(4000):
        deck = [0, 1, 2, 3]
        r.shuffle(deck)
        firsts[deck[0]] += 1
    assert all(850 < c < 1150 for c in firsts), firsts


def test_bench_reports_search_mode_speed() -> None:
    from homeroom.sim.bench import bench_case

    row = bench_case("high-school-drama", 2, seconds=0.01, min_games=2)
    assert row["decisions_per_second"] > 0 and row["quiet_decisions_per_second"] > 0


def test_simulate_scaling_rows() -> None:
    from homeroom.sim.bench import simulate_scaling

    rows = simulate_scaling("high-school-drama", 2, 4)
    assert [r["workers"] for r in rows] == [1, 2] and all(r["errors"] == 0 for r in rows)
    assert rows[0]["speedup_cpu_normalised"] == 1.0 and rows[1]["games_per_cpu_second"] > 0


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_determinized_worlds_never_touch_the_original(game_id: str, players: int) -> None:
    """determinize shares with the original only what the re-deal rebinds (``redeal_replaces``) and
    the generator it replaces: playing a world to the end leaves the original's JSON as it was."""
    game = games.get(game_id)
    state = game.new_state(players, 7)
    rng = Rng(7)
    step = 0
    while not state.is_terminal():
        if step % 9 == 0:
            before = state.to_json()
            seat = state.to_move
            world = state.determinize(seat, Rng(step))
            assert world.rng is not state.rng
            for name in type(state).redeal_replaces:
                assert getattr(world, name) is not getattr(state, name)
            play = Rng(step + 1)
            while not world.is_terminal():
                world.apply(play.choice(world.legal_actions()))
            assert state.to_json() == before
        state.apply(rng.choice(state.legal_actions()))
        step += 1


def test_sharing_copier_names_bad_fields() -> None:
    from homeroom.engine.copier import sharing_copier

    cls = type(games.get("class-of-89").new_state(2, 1))
    with pytest.raises(TypeError, match="no fields"):
        sharing_copier(cls, frozenset({"nonsense"}))
    with pytest.raises(TypeError, match="needs a dataclass"):
        sharing_copier(int, frozenset())


def test_redeal_shuffle_is_the_mersenne_twister_shuffle() -> None:
    """RedealRng.shuffle inlines random.Random.shuffle: the same order from the same seed."""
    import random

    for n in (0, 1, 2, 3, 8, 9, 78, 1500):
        for seed in range(8):
            mine, theirs = list(range(n)), list(range(n))
            RedealRng(seed).shuffle(mine)
            random.Random(seed).shuffle(theirs)
            assert mine == theirs


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_results_memo_gives_the_same_results(game_id: str, players: int) -> None:
    """``results_memo`` (one end-game scoring for all of simulate's questions) changes no answer,
    and does not outlive its block."""
    state = games.get(game_id).new_state(players, 21)
    rng = Rng(21)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    plain = ([s.to_json() for s in state.scores()], state.winner(), state.placings(),
             {k: v.to_json() for k, v in state.automa_scores().items()})
    with state.results_memo():
        memo = ([s.to_json() for s in state.scores()], state.winner(), state.placings(),
                {k: v.to_json() for k, v in state.automa_scores().items()})
    assert memo == plain
    assert not [k for k in state.__dict__ if k.startswith("_c_")]
