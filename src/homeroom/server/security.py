"""Secrets (generated, stored hashed, compared in constant time) and display names (sanitised)."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import unicodedata

SECRET_BYTES = 32
TABLE_ID_BYTES = 9
SEED_BITS = 64
NAME_MAX = 24
_SPACES = re.compile(r"\s+")


def new_secret() -> str:
    """A fresh seat or host secret: 256 random bits, 43 url-safe characters."""
    return secrets.token_urlsafe(SECRET_BYTES)


def new_table_id() -> str:
    """An unguessable table id (72 random bits, 12 url-safe characters)."""
    return secrets.token_urlsafe(TABLE_ID_BYTES)


def new_seed() -> int:
    """A table's seed chosen by the server: 64 random bits from the operating system's generator,
    never guessable from a player's own cards (a 31-bit seed can be found by trying them all
    against the hand one sees). The seed fixes every deal, so it is as secret as the cards."""
    return secrets.randbits(SEED_BITS)


def hash_secret(secret: str) -> str:
    """The stored form of a secret. Secrets are long and random, so one SHA-256 is enough
    (no dictionary to attack); only the hash is ever written to the database."""
    return hashlib.sha256(secret.encode("utf-8", "replace")).hexdigest()


def secret_matches(secret: str | None, stored_hash: str | None) -> bool:
    if not secret or not stored_hash or len(secret) > 200:
        return False
    return hmac.compare_digest(hash_secret(secret), stored_hash)


def clean_name(raw: str) -> str:
    """A display name without control or format characters, spaces collapsed, at most
    :data:`NAME_MAX` characters. Raises ValueError if nothing printable is left."""
    kept = "".join(
        " " if ch.isspace() else ch
        for ch in unicodedata.normalize("NFC", raw)
        if ch.isspace() or unicodedata.category(ch)[0] != "C"
    )
    name = _SPACES.sub(" ", kept).strip()[:NAME_MAX].strip()
    if not name:
        raise ValueError("a name must contain at least one visible character")
    return name
