"""RISC OS menus: a title bar, white rows of System-font text, ticks, arrows, shading."""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from ..app.commands import Command
from ..engine.errors import tail
from ..sprites import font
from ..sprites.palette import BLACK, GREY2, RED, WHITE, recolour
from .geometry import MENU_COLUMN, MENU_GAP, MENU_ROW, SCREEN_H, SCREEN_W, TOOL


@dataclass
class MenuItem:
    text: str
    #: what choosing it does (an ``app.commands.Command``), or None
    command: Command | None = None
    shortcut: str = ""
    ticked: bool = False
    shaded: bool = False
    #: a Menu or a dialogue box (anything with place/rect/draw) that opens over the arrow
    submenu: object | None = None
    #: a dotted gap below the item
    separator: bool = False
    #: text the player can type into (with a caret), chosen with Return
    writable: bool = False
    #: the text shown is a value to replace, not to add to (the deal in play): the first
    #: character typed takes its place; Backspace edits it instead
    replaced: bool = False


@dataclass
class Menu:
    title: str
    items: list[MenuItem] = field(default_factory=list)
    x: int = 0
    y: int = 0

    @property
    def width(self) -> int:
        widest = font.text_width(self.title) + 16
        for item in self.items:
            text = MENU_COLUMN + font.text_width(item.text if not item.writable else "x" * 30) + MENU_COLUMN + 4
            if item.shortcut:
                text += 16 + font.text_width(item.shortcut)
            widest = max(widest, text)
        return widest

    def row_tops(self) -> list[int]:
        tops, y = [], self.y
        for item in self.items:
            tops.append(y)
            y += MENU_ROW + (MENU_GAP if item.separator else 0)
        return tops

    @property
    def height(self) -> int:
        return sum(MENU_ROW + (MENU_GAP if item.separator else 0) for item in self.items)

    @property
    def rect(self) -> pygame.Rect:
        """The whole menu on screen, title bar and outline included."""
        return pygame.Rect(self.x - 1, self.y - TOOL, self.width + 2, self.height + TOOL + 1)

    def place(self, x: int, y: int) -> None:
        """Put the item area's top left at (x, y), kept on the screen."""
        w, h = self.width, self.height
        self.x = max(1, min(x, SCREEN_W - 1 - w))
        self.y = max(TOOL, min(y, SCREEN_H - 1 - h))

    def item_at(self, pos) -> int | None:
        x, y = pos
        if not (self.x <= x < self.x + self.width):
            return None
        for i, top in enumerate(self.row_tops()):
            if top <= y < top + MENU_ROW:
                return i
        return None

    def on_arrow(self, pos) -> bool:
        return pos[0] >= self.x + self.width - MENU_COLUMN - 4

    def draw(self, screen: pygame.Surface, tick: pygame.Surface, arrow: pygame.Surface, highlight: int | None) -> None:
        rect = self.rect
        screen.fill(BLACK, rect)
        title = pygame.Rect(rect.x, rect.y, rect.w, TOOL)
        screen.fill(GREY2, title.inflate(-2, -2))
        font.draw_text(screen, title.x + (title.w - font.text_width(self.title)) // 2, title.y + 2, self.title, BLACK)
        screen.fill(WHITE, (self.x, self.y, self.width, self.height))
        for i, (item, top) in enumerate(zip(self.items, self.row_tops())):
            # (a writable item is a writable field, white, however it was reached: the keyboard
            # highlighted it white on black, the pointer not)
            lit = i == highlight and not item.shaded and not item.writable
            fg = WHITE if lit else (GREY2 if item.shaded else BLACK)
            if lit:
                screen.fill(BLACK, (self.x, top, self.width, MENU_ROW))
            if item.ticked:
                self._blit_coloured(screen, tick, self.x + (MENU_COLUMN - tick.get_width()) // 2,
                                    top + (MENU_ROW - tick.get_height()) // 2, fg)
            text = item.text
            if item.writable:
                text = field_text(text, (self.width - 2 * MENU_COLUMN - 4) // font.GLYPH_W)
            font.draw_text(screen, self.x + MENU_COLUMN, top + 3, text, fg)
            if item.writable:
                caret_x = self.x + MENU_COLUMN + font.text_width(text)
                screen.fill(RED, (caret_x, top + 2, 2, MENU_ROW - 4))
            right = self.x + self.width - MENU_COLUMN
            if item.shortcut:
                font.draw_text(screen, right - 4 - font.text_width(item.shortcut), top + 3, item.shortcut, fg)
            if item.submenu is not None:
                self._blit_coloured(screen, arrow, right + (MENU_COLUMN - arrow.get_width()) // 2,
                                    top + (MENU_ROW - arrow.get_height()) // 2, fg)
            if item.separator:
                y = top + MENU_ROW + MENU_GAP // 2
                for x in range(self.x, self.x + self.width, 8):
                    screen.fill(BLACK, (x, y, min(4, self.x + self.width - x), 1))

    @staticmethod
    def _blit_coloured(screen, sprite, x, y, colour) -> None:
        """Blit a black sprite in another colour (white when highlighted, grey 2 when shaded)."""
        if colour == BLACK:
            screen.blit(sprite, (x, y))
            return
        screen.blit(recolour(sprite, {BLACK: colour}), (x, y))


def field_text(text: str, room: int) -> str:
    """What a writable field ``room`` characters wide shows of ``text``: its end, where the
    caret is; where the start is cut off, "..." in its place (a path's tail alone read as a
    path of its own: "/data/saves/game.json" for ".../kingalbert/data/saves/game.json")."""
    return tail(text, room)
