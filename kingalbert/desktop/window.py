"""A RISC OS 3.1 window: visible work area, title bar, 2D tools and scroll bars.

Coordinates are screen pixels, y down.  ``x, y, w, h`` is the visible part of
the work area; the furniture sits outside it, each tool a 21×21 box that
shares its outline pixels with its neighbours and with the work-area frame.
"""
from __future__ import annotations

import pygame

from ..sprites import font
from ..sprites.palette import BLACK, CREAM, GREY1, GREY2, GREY3
from .geometry import SCREEN_H, SCREEN_W, TOOL

#: the smallest visible work area a resize leaves
MIN_W, MIN_H = 100, 60
#: how much of the title bar a move leaves on the screen to drag the window back by
TITLE_KEPT = 40


class Window:
    def __init__(self, title: str, extent: tuple[int, int], x: int, y: int, w: int | None = None, h: int | None = None,
                 *, tools: bool = True, work_colour: int = GREY1):
        self.title = title
        self.extent_w, self.extent_h = extent
        self.x, self.y = x, y
        self.w = min(w or self.extent_w, self.extent_w)
        self.h = min(h or self.extent_h, self.extent_h)
        self.scroll_x = self.scroll_y = 0
        self.tools = tools
        self.work_colour = work_colour
        self.is_open = True
        self._before_toggle: tuple[int, int, int, int] | None = None

    # -- geometry ---------------------------------------------------------------
    @property
    def has_bars(self) -> bool:
        return self.tools and (self.w < self.extent_w or self.h < self.extent_h)

    @property
    def right(self) -> int:
        """The x of the outermost column of the window (outline included)."""
        return self.x + self.w + (TOOL - 1 if self.has_bars else 0)

    @property
    def bottom(self) -> int:
        return self.y + self.h + (TOOL - 1 if self.has_bars else 0)

    @property
    def outer(self) -> pygame.Rect:
        return pygame.Rect(self.x - 1, self.y - TOOL, self.right - self.x + 2, self.bottom - self.y + TOOL + 1)

    @property
    def work(self) -> pygame.Rect:
        return pygame.Rect(self.x, self.y, self.w, self.h)

    def tool_rects(self) -> dict[str, pygame.Rect]:
        """Every furniture part's rectangle (outline included)."""
        top = self.y - TOOL
        rects = {"title": pygame.Rect(self.x - 1, top, self.right - self.x + 2, TOOL)}
        if self.tools:
            rects["back"] = pygame.Rect(self.x - 1, top, TOOL, TOOL)
            rects["close"] = pygame.Rect(self.x - 1 + TOOL - 1, top, TOOL, TOOL)
            rects["toggle"] = pygame.Rect(self.right - TOOL + 1, top, TOOL, TOOL)
        if self.has_bars:
            bar_x = self.x + self.w
            bar_y = self.y + self.h
            rects["up"] = pygame.Rect(bar_x, self.y - 1, TOOL, TOOL)
            rects["down"] = pygame.Rect(bar_x, bar_y - TOOL + 1, TOOL, TOOL)
            rects["vwell"] = pygame.Rect(bar_x, self.y - 1 + TOOL - 1, TOOL, self.h - 2 * (TOOL - 1) + 2)
            rects["left"] = pygame.Rect(self.x - 1, bar_y, TOOL, TOOL)
            rects["right"] = pygame.Rect(bar_x - TOOL + 1, bar_y, TOOL, TOOL)
            rects["hwell"] = pygame.Rect(self.x - 1 + TOOL - 1, bar_y, self.w - 2 * (TOOL - 1) + 2, TOOL)
            rects["size"] = pygame.Rect(bar_x, bar_y, TOOL, TOOL)
        return rects

    def slider(self, vertical: bool) -> pygame.Rect:
        """The scroll-bar slider: inset 4 px, ends 2 px clear of the arrows, length ∝ visible/extent."""
        well = self.tool_rects()["vwell" if vertical else "hwell"]
        if vertical:
            span, visible, extent, offset = well.h - 2 - 4, self.h, self.extent_h, self.scroll_y
        else:
            span, visible, extent, offset = well.w - 2 - 4, self.w, self.extent_w, self.scroll_x
        length = max(17, span * visible // max(1, extent))
        length = min(length, span)
        room = max(1, extent - visible)
        start = (span - length) * offset // room if extent > visible else 0
        if vertical:
            return pygame.Rect(well.x + 4, well.y + 1 + 2 + start, TOOL - 8, length)
        return pygame.Rect(well.x + 1 + 2 + start, well.y + 4, length, TOOL - 8)

    def part_at(self, pos) -> str | None:
        """Which part of the window is at ``pos``: a tool name, 'work', or None."""
        if not self.is_open or not self.outer.collidepoint(pos):
            return None
        if self.work.collidepoint(pos):
            return "work"
        rects = self.tool_rects()
        for name in ("back", "close", "toggle", "up", "down", "left", "right", "size"):
            if name in rects and rects[name].collidepoint(pos):
                return name
        for name, vertical in (("vwell", True), ("hwell", False)):
            if name in rects and rects[name].collidepoint(pos):
                return ("vslider" if vertical else "hslider") if self.slider(vertical).collidepoint(pos) else name
        return "title" if rects["title"].collidepoint(pos) else "frame"

    def to_work(self, pos) -> tuple[int, int]:
        """Screen position → work-area coordinates."""
        return pos[0] - self.x + self.scroll_x, pos[1] - self.y + self.scroll_y

    def to_screen(self, x: int, y: int) -> tuple[int, int]:
        return x + self.x - self.scroll_x, y + self.y - self.scroll_y

    # -- changes ------------------------------------------------------------------
    def scroll_to(self, sx: int, sy: int) -> None:
        self.scroll_x = max(0, min(sx, self.extent_w - self.w))
        self.scroll_y = max(0, min(sy, self.extent_h - self.h))

    def move_to(self, x: int, y: int) -> None:
        # keep the title bar reachable, as the Wimp does: at either side TITLE_KEPT pixels of
        # it that drag the window stay on the screen (at the right, past the back and close
        # icons, which would else be all that is left to press)
        icons = 2 * TOOL - 2 if self.tools else 0
        toggle = TOOL - 1 if self.tools else 0
        self.x = max(-(self.right - self.x) + toggle + TITLE_KEPT, min(x, SCREEN_W - icons - TITLE_KEPT))
        self.y = max(TOOL, min(y, SCREEN_H - 8))

    def drag_size(self, w: int, h: int) -> None:
        """The size icon dragged: as ``resize``, but the window's right and bottom edges stay
        on the screen, as the Wimp keeps them (a window larger than the screen hid its own
        size icon, its scroll bars and the message row)."""
        w, h = max(MIN_W, min(w, self.extent_w)), max(MIN_H, min(h, self.extent_h))
        for extra in (0, TOOL - 1):     # (the bars come with a size short of the extent)
            fit_w = min(w, max(self.w, SCREEN_W - 1 - self.x - extra))
            fit_h = min(h, max(self.h, SCREEN_H - 1 - self.y - extra))
            if not self.tools or (fit_w, fit_h) == (self.extent_w, self.extent_h):
                break
        self.resize(fit_w, fit_h)

    def resize(self, w: int, h: int) -> None:
        self.w = max(MIN_W, min(w, self.extent_w))
        self.h = max(MIN_H, min(h, self.extent_h))
        self.scroll_to(self.scroll_x, self.scroll_y)

    def full_size(self, screen_h: int) -> tuple[int, int, int, int]:
        """As large as the extent allows, within the screen (above ``screen_h``)."""
        w, h = self.extent_w, self.extent_h
        bars = w > SCREEN_W - 2 or h > screen_h - TOOL - 2
        if bars:
            w = min(w, SCREEN_W - 2 - (TOOL - 1))
            h = min(h, screen_h - TOOL - 2 - (TOOL - 1))
        extra = TOOL - 1 if bars else 0
        x = min(max(1, self.x), SCREEN_W - 1 - w - extra)
        y = min(max(TOOL, self.y), screen_h - 1 - h - extra)
        return x, y, w, h

    def toggle_size(self, screen_h: int = SCREEN_H) -> None:
        """Toggle between full size and the size before the last toggle."""
        full = self.full_size(screen_h)
        current = (self.x, self.y, self.w, self.h)
        if current != full:
            self._before_toggle = current
            target = full
        elif self._before_toggle is not None:
            target, self._before_toggle = self._before_toggle, None
        else:
            return
        self.x, self.y = target[0], target[1]
        self.resize(target[2], target[3])

    def set_extent(self, w: int, h: int, toggled: bool = False) -> None:
        """A new work area, shown whole; ``toggled`` shows the toggle-size icon pressed in."""
        self.extent_w, self.extent_h = w, h
        self.w, self.h = w, h
        self.scroll_x = self.scroll_y = 0
        self._before_toggle = (self.x, self.y, w, h) if toggled else None

    # -- drawing --------------------------------------------------------------------
    def draw(self, screen: pygame.Surface, work: pygame.Surface, tools: dict, focus: bool) -> None:
        """Draw the window: ``work`` is the whole work area, shown at the scroll offsets."""
        if not self.is_open:
            return
        title_colour = CREAM if focus else GREY2
        screen.fill(BLACK, self.outer)
        screen.blit(work, self.work, pygame.Rect(self.scroll_x, self.scroll_y, self.w, self.h))
        rects = self.tool_rects()
        title = rects["title"]
        self._box(screen, title, title_colour)
        text_left = rects["close"].right - 1 if self.tools else title.x
        text_right = rects["toggle"].x + 1 if self.tools else title.right
        self._title_text(screen, pygame.Rect(text_left, title.y, text_right - text_left, TOOL))
        for name in ("back", "close", "toggle", "up", "down", "left", "right", "size"):
            if name in rects:
                sprite_name = "toggled" if name == "toggle" and self._before_toggle is not None else name
                self._box(screen, rects[name], title_colour)
                screen.blit(tools[sprite_name], rects[name])
        for name, vertical in (("vwell", True), ("hwell", False)):
            if name in rects:
                self._box(screen, rects[name], GREY3)
                self._box(screen, self.slider(vertical), GREY1)

    @staticmethod
    def _box(screen, rect, colour) -> None:
        screen.fill(BLACK, rect)
        screen.fill(colour, rect.inflate(-2, -2))

    def _title_text(self, screen, rect: pygame.Rect) -> None:
        inner = rect.inflate(-4, -2)
        text = self.title[: max(0, inner.w // font.GLYPH_W)]
        width = font.text_width(text)
        clip = screen.get_clip()
        screen.set_clip(inner.clip(clip) if clip else inner)
        font.draw_text(screen, inner.x + (inner.w - width) // 2, rect.y + (TOOL - 16) // 2, text, BLACK)
        screen.set_clip(clip)
