"""The terminal view draws each clique as a grid of cards with arrows, bonds and open squares."""

from __future__ import annotations

from hsd_helpers import GAME, drama_in_hand, give, new, set_clique, set_quad, start_act

from homeroom.games.high_school_drama.view import draw_clique


def test_clique_grid_shows_cards_bonds_and_open_squares() -> None:
    st = new(2)
    set_clique(st, 0, [("emo-boy", 0, 0, None, 0), ("garage-band", 1, 0, "emo-boy", 2),
                       ("goth-girl", 0, 1, "emo-boy", 3)])
    lines = draw_clique(st.cliques[0])
    text = "\n".join(lines)
    assert "*Emo Boy" in text and "Garage Band" in text and "Goth Girl" in text
    assert "==2==" in text  # Emo Boy - Garage Band, side by side
    assert "|3|" in text  # Emo Boy over Goth Girl
    # Emo Boy's west arrow points at a free square: a card joins there with an east arrow
    assert "(-1,0)" in text
    block = [line[:15] for line in lines if line.startswith(":")]
    assert ":    (-1,0)   :" in block and ":   needs E   :" in block
    # Goth Girl (a student) points south at (0,2): the joining card needs a north arrow
    assert "needs N" in text
    row = next(line for line in lines if "==2==" in line)
    assert row.index("<") < row.index("==2==") < row.index(">", row.index("==2=="))  # arrows meet
    # rows: Emo Boy's row comes before Goth Girl's
    assert text.index("Emo Boy") < text.index("Goth Girl")


def test_render_whole_table_for_a_seat_and_a_spectator() -> None:
    st = new(3, names=["Ana", "Ben", "Cleo"])
    set_clique(st, 0, [("emo-boy", 0, 0, None, 0)])
    set_clique(st, 1, [("quarterback", 0, 0, None, 0)])
    set_clique(st, 2, [("poet", 0, 0, None, 0)])
    set_quad(st, ["soccer"])
    give(st, 0, ["prom"])
    view = GAME.render(st, 0)
    assert "\n  Prom: Exchange bonds between two students" in view and "The quad:" in view and "Soccer" in view
    assert max(len(line) for line in view.splitlines()) <= 120
    assert "Ana (seat 1):" in view and "Ben (seat 2):" in view and "Cleo (seat 3):" in view
    assert "Prom" not in GAME.render(st, 1)
    assert "(-1,0)" in view  # open squares are drawn for the viewer's own clique


def test_header_names_the_phase_and_leader() -> None:
    st = new(3, names=["Ana", "Ben", "Cleo"])
    head = GAME.render(st, 0).splitlines()[0]
    assert "picking main students" in head and "last to pick" in head and "midterm" not in head
    for _ in range(3):  # Ana, Ben and Cleo pick
        st.apply(st.legal_actions()[0])
    head = GAME.render(st, 0).splitlines()[0]
    assert "semester start: drawing cards" in head and "leader: Cleo" in head


def test_action_lines_name_the_relationship_and_its_numbers() -> None:
    from homeroom.games.high_school_drama.actions import Bond, Breakup, Exchange, HookUp, PlayCard

    st = new(3, names=["Ana", "Ben", "Cleo"])
    set_clique(st, 0, [("dumb-blonde", 0, 0, None, 0)])
    set_clique(st, 1, [("ping-pong-champ", 0, 0, None, 0), ("game-master", 1, 0, "ping-pong-champ", 1),
                       ("manga-girl", 2, 0, "game-master", 2)])
    set_quad(st, ["tennis-star"])
    give(st, 0, ["breakup", "hookup", "spring-break"])
    start_act(st, 0)
    line = st.describe_action(PlayCard("spring-break"))
    assert line.startswith("Play Spring Break: Hookup; your student is 1 cooler")
    st.apply(PlayCard(drama_in_hand(st, 0, "breakup")))
    lines = {st.describe_action(a) for a in st.legal_actions()}
    assert ("Dumb Blonde (cruel 3) attacks Ben's Ping Pong Champ & Game Master (1 -> 0): "
            "Game Master, Manga Girl back to the quad") in lines
    assert "Dumb Blonde (cruel 3) attacks Ben's Game Master & Manga Girl (2 -> 1)" in lines
    assert st.describe_action(Breakup("dumb-blonde", 1, "game-master")) in lines
    st.apply(Breakup("dumb-blonde", 1, "manga-girl"))
    # Ben's turn: his bond and the hookup lines
    st.leader, st.phase, st.queue = 1, "resolve", [1]
    give(st, 1, ["bond"])
    st.playing = st.hands[1].pop()
    assert (st.describe_action(Bond("manga-girl"))
            == "Add a bond to Game Master & Manga Girl (1 -> 2, maximum 8)")
    st.playing = None
    st.reserve[1].append(next(c for c in st.drama_of[1] if c not in st.reserve[1]))
    st.phase, st.queue = "act", [0]
    st.apply(PlayCard("spring-break"))
    hook = HookUp("dumb-blonde", "tennis-star", 1, 0)
    assert hook in st.legal_actions()  # cool 4 + 1 reaches Tennis Star (cool 4)
    assert st.describe_action(hook) == ("Dumb Blonde hooks up with Tennis Star (J c4 h3 x2) at (1,0), "
                                        "east of Dumb Blonde, with 2 bonds")
    assert "(-1,0)" in st.describe_action(HookUp("dumb-blonde", "tennis-star", -1, 0))
    assert st.describe_action(Exchange("game-master")) == Exchange("game-master").describe()  # not Ana's


def test_exchange_lines_say_what_breaks() -> None:
    from homeroom.games.high_school_drama.actions import Exchange, PlayCard

    st = new(2, names=["Alex", "Dana"])
    set_clique(st, 0, [("emo-boy", 0, 0, None, 0), ("garage-band", 1, 0, "emo-boy", 1)])
    set_clique(st, 1, [("ping-pong-champ", 0, 0, None, 0), ("anime-club", 0, 1, "ping-pong-champ", 3)])
    set_quad(st, [])
    give(st, 0, ["gaming-convention"])
    start_act(st, 0)
    st.apply(PlayCard("gaming-convention"))
    assert st.describe_action(Exchange("garage-band")) == (
        "Exchange a bond of Emo Boy & Garage Band for a signature (1 -> 0): Garage Band back to the quad")
    st.apply(Exchange("garage-band"))
    assert st.to_move == 1
    assert st.describe_action(Exchange("anime-club")) == (
        "Exchange a bond of Ping Pong Champ & Anime Club for a signature (3 -> 2)")


def test_pick_lines_show_the_arrows_and_the_opening_names_the_draft() -> None:
    from homeroom.games.high_school_drama.actions import PickMain

    st = new(2)
    set_quad(st, ["tennis-star", "soccer"])
    assert st.describe_action(PickMain("tennis-star")) == (
        "Pick Tennis Star as your main student (J c4 h3 x2, arrows NESW)")
    assert "Each player has a hookup" in st.opening_events()[1].text
    assert "The drama stacks hold" in new(2, options={"public_draft": True}).opening_events()[1].text


def test_action_lines_for_malformed_actions_fall_back_to_the_plain_line() -> None:
    from homeroom.games.high_school_drama.actions import Breakup, HookUp, PickMain

    st = new(2)
    for action in (Breakup("nobody", 9, "x"), Breakup("nobody", 1, "x"), HookUp("x", "y", 0, 0), PickMain("x")):
        assert st.describe_action(action) == action.describe()
