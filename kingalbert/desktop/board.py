"""The game's work area: piles drawn from the ruleset's layout, and hit tests."""
from __future__ import annotations

import pygame

from ..engine.cards import Card
from ..engine.layout import Layout, PileView
from ..engine.ruleset import Ruleset
from ..sprites import font
from ..sprites.cards import CardSprites
from ..sprites.palette import BLACK, GREY1, GREY2, RED, new_surface, recolour

_sprite_cache: dict[tuple[int, int], CardSprites] = {}


def card_sprites(w: int, h: int) -> CardSprites:
    sprites = _sprite_cache.get((w, h))
    if sprites is None:
        if len(_sprite_cache) >= 8:
            del _sprite_cache[next(iter(_sprite_cache))]  # the oldest size
        sprites = _sprite_cache[(w, h)] = CardSprites(w, h)
    return sprites


#: a flashing card's colours: greys and black to their opposites, colours to their pairs
INVERSE = {**{grey: 7 - grey for grey in range(8)}, 8: 9, 9: 8, 10: 11, 11: 10, 12: 13, 13: 12, 14: 15, 15: 14}

#: the information panel's width (22 System-font characters and a margin)
INFO_W = 192
#: the message line added under a layout that has no message space of its own
MESSAGE_H = 42


class Board:
    def __init__(self, game, layout: Layout | None = None):
        self.game = game
        self.layout: Layout = layout or game.ruleset.layout(game)
        self.cards = card_sprites(self.layout.card_w, self.layout.card_h)
        self.views = {view.name: view for view in self.layout.piles}
        layout = self.layout
        width, height = layout.width, layout.height
        if layout.message is not None:
            self.message_rect = pygame.Rect(layout.message)
        else:
            self.message_rect = pygame.Rect(8, height, max(8, width - 16), 34)
            height += MESSAGE_H
        self.info_rect: pygame.Rect | None = None
        if game.ruleset.info_panel:
            self.info_rect = pygame.Rect(width, 0, INFO_W, height)
            width += INFO_W
        self.width, self.height = width, height
        #: the pile under the pointer, described in the information panel
        self.hover: str | None = None
        #: (played, won) for the information panel
        self.statistics = (0, 0)
        #: the live "winnable?" verdict, shown under the message
        self.indicator = ""
        #: (pile, n) of a hinted card and the pile it should go to
        self.hint: tuple[tuple[str, int], str | None] | None = None
        #: id of an upright sprite -> (that sprite, turned sideways)
        self._turned_cache: dict[int, tuple[pygame.Surface, pygame.Surface]] = {}
        #: (pile, low, high) intervals of cards flashing (1 = bottom card, 0 = the empty place)
        self.flash: list[tuple[str, int, int]] = []
        #: whether flashing cards are in their inverted phase
        self.flash_on = False
        # only games that shade cards or mark empty piles pay for asking
        ruleset = type(game.ruleset)
        self.shades = ruleset.is_shaded is not Ruleset.is_shaded
        self.bottoms = ruleset.bottom_card is not Ruleset.bottom_card

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    # -- geometry --------------------------------------------------------------
    def card_rect(self, view: PileView, index: int, cards=None) -> pygame.Rect:
        """Where card ``index`` of a pile lies (of ``cards``, else the pile's own)."""
        w, h = self.layout.card_w, self.layout.card_h
        if view.horizontal:
            w, h = h, w
        dx, dy = view.offset(self.game.pile(view.name).cards if cards is None else cards, index)
        return pygame.Rect(view.x + dx, view.y + dy, w, h)

    def pile_rect(self, view: PileView, count: int) -> pygame.Rect:
        rect = self.card_rect(view, 0).union(self.card_rect(view, max(0, count - 1)))
        if view.reach:
            rect.h = max(rect.h, view.reach - view.y)
        return rect

    def card_at(self, pos) -> tuple[str, int] | None:
        """(pile name, n) of the card under ``pos`` — n counted from the top, 1 = top card;
        n = 0 for the empty place or panel of a pile."""
        for view in reversed(self.layout.piles):
            cards = self.game.pile(view.name).cards
            for index in range(len(cards) - 1, -1, -1):
                if self.card_rect(view, index).collidepoint(pos):
                    return view.name, len(cards) - index
            if self.pile_rect(view, len(cards)).collidepoint(pos):
                return view.name, 0
        return None

    def drop_target(self, pos, rect: pygame.Rect) -> str | None:
        """The pile a dragged card lands on: the one under the pointer, else the one it overlaps most."""
        hit = self.card_at(pos)
        if hit is not None:
            return hit[0]
        best, best_area = None, 0
        for view in self.layout.piles:
            overlap = rect.clip(self.pile_rect(view, len(self.game.pile(view.name).cards)))
            if overlap.w * overlap.h > best_area:
                best, best_area = view.name, overlap.w * overlap.h
        return best

    # -- drawing ------------------------------------------------------------------
    def draw(self, surface: pygame.Surface | None = None, contents: dict | None = None, lifted: tuple[str, int] | None = None,
             message: str | None = None) -> pygame.Surface:
        """Draw the whole work area.  ``contents`` overrides pile contents (animation);
        ``lifted`` = (pile, n) leaves out the top n cards of a pile being dragged."""
        if surface is None:
            surface = new_surface(*self.size, fill=GREY1)
        else:
            surface.fill(GREY1)
        for view in self.layout.piles:
            cards = contents[view.name] if contents is not None else self.game.pile(view.name).cards
            if lifted is not None and lifted[0] == view.name:
                cards = cards[: len(cards) - lifted[1]]
            self.draw_pile(surface, view, cards)
        if self.hint is not None and contents is None:
            self.draw_hint(surface)
        if self.flash_on and contents is None:
            self.draw_flash(surface)
        self.draw_message(surface, self.game.message if message is None else message)
        if self.info_rect is not None:
            self.draw_info(surface)
        return surface

    def draw_pile(self, surface, view: PileView, cards) -> None:
        if view.reach:
            panel = pygame.Rect(view.x - 1, view.y - 1, self.layout.card_w + 2, view.reach - view.y + 2)
            surface.fill(GREY2, panel)
        if view.hidden:
            return
        if not cards:
            empty = self.empty_sprite(view)
            surface.blit(self._turned(empty) if view.horizontal else empty, (view.x, view.y))
            return
        first = max(0, len(cards) - view.max_visible) if view.max_visible else 0
        sprites = [self.sprite(card, view) for card in cards]
        if self.shades:
            game, pile = self.game, self.game.pile(view.name)
            for i, card in enumerate(cards):
                if card.face_up and self.game.ruleset.is_shaded(game, pile, i):
                    shaded = self.cards.shaded(card.rank, card.suit)
                    sprites[i] = self._turned(shaded) if view.horizontal else shaded
        surface.blits([(sprites[i], self.card_rect(view, i, cards).topleft) for i in range(first, len(cards))],
                      doreturn=False)

    def empty_sprite(self, view: PileView) -> pygame.Surface:
        """An empty pile: its suit, or what the game draws there (a circle, a cross, a shaded card)."""
        bottom = self.game.ruleset.bottom_card(self.game, self.game.pile(view.name)) if self.bottoms else None
        if bottom in ("circle", "cross"):
            return self.cards.mark(bottom)
        if bottom:
            card = Card.parse(bottom)
            return self.cards.shaded(card.rank, card.suit) if card.face_up else self.cards.back
        return self.cards.empty_suit(view.empty) if view.empty else self.cards.empty

    def sprite(self, card, view: PileView | None = None) -> pygame.Surface:
        """The card as it lies (on ``view``'s pile, sideways if that pile's cards are)."""
        sprite = self.cards.face(card.rank, card.suit) if card.face_up else self.cards.back
        return self._turned(sprite) if view is not None and view.horizontal else sprite

    def _turned(self, sprite: pygame.Surface) -> pygame.Surface:
        """A card sprite turned a quarter to the left, for piles whose cards lie sideways."""
        kept = self._turned_cache.get(id(sprite))
        if kept is None or kept[0] is not sprite:
            kept = self._turned_cache[id(sprite)] = (sprite, pygame.transform.rotate(sprite, 90))
        return kept[1]

    def draw_message(self, surface, text: str, rect: pygame.Rect | None = None) -> None:
        """The message (or the game's status line) and the Winnable? line, in ``rect``
        (the message space, unless given)."""
        rect = rect or self.message_rect
        surface.fill(GREY1, rect)
        lines = [text or self.game.ruleset.status_text(self.game), self.indicator]
        for i, line in enumerate(lines[: max(1, rect.h // 17)]):
            while line and font.text_width(line) > rect.w:
                line = line[:-1]
            font.draw_text(surface, rect.x, rect.y + i * 18, line, BLACK)

    def draw_hint(self, surface) -> None:
        """A red frame round the hinted card and round the place it should go."""
        if self.hint is None:
            return
        (pile, n), target = self.hint
        view = self.views.get(pile)
        if view is not None and self.game.pile(pile).cards:
            count = len(self.game.pile(pile).cards)
            self._frame(surface, self.card_rect(view, max(0, count - n)))
        view = self.views.get(target) if target else None
        if view is not None:
            count = len(self.game.pile(target).cards)
            self._frame(surface, self.card_rect(view, max(0, count - 1)))

    def draw_flash(self, surface) -> None:
        """Flashing cards in their inverted phase: each card's pixels turned to their opposite."""
        for pile, low, high in self.flash:
            view = self.views.get(pile)
            if view is None or view.hidden:
                continue
            count = len(self.game.pile(pile).cards)
            for position in range(max(0, low), min(high, count) + 1):
                if position == 0 and count:
                    continue  # the empty place is under the cards
                rect = self.card_rect(view, max(0, position - 1)).clip(surface.get_rect())
                if rect.w and rect.h:
                    part = surface.subsurface(rect)
                    part.blit(recolour(part, INVERSE), (0, 0))

    @staticmethod
    def _frame(surface, rect: pygame.Rect) -> None:
        for inset in (0, 1):
            pygame.draw.rect(surface, RED, rect.inflate(-2 * inset, -2 * inset), 1)

    def info_lines(self) -> list[str]:
        game = self.game
        played, won = self.statistics
        percent = f"{100 * won // played}%" if played else "-"
        lines = [game.name, "", f"Played: {played}", f"Won: {won} ({percent})"]
        status = game.ruleset.status_text(game)
        if status:
            lines.append(status)
        if self.hover is not None:
            pile = game.pile(self.hover)
            lines += ["", f"Pile: {pile.name}"] + game.ruleset.describe_pile(game, pile)
            if pile.cards:
                lines.append(f"Top card: {pile.cards[-1] if pile.cards[-1].face_up else 'face down'}")
        return lines

    def draw_info(self, surface, rect: pygame.Rect | None = None) -> None:
        rect = rect or self.info_rect
        if rect is None:
            return
        surface.fill(BLACK, (rect.x, rect.y, 1, rect.h))
        surface.fill(GREY1, rect.inflate(-1, 0).move(1, 0))
        width = (rect.w - 16) // font.GLYPH_W
        y = rect.y + 8
        for line in self.info_lines():
            font.draw_text(surface, rect.x + 8, y, line[:width], BLACK)
            y += 18
