"""Write ``components.json`` for the Academic Society board from the packaged ``data/*.toml``.

The board (``board.js``) draws names, costs, arrows and texts from this file, never from numbers of
its own, so replacing the stand-in data and running this script redraws the board with the new
components. ``tests/web/test_board_as.py`` fails when the file is not what this script writes.

Run: ``python -m homeroom.games.academic_society.web.build_components``
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from homeroom.games.academic_society.components import SHORT, SUBJECT_NAME, SUBJECTS, Components, components

OUT = Path(__file__).with_name("components.json")

# What each kind of main and bonus action does: these are rules (the engine's code implements them
# by kind), so their wording lives here; the amounts come from the data.
MAIN_TEXT = {
    "headquarters": "Spend 1 Theory of each of the four subjects. Then place a scholar from hand on the "
                    "leftmost space of a Sabbatical track, or move a Sabbatical scholar one space forward "
                    "(the Crest shown on the destination space must be held on the Authority track).",
    "library": "Take one revealed Treatise tile and place it on the presentation space of its subject "
               "(discarding one already there if the space is full).",
    "lecture_hall": "Spend any 3 Theories, then move one of your Authority scholars one cell along a blue arrow.",
    "salon": "Spend any 2 Theories and gain any 2 Theories, or gain 1 Influence. Holds any number of pawns.",
}
EFFECT_TEXT = {
    "royal_commission": "Royal Commission cost -1 (Phase 1)",
    "research_report": "Research Report cost -1 (Phase 3)",
    "theory_gain": "Additional Theory gain +1 (Phase 2 main actions, Phase 5 Treatises)",
}


def theories(vec: tuple[int, ...]) -> str:
    parts = [f"{n} {SUBJECT_NAME[s]}" for s, n in zip(SUBJECTS, vec) if n]
    return " + ".join(parts) if parts else "nothing"


def vec(v: tuple[int, ...]) -> list[int]:
    return [int(x) for x in v]


def location_texts(comps: Components, loc_id: str) -> tuple[str, str]:
    loc = comps.locations[loc_id]
    main = MAIN_TEXT.get(loc.main) or f"Gain {theories(loc.main_gain)} Theories."
    cost = comps.rules.bonus_contribution_cost
    if loc.bonus == "treatise":
        bonus = f"Spend {cost} Contribution: take a revealed Treatise tile to your presentation spaces."
    elif loc.bonus == "gain_any":
        bonus = f"Spend {cost} Contribution: gain {loc.bonus_gain_any} Theory of any subject."
    elif loc.bonus == "gain":
        bonus = f"Spend {cost} Contribution: gain {theories(loc.bonus_gain)} Theories."
    else:
        bonus = ""
    return main, bonus


def build(comps: Components | None = None) -> dict[str, Any]:
    comps = comps or components()
    r = comps.rules
    locations = []
    for loc in comps.locations.values():
        main, bonus = location_texts(comps, loc.id)
        locations.append({"id": loc.id, "name": loc.name, "main": loc.main, "bonus": loc.bonus,
                          "main_text": main, "bonus_text": bonus, "unlimited": loc.unlimited})
    return {
        "subjects": [{"id": s, "name": SUBJECT_NAME[s], "short": SHORT[s]} for s in SUBJECTS],
        "rules": {"rounds": r.rounds, "royal_commission_per_round": list(r.royal_commission_per_round),
                  "theory_max": r.theory_max, "scholars": r.scholars,
                  "overflow_influence": r.overflow_influence,
                  "bonus_contribution_cost": r.bonus_contribution_cost,
                  "commission_contribution": r.commission_contribution},
        "cells": [{"order": c.order, "column": c.column, "row": c.row, "crest": c.crest,
                   "crest_rank": c.crest_rank, "red": c.red, "blue": list(c.blue), "cost": vec(c.cost),
                   "cost_text": " + ".join(x for x in (theories(c.cost) if sum(c.cost) else "",
                                                       f"{c.cost_influence} Influence" if c.cost_influence
                                                       else "") if x) or "nothing",
                   "cost_influence": c.cost_influence, "influence": c.influence}
                  for c in sorted(comps.cells.values(), key=lambda c: c.order)],
        "contribution": [{"index": s.index, "name": s.name, "influence": s.influence,
                          "theory_any": s.theory_any} for s in comps.contribution],
        "commissions": {str(c.id): {"id": c.id, "cost": vec(c.cost), "cost_text": theories(c.cost),
                                    "contribution": c.contribution} for c in comps.commissions.values()},
        "rows": [{"subject": row.subject, "capacity": row.capacity, "influence": row.influence,
                  "spaces": [{"crest_rank": sp.crest_rank, "effect": sp.effect,
                              "effect_text": EFFECT_TEXT.get(sp.effect, sp.effect)} for sp in row.spaces]}
                 for row in comps.rows],
        "locations": locations,
        "spaces": [{"id": sp.id, "location": sp.location, "star": sp.star, "four_player": sp.four_player}
                   for sp in comps.spaces],
        "treatises": {str(t.id): {"id": t.id, "name": t.name, "subjects": list(t.subjects), "back": t.back,
                                  "four_player": t.four_player, "influence": t.influence, "flask": t.flask,
                                  "text": t.text, "optional": t.optional}
                      for t in comps.treatises.values()},
    }


def render(comps: Components | None = None) -> str:
    return json.dumps(build(comps), indent=1, sort_keys=True) + "\n"


def main() -> None:
    OUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
