"""The real window: the emulated screen scaled by a whole factor.

``Display`` opens the pygame window, scales the 640×480 screen into it
(whole screen, or only the rectangles that changed) and maps the pointer
back onto the emulated screen.
"""
from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING

import pygame

from ..sprites import tools
from .geometry import SCREEN_H, SCREEN_W

#: seconds after F11 made a new window in which F11 does nothing
TOGGLE_PAUSE = 1.0

if TYPE_CHECKING:
    from .desktop import Desktop


class Display:
    def __init__(self, desktop: Desktop):
        self.desktop = desktop
        self.surface: pygame.Surface | None = None
        self.scale = 1
        self.offset = (0, 0)
        self.fullscreen = False
        #: where the window lay before F11 made it full screen, and its scale
        self.windowed_at: tuple[int, int] | None = None
        self.windowed_scale: int | None = None
        #: when F11 last made a new window, once made (``time.monotonic``)
        self.toggled_at: float | None = None
        #: the screen was said to be smaller than the desktop
        self.warned_small = False
        self.fresh = False

    def open(self, scale: int | None = None, fullscreen: bool = False) -> None:
        pygame.display.init()
        pygame.display.set_icon(self.desktop.icon)   # the program's own cards, not pygame's snake
        sizes = pygame.display.get_desktop_sizes() or [(SCREEN_W, SCREEN_H)]
        width, height = sizes[0]
        if scale is None:
            scale = max(1, min(width // SCREEN_W, (height - 60) // SCREEN_H))
        elif scale > max(1, min(width // SCREEN_W, height // SCREEN_H)):
            # (a window larger than the screen put the title bar and the icon bar, where Quit
            # is, out of reach; full screen, the desktop's middle)
            fits = max(1, min(width // SCREEN_W, height // SCREEN_H))
            print(f"kingalbert: --scale {scale} is larger than the {width}×{height} screen takes: "
                  f"scale {fits}", file=sys.stderr)
            scale = fits
        self.scale = scale
        flags = pygame.FULLSCREEN if fullscreen else 0
        size = (0, 0) if fullscreen else (SCREEN_W * scale, SCREEN_H * scale)
        self.surface = pygame.display.set_mode(size, flags)
        pygame.display.set_caption(f"{self.desktop.game.name} - RISC OS")
        dw, dh = self.surface.get_size()
        if fullscreen:
            self.scale = max(1, min(dw // SCREEN_W, dh // SCREEN_H))
        # (centred; on a screen smaller than the desktop, its top left kept on the screen:
        # the window's title bar and its menu, rather than a cut through the middle)
        self.offset = (max(0, dw - SCREEN_W * self.scale) // 2, max(0, dh - SCREEN_H * self.scale) // 2)
        if not fullscreen and (width < dw or height < dh):
            self.move_window((0, 0))
            if not self.warned_small:
                print(f"kingalbert: the {width}×{height} screen is smaller than the {SCREEN_W}×{SCREEN_H} "
                      "desktop: its bottom and right lie off the screen", file=sys.stderr)
                self.warned_small = True
        self.set_pointer()
        # (F11 in the middle of a drag, or with a menu open: they still follow the pointer;
        # the card held stood still in the new window until the button was let go)
        desktop = self.desktop
        desktop.mouse.want_motion(desktop.drag is not None or desktop.press is not None or bool(desktop.menus))
        self.fullscreen = fullscreen
        # (the new window shows nothing yet: the next frame is drawn whole, whatever changed)
        self.fresh = True

    @staticmethod
    def move_window(place: tuple[int, int] | None) -> tuple[int, int] | None:
        """Move the program's window to ``place`` (if given); returns where it was (None
        where a display has no windows to move)."""
        try:
            window = pygame.Window.from_display_module()
            was = tuple(window.position)
            if place is not None and was != place:
                window.position = place
            return (was[0], was[1])
        except (pygame.error, AttributeError):
            return None

    def toggle_fullscreen(self) -> None:
        # (F11 makes a new window where the old one lies, which an X server without a window
        # manager leaves: the full-screen one then hung off the screen, the desktop
        # off-centre; so it is made in the screen's corner, and the window comes back to
        # its place)
        # (the new window takes the focus with F11 still held, and SDL reports the key pressed
        # again: without this pause the window went on toggling for as long as it was held)
        if self.toggled_at is not None and time.monotonic() - self.toggled_at < TOGGLE_PAUSE:
            return
        if not self.fullscreen:
            self.windowed_at, self.windowed_scale = self.move_window((0, 0)), self.scale
            self.open(None, True)
        else:
            # (at the window's own scale: the full screen's may be larger, and the window
            # came back too big for the screen)
            self.open(self.windowed_scale, False)
            self.move_window(self.windowed_at)
        self.toggled_at = time.monotonic()

    def set_pointer(self) -> None:
        try:
            sprite, hotspot = tools.pointer()
            if self.scale > 1:
                sprite = pygame.transform.scale_by(sprite, self.scale)
                hotspot = (hotspot[0] * self.scale, hotspot[1] * self.scale)
            pygame.mouse.set_cursor(pygame.cursors.Cursor(hotspot, sprite))
        except pygame.error:
            pass  # a display without cursor support keeps its own pointer

    def to_screen(self, pos) -> tuple[int, int]:
        """A window position as a position on the emulated screen."""
        return (pos[0] - self.offset[0]) // self.scale, (pos[1] - self.offset[1]) // self.scale

    def present(self, dirty: list[pygame.Rect] | None) -> None:
        """Show the emulated screen (``dirty``: only these rectangles of it)."""
        screen, s, (ox, oy) = self.desktop.screen, self.scale, self.offset
        surface = self.surface
        if surface is None:
            return
        if dirty is None or self.fresh:
            # (a drag's frames are its rectangles alone: after F11 the new window stayed black
            # but for the card held)
            self.fresh = False
            surface.blit(pygame.transform.scale(screen, (SCREEN_W * s, SCREEN_H * s)), (ox, oy))
            pygame.display.flip()
            return
        scaled = []
        for rect in dirty:
            if rect.w <= 0 or rect.h <= 0:
                continue
            part = pygame.transform.scale(screen.subsurface(rect), (rect.w * s, rect.h * s))
            target = pygame.Rect(ox + rect.x * s, oy + rect.y * s, rect.w * s, rect.h * s)
            surface.blit(part, target)
            scaled.append(target)
        pygame.display.update(scaled)
