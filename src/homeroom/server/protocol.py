"""Pydantic models of every message: what clients may send (validated, nothing extra allowed)
and what the server sends back. See ``PROTOCOL.md``."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

MAX_WS_MESSAGE = 8 * 1024
"""Bytes of one WebSocket message from a client."""
MAX_WS_CLOSE = 64 * 1024
"""Bytes of a WebSocket message over which the server answers ``too_large`` and closes (1009)."""
MAX_WS_TRANSPORT = 1024 * 1024
"""Bytes of a WebSocket message the server reads at all (uvicorn's ``ws_max_size``): above the
limits above, so that a message over them gets its ``too_large`` answer before any close."""
MAX_HTTP_BODY = 64 * 1024
"""Bytes of one HTTP request body."""
MAX_SECRET = 100


class Inbound(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


Secret = Annotated[str, Field(min_length=1, max_length=MAX_SECRET)]
ActionJson = dict[str, Any]


class Hello(Inbound):
    type: Literal["hello"]
    secret: Secret | None = None
    spectate: bool = False


class Act(Inbound):
    type: Literal["act"]
    secret: Secret | None = None
    version: int
    action: ActionJson


class Undo(Inbound):
    type: Literal["undo"]
    secret: Secret | None = None
    version: int


class Why(Inbound):
    """Why an action is not legal now: the action's JSON, or ``text`` as the screen shows it (a
    choice's label or part of it, a piece's name), which the server finds among the choices."""

    type: Literal["why"]
    secret: Secret | None = None
    action: ActionJson | None = None
    text: Annotated[str, Field(min_length=1, max_length=200)] | None = None

    @model_validator(mode="after")
    def _one(self) -> Why:
        if (self.action is None) == (self.text is None):
            raise ValueError("a why message needs either 'action' or 'text'")
        return self


class Suggest(Inbound):
    """Learner mode: ask the ``medium`` bot's move for this seat, and why."""

    type: Literal["suggest"]
    secret: Secret | None = None


class Ping(Inbound):
    type: Literal["ping"]
    secret: Secret | None = None


class Chat(Inbound):
    """A chat line (a seat or the host; see :mod:`homeroom.server.chat` for its limits)."""

    type: Literal["chat"]
    secret: Secret | None = None
    text: Annotated[str, Field(max_length=4000)]


ClientMessage = Annotated[Hello | Act | Undo | Why | Suggest | Ping | Chat, Field(discriminator="type")]
client_message: TypeAdapter[Hello | Act | Undo | Why | Suggest | Ping | Chat] = TypeAdapter(ClientMessage)


def one_line(err: ValidationError) -> str:
    """The first problem of a validation error, in one line naming the field."""
    first = err.errors()[0]
    where = ".".join(str(p) for p in first.get("loc", ()) if p not in ("body",))
    msg = str(first.get("msg", "invalid"))
    if first.get("type") == "union_tag_invalid":
        return "unknown message type (expected hello, act, undo, why, suggest, ping or chat)"
    if first.get("type") == "union_tag_not_found":
        return "the message has no 'type'"
    return f"{where}: {msg}" if where else msg


# ------------------------------------------------------------------ HTTP bodies
class SeatSpec(Inbound):
    model_config = ConfigDict(extra="forbid")
    kind: Annotated[str, Field(min_length=1, max_length=120)] = "human"
    name: Annotated[str, Field(max_length=200)] | None = None
    open: bool = False
    """A human seat anyone may take from the lobby; otherwise it belongs to its invite link."""


class ClockSpec(Inbound):
    model_config = ConfigDict(extra="forbid")
    initial_seconds: Annotated[int, Field(ge=10, le=30 * 24 * 3600)]
    increment_seconds: Annotated[int, Field(ge=0, le=7 * 24 * 3600)] = 0


class CreateTable(Inbound):
    model_config = ConfigDict(extra="forbid")
    game: Annotated[str, Field(min_length=1, max_length=64)]
    players: int
    options: dict[str, Any] = Field(default_factory=dict)
    seats: Annotated[list[SeatSpec], Field(max_length=12)] = Field(default_factory=list)
    listed: bool = True
    seed: Annotated[int, Field(ge=0, le=2**53)] | None = None
    clock: ClockSpec | None = None
    data_set: Annotated[str, Field(min_length=1, max_length=64)] | None = None
    """The name of a data set the server offers for the game (``GET /api/games``); None: the packaged data."""


class JoinSeat(Inbound):
    model_config = ConfigDict(extra="forbid")
    seat: int | None = None
    name: Annotated[str, Field(max_length=200)] | None = None


