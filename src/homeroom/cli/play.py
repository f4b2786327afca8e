"""The terminal game: the board, the numbered legal actions, the log, and a human's commands.

Line-oriented on purpose, so it works in any terminal, over ssh, in tmux and in tests.
"""

from __future__ import annotations

import dataclasses
import importlib
import json
import math
import shlex
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from homeroom.agents import Agent
from homeroom.cli.common import ordinal
from homeroom.cli.play_notes import Batch, batch_lines, warning_lines
from homeroom.cli.play_text import Found, fill_fields, find_by_text, fit_labels
from homeroom.engine.actions import Action
from homeroom.engine.errors import HomeroomError, IllegalAction
from homeroom.engine.match import Match

HELP = """\
Commands:
  N            choose number N on the screen (a choice in steps asks the next step)
  back         go back one step            all           every action in one numbered list
  /TEXT        only the actions whose text contains TEXT (until this decision ends; '/' alone: all)
  why ACTION   whether an action is legal now, and if not why: a number on screen, text as the screen
               shows it (a choice at any step, a line of 'all', a 'not possible now' line), or
               KIND key=value ... (see 'kinds'; seats count from 1; fields only one value fits may
               be left out), e.g. why Breakup rival=2
  kinds        the action kinds of this game, their fields and the values allowed now
  keep all     a set of decisions the screen offers in one go (e.g. Academic Society's Phase 3 keeps)
  notes        the warnings ('Heads up') of this decision in full, with their rule sections
  hint         ask the strongest bot for a suggested move (start with --hint)
  board | b    the full board          board NAME    one player's board (yearbook, clique...;
                                                     a seat number or name, or Ed in a solo game)
  score | s    the score so far        log [N] | l   the last N log lines (default: all)
  undo | u     take back your last decision (not past a draw, a deal or a reveal)
  save [FILE]  save the game           quit | q      stop (asks first if the game is not saved)
  help | ?     this text"""

SEAT_COLOURS = ("red", "blue", "green", "magenta", "yellow", "cyan")
TURN_MARK = ">"


class Menu:
    """The legal actions of one decision offered in steps (see :meth:`State.choice_steps`): the
    options of the next step after the steps chosen so far, each leading to one or more actions."""

    def __init__(self, legal: list[Action], steps: list[tuple[str, ...]]) -> None:
        self.legal = legal
        self.steps = _distinct(steps)
        self.chosen: tuple[str, ...] = ()

    def options(self) -> list[tuple[str, list[int]]]:
        """(label, indices of the actions under it) for the next step, in the actions' order."""
        depth = len(self.chosen)
        groups: dict[str, list[int]] = {}
        for i, path in enumerate(self.steps):
            if path[:depth] == self.chosen and len(path) > depth:
                groups.setdefault(path[depth], []).append(i)
        return list(groups.items())

    def choose(self, label: str) -> Action | None:
        """Take the option ``label``; the action when it leads to exactly one, else None (next step)."""
        self.chosen = (*self.chosen, label)
        under = [i for i, p in enumerate(self.steps) if p[:len(self.chosen)] == self.chosen]
        return self.legal[under[0]] if len(under) == 1 else None

    def back(self) -> bool:
        if not self.chosen:
            return False
        self.chosen = self.chosen[:-1]
        return True


def _distinct(steps: list[tuple[str, ...]]) -> list[tuple[str, ...]]:
    """Steps with an empty path replaced and equal paths told apart, so each leads to one action."""
    out: list[tuple[str, ...]] = []
    seen: dict[tuple[str, ...], int] = {}
    for path in steps:
        path = path or ("(unnamed)",)
        seen[path] = seen.get(path, 0) + 1
        out.append(path)
    count: dict[tuple[str, ...], int] = {}
    result = []
    for path in out:
        if seen[path] > 1:
            count[path] = count.get(path, 0) + 1
            path = (*path, f"option {count[path]}")
        result.append(path)
    return result


