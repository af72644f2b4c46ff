"""Seeded shuffling that gives the same deal forever, everywhere.

Python's ``random`` module is not promised to shuffle alike across versions,
so deals use this generator instead:

* The state is the seed reduced modulo 2**64.  Each draw adds the constant
  0x9E3779B97F4A7C15 to the state and mixes it with SplitMix64's finaliser
  (xor-shift 30, multiply 0xBF58476D1CE4E5B9, xor-shift 27, multiply
  0x94D049BB133111EB, xor-shift 31), giving 64 random bits.
* ``below(n)`` takes draws until one is below the largest multiple of n under
  2**64 (rejection, so no bias), and returns that draw modulo n.
* ``shuffle`` is Fisher-Yates from the end: for i = len-1 down to 1, swap
  item i with item ``below(i + 1)``.

Games deal from a deck built by ``cards.new_deck`` (C D H S, ace to king)
shuffled this way, taking cards from the front of the list.
"""
from __future__ import annotations

MASK = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int):
        self.state = seed & MASK

    def next64(self) -> int:
        self.state = (self.state + GOLDEN) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
