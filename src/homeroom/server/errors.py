"""The one error type of the server: a code, an HTTP status and a one-line message."""

from __future__ import annotations

STATUS = {
    "bad_request": 400,
    "bad_kind": 422,
    "unauthorized": 401,
    "forbidden": 403,
    "not_found": 404,
    "not_your_turn": 409,
    "stale": 409,
    "illegal": 409,
    "conflict": 409,
    "too_large": 413,
    "rate_limited": 429,
    "server": 500,
}


class ProtocolError(Exception):
    """A request the server refuses; ``message`` is one line a player can read."""

    def __init__(self, code: str, message: str, status: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = " ".join(message.split())
        self._status = status

    @property
    def status(self) -> int:
        """The HTTP status: the code's, unless given (a storage failure: 503 or 507)."""
        return self._status if self._status is not None else STATUS.get(self.code, 400)
