"""The six phases of a round, the action spaces and setup (Treatise effects: :mod:`treatises`).

``advance`` runs everything automatic (phase changes, forced steps, effects without a choice)
until a seat has a real decision; ``apply`` carries out one decision and then advances.
Section names in docstrings are the rulebook's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from homeroom.engine import Action, Event
from homeroom.games.academic_society.actions import (
    Activate,
    Bonus,
    Declare,
    Done,
    Gain,
    Maintain,
    Move,
    Place,
    Sabbatical,
    Salon,
    Spend,
    TakeTreatise,
    space_text,
    theories_text,
)
from homeroom.games.academic_society.components import SUBJECT_INDEX, SUBJECT_NAME, SUBJECTS, Vec, components
from homeroom.games.academic_society.rules import (
    Pending,
    blue_moves,
    can_pay,
    column_rule,
    gain,
    gain_contribution,
    has_effect,
    move_scholar,
    order_key,
    pay,
    red_moves,
    sabbatical_options,
    spend_contribution,
    stack_top,
    take_treatise,
    treatise_options,
)
from homeroom.games.academic_society.treatises import activate_treatise, next_treatise, run_effect

if TYPE_CHECKING:
    from homeroom.games.academic_society.state import AcademicState


# ==================================================================== driver
def advance(st: AcademicState) -> list[Event]:
    """Run automatic steps until someone must decide (or the game ends)."""
    from homeroom.games.academic_society.state import options_for

    events: list[Event] = []
    while True:
        if st.pending:
            top = st.pending[-1]
            if top.kind == "effect":
                st.pending.pop()
                events += run_effect(st, top.seat, top.n)
                continue
            opts = options_for(st, top)
            if len(opts) <= 1:
                # no real choice: carry out the only possibility (or drop an impossible optional step)
                st.pending.pop()
                if top.kind == "treatise" and (not opts or isinstance(opts[0], Done)):
                    events.append(Event(f"{st.names[top.seat]} has no revealed Treatise that fits a "
                                        "presentation space.", top.seat))
                elif opts:
                    events += handle(st, top, opts[0])
                continue
            st.__dict__["_c_options"] = opts
            return events
        if st.phase == 0:
            return events
        if st.queue:
            events += run_task(st, st.queue.pop(0))
            continue
        events += next_step(st)


def apply(st: AcademicState, action: Action) -> list[Event]:
    top = st.pending.pop()
    events = handle(st, top, action)
    return events + advance(st)


def handle(st: AcademicState, top: Pending, act: Action) -> list[Event]:
    """Carry out ``act`` for the decision ``top`` (already popped)."""
    seat = top.seat
    name = st.names[seat]
    comps = components()
    if isinstance(act, Place):
        return do_place(st, seat, act)
    if isinstance(act, Declare):
        tile = comps.commissions[act.tile]
        if not act.achieve:
            return [Event(f"{name} does not achieve Royal Commission {act.tile}.", seat)]
        cost = commission_cost(st, seat, act.tile)
        pay(st, seat, cost)
        got = gain_contribution(st, seat, tile.contribution)
        return [Event(f"{name} achieves Royal Commission {act.tile}, spending {theories_text(cost)}, "
                      f"and gains {got}.", seat)]
    if isinstance(act, Maintain):
        if act.keep:
            cost = research_cost(st, seat, act.cell)
            pay(st, seat, cost)
            return [Event(f"{name} pays {theories_text(cost)} to keep the scholar on cell {act.cell}.", seat)]
        st.laid[seat].append(act.cell)
        return [Event(f"{name} lays the scholar on cell {act.cell} down.", seat)]
    if isinstance(act, Sabbatical):
        row = SUBJECT_INDEX[act.subject]
        if act.advance:
            st.sabbatical[seat][row] += 1
            return [Event(f"{name} advances the {SUBJECT_NAME[act.subject]} Sabbatical scholar to space "
                          f"{st.sabbatical[seat][row]}.", seat)]
        st.hand[seat] -= 1
        st.sabbatical[seat][row] = 1
        return [Event(f"{name} sends a scholar on Sabbatical: {SUBJECT_NAME[act.subject]} track, space 1.", seat)]
    if isinstance(act, TakeTreatise):
        return [take_treatise(st, seat, act)]
    if isinstance(act, Spend):
        pay(st, seat, act.counts)
        return [Event(f"{name} spends {theories_text(act.counts)}.", seat)]
    if isinstance(act, Gain):
        text = gain(st, seat, act.counts, counted=False)
        return [Event(f"{name} gains {text}.", seat)]
    if isinstance(act, Move):
        move_scholar(st, seat, act.cell, act.to)
        arrow = "red" if top.kind == "red" else "blue"
        return [Event(f"{name} moves a scholar along the {arrow} arrow from cell {act.cell} to cell {act.to}.",
                      seat), *column_rule(st, seat)]
    if isinstance(act, Salon):
        if act.exchange:
            st.pending.append(Pending("gain", seat, 2, "salon"))
            st.pending.append(Pending("spend", seat, 2, "salon"))
            return [Event(f"{name} exchanges Theories at the Salon.", seat)]
        st.influence[seat] += 1
        return [Event(f"{name} gains 1 Influence at the Salon.", seat)]
    if isinstance(act, Bonus):
        return do_bonus(st, seat, top.ctx)
    if isinstance(act, Activate):
        t = comps.treatises[act.tile]
        if t.contribution_cost:
            spend_contribution(st, seat, t.contribution_cost)
        pay(st, seat, t.cost)
        st.pending.append(Pending("effect", seat, act.tile))
        if t.cost_any:
            st.pending.append(Pending("spend", seat, t.cost_any, "effect"))
        paid = [theories_text(t.cost)] if sum(t.cost) else []
        if t.contribution_cost:
            paid.append(f"{t.contribution_cost} Contribution")
        text = f"{name} activates Treatise {t.id} '{t.name}'"
        return [Event(text + (f", spending {' and '.join(paid)}." if paid else "."), seat)]
    if isinstance(act, Done):
        if top.kind == "activate":
            return [Event(f"{name} does not activate Treatise {top.n}.", seat)]
        return []
    raise AssertionError(f"unhandled action {act!r}")


# ==================================================================== setup
def setup(st: AcademicState) -> None:
    """Setup: boards, piles, pawns and a random turn order."""
    comps = components()
    rules = comps.rules
    n = st.players
    st.order = list(range(n))
    st.rng.shuffle(st.order)
    st.stamp = [0] * n
    for height, seat in enumerate(reversed(st.order)):  # first player's marker on top
        st.stamp[seat] = height + 1
    st.stamp_counter = n
    st.influence = [0] * n
    st.theories = [[rules.theory_start] * 4 for _ in range(n)]
    st.contribution = [0] * n
    starts = list(comps.start_cells)
    st.hand = [rules.scholars - len(starts)] * n
    st.authority = [list(starts) for _ in range(n)]
    st.sabbatical = [[0, 0, 0, 0] for _ in range(n)]
    st.presentation = [[[], [], [], []] for _ in range(n)]
    st.sec_hand = [[] for _ in range(n)]
    st.laid = [[] for _ in range(n)]
    if n == 2:
        st.secretariat, st.beside = [], list(SUBJECTS)
    else:
        st.secretariat, st.beside = list(SUBJECTS), []
    st.board = {sp.id: [] for sp in comps.spaces}
    st.rc_pile = sorted(comps.commissions)
    st.rng.shuffle(st.rc_pile)
    st.tr_piles = {s: [] for s in SUBJECTS}
    st.tr_revealed = {s: [] for s in SUBJECTS}
    st.tr_discard = {s: [] for s in SUBJECTS}
    for tid, t in comps.treatises.items():
        if t.four_player and n < 4:
            st.tr_removed.append(tid)
        else:
            st.tr_piles[t.back].append(tid)
    for s in SUBJECTS:
        st.rng.shuffle(st.tr_piles[s])
        reveal_treatises(st, s)
    st.setup_log.append("Turn order: " + ", ".join(st.names[s] for s in st.order) + ".")
    if st.tr_removed:
        st.setup_log.append(f"The {len(st.tr_removed)} Treatise tiles with the 4-player icon are removed.")
    if n == 2:
        st.setup_log.append("2 players: the Secretaries wait beside the board.")
    st.setup_log.append("Revealed Treatises: " + revealed_text(st) + ".")
    st.phase = 1
    st.setup_log += [e.text for e in begin_phase(st, 1)]
    st.setup_log += [e.text for e in advance(st)]


def revealed_text(st: AcademicState) -> str:
    tiles = components().treatises
    return ", ".join(f"{t} '{tiles[t].name}'" for s in SUBJECTS for t in st.tr_revealed[s]) or "none"


def reveal_treatises(st: AcademicState, back: str) -> None:
    """Reveal up to 2 from a pile; a pile that runs out is rebuilt from its shuffled discards."""
    want = components().rules.treatise_reveal
    pile = st.tr_piles[back]
    while len(st.tr_revealed[back]) < want:
        if not pile:
            if not st.tr_discard[back]:
                return
            pile.extend(st.tr_discard[back])
            st.tr_discard[back].clear()
            st.rng.shuffle(pile)
        st.tr_revealed[back].append(pile.pop())


# ==================================================================== phases
def begin_phase(st: AcademicState, phase: int) -> list[Event]:
    comps = components()
    st.phase = phase
    if phase == 1:
        count = comps.rules.royal_commission_per_round[st.round - 1]
        for _ in range(count):
            if st.rc_pile:
                st.rc_revealed.append(st.rc_pile.pop())
        events = [Event(f"Round {st.round}. Phase 1: Royal Commission "
                        + ", ".join(f"{t} (cost {theories_text(comps.commissions[t].cost)})" for t in st.rc_revealed)
                        + " revealed.", reveals=True)]
        if st.players == 2:
            events += two_player_secretaries(st)
        st.queue = [("declare", seat, t) for seat in st.order for t in st.rc_revealed]
        return events
    if phase == 2:
        st.cursor = 0
        return [Event("Phase 2: Research Activities.")]
    if phase == 3:
        st.queue = [("maintain", seat, cell) for cell in comps.cells for seat in st.order
                    if cell in st.authority[seat]]
        return [Event("Phase 3: Maintaining Authority.")]
    if phase == 4:
        st.order = sorted(range(st.players), key=lambda s: order_key(st, s))
        events = [Event("Phase 4: the new turn order is " + ", ".join(st.names[s] for s in st.order) + ".")]
        st.queue = [("p4bonus", seat, 0) for seat in st.order]
        lowest = min(st.contribution)
        group = sorted((s for s in range(st.players) if st.contribution[s] == lowest), key=lambda s: -st.stamp[s])
        st.queue += [("p4penalty", seat, 0) for seat in group]
        return events
    if phase == 5:
        st.queue = [("p5start", seat, 0) for seat in st.order]
        return [Event("Phase 5: Treatise Presentation Results.")]
    raise AssertionError(phase)


def next_step(st: AcademicState) -> list[Event]:
    """Nothing pending and no task queued: the next Phase 2 turn, or the end of the phase."""
    if st.phase == 2 and phase2_turn(st):
        return []
    return finish_phase(st)


def finish_phase(st: AcademicState) -> list[Event]:
    comps = components()
    if st.phase == 1:
        st.rc_done += st.rc_revealed
        st.rc_revealed = []
        return begin_phase(st, 2)
    if st.phase == 2:
        return begin_phase(st, 3)
    if st.phase == 3:
        events = []
        for seat in st.order:
            for cell in st.laid[seat]:
                to = comps.cells[cell].red
                move_scholar(st, seat, cell, to)
                events.append(Event(f"{st.names[seat]}'s scholar moves along the red arrow from cell {cell} "
                                    f"to cell {to}.", seat))
            st.laid[seat] = []
        for seat in st.order:
            events += column_rule(st, seat)
        return events + begin_phase(st, 4)
    if st.phase == 4:
        return begin_phase(st, 5)
    if st.phase == 5:
        if st.round >= comps.rules.rounds:
            st.phase = 0
            scores = st.scores()
            return [Event("The game is over. " + "; ".join(
                f"{st.names[s]} {scores[s].total} Influence" for s in range(st.players)) + ".")]
        events = phase6(st)
        st.round += 1
        return events + begin_phase(st, 1)
    raise AssertionError(st.phase)


def two_player_secretaries(st: AcademicState) -> list[Event]:
    """2 players, Phase 1: a subject with 2+ Theories over the revealed tiles brings its Secretary
    from beside the board to the Secretariat."""
    comps = components()
    events = []
    for i, subject in enumerate(SUBJECTS):
        total = sum(comps.commissions[t].cost[i] for t in st.rc_revealed)
        if total >= comps.rules.two_player_secretary_threshold and subject in st.beside:
            st.beside.remove(subject)
            st.secretariat.append(subject)
            st.secretariat.sort(key=SUBJECT_INDEX.__getitem__)
            events.append(Event(f"The {SUBJECT_NAME[subject]} Secretary takes its place on the Secretariat."))
    return events


def phase6(st: AcademicState) -> list[Event]:
    """Preparation: pawns home, the Premier Bonus, fresh Treatises."""
    comps = components()
    events = [Event("Phase 6: Preparation for the Next Round.")]
    for pawns in st.board.values():
        for seat, pawn in pawns:
            if pawn == "scholar":
                st.hand[seat] += 1
            else:
                st.secretariat.append(pawn)
        pawns.clear()
    st.secretariat.sort(key=SUBJECT_INDEX.__getitem__)
    for cell in comps.start_cells:
        holders = [s for s in range(st.players) for o in st.authority[s] if o == cell]
        if len(holders) != 1:
            continue
        seat, subject = holders[0], comps.cells[cell].column
        if subject in st.secretariat:
            st.secretariat.remove(subject)
            st.sec_hand[seat].append(subject)
            events.append(Event(f"Premier Bonus: {st.names[seat]} alone holds cell {cell} and takes the "
                                f"{SUBJECT_NAME[subject]} Secretary into hand.", seat))
        else:
            events.append(Event(f"Premier Bonus: {st.names[seat]} alone holds cell {cell}, but the "
                                f"{SUBJECT_NAME[subject]} Secretary is not on the Secretariat.", seat))
    for s in SUBJECTS:
        st.tr_discard[s] += st.tr_revealed[s]
        st.tr_revealed[s] = []
        reveal_treatises(st, s)
    events.append(Event("New Treatises revealed: " + revealed_text(st) + ".", reveals=True))
    return events


def run_task(st: AcademicState, task: tuple[str, int, int]) -> list[Event]:
    kind, seat, arg = task
    comps = components()
    name = st.names[seat]
    if kind == "declare":
        if can_pay(st, seat, commission_cost(st, seat, arg)):
            st.pending.append(Pending("declare", seat, arg))
            return []
        return [Event(f"{name} cannot pay for Royal Commission {arg} and does not achieve it.", seat)]
    if kind == "maintain":
        return maintain_task(st, seat, arg)
    if kind == "p4bonus":
        space = comps.contribution[st.contribution[seat]]
        events = []
        if space.influence:
            st.influence[seat] += space.influence
            events.append(Event(f"{name} gains {space.influence} Influence from Contribution space {space.name}.",
                                seat))
        if space.theory_any:
            st.pending.append(Pending("gain", seat, space.theory_any, "contribution"))
        return events
    if kind == "p4penalty":
        st.contribution[seat] = 0
        stack_top(st, seat)
        events = [Event(f"{name} has the lowest Contribution: the marker returns to START and a scholar "
                        "must move along a red arrow.", seat)]
        if red_moves(st, seat):
            st.pending.append(Pending("red", seat, 0, "penalty"))
        else:
            events.append(Event(f"{name} has no Authority scholar that can move.", seat))
        return events
    if kind == "p5start":
        st.activation = -1
        st.queue.insert(0, ("p5next", seat, 0))
        return []
    if kind == "p5next":
        pos = next_treatise(st, seat, st.activation)
        if pos is None:
            st.activation = -1
            return []
        st.activation = pos
        st.queue.insert(0, ("p5next", seat, 0))
        return activate_treatise(st, seat, st.presentation[seat][pos // 3][pos % 3])
    raise AssertionError(kind)


# ------------------------------------------------------------------ Phase 1
def commission_cost(st: AcademicState, seat: int, tile: int) -> Vec:
    """The tile's cost less 1 in each subject whose Royal Commission reduction the seat has."""
    cost = list(components().commissions[tile].cost)
    for i in range(4):
        if cost[i] and has_effect(st, seat, i, "royal_commission"):
            cost[i] -= 1
    return (cost[0], cost[1], cost[2], cost[3])


