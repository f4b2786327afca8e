"""Learner mode on the server: "Suggest a move" for the seat to move.

A ``suggest`` message asks the ``medium`` bot's pick for the asking seat and why
(:func:`homeroom.agents.advice.suggest`). It runs on the bot pool like any bot think (a copy of the
state, the seat's own determinizations, never the event loop), only for a seated player whose
decision it is (anyone else would learn about the mover's hidden cards from it), at most one at a
time per connection, within the address's ``suggestions`` rate limit. The connection keeps reading
meanwhile: the answer arrives as its own ``suggestion`` message.
"""

from __future__ import annotations

import asyncio
import logging
import weakref

from homeroom.server.bots import BotOverran, agent_seed
from homeroom.server.errors import ProtocolError
from homeroom.server.live import Conn, LiveTable
from homeroom.server.protocol import ErrorMessage, Suggestion
from homeroom.server.tables import Hub

log = logging.getLogger("homeroom.server")

SUGGEST_BOT = "medium"
"""The bot whose pick a learner is shown: good moves, explained by its own evaluation."""

_running: weakref.WeakKeyDictionary[Conn, asyncio.Task[None]] = weakref.WeakKeyDictionary()


def check(table: LiveTable, conn: Conn) -> int:
    """The seat a suggestion may be made for, or the ProtocolError saying why not."""
    state = table.match.state
    if conn.role != "seat" or conn.seat is None:
        raise ProtocolError("forbidden", "only a seated player can ask for a suggestion, and only for their "
                            "own decision")
    if state.is_terminal():
        raise ProtocolError("illegal", "the game is over: there is no move to suggest")
    if table.is_bot(conn.seat):
        raise ProtocolError("forbidden", "a bot plays your seat now: take it back to play (and ask) again")
    if state.to_move != conn.seat:
        who = "nobody" if state.to_move is None else table.rec.seats[state.to_move].name
        raise ProtocolError("not_your_turn", f"it is {who}'s decision, not yours: a move can be suggested "
                            "only when it is yours")
    return conn.seat


async def suggestion(hub: Hub, table: LiveTable, conn: Conn) -> Suggestion:
    """The ``medium`` bot's move for the connection's seat, with why (checked again after the think:
    a table that moved on meanwhile answers ``stale``)."""
    seat = check(table, conn)
    version = table.version
    state = table.match.state
    seed = agent_seed(table.rec.seed, seat, len(table.match.history)) ^ 0x5EED
    try:
        answer = await hub.pool.choose(state, seat, SUGGEST_BOT, seed, key=table.id, advise=True)
    except BotOverran as err:
        raise ProtocolError("server", f"no suggestion: the bot did not answer within {err.seconds:g} s") from None
    if table.version != version:
        raise ProtocolError("stale", "the table moved on while the bot thought: ask again")
    action = table.game.action_from_json(answer["action"])
    if table.match.state.explain(action) is not None:  # never: the bot picks among the legal moves
        raise ProtocolError("server", "the suggested move is not legal; please report this")
    return Suggestion(version=version, action=action.to_json(), text=str(answer["text"]),
                      why=[str(w) for w in answer["why"]])


def start(hub: Hub, table: LiveTable, conn: Conn) -> None:
    """Check the request now (refusals answer at once) and run the think in the background; its
    answer (or error) is pushed to ``conn`` alone."""
    check(table, conn)
    running = _running.get(conn)
    if running is not None and not running.done():
        raise ProtocolError("conflict", "a suggestion is already on its way")

    async def run() -> None:
        try:
            conn.push((await suggestion(hub, table, conn)).model_dump_json())
        except ProtocolError as err:
            conn.push(ErrorMessage(code=err.code, message=err.message).model_dump_json())
        except asyncio.CancelledError:
            raise
        except Exception as err:  # the agent failed: the player is told, the server logs it
            log.exception("suggestion at table %s failed", table.id)
            conn.push(ErrorMessage(code="server", message=f"no suggestion: the bot failed "
                                   f"({type(err).__name__})").model_dump_json())

    _running[conn] = asyncio.create_task(run())
