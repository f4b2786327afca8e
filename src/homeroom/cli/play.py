"""The terminal game: the board, the numbered legal actions, the log, and a human's commands.

Line-oriented on purpose, so it works in any terminal, over ssh, in tmux and in tests.
"""

from __future__ import annotations

import json
import shlex
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console
from rich.table import Table
from rich.text import Text

from homeroom.agents import Agent
from homeroom.cli.common import ordinal
from homeroom.engine.actions import Action
from homeroom.engine.errors import HomeroomError, IllegalAction
from homeroom.engine.events import Event
from homeroom.engine.match import Match

HELP = """\
Commands:
  N            take legal action number N
  /TEXT        list only the actions whose description contains TEXT
  why ACTION   explain why an action is (il)legal; ACTION is a number, JSON, or
               KIND key=value ... (e.g.  why PlaceMember member=Editor space=gym-1)
  kinds        the action kinds of this game and their fields
  hint         ask the strongest bot for a suggested move (start with --hint)
  board | b    show the board again          actions | a   list the actions again
  score | s    the score breakdown so far     log | l       the whole log
  undo | u     take back your last decision (not past revealed hidden information)
  save [FILE]  save the game                  quit | q      save (if a file is set) and stop
  help | ?     this text"""


class TerminalGame:
    """Runs a match in the terminal for its human seats and lets agents play the others."""

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
        self.printed = 0  # decisions whose events have been printed
        self.last_human: int | None = None

    # ------------------------------------------------------------ helpers
    @property
    def state(self) -> Any:
        return self.match.state

    def name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def viewer(self) -> int | None:
        if len(self.humans) == 1:
            return self.humans[0]
        to_move = self.state.to_move
        return to_move if to_move in self.humans else None

    def print_text(self, text: str, style: str | None = None) -> None:
        self.console.print(Text(text, style=style or ""))

    def show_new_events(self, heading: str | None = None) -> None:
        """Print the log lines not shown yet (as the current viewer may read them)."""
        viewer = self.viewer()
        lines: list[str] = []
        if self.printed == 0:
            lines += [event.text_for(viewer) for event in self.match.opening]
        for entry in self.match.history[self.printed:]:
            lines += [event.text_for(viewer) for event in entry.events]
        self.printed = len(self.match.history)
        if lines and heading:
            self.console.rule(heading, style="cyan")
        for line in lines:
            self.print_text("  " + line, "cyan")

    def _print_events(self, events: list[Event], viewer: int | None) -> None:
        for event in events:
            self.print_text("  " + event.text_for(viewer), "cyan")

    def show_board(self) -> None:
        seat = self.viewer()
        rendered = self.match.game.render(self.state, seat)
        self.console.rule(f"{self.match.game.info.name} - seen by {self.name(seat) if seat is not None else 'everyone'}")
        if isinstance(rendered, str):
            self.console.print(Text(rendered))
        else:
            self.console.print(rendered)

    def show_actions(self) -> list[Action]:
        legal = self.state.legal_actions()
        texts = [self.state.describe_action(a) for a in legal]
        shown = [(i, t) for i, t in enumerate(texts, 1) if self.filter.lower() in t.lower()]
        if self.filter:
            self.print_text(f"(actions containing {self.filter!r}; '/' alone shows all)", "dim")
        cells = [Text.assemble((f"{i:>4}", "bold"), "  ", text) for i, text in shown]
        widest = max((len(c) for c in cells), default=0)
        if len(cells) > 20 and widest * 2 + 4 <= self.console.width:
            # long lists go in columns, read down each column
            self.console.print(Columns(cells, column_first=True, width=widest, padding=(0, 2)))
        else:
            for cell in cells:
                self.console.print(cell)
        return list(legal)

    def show_scores(self) -> None:
        automa = self.state.automa_scores()
        scores = self.state.scores() + list(automa.values())
        cats: list[str] = []
        for s in scores:
            cats.extend(c for c in s.breakdown if c not in cats)
        table = Table(title="Scores" + ("" if self.state.is_terminal() else " so far"))
        table.add_column("")
        for name in [self.name(seat) for seat in range(self.match.players)] + list(automa):
            table.add_column(name, justify="right")
        for cat in cats:
            table.add_row(cat, *[str(s.breakdown.get(cat, 0)) for s in scores])
        table.add_row(Text("total", style="bold"), *[Text(str(s.total), style="bold") for s in scores])
        places = self.state.placings()
        if places is not None:
            # an automa is 1st unless a seat beat it (then it is placed right after the seats that did)
            automa_place = 1 + sum(1 for p in places if p == 1) if 1 in places else 1
            shown = places + [automa_place] * len(automa)
            table.add_row(Text("place", style="bold"), *[Text(ordinal(p), style="bold") for p in shown])
        self.console.print(table)

    def save(self, path: Path | None = None) -> None:
        target = path or self.save_path
        if target is None:
            self.print_text("No save file: use 'save FILE' (or start with --save FILE).", "yellow")
            return
        self.match.save(target)
        self.save_path = target
        self.print_text(f"Saved to {target}.", "green")

    # -------------------------------------------------------------- parsing
    def parse_action(self, text: str, legal: list[Action]) -> Action:
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
        parts = shlex.split(text)
        if not parts:
            raise IllegalAction("name an action: a number, JSON, or KIND key=value ...")
        data: dict[str, Any] = {"type": parts[0]}
        for part in parts[1:]:
            key, eq, raw = part.partition("=")
            if not eq:
                raise IllegalAction(f"expected key=value, got {part!r}")
            try:
                data[key] = json.loads(raw)
            except json.JSONDecodeError:
                data[key] = raw
        return self.match.game.action_from_json(data)

    def show_kinds(self) -> None:
        import dataclasses

        for name, tp in self.match.game.codec.types.items():
            fields = " ".join(f"{f.name}=<{getattr(f.type, '__name__', f.type)}>" for f in dataclasses.fields(tp))
            self.print_text(f"  {name} {fields}".rstrip())

    # ----------------------------------------------------------------- loop
    def run(self) -> bool:
        """Play until the end (True) or until the human quits (False)."""
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
        with self.console.status(f"{label}...") as status:
            worker.start()
            while worker.is_alive():
                worker.join(0.1)
                status.update(f"{label}... {time.monotonic() - start:.1f} s")
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
        self.print_text(f"Hint: {number}  {action.describe()}" + (f"  ({self.hint_agent.name}: {reason})" if reason else ""),
                        "green")

    def _autosave(self) -> None:
        if self.save_path is not None:
            self.match.save(self.save_path)

    def human_turn(self, seat: int) -> bool:
        if len(self.humans) > 1 and self.last_human not in (None, seat):
            self.input(f"Pass the game to {self.name(seat)} and press Enter ")
        self.last_human = seat
        self.show_board()
        self.show_new_events(heading="Since your last decision")
        self.console.rule(f"{self.name(seat)}, your decision", style="bold")
        legal = self.show_actions()
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
                    action = self.parse_action(raw, legal)
                    events = self.match.play(action)
                    self._print_events(events, self.viewer())
                    self.printed = len(self.match.history)
                    self._autosave()
                    return True
                if raw.startswith("/"):
                    self.filter = raw[1:].strip()
                    self.show_actions()
                elif word in ("q", "quit", "exit"):
                    if self.save_path:
                        self.save()
                    else:
                        self.print_text("Quit without saving (start with --save FILE to keep the game).", "yellow")
                    return False
                elif word in ("?", "h", "help"):
                    self.print_text(HELP)
                elif word in ("a", "actions"):
                    self.show_actions()
                elif word in ("b", "board"):
                    self.show_board()
                elif word in ("s", "score", "scores"):
                    self.show_scores()
                elif word in ("l", "log"):
                    for line in self.match.log(self.viewer()):
                        self.print_text("  " + line)
                elif word == "hint":
                    self.hint(seat, legal)
                elif word == "kinds":
                    self.show_kinds()
                elif word == "why":
                    action = self.parse_action(rest, legal)
                    reason = self.state.explain(action)
                    self.print_text(reason or f"'{self.state.describe_action(action)}' is legal now.", "yellow")
                elif word in ("u", "undo"):
                    removed = self.match.undo(seat)
                    self.printed = len(self.match.history)
                    self.print_text(f"Took back {removed} decision(s).", "green")
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

    def finish(self) -> None:
        self.console.rule("Game over")
        self.show_board()
        self.show_scores()
        self.print_text(self.state.outcome(), "bold green")
        if self.save_path:
            self.save()