class SetSeat(Inbound):
    model_config = ConfigDict(extra="forbid")
    kind: Annotated[str, Field(min_length=1, max_length=120)]


class MyTables(Inbound):
    model_config = ConfigDict(extra="forbid")
    secrets: Annotated[list[Annotated[str, Field(max_length=MAX_SECRET)]], Field(max_length=200)]


# ------------------------------------------------------------------ outbound
class Outbound(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatView(Outbound):
    seat: int
    name: str
    kind: str
    bot: bool
    open: bool
    connected: bool
    clock: dict[str, Any] | None = None


class LegalAction(Outbound):
    action: dict[str, Any]
    text: str
    kind: str


class LogLine(Outbound):
    step: int
    text: str


class LastMove(Outbound):
    """One move of a seat's most recent turn; ``action`` is None where the viewer may not see it."""

    step: int
    action: dict[str, Any] | None
    text: str


class ScoreView(Outbound):
    total: int
    breakdown: dict[str, int]


class ChatLineView(Outbound):
    id: int
    seat: int | None
    role: Literal["seat", "host"]
    name: str
    text: str
    at: float


class ChatMessage(Outbound):
    type: Literal["chat"] = "chat"
    line: ChatLineView


class View(Outbound):
    type: Literal["view"] = "view"
    table_id: str
    game: str
    version: int
    step: int
    seat: int | None
    role: Literal["seat", "spectator", "host"]
    observation: dict[str, Any]
    legal: list[LegalAction]
    log: list[LogLine]
    scores: list[ScoreView]
    automa_scores: dict[str, ScoreView]
    to_move: int | None
    turn_seat: int | None
    terminal: bool
    outcome: str | None
    placings: list[Any] | None
    seats: list[SeatView]
    can_undo: bool
    replay: bool
    rematch: str | None
    seed_chosen: bool
    seed: int | None
    archived: bool = False
    options: dict[str, Any] = {}
    """The table's option values; ``option_labels`` says each as the lobby does."""
    option_labels: dict[str, str] = {}
    last_moves: list[list[LastMove]] = []
    """Per seat, the moves of its most recent turn (see server/lastmoves.py)."""
    warnings: list[dict[str, str]] = []
    """Automatic rules about to hit this seat, each ``{"text", "section"}`` (State.warnings)."""
    announcements: list[str] = []
    """The log lines since this seat's last decision (what the rules and the others did), newest last."""
    batches: list[dict[str, Any]] = []
    """Sets of independent decisions this seat may take in one go ("Keep all"): State.batches."""
    chat: list[ChatLineView] | None = None
    """Only in the first view after hello: the table's kept chat lines, oldest first."""
    data_set: str | None = None
    """The name of the data set the table is played with (None: the packaged data)."""
    data_notice: str | None = None
    """Why no move can be made here (the table's data set is not offered by this server): one line."""


class Update(Outbound):
    """What changed since the view the client holds (:mod:`homeroom.server.updates`): ``version``,
    ``step``, the log lines from ``log_from`` on, and any other field of :class:`View` whose value
    changed (so those are extra fields)."""

    model_config = ConfigDict(extra="allow")
    type: Literal["update"] = "update"
    version: int
    step: int
    log_from: int | None = None
    log: list[LogLine] | None = None


class ErrorMessage(Outbound):
    type: Literal["error"] = "error"
    code: str
    message: str


class Welcome(Outbound):
    type: Literal["welcome"] = "welcome"
    table_id: str
    game: str
    seat: int | None
    role: Literal["seat", "spectator", "host"]
    server: str | None = None  # this run of the server: another value after a reconnection = a restart


class WhyAnswer(Outbound):
    """``reason`` None: the action is legal. Asked by ``text``: ``action`` is the one it named (None
    when it named none or several, ``note`` then says so) and ``label`` its line on the screen."""

    type: Literal["why"] = "why"
    action: dict[str, Any] | None
    reason: str | None
    text: str | None = None
    label: str | None = None
    note: str | None = None


class Suggestion(Outbound):
    """The answer to ``suggest``: the move (as in ``legal[i].action``), its text and why."""

    type: Literal["suggestion"] = "suggestion"
    version: int
    action: dict[str, Any]
    text: str
    why: list[str]


class Notice(Outbound):
    type: Literal["notice"] = "notice"
    text: str


class SeatsMessage(Outbound):
    type: Literal["seats"] = "seats"
    seats: list[SeatView]
