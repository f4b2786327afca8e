"""Rate limits: token buckets per connection and per client address.

Every limit is a :class:`Rate`, "N per S seconds": a bucket holds at most N tokens, refills N
tokens over S seconds, and each message, table creation or join takes one; an empty bucket refuses
with the seconds until the next token. Refusals are a dictionary lookup and nothing else, so a
flood from one address costs the others nothing. Buckets of idle addresses expire (a full bucket
is the same as none), and their number is capped, so memory stays bounded whatever the traffic.

An address is the client's IP (an IPv6 client counts by its /64 network, which one household
usually gets); behind a proxy it is the forwarded one only with ``homeroom serve --behind-proxy``.
"""

from __future__ import annotations

import ipaddress
import math
import time
from dataclasses import dataclass, field

from homeroom.server.errors import ProtocolError

RATE_LIMITED_CLOSE = 4429
"""WebSocket close code for a connection that kept sending past its limit, or one too many."""


@dataclass(frozen=True)
class Rate:
    """At most ``count`` at once, refilled at ``count`` per ``seconds``."""

    count: int
    seconds: float

    @classmethod
    def parse(cls, text: str) -> Rate:
        """``"20/60"`` is 20 per 60 seconds; raises ValueError with a one-line reason."""
        head, slash, tail = text.strip().partition("/")
        try:
            count, seconds = int(head), float(tail) if slash else 1.0
        except ValueError:
            raise ValueError(f"{text!r} is not a rate like 20/60 (20 per 60 seconds)") from None
        if count < 1 or not 0 < seconds < 10**7 or math.isnan(seconds):
            raise ValueError(f"{text!r}: the count must be at least 1 and the seconds positive")
        return cls(count, seconds)

    def __str__(self) -> str:
        return f"{self.count}/{self.seconds:g}"

    @property
    def per_second(self) -> float:
        return self.count / self.seconds


@dataclass
class RateLimits:
    """Every limit of the server (``homeroom serve`` flags); ``enabled=False`` turns them all off."""

    enabled: bool = True
    messages: Rate = Rate(30, 10)
    """WebSocket messages of one connection (a player sends a few a minute)."""
    address_messages: Rate = Rate(200, 10)
    """WebSocket messages of all the connections of one address (a household, a school)."""
    creations: Rate = Rate(20, 600)
    """Tables created by one address."""
    joins: Rate = Rate(30, 600)
    """Lobby joins by one address."""
    chat: Rate = Rate(20, 60)
    """Chat lines written by one address (each is stored and sent to the whole table)."""
    suggestions: Rate = Rate(12, 60)
    """Learner-mode "Suggest a move" requests of one address (each costs a bot think)."""
    sockets: int = 50
    """WebSocket connections open at once from one address."""
    strikes: int = 50
    """Messages refused in a row before the connection is closed (abuse, not play)."""

    @classmethod
    def off(cls) -> RateLimits:
        return cls(enabled=False)


class RateLimited(ProtocolError):
    """A refusal for going over a limit: HTTP 429 (with ``Retry-After``) or a ``rate_limited`` error."""

    def __init__(self, message: str, retry_after: float = 1.0, close: bool = False) -> None:
        super().__init__("rate_limited", message)
        self.retry_after = max(1, math.ceil(retry_after))
        self.close = close


class Bucket:
    """One token bucket."""

    __slots__ = ("rate", "stamp", "tokens")

    def __init__(self, rate: Rate, now: float) -> None:
        self.rate = rate
        self.tokens = float(rate.count)
        self.stamp = now

    def level(self, now: float) -> float:
        return min(float(self.rate.count), self.tokens + (now - self.stamp) * self.rate.per_second)

    def take(self, now: float) -> float:
        """Take a token: 0.0 if there was one, else the seconds until there is."""
        self.tokens, self.stamp = self.level(now), now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate.per_second


