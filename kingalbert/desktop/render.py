"""Drawing the emulated screen, and deciding in one place what must be drawn again.

The game window's work area is drawn into a surface that is kept while
nothing it shows has changed: ``work_key`` lists everything the drawing
depends on (the game's version and message, the verdict, the hint, the pile
under the pointer, the flashing cards, the cards lifted by a drag ...), and
the surface is drawn again exactly when that key changes.  Nothing else
invalidates it.  The rest of the screen (icon bar, window furniture, menus,
boxes) is cheap and drawn every frame.  While cards are dragged only the
rectangles they cross are redrawn, over a copy of the screen without them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..sprites.palette import BLACK, GREY1, GREY4
from .board import MESSAGE_H
from .geometry import ICONBAR_H, SCREEN_H, SCREEN_W
from .input import CardDrag

if TYPE_CHECKING:
    from .desktop import Desktop


class Renderer:
    def __init__(self, desktop: Desktop):
        self.desktop = desktop
        self.work: pygame.Surface | None = None
        self.work_for: tuple | None = None
        #: while cards are dragged: the screen without them, and where they were last drawn
        self.drag_base: pygame.Surface | None = None
        self.drag_last: pygame.Rect | None = None

    # -- the work area ------------------------------------------------------------------
    def lifted(self) -> tuple[str, int] | None:
        drag = self.desktop.drag
        return (drag.pile, drag.lifted) if isinstance(drag, CardDrag) else None

    def work_key(self) -> tuple:
        """Everything the work area's drawing depends on."""
        desktop = self.desktop
        session, board, game = desktop.session, desktop.board, desktop.session.game
        hint = session.hint
        return (id(board), id(game), game.version, game.message, session.indicator,
                (hint.src, hint.n, hint.dst) if hint else None, session.played_won, board.hover,
                board.flash_on, tuple(board.flash), self.lifted(), board.cursor, board.mark)

    def work_surface(self) -> pygame.Surface:
        desktop = self.desktop
        board = desktop.board
        animation = desktop.animation
        if animation is not None:
            return board.draw(None, animation.contents, message=animation.message)
        key = self.work_key()
        if self.work is None or key != self.work_for:
            self.work = board.draw(None, lifted=self.lifted())
            self.work_for = key
        return self.work

    # -- the screen ------------------------------------------------------------------------
    def render(self) -> pygame.Surface:
        """Draw the whole screen (without any card being dragged)."""
        desktop = self.desktop
        screen = desktop.screen
        screen.fill(GREY4)
        bar = pygame.Rect(0, SCREEN_H - ICONBAR_H, SCREEN_W, ICONBAR_H)
        screen.fill(BLACK, bar)
        screen.fill(GREY1, bar.inflate(0, -2).move(0, 1))
        screen.blit(desktop.icon, desktop.icon_rect)
        window = desktop.window
        if window.is_open:
            focus = desktop.focus and desktop.error is None and desktop.game_box is None
            window.draw(screen, self.work_surface(), desktop.tools, focus)
            self.draw_pinned(screen)
            if desktop.game_box is not None:
                desktop.game_box.draw(screen, desktop.tools)
        desktop.menus.draw(screen, desktop.tick, desktop.arrow)
        if desktop.error is not None:
            desktop.error.draw(screen)
        return screen

    def pinned(self) -> dict[str, pygame.Rect]:
        """The message row and the information panel where the work area scrolls:
        kept in view at the bottom (the whole width of the window) and at the right
        above it (screen rectangles)."""
        window, board, rects = self.desktop.window, self.desktop.board, {}
        scrolls = board.width > window.w or board.height > window.h
        bottom = window.y + window.h
        if board.layout.message is None and scrolls:
            bottom -= MESSAGE_H
            rects["message"] = pygame.Rect(window.x, bottom, window.w, MESSAGE_H)
        info = board.info_rect
        if info is not None and board.width > window.w and window.w >= info.w + 100:
            rects["info"] = pygame.Rect(window.x + window.w - info.w, window.y, info.w, bottom - window.y)
        return rects

    def draw_pinned(self, screen) -> None:
        desktop = self.desktop
        board = desktop.board
        text = desktop.animation.message if desktop.animation is not None else desktop.session.game.message
        for name, rect in self.pinned().items():
            screen.fill(GREY1, rect)
            if name == "message":
                screen.fill(BLACK, (rect.x, rect.y, rect.w, 1))   # over the cards scrolled under it
                inner = board.message_rect.copy()
                inner.topleft, inner.w = (rect.x + 8, rect.y + 4), rect.w - 16
                board.draw_message(screen, text, inner)
            else:
                board.draw_info(screen, rect)

    def on_pinned(self, pos) -> bool:
        return any(rect.collidepoint(pos) for rect in self.pinned().values())

    # -- dragged cards -----------------------------------------------------------------------
    def dragged_rect(self, pos, drag: CardDrag) -> pygame.Rect:
        """Where the dragged cards lie: the lowest held at the pointer as it was grabbed, the
        others as they lay on their pile."""
        board = self.desktop.board
        view = board.views[drag.pile]
        card = board.card_rect(view, 0)
        rect = pygame.Rect(pos[0] - drag.grab[0], pos[1] - drag.grab[1], card.w, card.h)
        return rect.unionall([rect.move(dx, dy) for dx, dy in board.run_offsets(view, drag.cards)])

    def draw_dragged(self, surface, drag: CardDrag, pos) -> pygame.Rect:
        board = self.desktop.board
        view = board.views[drag.pile]
        x, y = pos[0] - drag.grab[0], pos[1] - drag.grab[1]
        for card, (dx, dy) in zip(drag.cards, board.run_offsets(view, drag.cards)):
            surface.blit(board.sprite(card, view), (x + dx, y + dy))
        return self.dragged_rect(pos, drag)

    def drag_ended(self) -> None:
        self.drag_base = self.drag_last = None

    def frame(self) -> list[pygame.Rect] | None:
        """Bring the screen up to date; returns the changed rectangles, or None for all of it."""
        drag = self.desktop.drag
        if isinstance(drag, CardDrag):
            if self.drag_base is None:
                # the first frame of a drag: the whole screen, where the cards have left their pile
                self.drag_base = self.render().copy()
                screen = self.desktop.screen
                self.drag_last = self.draw_dragged(screen, drag, drag.at).clip(screen.get_rect())
                return None
            dirty = []
            screen = self.desktop.screen
            if self.drag_last is not None:
                screen.blit(self.drag_base, self.drag_last, self.drag_last)
                dirty.append(self.drag_last)
            rect = self.draw_dragged(screen, drag, drag.at).clip(screen.get_rect())
            dirty.append(rect)
            self.drag_last = rect
            return dirty
        self.drag_base = None
        self.render()
        return None
