"""The game's work area: piles drawn from the ruleset's layout, and hit tests.

Each pile's cards lie where ``fitting.spread`` puts them: fanned as the layout
asks, closed up as far as the room the layout leaves the pile requires.
Drawing, hit tests, drops and dragged cards all use these same places.
"""
from __future__ import annotations

import pygame

from ..engine.cards import Card
from ..engine.layout import Layout, PileView
from ..engine.ruleset import Ruleset
from ..sprites import font
from ..sprites.cards import CardSprites
from ..sprites.palette import BLACK, DARK_BLUE, GREEN, GREY1, GREY2, ORANGE, RED, new_surface, recolour
from . import fitting
from .textflow import message_lines, panel_lines

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

#: the information panel's text: margins either side, and its lines' length (in System-font
#: characters) at most and at least — longer lines go on to the next
INFO_MARGIN = 6
INFO_CHARS = (14, 18)
#: the message space added under a layout that has none of its own: two lines (the
#: message, then the Winnable? verdict; a long message wraps onto the second)
MESSAGE_H = 42
#: a line of text in the message space and the information panel
LINE_H = 18
#: the characters a line of the message space added under a layout holds at least: two
#: lines hold the longest message the games give (see tests/desktop/test_fit.py)
MESSAGE_CHARS = 60


def info_width(game) -> int:
    """The information panel's width: as narrow as the longest line it shows for this
    game (the statistics, the status line, the rules of each pile), within ``INFO_CHARS``."""
    ruleset = game.ruleset
    lines = ["Played: 9999", "Won: 9999 (100%)", "Top card: face down", ruleset.status_text(game)]
    for pile in game.piles:
        lines.append(f"Pile: {pile.name}")
        lines.extend(ruleset.describe_pile(game, pile))
    low, high = INFO_CHARS
    chars = min(high, max(low, max(len(line) for line in lines)))
    return chars * font.GLYPH_W + 2 * INFO_MARGIN + 1


