"""Hidden information: hands, what each player drew and the event deck order stay secret."""

from __future__ import annotations

import json

from hsd_helpers import COMPS, GAME, new, random_playout

from homeroom.engine import Rng
from homeroom.engine.match import Match


def _midgame(seed: int = 3, **options: object):  # type: ignore[no-untyped-def]
    st = new(3, seed=seed, options=dict(options))
    return random_playout(st, seed, stop=lambda s: s.year == 1 and s.phase == "act")


def test_observation_shows_only_own_hand() -> None:
    st = _midgame()
    for viewer in range(3):
        obs = st.observation(viewer)
        text = json.dumps(obs)
        for s, p in enumerate(obs["players"]):
            assert p["hand_size"] == len(st.hands[s])
            if s == viewer:
                assert p["hand"] == sorted(st.hands[s])
            else:
                assert p["hand"] is None
        for s in range(3):
            if s != viewer:
                for card in st.hands[s]:
                    if card not in st.hands[viewer]:
                        assert card not in text
        assert all(card not in text for card in st.event_deck)
    spectator = json.dumps(st.observation(None))
    assert all(c not in spectator for h in st.hands for c in h)


def test_render_respects_the_viewer() -> None:
    st = _midgame()
    seat = st.to_move
    assert seat is not None
    other = (seat + 1) % 3
    mine = GAME.render(st, seat)
    assert "Your hand:" in mine
    for card in st.hands[other]:
        name = COMPS.name(card)
        if card not in st.hands[seat] and name not in mine.replace("Your hand:", ""):
            continue
        # a card name can show elsewhere (e.g. a played event); never as part of another's hand
    assert "Your hand:" not in GAME.render(st, None)


def test_log_private_texts() -> None:
    m = Match.start(GAME, 3, 5, {})
    rng = Rng(2)
    while m.state.phase != "act":  # type: ignore[attr-defined]
        m.play(rng.choice(m.state.legal_actions()))
    for entry in m.history:
        for e in entry.events:
            if e.private:
                (seat, text), = e.private
                assert "You draw" in text or "You discard" in text
                assert "draws" in e.text and COMPS.name(entry.action.to_json().get("drama", "x")) not in e.text


def test_redeal_keeps_counts_and_own_hand() -> None:
    st = _midgame(seed=7)
    for viewer in [0, 1, 2, None]:
        det = st.determinize(viewer, Rng(11))
        assert det.observation(viewer) == st.observation(viewer)
        assert det.invariants() == []
        for s in range(3):
            assert len(det.hands[s]) == len(st.hands[s])
            if s == viewer:
                assert det.hands[s] == st.hands[s]
            assert sum(c in COMPS.events for c in det.hands[s]) == sum(c in COMPS.events for c in st.hands[s])
    # something hidden actually changes for some re-deal
    changed = any(st.determinize(0, Rng(k)).event_deck != st.event_deck for k in range(5))
    assert changed


def test_public_draft_redeal() -> None:
    st = _midgame(seed=2, public_draft=True)
    det = st.determinize(1, Rng(3))
    assert det.observation(1) == st.observation(1) and det.invariants() == []


def test_redeal_never_puts_back_a_drama_card_everyone_saw_played() -> None:
    # Dana draws a hookup and a bond (Alex two events), and plays the hookup face up at midterm: it goes back face
    # down in front of her, so every re-deal seen by Alex leaves it there until Dana draws again.
    from hsd_helpers import drama_in_hand, set_clique, set_quad

    from homeroom.games.high_school_drama.actions import DrawDrama, DrawEvent, PlayCard

    st = new(2, names=["Alex", "Dana"])
    set_quad(st, ["soccer"])
    set_clique(st, 0, [("quarterback", 0, 0, None, 0)])
    set_clique(st, 1, [("tennis-star", 0, 0, None, 0)])
    st.phase, st.leader, st.queue = "draw", 1, [1, 0]
    for action in (DrawDrama("hookup"), DrawEvent(), DrawDrama("bond"), DrawEvent()):
        st.apply(action)
    hookup = drama_in_hand(st, 1, "hookup")
    assert st.to_move == 1
    st.apply(PlayCard(hookup))
    if st.phase == "resolve":
        st.apply(st.legal_actions()[0])
    assert hookup in st.reserve[1] and st.observation(0)["players"][1]["drama_face_down"] == [hookup]
    for k in range(30):
        det = st.determinize(0, Rng(k))
        assert hookup in det.reserve[1] and hookup not in det.hands[1]
        assert det.invariants() == [] and det.observation(0) == st.observation(0)
    # the bond or the breakup may be the one in Dana's hand: the re-deal still varies that
    assert len({tuple(st.determinize(0, Rng(k)).hands[1]) for k in range(30)}) > 1
    # a new secret drama draw forgets what was seen: any of her drama cards may be the one drawn
    st.phase, st.queue, st.step = "draw", [1], 1
    st.apply(DrawDrama("hookup"))
    assert st.shown[1] == [] and len(st.hands[1]) == 2 and st.invariants() == []
    assert any(hookup not in st.determinize(0, Rng(k)).hands[1] for k in range(30))