# ------------------------------------------------------------------ Phase 2
def phase2_turn(st: AcademicState) -> bool:
    """Give the next seat in turn order with a pawn in hand its turn; False when all hands are empty."""
    n = st.players
    for k in range(n):
        seat = st.order[(st.cursor + k) % n]
        if st.hand[seat] or st.sec_hand[seat]:
            st.cursor = (st.cursor + k + 1) % n
            st.pending.append(Pending("place", seat))
            return True
    return False


def place_options(st: AcademicState, seat: int) -> list[Action]:
    comps = components()
    pawns = (["scholar"] if st.hand[seat] else []) + sorted(set(st.sec_hand[seat]), key=SUBJECT_INDEX.__getitem__)
    out: list[Action] = []
    for sp in comps.spaces:
        if sp.four_player and st.players < 4:
            continue
        loc = comps.locations[sp.location]
        if st.board[sp.id] and not loc.unlimited:
            continue
        for pawn in pawns:
            if main_possible(st, seat, loc.main, pawn):
                out.append(Place(sp.id, pawn))
    return out


def main_possible(st: AcademicState, seat: int, main: str, pawn: str) -> bool:
    """An action space may only be chosen when its main action can be carried out."""
    if main == "headquarters":
        if min(st.theories[seat]) < 1:
            return False
        left = st.hand[seat] - (pawn == "scholar")
        return bool(sabbatical_options(st, seat, place=left > 0, advance=True))
    if main == "library":
        return bool(treatise_options(st, seat))
    if main == "lecture_hall":
        return sum(st.theories[seat]) >= 3 and bool(blue_moves(st, seat))
    return True


