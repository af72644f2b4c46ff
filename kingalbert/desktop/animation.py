"""Automatic moves shown one card at a time (auto finish, auto stack, a program's own moves)."""
from __future__ import annotations

#: how long one card takes to fly to its place
FLY_MS = 45
#: one phase of a flashing card (FLASH: three flashes, each on and off)
FLASH_MS = 150
FLASH_PHASES = 6


class Animation:
    """Plays ``steps`` (src, dst, cards) one by one over ``contents``, the piles as they were
    before them, while the message space shows ``message``."""

    def __init__(self, contents: dict, steps: list, message: str, final_message: str, now: int):
        self.contents = contents
        self.steps = steps
        self.message = message
        self.final_message = final_message
        self.index = 0
        self.start = now

    @classmethod
    def of_record(cls, game, record, now: int) -> Animation | None:
        """The automatic part of a move just played (everything after a drag's own step), or
        None when there is too little to show."""
        automatic = record.steps[1:] if record.move is not None and record.move.kind == "drag" else record.steps
        if len(record.steps) <= 2:
            return None
        contents = {pile.name: list(pile.cards) for pile in game.piles}
        for src, dst, cards in reversed(automatic):
            del contents[dst][len(contents[dst]) - len(cards):]
            contents[src].extend(cards)
        message = record.messages[0] if record.messages else ""
        return cls(contents, list(automatic), message, game.message, now)

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    def advance(self, now: int) -> None:
        while not self.done and now - self.start >= FLY_MS:
            self.apply_step()
            self.start += FLY_MS

    def apply_step(self) -> None:
        src, dst, cards = self.steps[self.index]
        del self.contents[src][len(self.contents[src]) - len(cards):]
        self.contents[dst].extend(cards)
        self.index += 1

    def finish(self) -> None:
        while not self.done:
            self.apply_step()
