"""The game's numbers as data: hand sizes, marker supply, quad sizes, signatures (rulebook:
Setup, Semester Start, Student Standouts, Expanded Play Options), and the calendar."""

from __future__ import annotations

YEARS = ("freshman", "sophomore", "junior", "senior")
SEASONS = ("fall", "winter", "spring", "summer")

CONSTANTS: dict[str, object] = {
    "hand_size": (2, 3, 4, 5),
    "bond_markers_per_player": 18,
    "tracker_markers": 1,
    "quad_per_player_at_setup": 2,
    "quad_per_player_new_year": 1,
    "standout_signatures": 1,
    "transfer_signatures_per_missed_semester": 2,
    "clique_span": 5,
    "years": YEARS,
    "seasons": SEASONS,
}
"""Rule numbers (rulebook sections: Semester Start, Setup, Student Standouts, Expanded Play
Options); ``bond_markers_per_player`` and ``clique_span`` are rulings (RULINGS.md)."""

HAND_SIZE: tuple[int, ...] = (2, 3, 4, 5)
MARKERS = 18
TRACKER = 1
QUAD_SETUP = 2
QUAD_NEW_YEAR = 1
STANDOUT_SIGNATURES = 1
TRANSFER_PER_SEMESTER = 2
SPAN = 5
