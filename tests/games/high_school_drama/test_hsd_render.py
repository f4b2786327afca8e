"""The terminal view draws each clique as a grid of cards with arrows, bonds and open squares."""

from __future__ import annotations

from hsd_helpers import GAME, give, new, set_clique, set_quad

from homeroom.games.high_school_drama.render import draw_clique


def test_clique_grid_shows_cards_bonds_and_open_squares() -> None:
    st = new(2)
    set_clique(st, 0, [("emo-boy", 0, 0, None, 0), ("garage-band", 1, 0, "emo-boy", 2),
                       ("goth-girl", 0, 1, "emo-boy", 3)])
    lines = draw_clique(st.cliques[0])
    text = "\n".join(lines)
    assert "*Emo Boy" in text and "Garage Band" in text and "Goth Girl" in text
    assert "==2==" in text  # Emo Boy - Garage Band, side by side
    assert "|3|" in text  # Emo Boy over Goth Girl
    assert "(-1,0)" in text and "open" in text  # Emo Boy's west arrow points at a free square
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
    assert "Your hand: Prom" in view and "The quad:" in view and "Soccer" in view
    assert "Ana (seat 1):" in view and "Ben (seat 2):" in view and "Cleo (seat 3):" in view
    assert "Prom" not in GAME.render(st, 1)
    assert "(-1,0)" in view  # open squares are drawn for the viewer's own clique
