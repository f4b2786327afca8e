"""Warnings before the end of a round's automatic rules (rulebook "End of Round"): a club track's
lead shared with a rival gives nobody the leader's reward, and at Winter Break the whole school is
wiped. Said while the round can still change them; read only from the club tracks, the round and
the school, which everyone sees. No rules run here."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.games.class_of_89.components import CLUBS, components

if TYPE_CHECKING:
    from homeroom.games.class_of_89.state import Co89State

SECTION = "End of Round"


def warnings(st: Co89State, seat: int | None) -> list[dict[str, str]]:
    """The warnings for ``seat`` while it places team members (none for a spectator)."""
    if seat is None or not 0 <= seat < st.players or st.phase in ("over", "side", "round_end"):
        return []
    comp = components()
    out: list[dict[str, str]] = []
    tied: list[str] = []
    for club in CLUBS:
        steps = [b.tracks[club] for b in st.books]
        best = max(steps)
        if best > 0 and steps[seat] == best and steps.count(best) > 1:
            tied.append(comp.club_name(club))
    if tied:
        clubs = ", ".join(tied)
        out.append({"text": f"You share the lead on {clubs}: at the end of round {st.round} a track whose lead is "
                            "tied gives its leader's reward to nobody. One more step there makes it yours alone.",
                    "section": SECTION})
    if st.round == int(comp.board["winter_break_round"]):
        out.append({"text": f"Winter Break: at the end of this round (round {st.round}) every card and tile left "
                            "in the school is cleared away and the school is refilled fresh.",
                    "section": SECTION})
    return out
