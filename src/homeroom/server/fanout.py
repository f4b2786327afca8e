"""The fan-out: what each viewer of a table sees (views, log lines, seats) and sending it to every
connection, on each event of the bus; connecting and authenticating viewers."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import TYPE_CHECKING, Any, cast

from homeroom.engine.match import Entry, Match
from homeroom.server.chat import with_chat
from homeroom.server.errors import ProtocolError
from homeroom.server.events import TableEvent
from homeroom.server.hubstore import TableStore
from homeroom.server.lastmoves import last_moves, option_labels
from homeroom.server.live import Conn, LiveTable, announcements, append_log, placings, rebuild
from homeroom.server.notify import announce_note, note_payload
from homeroom.server.protocol import (
    Notice,
    SeatsMessage,
    SeatView,
)
from homeroom.server.seats import may_take_back, seat_is_open, take_back
from homeroom.server.security import (
    secret_matches,
)
from homeroom.server.tablestate import undo_point
from homeroom.server.updates import view_update

if TYPE_CHECKING:
    from homeroom.server.tables import Hub

log = logging.getLogger("homeroom.server")


REPLAYS_KEPT = 8
"""Past positions kept per table for ``view?step=K`` (a replay slider asks for neighbours again)."""


class FanOut(TableStore):
    """Turns a table's events into each connection's message."""

    def _on_event(self, event: TableEvent) -> None:
        if event.kind == "changed":
            self._broadcast(event.table, event.notices)

    # ------------------------------------------------------------ views
    def view(self, table: LiveTable, seat: int | None, role: str, match: Match | None = None) -> dict[str, Any]:
        """What ``seat`` (or a spectator, or the host) may see now, or at ``match``'s step for a
        replay: the ``view`` message of PROTOCOL.md (its schema is :class:`View`). Built as plain
        data: this runs after every change for every connection."""
        table.enter()  # with the table's data set, whoever asks (see .datasets)
        live = match is None
        m = table.match if match is None else match
        state = m.state
        viewer = seat if role == "seat" else None
        terminal = state.is_terminal()
        legal: list[dict[str, Any]] = []
        can_undo = False
        archived = table.rec.archived_at is not None
        if live and viewer is not None and not table.is_bot(viewer) and not archived and table.data_notice is None:
            if state.to_move == viewer:
                for action in state.legal_actions():
                    data = action.to_json()
                    legal.append({"action": data, "text": state.describe_action(action), "kind": data["type"]})
            can_undo = undo_point(table, viewer) is not None
        return {
            "type": "view", "table_id": table.id, "game": table.game.id, "version": table.version,
            "step": len(m.history), "seat": viewer, "role": role,
            "observation": state.observation(viewer), "legal": legal, "log": self.log_lines(table, m, viewer),
            "scores": [s.to_json() for s in state.scores()],
            "automa_scores": {k: v.to_json() for k, v in state.automa_scores().items()},
            "to_move": state.to_move, "turn_seat": state.turn_seat(), "terminal": terminal,
            "outcome": state.outcome() if terminal else None, "placings": placings(m),
            "seats": [s.model_dump() for s in self.seat_views(table)], "can_undo": can_undo, "replay": not live,
            "warnings": state.warnings(viewer) if viewer is not None and not terminal else [],
            "announcements": announcements(m, viewer),
            "batches": state.batches(viewer) if legal else [],
            "rematch": table.rec.rematch, "seed_chosen": table.rec.seed_chosen, "archived": archived,
            # the seed fixes every deal: it is shown only once the game is over, never before, and
            # only in the live view (a past step's view is the same whenever it is asked for)
            "seed": table.rec.seed if live and terminal else None,
            # what boards draw beside the position (BOARDS.md): no need to ask for options or keep old views
            "options": dict(m.options), "option_labels": option_labels(table.game, m.options, [s.name for s in table.rec.seats]),
            "last_moves": last_moves(m, viewer),
            "data_set": table.rec.data_set, "data_notice": table.data_notice,
        }

    def log_lines(self, table: LiveTable, match: Match, viewer: int | None) -> list[dict[str, Any]]:
        """The log as ``viewer`` may read it, each line with the step it was written at. The live
        match's lines are kept per viewer and only extended; an undo (which replaces the history
        list) or a rename (a new match) starts them again."""
        if match is not table.match:
            return append_log(match, viewer, 0, [])
        history = match.history
        cached = table.logs.get(viewer)
        if cached is None or cached[0] is not history or cached[1] > len(history):
            lines = append_log(match, viewer, 0, [])
        else:
            lines = append_log(match, viewer, cached[1], cached[2])
        table.logs[viewer] = (history, len(history), lines)
        return list(lines)

    def view_text(self, table: LiveTable, seat: int | None, role: str) -> str:
        return self.view_data(table, seat, role)[1]

    def view_data(self, table: LiveTable, seat: int | None, role: str) -> tuple[dict[str, Any], str]:
        """The view of ``(seat, role)`` now and its JSON text, made once per change."""
        key = (seat, role)
        text = table.views.get(key)
        cached = table.view_data.get(key)
        if text is not None and cached is not None and cached[0] is text:
            return cached[1], text
        data = self.view(table, seat, role)
        text = json.dumps(data, separators=(",", ":"))
        table.views[key] = text
        table.view_data[key] = (text, data)
        return data, text

    def sync_text(self, table: LiveTable, conn: Conn) -> str:
        """The full view for ``conn`` (on connect, after a ``stale`` error): what it holds now."""
        data, text = self.view_data(table, conn.seat, conn.role)
        conn.sent = data
        return text

    def update_text(self, table: LiveTable, conn: Conn) -> str:
        """What ``conn`` needs after a change: an ``update`` from the view it holds (the full view
        if it holds none); connections holding the same view share one text."""
        data, text = self.view_data(table, conn.seat, conn.role)
        held, conn.sent = conn.sent, data
        if held is None:
            return text
        if held is data:
            return text  # nothing changed since: the same view again (as before updates)
        key = (conn.seat, conn.role, id(held))
        cached = table.updates.get(key)
        if cached is not None and cached[0] is held and cached[1] is text:
            return cached[2]
        update = json.dumps(view_update(held, data), separators=(",", ":"))
        table.updates[key] = (held, text, update)
        return update

    def seat_views(self, table: LiveTable) -> list[SeatView]:
        now = time.time()
        running = table.running_seat()
        out = []
        for s in table.rec.seats:
            clock = None
            if table.rec.clock is not None:
                clock = {"remaining_ms": table.remaining_ms(s.seat, now), "running": s.seat == running}
            out.append(SeatView(seat=s.seat, name=s.name, kind=s.kind, bot=s.kind != "human",
                                open=seat_is_open(s), connected=table.connected(s.seat),
                                clock=clock))
        return out

    async def view_at(self, table: LiveTable, seat: int | None, role: str, step: int | None) -> dict[str, Any]:
        if step is None or step == len(table.match.history):
            return self.view(table, seat, role)
        if not 0 <= step <= len(table.match.history):
            raise ProtocolError("not_found", f"step {step} is not between 0 and {len(table.match.history)}")
        anchor: object = table.match.history[step - 1] if step else table.match.opening
        cached = table.replays.pop(step, None)
        if cached is not None and cached[0] is anchor:
            past = cached[1]
        else:
            rec = table.rec
            rec.actions = [{"seat": e.seat, "action": e.action.to_json()} for e in table.match.history]
            past = await asyncio.get_running_loop().run_in_executor(self.replay_pool, rebuild, table.game, rec, step, table.data)
        table.replays[step] = (anchor, past)  # the most recently used last
        while len(table.replays) > REPLAYS_KEPT:
            del table.replays[next(iter(table.replays))]
        return self.view(table, seat, role, past)

    def _broadcast(self, table: LiveTable, notices: list[str] = ()) -> None:  # type: ignore[assignment]
        if notices:
            self._announce_notes(table, list(notices))
        table.views.clear()
        table.updates.clear()
        for text in notices:
            message = Notice(text=text).model_dump_json()
            for conn in table.conns:
                conn.push(message)
        for conn in list(table.conns):
            conn.push(self.update_text(table, conn))

    def _announce_notes(self, table: LiveTable, every: list[str], each: dict[str, str] | None = None) -> None:
        """Several servers: announce notices to the other servers' viewers once the change they
        belong to is committed (on the writer's thread, after it); see :func:`.follow.tell`."""
        if not self.leases.shared:
            return
        payload = note_payload(table.id, table.version, every, each, table.rec.rematch)
        sent = asyncio.get_running_loop().run_in_executor(self.write_pool, announce_note, self.store.engine, payload)
        sent.add_done_callback(_log_failure)

    def broadcast_seats(self, table: LiveTable) -> None:
        table.views.clear()
        message = SeatsMessage(seats=self.seat_views(table)).model_dump_json()
        for conn in table.conns:
            conn.push(message)

    # ------------------------------------------------------------ connections
    def authenticate(self, table: LiveTable, secret: str | None, spectate: bool) -> tuple[int | None, str]:
        """(seat, role) for a hello; raises unauthorized for a wrong or missing secret."""
        if secret is None:
            if spectate:
                return None, "spectator"
            raise ProtocolError("unauthorized", "a seat secret is needed (or spectate)")
        for s in table.rec.seats:
            if secret_matches(secret, s.secret_hash):
                return s.seat, "seat"  # also while a bot plays the seat: its owner watches from it
        if secret_matches(secret, table.rec.host_hash):
            return None, "host"
        raise ProtocolError("unauthorized", "this secret is not valid for this table")

    def check(self, table: LiveTable, conn: Conn, secret: str | None) -> None:
        """Re-check a connection's credentials on every message."""
        if conn.role == "spectator":
            if secret is not None:
                raise ProtocolError("forbidden", "a spectator cannot act; open your seat's link to play")
            return
        if conn.role == "host":
            ok = secret_matches(secret, table.rec.host_hash)
        else:
            assert conn.seat is not None
            ok = secret_matches(secret, table.seat_rec(conn.seat).secret_hash)
        if not ok:
            raise ProtocolError("unauthorized", "missing or wrong secret for this seat")

    async def connect(self, table: LiveTable, conn: Conn) -> None:
        conn.start()
        table.conns.add(conn)
        if conn.role == "seat" and conn.seat is not None and not table.seat_rec(conn.seat).claimed:
            table.seat_rec(conn.seat).claimed = True
            await asyncio.to_thread(self.store.update_seat, table.id, conn.seat, None, claimed=True)
        for version, text in table.load_notices:  # kept until the table's next change
            if version == table.version:
                conn.push(Notice(text=text).model_dump_json())
        conn.push(with_chat(self.sync_text(table, conn), table))
        self.broadcast_seats(table)
        if (conn.role == "seat" and conn.seat is not None and table.rec.archived_at is None
                and may_take_back(table, conn.seat)):
            await take_back(cast("Hub", self), table, conn.seat)

    async def disconnect(self, table: LiveTable, conn: Conn) -> None:
        table.conns.discard(conn)
        await conn.stop()
        if conn.role == "seat" and conn.seat is not None and not table.connected(conn.seat):
            table.left_at[conn.seat] = time.time()
        if not self._closing:
            self.broadcast_seats(table)

    def _undo_notices(self, table: LiveTable, name: str, undone: list[Entry]) -> None:
        """Tell each connection which move was taken back, in the log lines of the undone
        decisions as that viewer read them (a seat's hidden choice stays hidden from the others)."""
        if self.leases.shared:  # every seat's wording, for the viewers on other servers
            self._announce_notes(table, [], {str(viewer) if viewer is not None else "s": undo_notice(name, undone, viewer)
                                             for viewer in [*range(table.rec.players), None]})
        texts: dict[int | None, str] = {}
        for conn in table.conns:
            viewer = conn.seat if conn.role == "seat" else None
            if viewer not in texts:
                texts[viewer] = Notice(text=undo_notice(name, undone, viewer)).model_dump_json()
            conn.push(texts[viewer])


def _log_failure(done: asyncio.Future[None]) -> None:
    if not done.cancelled() and done.exception() is not None:
        log.warning("notices not announced to the other servers: %s", done.exception())


UNDO_NOTICE_CHARS = 300
"""Longest list of taken-back log lines quoted in an undo notice (the rest is cut with "...")."""


def undo_notice(name: str, undone: list[Entry], viewer: int | None) -> str:
    """ "Ana took back: Ana places her Editor in the Library." as ``viewer`` read those lines."""
    lines = [e.text_for(viewer) for entry in undone for e in entry.events]
    said = " ".join(line.strip() for line in lines if line.strip())
    if not said:
        return f"{name} took back a move."
    if len(said) > UNDO_NOTICE_CHARS:
        said = said[:UNDO_NOTICE_CHARS - 3].rstrip() + "..."
    return f"{name} took back: {said}"


