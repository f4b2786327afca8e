"""Class of '89 evaluation weights: the knobs of :mod:`homeroom.games.class_of_89.bots`'s
evaluation, the tuned set the bots use and the hook that swaps them (for the tuning and benchmark
scripts). Split from ``bots.py``, which still offers ``Weights``, ``TUNED`` and ``use_weights``."""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any


@dataclass(frozen=True)
class Weights:
    """The evaluation's knobs (points, or points per unit)."""

    rate: float = 0.9
    """Objective progress a seat can still make per own turn left (tokens, students)."""
    slack: float = 0.6
    """Progress within reach even with no turn left in the round (track and round-end rewards)."""
    curve: float = 2.0
    """Exponent of the chance to reach a target: > 1 values steps close to a target more."""
    share: float = 0.5
    """How much of the progress the cheaper objectives still need is taken from a dearer one's."""
    student_cost: float = 1.5
    """A student still to add, in tokens' worth of progress."""
    track_cost: float = 1.5
    """A club-track step still to climb to pass Ed on a card's track (solo), in the same units."""
    ed_climb: float = 0.75
    """Steps Ed E. Tor is expected to climb on each club track per round still to play (solo)."""
    ed_climb_end: float = 0.3
    """Steps he is expected to climb after the player's last turn (his last turn, the round end)."""
    ed_round: float = 0.0
    """Solo, 1: Ed's projected climb reads this round's Location card (his Editor's track; see
    ``_ed_gain_this_round``); 0: every track alike (``ed_climb`` a round)."""
    ed_round_rest: float = 0.55
    """With ``ed_round``: his steps a round on every track besides the Editor's (measured, sixth
    pass: 16.2 steps a Normal game, 2.75 of them by his Editor on his turns)."""
    ed_climb_top: float = 0.75
    """``ed_climb`` on the tracks the difficulty's setup advanced him on (his most preferred)."""
    ed_climb_honor: float = 0.75
    """``ed_climb`` on Honor Society (no priority card: his steps there come from half-icon matches,
    tiles and grid halves only)."""
    crowd: float = 1.0
    """Students' worth of cost per 4 tokens the objectives' MINs need beyond the free token places
    on the photo's students, shared among the objectives by the tokens each needs (solo)."""
    lead: float = 0.0
    """Per club track the player leads Ed on and round end still to come (the leader's token or
    signature, which Ed then does not get; solo)."""
    flex: float = 0.6
    """Per empty class-photo cell, times the share of the alphabet it no longer accepts (students
    already placed around it in its class), by time left: a high initial early in a class shuts
    the cells after it to most students (solo; the 2-4 player evaluation is as measured in BOTS.md)."""
    pot_editor: float = 1.0
    """Solo, a team member placed and its ability not yet used: the Editor's track step (more
    where it races Ed on a card's track), the Designer's token and signature, the Photographer's
    extra student per student at the location (capped at 2). Without it every placement of a
    member looks the same until its card is taken, and the greedy's narrow beam refines the first
    three in the legal order: always the Editor first."""
    pot_exact: float = 1.0
    """Solo Normal and Hard, 1: the placed Editor's unused step is worth what it would bring
    (``editor_step_value``: the track term and the change to the objective plan), not
    ``pot_editor`` (1, or 3 where it races Ed; still used on Easy, and with ``pot_exact=0``). At 3
    a step that flips no card looked worth more unused than used, and the lookahead's beam left
    the step out; with it the margin over Ed rose by 13.8 +- 4.5 points on 20 fresh Normal deals
    (BOTS.md, sixth pass)."""
    pot_designer: float = 1.5
    pot_photo: float = 1.5
    pot_designer_exact: float = 1.0
    """Solo, 1: the placed Designer's unused ability is worth what using it would bring now
    (``member_use_value``: the evaluation after its signature and the best place for its token,
    of the location's kind or any kind at the Entrance, against the position as it stands), not
    ``pot_designer``'s fixed 1.5 (still used with 0). Kept with ``pot_pending`` (seventh pass)."""
    pot_photo_exact: float = 0.0
    """Solo, 1: the placed Photographer's unused ability is worth what its best placement of a
    student at the location would bring now (``member_use_value``; 0 when none can be placed or
    none gains), not ``pot_photo``'s 1.5 a student there, placeable or not. Off: +5.2 +- 5.6 on 20
    Normal deals, within the noise, and 2.5 times the CPU a game (seventh pass)."""
    pot_pending: float = 1.0
    """Solo, 1: a token the player must place now (the Designer's, a card's or a bonus's) is valued
    at its best place (``_best_resolved``), not left out until it is put: the Designer's token
    at the Entrance (a kind to choose, then its place) lies 3 moves deep, past the lookahead's 2,
    and its ability looked worth less used than unused. With ``pot_designer_exact`` the margin
    over Ed rose by 16.1 +- 5.3 and 8.0 +- 5.9 points on two sets of 20 Normal deals, 18.6 +- 6.4
    on Easy, and 12.4 +- 3.3 on the 50 Normal deals from seed 5000 (BOTS.md, seventh pass)."""
    reach_fade: float = 0.0
    """Solo, 1: in the last round the resources still to turn into points (``_in_reach``: cards,
    stored tokens, signatures, track steps, tiles, free token places) fade with the player's turns
    left, to nothing once its last member is placed; with 0 they keep the round's weight to the end,
    about 15 points no final score pays (``calibrate``). Off: +1.1 +- 2.1 and +1.4 +- 1.3 on two sets of
    20 Normal deals, within the noise (BOTS.md, ninth pass)."""
    pot_main: float = 0.0
    """1: the unused ability counts only until the main action is done. After it the ability is a
    legal action the lookahead values as it is, and counting it anyway made ending the turn without
    it look like a loss of 1.5-3 points: in round 4 the bot paid 2 signatures (about 1.2 points
    there) per token move again and again rather than end the turn (BOTS.md, fifth pass)."""
    ed_future: float = 1.0
    """How much of Ed's measured points still to come (:data:`ED_FUTURE`) the evaluation adds."""
    ed_realized: float = 1.0
    """How much Ed's points other than the objectives count as they stand (plus those to come);
    the rest of the weight goes to his measured mean (:data:`ED_MEAN_REST`), the same in every
    position, so that a lookahead through one of his turns does not pick the luckiest one."""
    joint: float = 1.0
    """Solo: 1 values the objectives by the joint plan (``solo_plan.py``: the cheapest set costed
    together, students shared), 0 by the per-objective plan and the crowding term (BOTS.md)."""
    solo_rate: float = 2.0
    """The joint plan's progress per own turn left (tokens, students at ``student_cost``)."""
    solo_curve: float = 1.5
    """The joint plan's exponent of the chance to reach a target."""
    plan_track: float = 0.8
    """The joint plan's cost of a club-track step still to climb past Ed's projected pin (Normal,
    Hard), in tokens' worth: steps come with students (half-icon matches) beside the tokens."""
    teach_class: float = 0.0
    """Solo, 1: each teacher's class is worth the students the player will still put there
    (``class_prospect``): ``teach_rate`` students an own turn left, shared among the classes by
    the alphabet their empty cells still accept, each worth what the teacher's card pays for a
    student (a Bookmark-and-Gavel teacher 2 x ``teach_q_tokens``, a pairs teacher 3 x
    ``teach_q_pairs``, 1 a student). Without it a teacher is a card like any other until a
    student of its class meets its criterion (BOTS.md, eighth pass)."""
    teach_rate: float = 0.6
    """Students added an own turn (7.2 in 12 turns: the seventh pass's Normal yearbooks)."""
    teach_q_tokens: float = 0.65
    """Share of the students in a token-pair teacher's class that end with both tokens (19 of 29,
    Normal seeds 5010-5017, eighth pass)."""
    teach_q_pairs: float = 0.27
    """Pairs (sequential initials, a club's half-icons) a student in such a teacher's class makes
    (the same games: 6 pairs in 22 students)."""
    lead_end: float = 0.0
    """Solo, 1: the coming round end's track leaders' rewards: per club track the player leads
    Ed on, ``lead_mine`` (its token or signature), per track Ed leads, minus ``lead_ed`` (his token
    on a priority card, which his teachers score); a tie gives no one anything. Ed led 12.25 tracks
    at the round ends of a Normal game, the player 7.5 (eighth pass)."""
    lead_ed_exact: float = 0.0
    """With ``lead_end``, 1: Ed's leader's token costs what his teachers will score for it
    (``ed_token_worth``: half the students in the column of his priority card it goes on, if a
    teacher is there), not the flat ``lead_ed``."""
    lead_odds: float = 0.0
    """With ``lead_end``, 1: each track's reward by the odds that the lead as it stands lasts to the
    round end: Ed's steps on it in his turns left this round taken as Poisson with ``ed_climb`` a
    round (a lead of 2 survives more often than a lead of 1; a tie is lost if he climbs at all)."""
    lead_mine: float = 1.0
    lead_ed: float = 0.5
    """Ed's teacher points a leader's token brings him (measured: 5.75 of his teacher points a game
    came from 12.25 such tokens, eighth pass)."""
    teach: float = 0.0
    """Solo, per teacher point half earned, by time left: a student in a teacher's class holding
    one of the two tokens its card pays for, with room for the other (``teacher_potential``). Off:
    at 1 it lost 6 points of margin on 6 Normal deals (BOTS.md, fourth pass); kept to try again."""
    prod: float = 0.0
    """Solo, per student in the class photo up to ``prod_target``, by time left (``0.4 + 0.6 *
    left``, like ``card``): an explicit production target. Greedy took a student in 23 of 72 main
    actions (6 Normal games) and ended with about 7; a staff card or tile was preferred over a
    placeable student by 3.6 (round 1) to 7.5 (round 4) points (BOTS.md, fifth pass)."""
    prod_target: float = 11.0
    """The students the production target counts up to (the rulebook's 97-point yearbook has 12)."""
    turn_clock: float = 0.0
    """Solo, 1: the time left that scales the resources in reach is the player's own turns left
    (``turn_clock_left``), so it runs down when a team member is placed; 0: by rounds
    (``time_left``), so it drops at each round end and the last turn of a round looked like a
    loss of about 3 points to end (BOTS.md, fifth pass)."""
    sig_buy: float = 0.0
    """Solo, per signature that can still buy a token (``buys_left``: one a turn, this turn's
    included while its signature action is unused): a signature is a token to come while turns
    remain, not the few tenths ``signature`` gives it in round 4, where the bot spent half its
    signatures on paid token moves (BOTS.md, fifth pass)."""
    teach_mp: float = 2.0
    """With 2-4 players, per teacher point half earned, by time left (``teacher_potential``, as
    ``teach`` for solo): a first token toward a teacher's pair counts before the pair is complete."""
    teach_class_mp: float = 2.0
    """With 2-4 players, the share of ``class_prospect`` counted (students to come into each
    teacher's class, worth what the card pays a student). Both off, ``medium`` valued a teacher
    only once a student of its class met its pattern, and teachers gave 4-5% of the winners'
    points (issue 32)."""
    stored: float = 0.7
    """How much of a step toward an objective a token in storage counts for."""
    card: float = 1.2
    """Per student or teacher in the class photo, scaled by the time left."""
    stored_token: float = 0.6
    signature: float = 0.45
    """Per signature on top of the half point it scores at the end, scaled by the time left."""
    track_step: float = 0.55
    tile_cell: float = 0.15
    room: float = 0.3
    """Per free token place on the students in the photo (where tokens can still go), by time left."""

    def as_dict(self) -> dict[str, float]:
        return {k: float(v) for k, v in asdict(self).items()}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Weights:
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(raw) - names)
        if unknown:
            raise ValueError(f"unknown Class of '89 evaluation weight(s): {', '.join(unknown)}")
        return replace(cls(), **{k: float(v) for k, v in raw.items()})


TUNED = Weights()
"""The weights the bots use (see the module docstring for where they come from)."""

_active: list[Weights | None] = [TUNED]


def use_weights(weights: Weights | None) -> Weights | None:
    """Make ``weights`` the evaluation's weights (the tuning and benchmark scripts' hook; None: the
    evaluation from before the objective planning, kept to measure against); returns the old ones."""
    old = _active[0]
    _active[0] = weights
    return old
