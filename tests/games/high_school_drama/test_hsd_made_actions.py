"""Legal actions are handed out as one immutable object per action value (issue 36): the same
lists, equal by value, only their identity is kept, whatever the seat, the hidden cards or the
data set; and a played card's ways to resolve are worked out once."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest
from hsd_helpers import GAME, new

from call_counts import count_calls
from homeroom.engine import Action, Rng
from homeroom.engine.datadiff import to_toml
from homeroom.engine.datasets import overlay
from homeroom.games.high_school_drama import midterm_final, school_year
from homeroom.games.high_school_drama.actions import PlayCard
from homeroom.games.high_school_drama.components import DATA_DIR, Components, load
from homeroom.games.high_school_drama.state import HSDState


def _positions(players: int, seed: int, options: dict[str, object]) -> Iterator[HSDState]:
    """Every position of a seeded random game."""
    st = new(players, seed=seed, options=options)
    rng = Rng(seed)
    while not st.is_terminal():
        yield st
        st.apply(rng.choice(st.legal_actions()))


def _fresh(action: Action) -> Action:
    """The same action built anew from its fields."""
    return type(action)(*(getattr(action, f.name) for f in dataclasses.fields(action)))  # type: ignore[arg-type]


def test_every_position_hands_out_the_same_object_for_the_same_action() -> None:
    """Across games, option sets and seats, an action value is one object (``is``), equal to the
    action built anew from its fields; each list still has no action twice."""
    kept: dict[Action, Action] = {}
    offered = 0
    for k, options in enumerate(GAME.info.test_option_sets):
        players = 3 if "transfer_student" in options else 2
        for st in _positions(players, 40 + k, dict(options)):
            legal = st.legal_actions()
            assert len(set(legal)) == len(legal)
            for action in legal:
                assert kept.setdefault(action, action) is action, f"{action!r} built again"
                assert action == _fresh(action) and hash(action) == hash(_fresh(action))
            offered += len(legal)
    kinds = {type(a).__name__ for a in kept}
    assert {"PlayCard", "Discard", "KeepHand", "HookUp", "Bond", "Breakup", "PickMain"} <= kinds
    assert offered > 4 * len(kept)  # the same actions come back again and again


def test_which_objects_a_seat_gets_shows_nothing_of_hidden_cards() -> None:
    """Re-dealing what the seat to move cannot see (other hands, the decks) hands it the very same
    objects: an object depends on the action's value alone, not on who holds what."""
    checked = 0
    for n, st in enumerate(_positions(3, 5, {})):
        if n % 7:
            continue
        seat = st.to_move
        legal = list(st.legal_actions())
        for k in range(3):
            world = st.determinize(seat, Rng(1000 * n + k))
            assert world.hands != st.hands or world.event_deck != st.event_deck or n == 0
            again = world.legal_actions()
            assert again == legal and all(a is b for a, b in zip(again, legal, strict=True))
        checked += 1
    assert checked > 20


def test_a_data_set_switch_hands_out_no_action_of_the_other_data(tmp_path: Path) -> None:
    """Under a data set that renames every card and changes every student's cool (so other hookups
    are legal), the actions handed out are the rules' own under that data, describe themselves with
    its names, and after switching back, with the packaged names again: an action holds ids and
    numbers only, so the object kept for a value under either data is the same action, and is
    handed out under both."""
    files = overlay(DATA_DIR, None).files
    folder = tmp_path / "renamed"
    folder.mkdir()
    students = [dict(s, name=f"Renamed {s['name']}", cool=6 - s["cool"]) for s in files["students.toml"]["student"]]
    (folder / "students.toml").write_text(to_toml({"student": students}), encoding="utf-8")
    events = [dict(e, name=f"Renamed {e['name']}") for e in files["events.toml"]["event"]]
    (folder / "events.toml").write_text(to_toml({"event": events}), encoding="utf-8")
    renamed = GAME.dataset(folder)
    packaged = load()

    def play(names: dict[str, str]) -> list[list[Action]]:
        lists = []
        for st in _positions(2, 11, {}):
            legal = st.legal_actions()
            for action in legal:
                assert action == _fresh(action)
                for field in ("card", "performer", "target"):
                    card = getattr(action, field, None)
                    if card is not None:
                        assert names[card] in action.describe(), (action, names[card])
            lists.append(list(legal))
        return lists

    def names(comps: Components) -> dict[str, str]:
        return {c: comps.name(c) for c in (*comps.cards, *comps.events, *comps.drama)}

    before = play(names(packaged))
    GAME.use_data(renamed)
    try:
        comps = load()
        assert comps is not packaged and comps.name("tennis-star") == "Renamed Tennis Star"
        mine = play(names(comps))
    finally:
        GAME.use_data(None)
    after = play(names(packaged))
    assert before == after
    kept = {a: a for legal in before for a in legal}
    assert all(kept.get(a, a) is a for legal in mine + after for a in legal)  # one object per value, any data
    assert mine != before  # the other data's rules moved the game: its actions were its own
    hookups = {a for legal in mine for a in legal if type(a).__name__ == "HookUp"}
    assert hookups - {a for legal in before for a in legal}  # hookups only its cool allows



def test_a_played_cards_ways_to_resolve_are_worked_out_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """Playing a card works out its ways to resolve (to know whether it has an effect); those are the
    next position's legal actions, not worked out a second time, and are what a fresh look finds."""
    calls = count_calls(monkeypatch, school_year.midterm_final, "resolution_options")
    resolved = 0
    for st in _positions(2, 8, {}):
        if st.phase != "act":
            continue
        for action in st.legal_actions():
            assert isinstance(action, PlayCard)
            world = st.clone()
            before = calls[0]
            world.apply(action)
            if world.phase != "resolve":
                continue
            legal = world.legal_actions()
            assert calls[0] == before + 1  # in apply only
            fresh = world.clone()  # no caches
            assert fresh.legal_actions() == legal == midterm_final.resolution_options(
                fresh, fresh.queue[0], fresh.comps.effect(fresh.playing or ""))
            resolved += 1
    assert resolved > 50
