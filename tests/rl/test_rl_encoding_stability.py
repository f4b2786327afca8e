"""The action tables are stable across versions: each game's table size, FORMAT, digest and a sample of
index <-> action pairs are pinned here. A change to the component data or to a game's rl.py that moves
any index fails this test; if the change is meant, raise the game's FORMAT, update these pins and
retrain (saved policies record the digest and refuse another)."""

from __future__ import annotations

import pytest

from homeroom.games.academic_society.actions import Spend
from homeroom.games.class_of_89.actions import Place, Take
from homeroom.games.high_school_drama.actions import Breakup, PickMain
from homeroom.rl import encoding

PINS = {
    "class-of-89": (14308, 1, "14ca7093fa135fb61af9c1aee96c9d210b57774739ddf2f2be2718e2fee73271", {
        0: "ChooseSide(side='A')",
        2: "Place(member='editor', location='office', cost=0)",
        4178: "TakeTile(card='prom', at=0)",
        4769: "TakeTile(card='art-club', at=15)",
        7154: "Photograph(card='scott-q', at=3, abc=True)",
        9267: "BuyToken(token='')",
        9519: "Unstore(token='gavel', target=-1)",
        9538: "Unstore(token='gavel', target=18)",
        9965: "Forgo()",
        10197: "PlaceOneByOne(at=0)",
        14302: "Reward(choice='signature')",
        14307: "Reward(choice='star')",
    }),
    "academic-society": (2157, 1, "47d52c11fbc9290cc7e0d968b2cf0780c03b5a7600a7a43c8a16bce91474d60c", {
        0: "Declare(tile=1, achieve=False)",
        20: "Place(space='headquarters-1', pawn='scholar')",
        719: "TakeTreatise(tile=26, subject='physics', slot=2, replace=True)",
        972: "Spend(counts=(0, 0, 0, 0))",
        1078: "Spend(counts=(0, 4, 1, 0))",
        1438: "Spend(counts=(0, 1, 4, 3))",
        2091: "Maintain(cell=1, keep=False)",
        2120: "Activate(tile=1)",
        2156: "Done()",
    }),
    "high-school-drama": (8384, 1, "d16eab935dd601a9c876b0ea4476a980d7d1c93ed5a3b6c8e6948d0c3b8fe62d", {
        0: "PickMain(card='tennis-star')",
        30: "PickTransfer(card='tennis-star')",
        116: "DrawDrama(drama='hookup')",
        175: "HookUp(performer='tennis-star', target='tennis-star', arrow='N')",
        2794: "HookUp(performer='emo-boy', target='dumb-blonde', arrow='W')",
        4192: "HookUp(performer='game-master', target='track-team', arrow='E')",
        5589: "HookUp(performer='manga-girl', target='gym-rat', arrow='S')",
        8329: "Exchange(card='tennis-star')",
        8383: "ExchangeDone()",
    }),
}


@pytest.mark.parametrize("game_id", sorted(PINS))
def test_the_action_table_is_pinned(game_id: str) -> None:
    n, fmt, digest, sample = PINS[game_id]
    enc = encoding(game_id)
    assert (enc.n, enc.format) == (n, fmt)
    assert {i: enc.describe_index(i) for i in sample} == sample
    assert enc.digest() == digest, f"{game_id}'s action table changed: raise FORMAT and update the pins"


def test_actions_map_to_their_pinned_indices() -> None:
    """The other way round: real actions land on the pinned indices."""
    hsd = encoding("high-school-drama")
    assert hsd.key_index(PickMain("tennis-star"), "PickMain", ("tennis-star",)) == 0
    assert hsd.describe_index(hsd.key_index(Breakup("emo-boy", 1, "poet"), "Breakup", ("emo-boy", "poet"))) \
        == "Breakup(performer='emo-boy', card='poet')"
    co89 = encoding("class-of-89")
    assert co89.key_index(Place("editor", "office", 0), "Place", ("editor", "office", 0)) == 2
    assert co89.key_index(Take("prom", 0), "TakeTile", ("prom", 0)) == 4178
    acs = encoding("academic-society")
    assert acs.key_index(Spend((0, 4, 1, 0)), "Spend", ((0, 4, 1, 0),)) == 1078


def test_the_documented_table_sizes_match() -> None:
    from pathlib import Path

    import homeroom.rl

    text = (Path(homeroom.rl.__file__).parent / "ENCODING.md").read_text(encoding="utf-8")
    for name, game_id in (("Class of '89", "class-of-89"), ("Academic Society", "academic-society"),
                          ("High School Drama", "high-school-drama")):
        from homeroom import games

        enc = encoding(game_id)
        sizes = ", ".join(f"{p}: {enc.observation_size(p)}" for p in games.get(game_id).info.player_counts)
        assert f"| {name} | {enc.n} | {sizes} |" in text