def do_place(st: AcademicState, seat: int, act: Place) -> list[Event]:
    comps = components()
    sp = comps.space(act.space)
    loc = comps.locations[sp.location]
    name = st.names[seat]
    if act.pawn == "scholar":
        st.hand[seat] -= 1
        who = "a scholar"
    else:
        st.sec_hand[seat].remove(act.pawn)
        who = f"the {SUBJECT_NAME[act.pawn]} Secretary"
    st.board[act.space].append((seat, act.pawn))
    events = [Event(f"{name} places {who} on {space_text(act.space)}.", seat)]
    if sp.star:
        st.pending.append(Pending("bonus", seat, 0, loc.id))
    if loc.main == "headquarters":
        pay(st, seat, (1, 1, 1, 1))
        events.append(Event(f"{name} spends one Theory of each subject.", seat))
        st.pending.append(Pending("hq", seat))
    elif loc.main == "library":
        st.pending.append(Pending("treatise", seat, 0, "library"))
    elif loc.main == "lecture_hall":
        st.pending.append(Pending("blue", seat, 0, "lecture_hall"))
        st.pending.append(Pending("spend", seat, 3, "lecture_hall"))
    elif loc.main == "gain":
        events.append(Event(f"{name} gains {gain(st, seat, loc.main_gain, counted=True)}.", seat))
    elif loc.main == "salon":
        st.pending.append(Pending("salon", seat))
    return events


