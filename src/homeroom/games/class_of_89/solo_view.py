"""The solo game's score explained in words (rulebook "Solo Rules / End of the Game"): per club
objective the player's count, the target in force and why, and the 14/6, 6/14 or 0/14 result;
Ed's teachers column by column. The terminal shows these under 'score', on 'board' and 'board Ed'."""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.games.class_of_89 import placement as pl
from homeroom.games.class_of_89.components import components
from homeroom.games.class_of_89.scoring import book_facts, measure_of, solo_objective_points, solo_targets

if TYPE_CHECKING:
    from homeroom.games.class_of_89.state import Co89State

ED = "Ed"


def difficulty(state: Co89State) -> str:
    return str(state.options.get("difficulty", "normal"))


def target_in_force(state: Co89State, oid: str) -> str:
    """'T1 7 (normal: your Student Council pin 1 is not above Ed's 2; MIN 4 gives 6/14)': the target
    the player must reach now for 14 points, and why (the difficulty and the two pins)."""
    comp = components()
    obj = comp.objectives[oid]
    me, ed = state.books[0], state.books[1]
    (name, value), partial = solo_targets(difficulty(state), obj, me, ed)
    club = comp.club_name(obj.club)
    mine, eds = me.tracks[obj.club], ed.tracks[obj.club]
    if difficulty(state) == "easy":
        why = "easy game"
    else:
        above = "above" if mine > eds else "not above"
        why = f"{difficulty(state)}: your {club} pin {mine} is {above} Ed's {eds}"
    rest = f"; MIN {partial} gives 6/14" if partial is not None else ""
    return f"{name} {value} ({why}{rest})"


def objective_lines(state: Co89State) -> list[str]:
    """One line per club objective: the player's count, the target in force and why, the result."""
    comp = components()
    me = state.books[0]
    facts = book_facts(me)
    mine, eds = solo_objective_points(state)
    out = [f"Club objectives, solo {difficulty(state)} (you | Ed):"]
    for oid in state.objectives:
        count = measure_of(me, facts, oid)
        out.append(f"  {comp.objectives[oid].name}: you have {count}, target {target_in_force(state, oid)}"
                   f" -> {mine[oid]} | {eds[oid]}")
    return out


def ed_teacher_lines(state: Co89State) -> list[str]:
    """Ed's teachers, column by column: the tokens of the column's priority card, half discarded
    (rounded up), times the students in the column."""
    comp = components()
    ed = state.books[1]
    teachers = pl.lookup().teachers
    out = ["Ed's teachers (per column: tokens of its priority card, half discarded, x students):"]
    total = 0
    for c in range(5):
        cells = ed.photo[c:20:5]
        if teachers.isdisjoint(cells) or c >= len(state.ed_priority):
            continue
        club = state.ed_priority[c]
        token = next(lc.token for lc in comp.locations if lc.club == club)
        n = state.ed_tokens.get(token, 0)
        left = n - (n + 1) // 2
        students = sum(1 for x in cells if x and x not in teachers)
        total += left * students
        out.append(f"  column {c + 1} ({comp.club_name(club)}): {n} {comp.token_name(token)} token"
                   f"{'s' if n != 1 else ''}, discard {(n + 1) // 2} -> {left} x {students} student"
                   f"{'s' if students != 1 else ''} = {left * students}")
    if len(out) == 1:
        out.append("  no teacher in Ed's photo yet: 0")
    else:
        out.append(f"  total {total}")
    return out


def score_notes(state: Co89State, viewer: int | None) -> list[str]:
    """Below the score table in a solo game: the objectives and Ed's teachers explained."""
    if state.players != 1:
        return []
    return objective_lines(state) + ed_teacher_lines(state)
