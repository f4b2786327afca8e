"""The state's own seeded random number generator (never the global ``random``).

A 64-bit PCG-style generator whose whole state is one integer, so cloning a state and
writing it to JSON costs nothing and two runs with the same seed are byte-identical.
"""

from __future__ import annotations

import random as _random
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_MULT = 6364136223846793005
_INC = 1442695040888963407


_STEPS: dict[int, tuple[tuple[int, int, int], ...]] = {}


def _shuffle_steps(size: int) -> tuple[tuple[int, int, int], ...]:
    """The Fisher-Yates steps of a sequence of ``size`` items: (index i, bound i + 1, the bound's
    rejection threshold) for i from the end down to 1, built once per size (kept for sizes up to
    256, the decks a game shuffles)."""
    steps = _STEPS.get(size)
    if steps is None:
        steps = tuple((i, i + 1, (0x100000000 - (i + 1)) % (i + 1)) for i in range(size - 1, 0, -1))
        if size <= 256:
            _STEPS[size] = steps
    return steps


class Rng:
    """Seeded generator with ``randrange``, ``choice``, ``shuffle`` and ``sample``."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0, *, state: int | None = None) -> None:
        if state is not None:
            self.state = state & _MASK
        else:
            # splitmix the seed so that nearby seeds give unrelated streams
            z = (int(seed) + 0x9E3779B97F4A7C15) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            self.state = z ^ (z >> 31)

    def next32(self) -> int:
        old = self.state
        self.state = (old * _MULT + _INC) & _MASK
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def randrange(self, n: int) -> int:
        """Uniform integer in ``[0, n)`` without modulo bias."""
        if n <= 0:
            raise ValueError("randrange() needs a positive bound")
        if n == 1:
            return 0
        threshold = (0x100000000 - n) % n
        old = self.state
        while True:  # next32() inlined: this is the hottest call of every playout
            new = (old * _MULT + _INC) & _MASK
            xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
            rot = old >> 59
            r = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF
            old = new
            if r >= threshold:
                self.state = new
                return r % n

    def random(self) -> float:
        return self.next32() / 4294967296.0

    def choice(self, seq: Sequence[T]) -> T:
        n = len(seq)
        if n <= 1:
            if not n:
                raise IndexError("choice from an empty sequence")
            return seq[0]
        threshold = (0x100000000 - n) % n
        old = self.state
        while True:  # randrange(n), inlined: a random playout calls this once per decision
            new = (old * _MULT + _INC) & _MASK
            xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
            rot = old >> 59
            r = ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF
            old = new
            if r >= threshold:
                self.state = new
                return seq[r % n]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place (each swap draws ``randrange(i + 1)``, inlined; a draw
        below the bound's threshold, about one in 10^7 for a deck, is drawn again in the inner loop).
        The output's rotation is a shift of the 32-bit word doubled to 64 bits (the same value as
        ``randrange``'s two shifts and three masks), and each step's index, bound and threshold
        come from a table per deck size."""
        old = self.state
        for i, n, threshold in _shuffle_steps(len(seq)):
            x = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
            r = ((x << 32 | x) >> (old >> 59)) & 0xFFFFFFFF  # x rotated right by old >> 59
            old = (old * _MULT + _INC) & _MASK
            while r < threshold:
                x = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
                r = ((x << 32 | x) >> (old >> 59)) & 0xFFFFFFFF
                old = (old * _MULT + _INC) & _MASK
            j = r % n
            seq[i], seq[j] = seq[j], seq[i]
        self.state = old

    def sample(self, seq: Sequence[T], k: int) -> list[T]:
        pool = list(seq)
        self.shuffle(pool)
        return pool[:k]

    def spawn(self) -> Rng:
        """An independent generator derived from this one (advances this one)."""
        return Rng(self.next32() << 32 | self.next32())

    def copy(self) -> Rng:
        return Rng(state=self.state)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.state == self.state

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state})"


class RedealRng(Rng):
    """The generator :meth:`State.determinize` hands to ``redeal_hidden``: the same interface,
    seeded from the searching bot's generator, but ``shuffle`` is the C-backed Mersenne Twister
    shuffle of a private :class:`random.Random` (about 3x faster than the pure-Python PCG one).
    A re-deal only needs some uniformly random order, not the game's reproducible stream, and a
    search re-deals thousands of times a second."""

    __slots__ = ("_mt",)

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._mt = _random.Random(seed)

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """``random.Random.shuffle`` with its ``_randbelow`` inlined (the same swaps from the same
        stream; a third of the time, as a re-deal shuffles every deck of every determinized world)."""
        getrandbits = self._mt.getrandbits
        bits = _BITS
        for i in range(len(seq) - 1, 0, -1):
            k = bits[i] if i < _NBITS else (i + 1).bit_length()
            j = getrandbits(k)
            while j > i:
                j = getrandbits(k)
            seq[i], seq[j] = seq[j], seq[i]


_NBITS = 1024
_BITS = [(i + 1).bit_length() for i in range(_NBITS)]
"""``(i + 1).bit_length()``: the bits ``random.Random._randbelow(i + 1)`` draws."""
