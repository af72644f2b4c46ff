"""The playfield of a CardsWorkShop game: where its stacks go, and what they show.

A mixin of ``CdlRuleset`` (it needs ``self.program``): data for the desktop,
nothing drawn here.  ``matrix`` is the ``GAME w BY h`` size and
``stack_layout(game)`` each stack's X, Y, W, H, direction and empty-pile
drawing; ``fit_layout(game, width, height)`` turns them into the engine's
``Layout`` for a work area as the help file's Playfield section says (the
matrix fills the area, the card is the biggest 2:3 frame that fits the
smallest stack), and ``layout()`` does so for a work area sized for cards of
the usual height.  ``bottom_card`` and ``is_shaded`` say how to draw an empty
stack and a card.
"""
from __future__ import annotations

from ...engine.cards import Card
from ...engine.layout import Layout, PileView
from .interpreter import CROSS_CARD, EMPTY_CARD
from .model import CompiledProgram, StackInfo

SUITS = "SHCD"          # CardsWorkShop's suit order: spade 0, heart 13, club 26, diamond 39
DIRECTIONS = ("up", "down", "left", "right", "over")


def to_card(value: int) -> Card:
    base = value % 52
    return Card(base % 13 + 1, SUITS[base // 13], value // 52 != 1)


def from_card(card: Card) -> int:
    return SUITS.index(card.suit) * 13 + card.rank - 1 + (0 if card.face_up else 52)


class Playfield:
    """What a CardsWorkShop ruleset shows: its stacks on the matrix (a mixin of
    ``CdlRuleset``, which gives ``program``)."""

    program: CompiledProgram

    def stack_layout(self, game=None) -> list[dict]:
        """The stacks on the ``GAME w BY h`` matrix, in ORDER order."""
        bottoms = (game.vars.get("cdl:bottoms", {}) if game is not None else {})
        return [{
            "name": stack.name,
            "x": stack.field("x"), "y": stack.field("y"),
            "w": stack.field("w"), "h": stack.field("h"),
            "direction": DIRECTIONS[stack.field("direction")],
            "bottom": bottoms.get(stack.name, EMPTY_CARD),
        } for stack in self.program.order]

    @property
    def matrix(self) -> tuple[int, int]:
        return self.program.width, self.program.height

    def bottom_card(self, game, pile) -> str:
        """What to draw for an empty pile: 'circle', 'cross', or a Card text (shaded)."""
        value = game.vars.get("cdl:bottoms", {}).get(pile.name, EMPTY_CARD)
        if value == EMPTY_CARD:
            return "circle"
        if value == CROSS_CARD:
            return "cross"
        return str(to_card(value))

    def empty_mark(self, game, stack: StackInfo) -> str | None:
        """For ``PileView.empty``: the suit letter of a card drawing, None for a circle or cross."""
        value = game.vars.get("cdl:bottoms", {}).get(stack.name, EMPTY_CARD) if game is not None else EMPTY_CARD
        return None if value >= EMPTY_CARD else to_card(value).suit

    def is_shaded(self, game, pile, index: int) -> bool:
        """Is the card at ``pile.cards[index]`` shaded?"""
        positions = game.vars.get("cdl:shaded", {}).get(pile.name, ())
        return (index % len(pile.cards)) + 1 in positions if pile.cards else False

    def layout(self, game, card_w: int = 71, card_h: int = 96) -> Layout:
        """The playfield for cards about ``card_h`` high: a work area of whole matrix
        cells just big enough that the smallest stack holds a ``card_h`` card, laid
        out by ``fit_layout`` (so the card is 2:3, ``card_h`` rounded to a multiple of 3)."""
        width, height = self.matrix
        min_w, min_h = self.smallest_stack()
        gap = max(4, card_w // 8)
        frame_h = card_h - card_h % 3
        cell_w = -(-(frame_h * 2 // 3 + gap) // min_w)
        cell_h = -(-(frame_h + gap) // min_h)
        return self.fit_layout(game, width * cell_w, height * cell_h, gap)

    def smallest_stack(self) -> tuple[int, int]:
        """The least W and the least H of any stack (in matrix cells), as the help file takes them."""
        stacks = self.program.order
        return (min((s.field("w") for s in stacks), default=1),
                min((s.field("h") for s in stacks), default=1))

    def fit_layout(self, game, width: int, height: int, gap: int | None = None) -> Layout:
        """The help file's Playfield rule for a work area of ``width`` by ``height`` pixels.

        The ``GAME w BY h`` matrix fills the area (a cell is width/w by height/h
        pixels); the card is the biggest 2:3 frame that fits the rectangle of the
        least stack width by the least stack height, less a ``gap`` that keeps
        neighbouring stacks apart.  Each stack's cards start at its rectangle's
        top left (bottom for Direction UP, right for LEFT) and are fanned by a
        quarter of a card in its Direction; OVER piles them up.
        """
        columns, rows = self.matrix
        min_w, min_h = self.smallest_stack()
        cell_w, cell_h = width / columns, height / rows
        if gap is None:
            gap = max(4, int(min(cell_w * min_w, cell_h * min_h)) // 12)
        box_w, box_h = int(cell_w * min_w) - gap, int(cell_h * min_h) - gap
        card_h = min(box_h, box_w * 3 // 2)
        card_h -= card_h % 3
        if card_h < 3:
            raise ValueError(f"a {width}x{height} work area is too small for {columns} by {rows} cells")
        card_w = card_h * 2 // 3
        views = []
        for stack in self.program.order:
            x = int(stack.field("x") * cell_w) + gap // 2
            y = int(stack.field("y") * cell_h) + gap // 2
            right = int((stack.field("x") + stack.field("w")) * cell_w) - (gap - gap // 2)
            bottom = int((stack.field("y") + stack.field("h")) * cell_h) - (gap - gap // 2)
            direction = DIRECTIONS[stack.field("direction")]
            dx = dy = 0
            if direction == "down":
                dy = card_h // 4
            elif direction == "up":
                dy, y = -(card_h // 4), bottom - card_h
            elif direction == "right":
                dx = card_w // 4
            elif direction == "left":
                dx, x = -(card_w // 4), right - card_w
            views.append(PileView(stack.name, x, y, dx, dy, empty=self.empty_mark(game, stack)))
        return Layout(card_w, card_h, int(width), int(height), views, cell=(cell_w, cell_h))