def bonus_possible(st: AcademicState, seat: int, location: str) -> bool:
    comps = components()
    if st.contribution[seat] < comps.rules.bonus_contribution_cost:
        return False
    if comps.locations[location].bonus == "treatise":
        return bool(treatise_options(st, seat))
    return True


def do_bonus(st: AcademicState, seat: int, location: str) -> list[Event]:
    comps = components()
    loc = comps.locations[location]
    spend_contribution(st, seat, comps.rules.bonus_contribution_cost)
    events = [Event(f"{st.names[seat]} spends {comps.rules.bonus_contribution_cost} Contribution for the "
                    f"{loc.name} bonus action.", seat)]
    if loc.bonus == "treatise":
        st.pending.append(Pending("treatise", seat, 0, "bonus"))
    elif loc.bonus == "gain_any":
        st.pending.append(Pending("gain", seat, loc.bonus_gain_any, "bonus"))
    elif loc.bonus == "gain":
        events.append(Event(f"{st.names[seat]} gains {gain(st, seat, loc.bonus_gain, counted=False)}.", seat))
    return events


# ------------------------------------------------------------------ Phase 3
def research_cost(st: AcademicState, seat: int, cell: int) -> Vec:
    """The cell's Research Report cost less 1 in each subject whose reduction the seat has."""
    cost = list(components().cells[cell].cost)
    for i in range(4):
        if cost[i] and has_effect(st, seat, i, "research_report"):
            cost[i] -= 1
    return (cost[0], cost[1], cost[2], cost[3])


def maintain_task(st: AcademicState, seat: int, cell: int) -> list[Event]:
    comps = components()
    name = st.names[seat]
    if cell == comps.sink:
        c = comps.cells[cell]
        if st.influence[seat] == 0:
            return [Event(f"{name}'s scholar stays on cell {cell} without paying: {name}'s Influence is 0.", seat)]
        paid_infl = min(c.cost_influence, st.influence[seat])
        st.influence[seat] -= paid_infl
        cost = research_cost(st, seat, cell)
        paid = [min(cost[i], st.theories[seat][i]) for i in range(4)]
        pay(st, seat, paid)
        text = f"{paid_infl} Influence" if paid_infl else ""
        if sum(paid):
            text = (text + " and " if text else "") + theories_text(tuple(paid))
        return [Event(f"{name} must pay the Research Report cost of cell {cell}: {text or 'nothing'}.", seat)]
    if can_pay(st, seat, research_cost(st, seat, cell)):
        st.pending.append(Pending("maintain", seat, cell))
        return []
    st.laid[seat].append(cell)
    return [Event(f"{name} cannot pay the Research Report cost of cell {cell}: the scholar is laid down.", seat)]