class Board:
    """A game's work area: its playfield (the layout's width × height), the information
    panel at its right if the game has one, and the message space under both unless the
    layout places its own."""

    def __init__(self, game, layout: Layout | None = None):
        self.game = game
        self.layout: Layout = layout or game.ruleset.layout(game)
        self.cards = card_sprites(self.layout.card_w, self.layout.card_h)
        self.views = {view.name: view for view in self.layout.piles}
        layout = self.layout
        #: how far each fanned pile may reach, and how closely its cards may lie
        self.rooms = fitting.rooms(layout)
        self.spacing = fitting.spacing(layout.card_w, layout.card_h)
        self._offsets: dict[tuple, list[tuple[int, int]]] = {}
        width, height = layout.width, layout.height
        self.info_rect: pygame.Rect | None = None
        if game.ruleset.info_panel:
            self.info_rect = pygame.Rect(width, 0, info_width(game), height)
            width += self.info_rect.w
        if layout.message is not None:
            self.message_rect = pygame.Rect(layout.message)
        else:
            self.message_rect = pygame.Rect(8, height + 4, max(8, width - 16), MESSAGE_H - 8)
            height += MESSAGE_H
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
        #: the keyboard's cursor and marked cards: (pile, n from the top; 0 = the empty place)
        self.cursor: tuple[str, int] | None = None
        self.mark: tuple[str, int] | None = None
        # only games that shade cards or mark empty piles pay for asking
        ruleset = type(game.ruleset)
        self.shades = ruleset.is_shaded is not Ruleset.is_shaded
        self.bottoms = ruleset.bottom_card is not Ruleset.bottom_card

    @property
    def size(self) -> tuple[int, int]:
        return self.width, self.height

    # -- geometry --------------------------------------------------------------
    def offsets(self, view: PileView, cards) -> list[tuple[int, int]]:
        """Where each of ``cards`` lies on ``view``'s pile, relative to the pile's (x, y)."""
        faces = tuple(card.face_up for card in cards)
        key = (view.name, faces)
        found = self._offsets.get(key)
        if found is None:
            if len(self._offsets) > 512:
                self._offsets.clear()
            found = self._offsets[key] = fitting.spread(view, faces, self.rooms.get(view.name), self.spacing)
        return found

    def run_offsets(self, view: PileView, cards) -> list[tuple[int, int]]:
        """Where each of ``cards`` (picked up from ``view``'s pile) lies relative to the
        first of them: as they lie on the pile if they are its top cards."""
        pile = self.game.pile(view.name).cards
        if not cards:
            return []
        if pile[len(pile) - len(cards):] == list(cards):
            found = self.offsets(view, pile)[len(pile) - len(cards):]
        else:
            found = fitting.spread(view, [card.face_up for card in cards], None, self.spacing)
        x0, y0 = found[0]
        return [(x - x0, y - y0) for x, y in found]

    def card_rect(self, view: PileView, index: int, cards=None) -> pygame.Rect:
        """Where card ``index`` of a pile lies (of ``cards``, else the pile's own)."""
        w, h = fitting.card_size(self.layout, view)
        cards = self.game.pile(view.name).cards if cards is None else cards
        dx, dy = self.offsets(view, cards)[index] if 0 <= index < len(cards) else (0, 0)
        return pygame.Rect(view.x + dx, view.y + dy, w, h)

    def pile_rect(self, view: PileView, count: int) -> pygame.Rect:
        rect = self.card_rect(view, 0).union(self.card_rect(view, max(0, count - 1)))
        if view.reach:
            rect.h = max(rect.h, view.reach - view.y)
        return rect

    def visible_rect(self, pile: str, index: int) -> pygame.Rect:
        """The part of card ``index`` of a pile that shows: its rectangle less the cards
        drawn over it (the next card of its fan, the cards of the piles drawn after it)
        where they cover a whole side."""
        view = self.views[pile]
        rect = self.card_rect(view, index)
        cards = self.game.pile(pile).cards
        covers = [self.card_rect(view, index + 1)] if index + 1 < len(cards) else []
        # every pile's place is drawn under all the cards: only the cards of later piles cover it
        for other in self.layout.piles[self.layout.piles.index(view) + 1:]:
            count = len(self.game.pile(other.name).cards)
            if count and not other.hidden:
                covers.append(self.card_rect(other, 0).union(self.card_rect(other, count - 1)))
        for cover in covers:
            if not rect.colliderect(cover) or cover.contains(rect):
                continue
            across = cover.left <= rect.left and cover.right >= rect.right
            down = cover.top <= rect.top and cover.bottom >= rect.bottom
            if across and cover.top > rect.top:
                rect.h = cover.top - rect.top
            elif across and cover.bottom < rect.bottom:
                rect.h, rect.top = rect.bottom - cover.bottom, cover.bottom
            elif down and cover.left > rect.left:
                rect.w = cover.left - rect.left
            elif down and cover.right < rect.right:
                rect.w, rect.left = rect.right - cover.right, cover.right
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
    def draw(self, surface: pygame.Surface | None = None, contents: dict | None = None,
             lifted: tuple[str, int] | None = None, message: str | None = None) -> pygame.Surface:
        """Draw the whole work area.  ``contents`` overrides pile contents (animation);
        ``lifted`` = (pile, n) leaves out the top n cards of a pile being dragged."""
        if surface is None:
            surface = new_surface(*self.size, fill=GREY1)
        else:
            surface.fill(GREY1)
        shown = []
        for view in self.layout.piles:
            cards = contents[view.name] if contents is not None else self.game.pile(view.name).cards
            keep = len(cards) - lifted[1] if lifted is not None and lifted[0] == view.name else None
            if keep is not None and view.max_visible:
                cards, keep = cards[:keep], None   # the cards under the dragged ones show in their turn
            shown.append((view, cards, keep))
        # the piles' places first, then every card over them: where piles overlap (a
        # pyramid), an emptied place never covers a card still in play
        for view, cards, keep in shown:
            self.draw_place(surface, view, cards[:keep] if keep is not None else cards)
        for view, cards, keep in shown:
            self.draw_pile(surface, view, cards, keep)
        if self.hint is not None and contents is None:
            self.draw_hint(surface)
        if contents is None:
            self.draw_cursor(surface)
        if self.flash_on and contents is None:
            self.draw_flash(surface)
        if self.info_rect is not None:
            self.draw_info(surface)
        self.draw_message(surface, self.game.message if message is None else message)
        return surface

    def draw_place(self, surface, view: PileView, cards) -> None:
        """A pile's panel, and its empty place if it has no cards."""
        if view.reach:
            panel = pygame.Rect(view.x - 1, view.y - 1, self.layout.card_w + 2, view.reach - view.y + 2)
            surface.fill(GREY2, panel)
        if view.hidden or cards:
            return
        empty = self.empty_sprite(view)
        surface.blit(self._turned(empty) if view.horizontal else empty, (view.x, view.y))

    def draw_pile(self, surface, view: PileView, cards, keep: int | None = None) -> None:
        """A pile's cards, only the first ``keep`` of them if given (the rest are dragged away:
        the others stay where they lie in the whole pile)."""
        if view.hidden or not cards or keep == 0:
            return
        first = max(0, len(cards) - view.max_visible) if view.max_visible else 0
        sprites = [self.sprite(card, view) for card in cards]
        if self.shades:
            game, pile = self.game, self.game.pile(view.name)
            for i, card in enumerate(cards):
                if card.face_up and self.game.ruleset.is_shaded(game, pile, i):
                    shaded = self.cards.shaded(card.rank, card.suit)
                    sprites[i] = self._turned(shaded) if view.horizontal else shaded
        offsets = self.offsets(view, cards)
        end = len(cards) if keep is None else keep
        surface.blits([(sprites[i], (view.x + offsets[i][0], view.y + offsets[i][1])) for i in range(first, end)],
                      doreturn=False)

    def empty_sprite(self, view: PileView) -> pygame.Surface:
        """An empty pile: its suit, or what the game draws there (a circle, a cross, a shaded card);
        an empty waste its outline alone."""
        bottom = self.game.ruleset.bottom_card(self.game, self.game.pile(view.name)) if self.bottoms else None
        if bottom in ("circle", "cross"):
            return self.cards.mark(bottom)
        if bottom:
            card = Card.parse(bottom)
            return self.cards.shaded(card.rank, card.suit) if card.face_up else self.cards.back
        if view.empty:
            return self.cards.empty_suit(view.empty)
        return self.cards.empty_open if self.game.pile(view.name).role == "waste" else self.cards.empty

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

    @staticmethod
    def message_capacity(rect: pygame.Rect) -> tuple[int, int]:
        """How many characters a line of the message space ``rect`` holds, and how many lines."""
        return rect.w // font.GLYPH_W, max(1, rect.h // (LINE_H - 1))

    def message_lines(self, text: str, rect: pygame.Rect | None = None) -> list[tuple[str, str]]:
        """The lines the message space shows for ``text`` (see ``textflow.message_lines``)."""
        return message_lines(text or self.game.ruleset.status_text(self.game), self.indicator,
                             *self.message_capacity(rect or self.message_rect))

    def draw_message(self, surface, text: str, rect: pygame.Rect | None = None) -> None:
        """The message (or the game's status line) and the Winnable? line, in ``rect``
        (the message space, unless given).  A message longer than the space grows it,
        away from the nearer edge of the work area, for as long as it shows."""
        rect = rect or self.message_rect
        surface.fill(GREY1, rect)
        lines = self.message_lines(text, rect)
        extra = max(0, len(lines) - self.message_capacity(rect)[1]) * LINE_H
        if extra:
            up = rect.centery > surface.get_height() // 2
            rect = rect.inflate(16, 0)
            rect = pygame.Rect(rect.x, rect.y - extra if up else rect.y, rect.w, rect.h + extra)
            surface.fill(BLACK, rect.inflate(0, 2))
            surface.fill(GREY1, rect)
            rect = rect.inflate(-16, 0)
        for i, (left, right) in enumerate(lines):
            y = rect.y + i * LINE_H
            font.draw_text(surface, rect.x, y, left, BLACK)
            if right:
                font.draw_text(surface, rect.right - font.text_width(right), y, right, BLACK)

    def draw_hint(self, surface) -> None:
        """A red frame round the hinted card and round the place it should go."""
        if self.hint is None:
            return
        (pile, n), target = self.hint
        for name, depth in ((pile, n), (target, 1)):
            if name is not None and name in self.views:
                self._frame(surface, self.place_rect(name, depth))

    def place_rect(self, pile: str, n: int) -> pygame.Rect:
        """What shows of a pile's nth card from the top (of its empty place if it has none:
        King Albert's emptied reserve place, under the reserve cards fanned over it)."""
        count = len(self.game.pile(pile).cards)
        return self.visible_rect(pile, 0 if count == 0 or n <= 0 else max(0, count - n))

    def draw_cursor(self, surface) -> None:
        """The keyboard's cursor (dark blue; orange on a card's back, whose pattern is dark and
        light blue: not red, the hint's frames) and marked cards (green; a line of each where
        the cursor is on the marked card)."""
        if self.mark is not None and self.mark[0] in self.views and self.mark != self.cursor:
            self._frame(surface, self.place_rect(*self.mark), GREEN)
        if self.cursor is not None and self.cursor[0] in self.views:
            name, n = self.cursor
            cards = self.game.pile(name).cards
            back = 0 < n <= len(cards) and not cards[-n].face_up
            rect = self.place_rect(name, n)
            colour = ORANGE if back else DARK_BLUE
            if self.mark == self.cursor:
                # a line of each, in the width of one frame (the green one inside the cursor
                # covered the edge of King Albert's small indexes)
                pygame.draw.rect(surface, colour, rect, 1)
                pygame.draw.rect(surface, GREEN, rect.inflate(-2, -2), 1)
            else:
                self._frame(surface, rect, colour)

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
    def _frame(surface, rect: pygame.Rect, colour: int = RED) -> None:
        for inset in (0, 1):
            pygame.draw.rect(surface, colour, rect.inflate(-2 * inset, -2 * inset), 1)

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
        width = (rect.w - 1 - 2 * INFO_MARGIN) // font.GLYPH_W
        y = rect.y + 8
        for line in panel_lines(self.info_lines(), width):
            if y + LINE_H > rect.bottom:
                break
            font.draw_text(surface, rect.x + 1 + INFO_MARGIN, y, line, BLACK)
            y += LINE_H