class TerminalGame:
    """Runs a match in the terminal for its human seats and lets agents play the others.

    Each human decision gets one screen that fits the terminal: a compact board, what happened
    since that player's last decision (its own consequences included), the decision, and the
    choices as a numbered menu (long lists in steps). The full board, a player's board and the
    log are commands away."""

    def __init__(
        self,
        match: Match,
        agents: Sequence[Agent | None],
        console: Console,
        input_fn: Callable[[str], str],
        save_path: Path | None = None,
        hint: Agent | None = None,
    ) -> None:
        self.match = match
        self.hint_agent = hint
        self.agents = list(agents)
        self.console = console
        self.input = input_fn
        self.save_path = save_path
        self.humans = [s for s, a in enumerate(self.agents) if a is None]
        self.filter = ""
        self.printed = 0  # decisions whose events have been printed (bots-only games)
        self.since: dict[int, int] = {}  # human seat -> history length when it last decided
        self.last_human: int | None = None
        self.saved_at: int | None = len(match.history) if save_path is not None else None
        self.menu: Menu | None = None
        self.flat = False  # 'all': every action in one numbered list
        self.intro_rows = 0
        self.shown: list[tuple[str, list[int]]] = []  # the numbered options on screen
        self.short_steps: list[tuple[str, ...]] = []  # each legal action's steps in short form
        self.view = _view_module(match.state)
        self.batch: Batch | None = None  # a "keep all" in progress

    # ------------------------------------------------------------ helpers
    @property
    def state(self) -> Any:
        return self.match.state

    def name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def colour(self, seat: int) -> str:
        return SEAT_COLOURS[seat % len(SEAT_COLOURS)]

    def tag(self, seat: int, marker: bool = True) -> Text:
        """'>2 Ana' in the seat's colour: the marker for the seat to move, and the seat number."""
        mark = "" if not marker else TURN_MARK if self.state.to_move == seat else " "
        return Text(f"{mark}{seat + 1} {self.name(seat)}", style=f"bold {self.colour(seat)}")

    def viewer(self) -> int | None:
        if len(self.humans) == 1:
            return self.humans[0]
        to_move = self.state.to_move
        return to_move if to_move in self.humans else None

    def print_text(self, text: str, style: str | None = None) -> None:
        self.console.print(self.coloured(text, style))

    def coloured(self, text: str, style: str | None = None) -> Text:
        """``text`` with each seat's name in the seat's colour."""
        out = Text(text, style=style or "")
        for seat in range(self.match.players):
            out.highlight_words([self.name(seat)], style=f"bold {self.colour(seat)}")
        return out

    def view_call(self, fn: str, *args: Any) -> Any:
        """Call the game's ``view.fn(state, *args)`` when the game has it, else None."""
        impl = getattr(self.view, fn, None) if self.view is not None else None
        return impl(self.state, *args) if callable(impl) else None

    def event_lines(self, start: int, viewer: int | None, opening: bool = False) -> list[str]:
        lines = [event.text_for(viewer) for event in self.match.opening] if opening else []
        for entry in self.match.history[start:]:
            lines += [event.text_for(viewer) for event in entry.events]
        return lines

    def show_new_events(self, heading: str | None = None) -> None:
        """Print the log lines not shown yet (as the current viewer may read them)."""
        lines = self.event_lines(self.printed, self.viewer(), opening=self.printed == 0)
        self.printed = len(self.match.history)
        if lines and heading:
            self.console.rule(heading, style="cyan")
        for line in lines:
            self.console.print(self.coloured("  " + line, "cyan"))

    def show_board(self, who: str = "") -> None:
        seat = self.viewer()
        if who:
            automa = self.view_call("automa_board", who, seat)  # a solo game's automa ('board Ed')
            if automa is not None:
                self.console.rule(Text(f"{who.strip()}'s board"))
                for line in automa:
                    self.console.print(self.coloured(line))
                return
            target = self.find_seat(who)
            lines = self.view_call("seat_board", target, seat)
            self.console.rule(Text.assemble(self.tag(target), "'s board"))
            if lines is None:
                self.print_text("This game has no separate player boards: the full board follows.", "dim")
            else:
                for line in lines:
                    self.console.print(self.coloured(line))
                return
        rendered = self.match.game.render(self.state, seat)
        self.console.rule(f"{self.match.game.info.name} - seen by {self.name(seat) if seat is not None else 'everyone'}")
        self.console.print(self.coloured(rendered) if isinstance(rendered, str) else rendered)

    def find_seat(self, who: str) -> int:
        """A seat from a number (from 1) or a name as shown (case-insensitive, a unique prefix is enough)."""
        who = who.strip()
        names = [self.name(s) for s in range(self.match.players)]
        if who.isdigit() and 1 <= int(who) <= len(names):
            return int(who) - 1
        exact = [s for s, n in enumerate(names) if n.lower() == who.lower()]
        prefix = [s for s, n in enumerate(names) if n.lower().startswith(who.lower())]
        found = exact or prefix
        if len(found) == 1:
            return found[0]
        valid = ", ".join(f"{s + 1} {n}" for s, n in enumerate(names))
        raise IllegalAction(f"no such player {who!r}: choose one of {valid}")

    def compact_lines(self) -> list[Text]:
        """The compact board: the game's status lines, each player's line with colour and turn marker."""
        lines = self.view_call("compact_board", self.viewer())
        if lines is None:
            scores = self.state.scores()
            lines = [self.match.game.info.name] + [f"{self.name(s)}: {scores[s].total} points"
                                                   for s in range(self.match.players)]
        out: list[Text] = []
        for line in lines:
            seat = next((s for s in range(self.match.players) if line.startswith(self.name(s) + ":")), None)
            if seat is None:
                out.append(self.coloured(line))
            else:
                out.append(Text.assemble(self.tag(seat), self.coloured(line[len(self.name(seat)):])))
        return out

    def show_scores(self) -> None:
        automa = self.state.automa_scores()
        scores = self.state.scores() + list(automa.values())
        cats: list[str] = []
        for s in scores:
            cats.extend(c for c in s.breakdown if c not in cats)
        table = Table(title="Scores" + ("" if self.state.is_terminal() else " so far"))
        table.add_column("")
        for seat in range(self.match.players):
            table.add_column(self.tag(seat), justify="right")
        for name in automa:
            table.add_column(name, justify="right")
        for cat in cats:
            table.add_row(human_words(cat), *[str(s.breakdown.get(cat, 0)) for s in scores])
        table.add_row(Text("total", style="bold"), *[Text(str(s.total), style="bold") for s in scores])
        places = self.state.placings()
        if places is not None:
            # an automa is 1st unless a seat beat it (then it is placed right after the seats that did)
            automa_place = 1 + sum(1 for p in places if p == 1) if 1 in places else 1
            shown = places + [automa_place] * len(automa)
            table.add_row(Text("place", style="bold"), *[Text(ordinal(p), style="bold") for p in shown])
        self.console.print(table)
        for line in self.view_call("score_notes", self.viewer()) or []:  # how the game counted them
            self.print_text(line)

    def save(self, path: Path | None = None) -> None:
        """Save now. With no file: to the game's save file. To a file while the game already saves
        itself to another (``--save``): a copy, and the game goes on saving to its own file. To a
        file in a game with none: that file, which the game then saves to after every decision."""
        target = path or self.save_path
        if target is None:
            self.print_text("No save file: use 'save FILE' (or start with --save FILE).", "yellow")
            return
        self.match.save(target)
        if self.save_path is not None and Path(target).resolve() != Path(self.save_path).resolve():
            self.print_text(f"Saved a copy to {target}; the game still saves itself to {self.save_path} "
                            "after every decision.", "green")
            return
        first = self.save_path is None
        self.save_path = target
        self.saved_at = len(self.match.history)
        self.print_text(f"Saved to {target}." + (" From now on the game saves itself there after every decision."
                                                  if first else ""), "green")

    # -------------------------------------------------------------- choices
    def new_menu(self) -> None:
        legal = list(self.state.legal_actions())
        self.menu = Menu(legal, [self.state.choice_steps(a) for a in legal])
        short = getattr(self.view, "short_steps", None) if self.view is not None else None
        self.short_steps = [tuple(short(self.state, a)) if callable(short) else () for a in legal]
        self.filter = ""
        self.flat = False

    def current_options(self) -> tuple[list[tuple[str, list[int]]], str]:
        """The numbered options to show now and a note about them (filter, step)."""
        assert self.menu is not None
        if self.filter or self.flat:
            needle = self.filter.lower()
            hits = [(self.state.describe_action(a), [i]) for i, a in enumerate(self.menu.legal)]
            shown = [h for h in hits if needle in h[0].lower()]
            if not shown:
                return hits, f"No action contains {self.filter!r}: all {len(hits)} are shown."
            if not self.filter:
                return hits, f"All {len(hits)} actions ('back' for the menu in steps)."
            return shown, f"{len(shown)} of {len(hits)} actions contain {self.filter!r} ('/' alone shows all)."
        options = self.menu.options()
        if self.menu.chosen:
            return options, "Chosen: " + " > ".join(self.menu.chosen) + "  ('back' to change)"
        return options, ""

    def option_labels(self, options: list[tuple[str, list[int]]]) -> list[str]:
        """The labels to show for ``options``: whole, unique, and short forms where the long ones
        do not fit the screen (see :func:`fit_labels`)."""
        assert self.menu is not None
        depth = len(self.menu.chosen)
        shorts: list[str | None] = []
        for _, under in options:
            short: str | None = None
            if not (self.filter or self.flat):
                action = self.menu.legal[under[0]]
                if len(under) == 1:
                    short = self.state.describe_action(action)
                own = self.short_steps[under[0]] if under[0] < len(self.short_steps) else ()
                if len(own) > depth and (short is None or len(own[depth]) < len(short)):
                    short = own[depth]
            shorts.append(short)
        width = max(20, self.console.width) - 4
        more = [len(f"  [{len(under)} choices]") if len(under) > 1 else 0 for _, under in options]
        fitted = fit_labels([label for label, _ in options], shorts, width - max(more, default=0))
        return fitted

    def unavailable(self) -> list[tuple[str, Action]]:
        """Choices the game lists although they cannot be taken now (the game's view
        ``unavailable``), each with the action ``why`` explains; only at the first step."""
        if self.menu is None or self.menu.chosen or self.filter or self.flat:
            return []
        return list(self.view_call("unavailable", self.viewer()) or [])

    def option_cells(self, options: list[tuple[str, list[int]]]) -> tuple[list[Text], list[Text]]:
        """The numbered lines of ``options``, and the lines of the choices not possible now."""
        cells: list[Text] = []
        for number, ((_, under), label) in enumerate(zip(options, self.option_labels(options), strict=True), 1):
            more = f"  [{len(under)} choices]" if len(under) > 1 else ""
            cells.append(Text.assemble((f"{number:>3}", "bold"), " ", self.coloured(label), (more, "dim")))
        gone = [Text.assemble(("  - ", "dim"), (f"{label}: {self.state.explain(action) or 'not now'}", "dim"))
                for label, action in self.unavailable()]
        return cells, gone

    def show_options(self, rows: int | None = None, full: bool = False) -> None:
        """Print the numbered options, in columns when they do not fit ``rows`` lines. A label is
        never cut: a long one shows its short form or wraps at words, and what does not fit the
        rows is counted in a last line."""
        options, note = self.current_options()
        self.shown = options
        if note:
            self.print_text(note, "dim")
        cells, gone = self.option_cells(options)
        width = max(20, self.console.width)
        if full or rows is None or sum(self.rows_of(c) for c in cells + gone) <= rows:
            for cell in cells + gone:
                self.console.print(cell)
            return
        if gone and sum(self.rows_of(c) for c in cells) + 1 <= rows:
            for cell in cells:
                self.console.print(cell)
            first = self.unavailable()[0][0]
            self.print_text(f"  ({len(gone)} not possible now, e.g. 'why {first}' says why)", "dim")
            return
        rows = max(rows, 3)
        widest = max(len(c) for c in cells) + 1
        ncols = max(1, min(width // widest, math.ceil(len(cells) / rows)))
        if ncols == 1:  # one column: whole lines (wrapped at words), as many as the rows hold
            used, shown = 0, 0
            for cell in cells:
                tall = self.rows_of(cell)
                if used + tall > rows - 1 and shown < len(cells):
                    break
                self.console.print(cell)
                used, shown = used + tall, shown + 1
            if shown < len(cells):
                self.print_text(f"... {len(cells) - shown} more: 'all' lists every action, /TEXT filters them.",
                                "yellow")
            return
        colw = width // ncols
        nrows = math.ceil(len(cells) / ncols)
        hidden = 0
        if nrows > rows:
            hidden = len(cells) - (rows - 1) * ncols
            nrows = rows - 1
        for r in range(nrows):
            line = Text()
            for c in range(ncols):
                i = c * nrows + r
                if i < len(cells) and i < nrows * ncols:
                    cell = cells[i].copy()
                    if c < ncols - 1:
                        cell.pad_right(colw - len(cell))
                    line.append_text(cell)
            self.console.print(line, overflow="crop", no_wrap=True)
        if hidden:
            self.print_text(f"... {hidden} more: 'all' lists every action, /TEXT filters them.", "yellow")

    def rows_of(self, text: Text) -> int:
        """How many terminal rows ``text`` takes when printed (wrapped at words)."""
        return max(1, len(text.wrap(self.console, max(self.console.width, 20))))

    def pick(self, number: int) -> Action | None:
        """The on-screen option ``number``: its action, or None after moving to the next step."""
        if not 1 <= number <= len(self.shown):
            raise IllegalAction(f"there is no choice number {number} (choose 1-{len(self.shown)})")
        label, under = self.shown[number - 1]
        assert self.menu is not None
        if self.filter or self.flat or len(under) == 1:
            return self.menu.legal[under[0]]
        return self.menu.choose(label)

    # -------------------------------------------------------------- parsing
    def parse_action(self, text: str, legal: list[Action], fill: bool = False) -> Action:
        """An action from a number, JSON, or KIND key=value ... (seats from 1). With ``fill``, a
        field left out is filled when the legal actions leave one value for it (see :func:`fill_fields`)."""
        text = text.strip()
        if text.isdigit():
            index = int(text)
            if not 1 <= index <= len(legal):
                raise IllegalAction(f"there is no action number {index} (choose 1-{len(legal)})")
            return legal[index - 1]
        if text.startswith("{"):
            try:
                parsed = json.loads(text)
            except json.JSONDecodeError as err:
                raise IllegalAction(f"not valid JSON: {err}") from None
            return self.match.game.action_from_json(parsed)
        try:
            parts = shlex.split(text)
        except ValueError as err:
            raise IllegalAction(f"cannot read {text!r}: {err}") from None
        if not parts:
            raise IllegalAction("name an action: a number, text shown on screen, or KIND key=value ...")
        types = self.match.game.codec.types
        kind = next((k for k in types if k.lower() == parts[0].lower()), None)
        if kind is None:
            raise IllegalAction(f"no such action kind {parts[0]!r}: the kinds are {', '.join(types)}")
        data: dict[str, Any] = {"type": kind}
        fields = {f.name: f for f in dataclasses.fields(types[kind])}
        for part in parts[1:]:
            key, eq, raw = part.partition("=")
            if not eq:
                raise IllegalAction(f"expected key=value, got {part!r}")
            if key not in fields:
                raise IllegalAction(f"{kind} has no field {key!r}: its fields are {', '.join(fields) or 'none'}")
            try:
                value: Any = json.loads(raw)
            except json.JSONDecodeError:
                value = raw
            if _is_seat_field(key) and isinstance(value, int) and not isinstance(value, bool):
                if not 1 <= value <= self.match.players:
                    raise IllegalAction(f"no such seat {value}: seats are 1-{self.match.players}")
                value -= 1
            data[key] = value
        if fill:
            data = fill_fields(kind, types[kind], data, legal, _is_seat_field,
                               self.view_call("decision_line", self.viewer()) or "")
        return self.match.game.action_from_json(data)

    def show_kinds(self) -> None:
        legal = self.menu.legal if self.menu is not None else list(self.state.legal_actions())
        for name, tp in self.match.game.codec.types.items():
            parts = []
            for f in dataclasses.fields(tp):
                now = sorted({repr(getattr(a, f.name)) for a in legal if type(a) is tp
                              and not _is_seat_field(f.name)}
                             | {str(getattr(a, f.name) + 1) for a in legal if type(a) is tp and _is_seat_field(f.name)})
                kind = "seat 1-" + str(self.match.players) if _is_seat_field(f.name) \
                    else getattr(f.type, "__name__", f.type)
                values = f" now: {', '.join(now[:12])}{' ...' if len(now) > 12 else ''}" if now else ""
                parts.append(f"{f.name}=<{kind}>{values}")
            allowed = sum(1 for a in legal if type(a) is tp)
            head = f"  {name}" + (f"  ({allowed} legal now)" if allowed else "")
            self.print_text(head, "bold" if allowed else None)
            for part in parts:
                self.print_text("      " + part)

    def why(self, rest: str) -> None:
        """Explain an action named by its on-screen number, its text as the screen shows it (a
        choice's label at any step, a line of 'all', a choice listed as not possible now), or
        KIND key=value (fields only one value fits may be left out): legal, or the engine's reason."""
        rest = rest.strip()
        if not rest:
            raise IllegalAction("why what? a number on screen, text as shown, or KIND key=value (see 'kinds')")
        assert self.menu is not None
        if rest.isdigit():
            number = int(rest)
            if not 1 <= number <= len(self.shown):
                raise IllegalAction(f"there is no choice number {number} on screen (choose 1-{len(self.shown)})")
            label, under = self.shown[number - 1]
            if len(under) > 1:
                self.print_text(f"'{label}' is legal now: it leads to {len(under)} choices.", "yellow")
                return
            action = self.menu.legal[under[0]]
        else:
            kinds = {k.lower() for k in self.match.game.codec.types}
            typed = rest.startswith("{") or "=" in rest or rest.lower() in kinds
            found = None if typed else find_by_text(
                rest, self.menu.legal, self.menu.steps, self.state.describe_action, self.short_steps,
                self.view_call("unavailable", self.viewer()) or [], self.menu.chosen)
            if found is None and (typed or rest.split()[0].lower() in kinds):
                found = Found(action=self.parse_action(rest, self.menu.legal, fill=True))
            if found is None:
                example = self.state.describe_action(self.menu.legal[0]) if self.menu.legal else ""
                raise IllegalAction(f"none of the choices you have now reads {rest!r}: type a piece's name or part "
                                    "of a choice as the screen shows it" + (f", e.g. '{example}'" if example else "")
                                    + "; 'all' lists them")
            if found.action is None and found.partial:
                self.print_text(f"{found.count} choices read {found.label!r}, e.g. '{found.example}': "
                                "give more of the text, or a number", "yellow")
                return
            if found.action is None:
                self.print_text(f"'{found.label}' is legal now: it leads to {found.count} choices, e.g. "
                                f"'{found.example}'.", "yellow")
                return
            action = found.action
        reason = self.state.explain(action)
        if reason:
            self.print_text(f"Not legal now: {reason}", "yellow")
        else:
            self.print_text(f"'{self.state.describe_action(action)}' is legal now.", "yellow")

    # ----------------------------------------------------------------- loop
    def introduce(self) -> None:
        """Who plays whom, and how to get help (once, at the start)."""
        info = self.match.game.info
        seats = []
        for seat in range(self.match.players):
            agent = self.agents[seat]
            who = "you" if agent is None and len(self.humans) == 1 else "human" if agent is None else agent.name
            seats.append(Text.assemble(self.tag(seat, marker=False), f" ({who})"))
        line = Text(f"{info.name}, seed {self.match.seed}: ")
        line.append_text(Text(", ").join(seats))
        self.console.print(line)
        self.intro_rows = self.rows_of(line)
        if self.humans:
            tip = Text("Type a number to choose, 'help' for every command, 'board' for the full board.", "dim")
            self.console.print(tip)
            self.intro_rows += self.rows_of(tip)

    def run(self) -> bool:
        """Play until the end (True) or until the human quits (False)."""
        self.introduce()
        while not self.state.is_terminal():
            seat = self.state.to_move
            agent = self.agents[seat]
            if agent is not None:
                action = self.think(agent, seat, f"{self.name(seat)} ({agent.name}) is thinking")
                self.match.play(action)
                if not self.humans:
                    self.show_new_events()
                self._autosave()
                continue
            if not self.human_turn(seat):
                return False
        self.show_new_events(heading="Last moves")
        self.finish()
        return True

    def think(self, agent: Agent, seat: int, what: str) -> Action:
        """Let ``agent`` choose in a background thread (on a copy of the state) while the
        terminal shows a spinner with the agent's budget and the time spent so far."""
        budget = getattr(agent, "budget", None)
        label = f"{what} ({budget()})" if callable(budget) else what
        box: dict[str, Any] = {}
        world = self.state.clone()

        def work() -> None:
            try:
                box["action"] = agent.choose(world, seat)
            except BaseException as err:  # noqa: BLE001 - re-raised in the UI thread
                box["error"] = err

        worker = threading.Thread(target=work, name="homeroom-bot", daemon=True)
        start = time.monotonic()
        # as Text, never a string: a status line reads a string as markup, and a seat named
        # "[/]" (or "[bold]") must print as typed
        with self.console.status(Text(f"{label}...")) as status:
            worker.start()
            while worker.is_alive():
                worker.join(0.1)
                status.update(Text(f"{label}... {time.monotonic() - start:.1f} s"))
        if "error" in box:
            raise box["error"]
        action: Action = box["action"]
        return action

    def hint(self, seat: int, legal: list[Action]) -> None:
        """The hint bot's suggestion for ``seat`` and its reason (it sees only what ``seat`` sees)."""
        if self.hint_agent is None:
            self.print_text("Hints are off: start the game with --hint.", "yellow")
            return
        action = self.think(self.hint_agent, seat, f"Looking for a good move for {self.name(seat)}")
        number = legal.index(action) + 1 if action in legal else 0
        reason = getattr(self.hint_agent, "last_reason", "")
        steps = " > ".join(self.state.choice_steps(action))
        self.print_text(f"Hint: {number}  {steps}" + (f"  ({self.hint_agent.name}: {reason})" if reason else "")
                        + "  (the number is in 'all')", "green")
        from homeroom.agents.advice import explain

        try:  # the web's learner-mode words: what the move does to the score and the estimate
            for line in explain(self.state, seat, action, seed=len(self.match.history)):
                self.print_text(f"  {line}", "green")
        except Exception:  # an explanation is a nicety: never let it stop the game
            pass

    def _autosave(self) -> None:
        if self.save_path is not None:
            self.match.save(self.save_path)
            self.saved_at = len(self.match.history)

    def screen(self, seat: int) -> None:
        """One screen for ``seat``'s decision that fits the terminal."""
        height = max(self.console.height - self.intro_rows, 12)
        self.intro_rows = 0  # the introduction is on the first screen only
        board = self.compact_lines()
        decision = self.view_call("decision_line", self.viewer()) or ""
        start = self.since.get(seat, 0)
        events = self.event_lines(start, self.viewer(), opening=seat not in self.since)
        options, _ = self.current_options()
        notes = batch_lines(self.state, seat) + warning_lines(self.state, seat, short=True)  # above the prompt
        note_rows = sum(self.rows_of(n) for n in notes)
        fixed = len(board) + 3 + (1 if decision else 0) + note_rows  # rules, decision, prompt, notes
        room = height - fixed
        cells, gone = self.option_cells(options)  # the rows the whole choices take (long ones wrap)
        needed = sum(self.rows_of(c) for c in cells) + min(sum(self.rows_of(c) for c in gone), 1 if gone else 0)
        menu_rows = min(needed + 1, max(room - 3, room * 2 // 3))
        event_rows = max(1, room - menu_rows - 1)
        self.console.rule(Text.assemble(self.match.game.info.name, " - ", self.tag(seat), " to decide"),
                          style=self.colour(seat))
        for line in board:
            self.console.print(line, overflow="ellipsis", no_wrap=True)
        heading = "Since your last decision" if seat in self.since else "So far"
        self.console.rule(heading, style="cyan")
        texts = ["  " + line for line in events]
        tall = [self.rows_of(Text(text)) for text in texts]
        keep = len(texts)
        while keep and sum(tall[len(texts) - keep:]) > event_rows - (keep < len(texts)):
            keep -= 1
        if keep < len(texts):
            self.print_text(f"  ({len(texts) - keep} earlier lines: 'log {len(texts)}')", "dim")
        for text in texts[len(texts) - keep:]:
            self.console.print(self.coloured(text, "cyan"), overflow="fold")
        used = sum(tall[len(texts) - keep:]) + (keep < len(texts))
        if decision:
            self.console.print(Text.assemble(("Deciding: ", "bold"), self.coloured(decision)), overflow="fold")
        decision_rows = self.rows_of(Text("Deciding: " + decision)) if decision else 0
        self.show_options(rows=max(3, height - len(board) - 3 - decision_rows - used - note_rows))
        for note in notes:
            self.console.print(note, overflow="fold")

    def human_turn(self, seat: int) -> bool:
        if len(self.humans) > 1 and self.last_human not in (None, seat):
            self.input(f"Pass the game to {self.name(seat)} and press Enter ")
        self.last_human = seat
        auto = self.batch.next(self.state, seat) if self.batch is not None else None
        if auto is not None:  # the next decision of a set taken in one go
            self.print_text(f"{self.name(seat)}: {self.state.describe_action(auto)}", "dim")
            self.since[seat] = len(self.match.history)
            self.match.play(auto)
            self.printed = len(self.match.history)
            self._autosave()
            return True
        self.batch = None
        self.new_menu()
        self.screen(seat)
        while True:
            try:
                raw = self.input(f"{self.name(seat)}> ").strip()
            except EOFError:
                self.print_text("End of input.")
                if self.save_path:
                    self.save()
                return False
            if not raw:
                continue
            word, _, rest = raw.partition(" ")
            word = word.lower()
            try:
                if raw.isdigit() or raw.startswith("{"):
                    assert self.menu is not None
                    if raw.isdigit():
                        chosen = self.pick(int(raw))
                        if chosen is None:
                            self.show_options(rows=max(3, self.console.height - 4))
                            continue
                        action = chosen
                    else:
                        action = self.parse_action(raw, self.menu.legal)
                    self.since[seat] = len(self.match.history)
                    self.match.play(action)
                    self.printed = len(self.match.history)
                    self._autosave()
                    return True
                started = Batch.start(self.state, seat, raw)
                if started is not None:
                    self.batch, action = started
                    self.since[seat] = len(self.match.history)
                    self.match.play(action)
                    self.printed = len(self.match.history)
                    self._autosave()
                    return True
                if raw.startswith("/"):
                    self.filter = raw[1:].strip()
                    self.flat = bool(self.filter)
                    self.show_options(rows=max(3, self.console.height - 4))
                elif word == "back":
                    assert self.menu is not None
                    if self.filter or self.flat:
                        self.filter, self.flat = "", False
                    elif not self.menu.back():
                        self.print_text("Nothing to go back to: this is the first step.", "yellow")
                    self.show_options(rows=max(3, self.console.height - 4))
                elif word in ("q", "quit", "exit"):
                    if self.quit():
                        return False
                elif word == "notes":
                    for note in batch_lines(self.state, seat) + warning_lines(self.state, seat):
                        self.console.print(note, overflow="fold")
                elif word in ("?", "h", "help"):
                    self.print_text(HELP)
                elif word in ("a", "actions"):
                    self.screen(seat)
                elif word == "all":
                    self.flat, self.filter = True, ""
                    self.show_options(full=True)
                elif word in ("b", "board"):
                    self.show_board(rest)
                elif word in ("s", "score", "scores"):
                    self.show_scores()
                elif word in ("l", "log"):
                    self.show_log(rest)
                elif word == "hint":
                    self.hint(seat, self.menu.legal if self.menu else [])
                elif word == "kinds":
                    self.show_kinds()
                elif word == "why":
                    self.why(rest)
                elif word in ("u", "undo"):
                    index = self.match.undo_point(seat)
                    taken = [e for e in self.match.history[index:]] if index is not None else []
                    removed = self.match.undo(seat)
                    mine = [e for e in taken if e.seat == seat]
                    what = "; ".join(e.action.describe() for e in mine[:3])
                    self.print_text(f"Took back your {what}" + (f" and {removed - 1} decision(s) after it"
                                                              if removed > 1 else "") + ".", "green")
                    self.since[seat] = min(self.since.get(seat, 0), len(self.match.history))
                    self.printed = len(self.match.history)
                    self._autosave()
                    return True
                elif word == "save":
                    self.save(Path(rest.strip()) if rest.strip() else None)
                else:
                    self.print_text(f"Unknown command {word!r}: type a number, or 'help'.", "yellow")
            except IllegalAction as err:
                self.print_text(f"Illegal: {err}", "red")
            except HomeroomError as err:
                self.print_text(f"Error: {err}", "red")
            except OSError as err:
                self.print_text(f"Cannot save: {err}", "red")

    def quit(self) -> bool:
        """Stop: save when a file is set; otherwise ask before throwing away an unsaved game."""
        if self.save_path:
            self.save()
            return True
        if self.match.history and self.saved_at != len(self.match.history):
            try:
                answer = self.input("The game is not saved. Quit anyway? (y/N, or 'save FILE' to save and quit) ")
            except EOFError:
                answer = "y"
            word, _, rest = answer.strip().partition(" ")
            if word.lower() == "save":  # save, then quit as asked; a save that fails keeps the game open
                try:
                    self.save(Path(rest.strip()) if rest.strip() else None)
                except (OSError, HomeroomError) as err:
                    self.print_text(f"Cannot save: {err}; not quitting.", "red")
                    return False
                if self.saved_at != len(self.match.history):
                    self.print_text("Not quitting.", "green")
                    return False
                return True
            if answer.strip().lower() not in ("y", "yes"):
                self.print_text("Not quitting.", "green")
                return False
        self.print_text("Quit without saving (start with --save FILE to keep a game).", "yellow")
        return True

    def show_log(self, rest: str) -> None:
        lines = self.match.log(self.viewer())
        rest = rest.strip()
        if rest:
            if not rest.isdigit() or int(rest) == 0:
                raise IllegalAction(f"log takes a number of lines, got {rest!r}")
            lines = lines[-int(rest):]
        for line in lines:
            self.console.print(self.coloured("  " + line))

    def finish(self) -> None:
        self.console.rule("Game over")
        self.show_board()
        self.show_scores()
        self.print_text(self.state.outcome(), "bold green")
        if self.save_path:
            self.save()


def human_words(name: str) -> str:
    """An internal name as a player reads it: 'wildcat_way' -> 'Wildcat Way', 'abc_token' -> 'ABC Token'."""
    if "_" not in name and not name.islower():
        return name
    return " ".join(w.upper() if w in ("abc", "rc") else w.capitalize() for w in name.split("_"))


def _is_seat_field(name: str) -> bool:
    return name in ("rival", "seat", "player")


def _view_module(state: Any) -> ModuleType | None:
    """The game's ``view`` module (compact board, decision line, player boards), if it has one."""
    package = type(state).__module__.rpartition(".")[0]
    try:
        return importlib.import_module(package + ".view")
    except ImportError:
        return None
