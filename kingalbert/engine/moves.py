"""Actions in the command line's syntax, and their parsed form.

``SRC>DST`` drags the top card of SRC onto DST; ``SRC:N>DST`` drags from the
Nth card from the top; ``click:SRC[:N]`` is a SELECT-click and
``adjust:SRC[:N]`` an ADJUST-click (N defaults to 1, the top card);
``adjust:SRC[:N]>DST`` is a drag with ADJUST (the right button), which only
games that give that button transactions of its own accept (CardsWorkShop);
``button:N`` presses the Nth button of the box a game has opened
(CardsWorkShop's WAIT), a move like any other; once played it is kept as
``button:N=PROCEDURE[@STACK]``, what the button ran (``dst``) and where
(``src``, "" for nowhere in particular), so that it replays without the box.
"""
from __future__ import annotations

from dataclasses import dataclass

from .errors import InvalidMoveError

KINDS = ("drag", "click", "adjust", "button")


@dataclass(frozen=True)
class Move:
    kind: str
    src: str
    n: int = 1
    dst: str | None = None

    def __str__(self) -> str:
        if self.kind == "button":
            return f"button:{self.n}" + (f"={self.dst}" if self.dst else "") + (f"@{self.src}" if self.src else "")
        if self.kind == "drag":
            return f"{self.src}>{self.dst}" if self.n == 1 else f"{self.src}:{self.n}>{self.dst}"
        text = f"{self.kind}:{self.src}" if self.n == 1 else f"{self.kind}:{self.src}:{self.n}"
        return text if self.dst is None else f"{text}>{self.dst}"

    @classmethod
    def drag(cls, src: str, dst: str, n: int = 1) -> Move:
        return cls("drag", src, n, dst)

    @classmethod
    def click(cls, src: str, n: int = 1) -> Move:
        return cls("click", src, n)

    @classmethod
    def adjust(cls, src: str, n: int = 1, dst: str | None = None) -> Move:
        """An ADJUST-click, or with ``dst`` an ADJUST drag."""
        return cls("adjust", src, n, dst)

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read an action; raise InvalidMoveError if it is not one."""
        raw = text.strip()
        try:
            if ">" in raw:
                left, dst = raw.split(">")
                if not dst.strip():
                    raise ValueError
                kind, colon, rest = left.partition(":")
                if colon and kind.strip().lower() == "adjust":
                    src, n = _pile_and_count(rest)
                    return cls("adjust", src, n, dst.strip())
                src, n = _pile_and_count(left)
                return cls("drag", src, n, dst.strip())
            kind, _, rest = raw.partition(":")
            kind = kind.strip().lower()
            if kind == "button":
                number, equals, runs = rest.partition("=")
                routine, _, where = runs.partition("@")
                if int(number.strip()) < 1 or (equals and not routine.strip()):
                    raise ValueError
                return cls("button", where.strip(), int(number.strip()), routine.strip() or None)
            if kind not in ("click", "adjust") or not rest:
                raise ValueError
            src, n = _pile_and_count(rest)
            return cls(kind, src, n)
        except ValueError:
            raise InvalidMoveError(
                f"not an action: {text!r} (expected SRC>DST, SRC:N>DST, click:SRC[:N], adjust:SRC[:N], "
                "adjust:SRC[:N]>DST, button:N, undo, redo or option:NAME=VALUE)"
            ) from None


def _pile_and_count(text: str) -> tuple[str, int]:
    name, sep, count = text.partition(":")
    name = name.strip()
    if not name or ":" in count:
        raise ValueError
    n = int(count) if sep else 1
    if n < 1:
        raise ValueError
    return name, n
