"""Write ``components.json`` next to this file from the game's data files (``data/*.toml``).

The board draws card names, types, ratings, arrows, quotes and event texts from that JSON, so an
owner who replaces the stand-in data sees their own cards. Run it after editing the data:

    .venv/bin/python src/homeroom/games/high_school_drama/web/make_components.py

``tests/web/test_board_hsd.py`` fails when the JSON is out of date with the data.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

from homeroom.games.high_school_drama import constants as rules
from homeroom.games.high_school_drama.components import load
from homeroom.games.high_school_drama.effects import TYPES
from homeroom.games.high_school_drama.standouts import STANDOUTS

OUT = Path(__file__).with_name("components.json")


def components() -> dict[str, Any]:
    """Everything the board needs to know about the printed components, as plain JSON."""
    comps = load()
    cards = {
        c.id: {
            "name": c.name,
            "student": c.is_student,
            "types": [t for t in TYPES if t in c.types],
            "cool": c.cool,
            "heart": c.heart,
            "cruel": c.cruel if c.is_student else None,
            "arrows": [d for d in ("N", "E", "S", "W") if d in c.arrows],
            "quote": c.quote,
            "provenance": c.provenance,
        }
        for c in comps.cards.values()
    }
    drama = {d.id: {"kind": d.kind, "name": d.name, "provenance": d.provenance} for d in comps.drama.values()}
    events = {
        e.id: {
            "name": e.name,
            "colour": e.colour,
            "text": e.text,
            "effect": {k: v for k, v in dataclasses.asdict(e.effect).items() if v not in (None, False, 0)}
            | {"amount": e.effect.amount},
            "summary": e.effect.describe(),
            "provenance": e.provenance,
        }
        for e in comps.events.values()
    }
    return {
        "cards": cards,
        "students": list(comps.students),
        "organizations": list(comps.organizations),
        "drama": drama,
        "events": events,
        "types": list(TYPES),
        "years": list(rules.YEARS),
        "seasons": list(rules.SEASONS),
        "hand_size": list(rules.HAND_SIZE),
        "span": rules.SPAN,
        "markers": rules.MARKERS,
        "standouts": [{"name": n, "text": t} for n, t in STANDOUTS],
    }


def render() -> str:
    return json.dumps(components(), indent=1, sort_keys=True) + "\n"


def main() -> None:
    OUT.write_text(render(), encoding="utf-8")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
