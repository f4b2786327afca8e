"""The effect vocabulary that drama and special event cards are written in (data, not code).

Every card resolves as exactly one :class:`Effect`. The four kinds and their parameters:

``hookup``
    A student of your clique joins a quad card to your clique (rulebook: Hookups). The
    target must share a type with the student or have cool at most the student's cool
    plus ``cool_bonus`` (temporary); ``match_any`` ignores both tests; ``target_type``
    restricts the target to cards of that type; ``amount`` bond markers (default 1, never
    above the relationship's maximum or the player's supply) go on the new relationship.
``bond``
    ``amount`` markers (default 1) onto one existing relationship of your clique, never
    above its maximum strength (sum of the two hearts) (rulebook: Bonds). ``target_type``
    requires a card of that type in the relationship.
``breakup``
    On a rival's relationship whose strength is at most your performing student's cruel plus
    ``cruel_bonus`` (temporary), remove ``amount`` markers (default 1) (rulebook: Breakups).
    ``target_type`` requires a card of that type in the relationship.
``exchange``
    Every player, in turn order from the one who played it, may turn bond markers on
    relationships of the ``exchange`` type into signatures one for one: ``jock``,
    ``popular``, ``artsy`` or ``geek`` mean relationships to organizations of that type,
    ``couple`` means relationships between two students. Before that, every player whose
    clique holds ``bonus_org`` gains ``bonus`` signatures (rulebook: Events).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

KINDS = ("hookup", "bond", "breakup", "exchange")
TYPES = ("jock", "popular", "artsy", "geek")
EXCHANGE_TYPES = (*TYPES, "couple")

ALLOWED: dict[str, frozenset[str]] = {
    "hookup": frozenset({"cool_bonus", "match_any", "target_type", "amount"}),
    "bond": frozenset({"amount", "target_type"}),
    "breakup": frozenset({"cruel_bonus", "amount", "target_type"}),
    "exchange": frozenset({"exchange", "bonus_org", "bonus"}),
}
"""Which parameters each effect kind accepts."""

PARAMS = ("cool_bonus", "cruel_bonus", "match_any", "target_type", "amount", "exchange", "bonus_org", "bonus")


@dataclass(frozen=True, slots=True)
class Effect:
    """One card's effect, in the vocabulary above."""

    kind: str
    amount: int = 1
    cool_bonus: int = 0
    cruel_bonus: int = 0
    match_any: bool = False
    target_type: str | None = None
    exchange: str | None = None
    bonus_org: str | None = None
    bonus: int = 0

    def describe(self) -> str:
        if self.kind == "exchange":
            what = "bonds between two students" if self.exchange == "couple" else f"bonds to {self.exchange} organizations"
            text = f"everyone may exchange {what} for signatures"
            if self.bonus_org and self.bonus:
                text += f"; controlling {self.bonus_org} gives +{self.bonus}"
            return text
        bits = []
        if self.cool_bonus:
            bits.append(f"+{self.cool_bonus} cool")
        if self.cruel_bonus:
            bits.append(f"+{self.cruel_bonus} cruel")
        if self.match_any:
            bits.append("ignores type and cool")
        if self.target_type:
            bits.append(f"{self.target_type} only")
        if self.amount != 1:
            bits.append(f"{self.amount} markers")
        return self.kind + (f" ({', '.join(bits)})" if bits else "")


def parse_effect(record: dict[str, Any], where: str, problems: list[str], org_ids: set[str]) -> Effect | None:
    """Build the effect of one card record, adding a problem (naming ``where``) for each mistake."""
    kind = record.get("effect")
    if kind not in KINDS:
        problems.append(f"{where}: field 'effect' must be one of {', '.join(KINDS)} (got {kind!r})")
        return None
    ok = True
    for name in PARAMS:
        if name in record and name not in ALLOWED[kind]:
            problems.append(f"{where}: field '{name}' does not apply to a {kind} effect")
            ok = False
    values: dict[str, Any] = {}
    for name in ("amount", "cool_bonus", "cruel_bonus", "bonus"):
        if name in record:
            v = record[name]
            low = 1 if name == "amount" else 0
            if isinstance(v, bool) or not isinstance(v, int) or not low <= v <= 9:
                problems.append(f"{where}: field '{name}' must be a whole number from {low} to 9 (got {v!r})")
                ok = False
            else:
                values[name] = v
    if "match_any" in record:
        if not isinstance(record["match_any"], bool):
            problems.append(f"{where}: field 'match_any' must be true or false")
            ok = False
        else:
            values["match_any"] = record["match_any"]
    if "target_type" in record:
        if record["target_type"] not in TYPES:
            problems.append(f"{where}: field 'target_type' must be one of {', '.join(TYPES)}")
            ok = False
        else:
            values["target_type"] = record["target_type"]
    if kind == "exchange":
        if record.get("exchange") not in EXCHANGE_TYPES:
            problems.append(f"{where}: field 'exchange' must be one of {', '.join(EXCHANGE_TYPES)}")
            ok = False
        else:
            values["exchange"] = record["exchange"]
        if "bonus_org" in record:
            if record["bonus_org"] not in org_ids:
                problems.append(f"{where}: field 'bonus_org' names no organization ({record['bonus_org']!r})")
                ok = False
            else:
                values["bonus_org"] = record["bonus_org"]
        if ("bonus_org" in record) != ("bonus" in record):
            problems.append(f"{where}: fields 'bonus_org' and 'bonus' go together")
            ok = False
    return Effect(kind, **values) if ok else None