@dataclass
class Buckets:
    """A token bucket per key (address) for one rate; full buckets are dropped as they idle."""

    rate: Rate
    max_keys: int = 100_000
    buckets: dict[str, Bucket] = field(default_factory=dict)
    sweep_at: float = 0.0

    def take(self, key: str, now: float) -> float:
        bucket = self.buckets.get(key)
        if bucket is None:
            if now >= self.sweep_at or len(self.buckets) >= self.max_keys:
                self.sweep(now)
            bucket = self.buckets[key] = Bucket(self.rate, now)
        return bucket.take(now)

    def sweep(self, now: float) -> None:
        """Forget the buckets that have filled up again; past ``max_keys``, the oldest ones too
        (an attacker spraying addresses then loses only the memory of their own old buckets)."""
        full = float(self.rate.count)
        for key in [k for k, b in self.buckets.items() if b.level(now) >= full]:
            del self.buckets[key]
        while len(self.buckets) >= self.max_keys:
            del self.buckets[next(iter(self.buckets))]
        self.sweep_at = now + self.rate.seconds


def address_key(host: str | None) -> str:
    """The key of a client address: its IP, an IPv6 address by its /64 network."""
    if not host:
        return "unknown"
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


class Limiter:
    """The server's rate limits and their buckets."""

    def __init__(self, limits: RateLimits | None = None) -> None:
        self.limits = limits or RateLimits()
        self.address_messages = Buckets(self.limits.address_messages)
        self.creations = Buckets(self.limits.creations)
        self.joins = Buckets(self.limits.joins)
        self.chat = Buckets(self.limits.chat)
        self.suggestions = Buckets(self.limits.suggestions)
        self.sockets: dict[str, int] = {}

    @property
    def enabled(self) -> bool:
        return self.limits.enabled

    def _take(self, buckets: Buckets, address: str, what: str) -> None:
        if not self.enabled:
            return
        wait = buckets.take(address, time.monotonic())
        if wait > 0:
            error = RateLimited("", wait)
            error.message = f"too many {what} from your address; try again in {error.retry_after} s"
            raise error

    def creation(self, address: str) -> None:
        """Take a table creation for ``address`` or raise :class:`RateLimited` (HTTP 429)."""
        self._take(self.creations, address, "table creations")

    def join(self, address: str) -> None:
        self._take(self.joins, address, "joins")

    def chat_line(self, address: str) -> None:
        """Take a chat line for ``address`` or raise :class:`RateLimited` (the line is dropped)."""
        self._take(self.chat, address, "chat lines")

    def suggestion(self, address: str) -> None:
        """Take a "Suggest a move" for ``address`` or raise :class:`RateLimited`."""
        self._take(self.suggestions, address, "move suggestions")

    def open_socket(self, address: str) -> None:
        """Count a new WebSocket of ``address``, or refuse it past the cap (nothing is counted
        then). Every counted socket must be given back with :meth:`close_socket`."""
        count = self.sockets.get(address, 0)
        if self.enabled and count >= self.limits.sockets:
            raise RateLimited(f"too many connections from your address (at most {self.limits.sockets} at "
                              "once); close some tables and try again", 5, close=True)
        self.sockets[address] = count + 1

    def close_socket(self, address: str) -> None:
        count = self.sockets.get(address, 0) - 1
        if count > 0:
            self.sockets[address] = count
        else:
            self.sockets.pop(address, None)

    def gate(self, address: str) -> SocketGate | None:
        """The per-message check of one new connection (None when limits are off)."""
        return SocketGate(self, address) if self.enabled else None


class SocketGate:
    """The limits of one WebSocket: its own bucket, its address's bucket, and a count of messages
    refused in a row (past ``strikes`` the connection is closed)."""

    def __init__(self, limiter: Limiter, address: str) -> None:
        self.limiter = limiter
        self.address = address
        self.bucket = Bucket(limiter.limits.messages, time.monotonic())
        self.refused = 0

    def __call__(self) -> None:
        """Take one message, or raise :class:`RateLimited` (``close`` set past the hard cap)."""
        now = time.monotonic()
        wait = self.bucket.take(now)
        what = "messages on this connection"
        if wait == 0:
            wait = self.limiter.address_messages.take(self.address, now)
            what = "messages from your address"
        if wait == 0:
            self.refused = 0
            return
        self.refused += 1
        error = RateLimited("", wait, close=self.refused > self.limiter.limits.strikes)
        tail = "; closing the connection" if error.close else f"; try again in {error.retry_after} s"
        error.message = f"too many {what}{tail}"
        raise error
