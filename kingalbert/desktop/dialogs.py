"""Dialogue boxes: the Info box ("About this program"), the error box, and a game's own box."""
from __future__ import annotations

import pygame

from ..engine.errors import shorten
from ..sprites import font
from ..sprites.palette import BLACK, CREAM, GREY1, GREY2, WHITE
from .geometry import SCREEN_H, SCREEN_W, TOOL


def _frame(screen, rect: pygame.Rect, title: str, title_colour: int, work_colour: int) -> None:
    """A dialogue's outline, title bar (no tools) and work area."""
    screen.fill(BLACK, rect)
    screen.fill(title_colour, pygame.Rect(rect.x, rect.y, rect.w, TOOL).inflate(-2, -2))
    font.draw_text(screen, rect.x + (rect.w - font.text_width(title)) // 2, rect.y + 2, title, BLACK)
    screen.fill(work_colour, pygame.Rect(rect.x + 1, rect.y + TOOL, rect.w - 2, rect.h - TOOL - 1))


class AboutBox:
    """The "About this program" box that Info's arrow leads to."""

    W, H = 320, 128
    FIELD_W, FIELD_H = 238, 26

    def __init__(self, fields: list[tuple[str, str]]):
        self.fields = fields
        self.x = self.y = 0
        self.title = "About this program"

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.x - 1, self.y - TOOL, self.W + 2, self.H + TOOL + 1)

    def place(self, x: int, y: int) -> None:
        self.x = max(1, min(x, SCREEN_W - 1 - self.W))
        self.y = max(TOOL, min(y, SCREEN_H - 1 - self.H))

    def item_at(self, pos) -> int | None:
        return None

    def draw(self, screen: pygame.Surface, *_ignored) -> None:
        _frame(screen, self.rect, self.title, GREY2, GREY1)
        field_x = self.x + self.W - 6 - self.FIELD_W
        for i, (label, value) in enumerate(self.fields):
            top = self.y + 6 + i * (self.FIELD_H + 4)
            font.draw_text(screen, field_x - 6 - font.text_width(label), top + 5, label, BLACK)
            box = pygame.Rect(field_x, top, self.FIELD_W, self.FIELD_H)
            screen.fill(BLACK, box)
            screen.fill(WHITE, box.inflate(-2, -2))
            font.draw_text(screen, box.x + 6, top + 5, self.shown(value), BLACK)

    def shown(self, value: str) -> str:
        """What a field shows of its value: cut to the field with "…" where it is longer."""
        return shorten(value, (self.FIELD_W - 12) // font.GLYPH_W)


def wrap(text: str, width: int, max_lines: int | None = None) -> list[str]:
    """Split text into lines of at most ``width`` characters, at spaces where possible; at
    most ``max_lines`` of them (the last ending in "…" when text is left over).  Linear
    in the text it uses, whatever the length of a word or of the text.  A line that fits
    is kept as it is, its spaces too (a table's columns)."""
    width = max(1, width)
    limit = max_lines if max_lines is not None else len(text) + 1
    # no more than this much of the text can show
    room = limit * (width + 1)
    cut = len(text) > room
    lines: list[str] = []
    for paragraph in (text[:room] if cut else text).splitlines() or [""]:
        if len(paragraph) <= width:
            lines.append(paragraph)
            if len(lines) > limit:
                break
            continue
        line = ""
        for word in paragraph.split(" "):
            start = 0
            while len(word) - start > width:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[start:start + width])
                start += width
            word = word[start:]
            candidate = f"{line} {word}" if line else word
            if len(candidate) > width:
                lines.append(line)
                line = word
            else:
                line = candidate
            if len(lines) > limit:
                break
        lines.append(line)
        if len(lines) > limit:
            break
    if len(lines) > limit or (cut and len(lines) == limit):
        lines = lines[:limit]
        lines[-1] = lines[-1][: width - 1] + "\u2026"
    return lines


