"""One-line descriptions of component rules (objectives, teacher and tile scoring, gains) for the view."""

from __future__ import annotations

from typing import Any

from homeroom.games.class_of_89.components import components


def _t(token: str) -> str:
    return components().token_name(token)


def objective_text(m: dict[str, Any]) -> str:
    kind = m["kind"]
    if kind == "students_token_same_class":
        return f"students with a {_t(m['token'])} in the same class"
    if kind == "tokens_same_row":
        return f"{_t(m['token'])} tokens in the same row"
    if kind == "tokens_same_column":
        return f"{_t(m['token'])} tokens in the same column"
    if kind == "connected_students_token":
        return f"connected students with a {_t(m['token'])}"
    if kind == "students_many_tokens":
        return f"students with {m['at_least']}+ {_t(m['token'])} tokens"
    if kind == "full_classes":
        return f"classes of {m['students']}+ students with no empty spaces"
    if kind == "tokens_adjacent_teacher":
        return f"{_t(m['token'])} tokens next to a teacher"
    if kind == "tokens_adjacent_token":
        return f"{_t(m['token'])} tokens next to a student with a {_t(m['other'])}"
    if kind == "alphabetical_runs":
        return f"runs of {m['length']}+ students in sequential alphabetical order"
    return str(kind)


def teacher_text(sc: dict[str, Any]) -> str:
    kind, pts = sc["kind"], sc["points"]
    if kind == "per_student":
        return f"{pts}/student"
    if kind == "students_with_tokens":
        return f"{pts}/student with " + "+".join(_t(t) for t in sc["tokens"])
    if kind == "halficon_pairs":
        return f"{pts}/{components().club_name(sc['club'])} pair"
    if kind == "sequential_pairs":
        return f"{pts}/sequential pair"
    return str(kind)


def tile_text(sc: dict[str, Any] | None) -> str:
    if not sc:
        return ""
    kind = sc["kind"]
    if kind == "flat":
        return f"{sc['points']} points"
    if kind == "distinct_halficon_matches":
        return "/".join(map(str, sc["points"])) + " for " + "/".join(map(str, sc["thresholds"])) + \
            " different matched half-icons"
    if kind == "classes_with_token_students":
        return f"{sc['points']}/class with {sc['students']}+ students with a {_t(sc['token'])}"
    if kind == "students_with_distinct_tokens":
        return f"{sc['points']}/student with {sc['distinct']}+ different tokens"
    if kind == "superlative_tokens":
        return f"{sc['points']}/{_t(sc['token'])} on its superlative"
    if kind == "tokens_per":
        return f"{sc['points']} per {sc['per']} {_t(sc['token'])} tokens"
    return str(kind)


def gain_text(gain: str) -> str:
    comp = components()
    if gain.startswith("token:"):
        return "any token" if gain == "token:any" else _t(gain[6:])
    if gain.startswith("club:"):
        return comp.club_name(gain[5:]) + " +1"
    return {"signature": "signature", "tile1x1": "1x1 tile", "draw_students": "draw 3 students keep 1",
            "draw_teachers": "draw 3 teachers keep 1", "pick_student": "any face-up student!",
            "pick_teacher": "any face-up teacher!"}.get(gain, gain)