class ErrorBox:
    """Wimp_ReportError as RISC OS 3.1 shows it: "Error from <app>", the message, an OK button."""

    W, H = 368, 216
    BUTTON_W, BUTTON_H = 77, 28
    #: the box grows for a long message, up to this many lines (then the last ends "…")
    MAX_LINES = 20

    def __init__(self, app: str, message: str):
        self.title = f"Error from {app}"
        self.lines = wrap(message, (self.W - 24) // font.GLYPH_W, self.MAX_LINES)
        self.H = max(ErrorBox.H, 12 + 18 * len(self.lines) + self.BUTTON_H + 28)
        self.x = (SCREEN_W - self.W) // 2
        self.y = max(TOOL + 1, (SCREEN_H - self.H) // 2)

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.x - 1, self.y - TOOL, self.W + 2, self.H + TOOL + 1)

    @property
    def ok_rect(self) -> pygame.Rect:
        return pygame.Rect(self.x + (self.W - self.BUTTON_W) // 2, self.y + self.H - self.BUTTON_H - 12,
                           self.BUTTON_W, self.BUTTON_H)

    def draw(self, screen: pygame.Surface) -> None:
        _frame(screen, self.rect, self.title, CREAM, GREY1)
        for i, line in enumerate(self.lines):
            font.draw_text(screen, self.x + 12, self.y + 12 + i * 18, line, BLACK)
        draw_button(screen, self.ok_rect, "OK", default=True)


def draw_button(screen, rect: pygame.Rect, text: str, default: bool = False) -> None:
    """An action button: a cream slab, and for the default action a black border round it."""
    if default:
        screen.fill(BLACK, rect.inflate(6, 6))
        screen.fill(GREY1, rect.inflate(4, 4))
    screen.fill(BLACK, rect)
    screen.fill(CREAM, rect.inflate(-2, -2))
    font.draw_text(screen, rect.x + (rect.w - font.text_width(text)) // 2, rect.y + (rect.h - 16) // 2, text, BLACK)


class GameBox:
    """A game's own window: CardsWorkShop's CLEAR/WRITE/WAIT box, or a pile's rules.

    A title bar with a close icon, the text, and a row of buttons (a box
    with none has OK when ``ok`` is set).  ``source`` is the game's box it shows,
    so that the desktop can tell when the game opens another.
    """

    W = 352
    #: the narrowest a game may ask for (a button and a few words)
    MIN_W = 160
    BUTTON_H = 28
    LINES = 14

    def __init__(self, title: str, text: str, buttons: list[str], source=None, ok: bool = False,
                 width: int | None = None, lines: int | None = None, keys: bool = False):
        self.title = title or "Rules"
        #: the keys' box (F1), which tells of no position
        self.keys = keys
        self.text, self.most = text.rstrip("\n"), lines or self.LINES
        self.buttons = list(buttons) or (["OK"] if ok else [])
        self.source = source
        self.size(width or self.W)
        self.place((SCREEN_W - self.W) // 2, (SCREEN_H - self.H) // 2)

    def size(self, width: int, height: int = 0) -> None:
        """``width`` wide (the text wrapped to it) and at least ``height`` high (the
        text and the buttons taking more where they need it)."""
        self.W = max(self.MIN_W, min(width, SCREEN_W - 2))
        self.lines = wrap(self.text, (self.W - 24) // font.GLYPH_W, self.most)
        needed = 12 + 18 * len(self.lines) + (self.BUTTON_H + 24 if self.buttons else 0)
        self.H = min(max(needed, height), SCREEN_H - TOOL - 2)

    def place(self, x: int, y: int) -> None:
        self.x = max(1, min(x, SCREEN_W - 1 - self.W))
        self.y = max(TOOL, min(y, SCREEN_H - 1 - self.H))

    @property
    def rect(self) -> pygame.Rect:
        return pygame.Rect(self.x - 1, self.y - TOOL, self.W + 2, self.H + TOOL + 1)

    @property
    def close_rect(self) -> pygame.Rect:
        return pygame.Rect(self.x - 1, self.y - TOOL, TOOL, TOOL)

    def button_rects(self) -> list[pygame.Rect]:
        """The buttons in a row at the bottom right, the last (the default) rightmost; as
        many as the box has room for (``rect`` None for the others, which can't be shown)."""
        rects: list = [None] * len(self.buttons)
        right = self.x + self.W - 12
        for index in range(len(self.buttons) - 1, -1, -1):
            width = max(77, font.text_width(self.buttons[index][:40]) + 24)
            if right - width < self.x + 12 and index < len(self.buttons) - 1:
                break
            rects[index] = pygame.Rect(right - width, self.y + self.H - self.BUTTON_H - 12, width, self.BUTTON_H)
            right -= width + 16
        return rects

    def part_at(self, pos):
        """'close', a button's index, 'box' elsewhere on the box, or None off it."""
        if not self.rect.collidepoint(pos):
            return None
        if self.close_rect.collidepoint(pos):
            return "close"
        for index, rect in enumerate(self.button_rects()):
            if rect is not None and rect.collidepoint(pos):
                return index
        return "box"

    def draw(self, screen: pygame.Surface, tools: dict) -> None:
        _frame(screen, self.rect, self.title, CREAM, GREY1)
        screen.blit(tools["close"], self.close_rect)
        for i, line in enumerate(self.lines):
            font.draw_text(screen, self.x + 12, self.y + 12 + i * 18, line, BLACK)
        rects = self.button_rects()
        for i, (rect, text) in enumerate(zip(rects, self.buttons)):
            if rect is not None:
                draw_button(screen, rect, text[:40], default=i == len(rects) - 1)
