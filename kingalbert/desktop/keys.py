"""The keyboard on the desktop: the commands' key chords, writable menu items, boxes.

The key map is made from the command table (``app.commands`` and the
desktop's own commands), so a key does exactly what its menu item does.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..app.commands import SESSION_COMMANDS, Command
from .menus import DESKTOP_COMMANDS

if TYPE_CHECKING:
    from .desktop import Desktop

RETURN_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)


def key_map(commands) -> dict[str, Command]:
    """Chord ("Ctrl+Z") -> the command it runs."""
    return {chord: command for command in commands for chord in command.keys}


def chord(event) -> str:
    """A key press as the command table writes it: modifiers, then the key's name."""
    parts = []
    if event.mod & pygame.KMOD_CTRL:
        parts.append("Ctrl")
    if event.mod & pygame.KMOD_ALT:
        parts.append("Alt")
    if event.mod & pygame.KMOD_SHIFT:
        parts.append("Shift")
    name = pygame.key.name(event.key)
    parts.append(name.upper() if len(name) == 1 else name.title())
    return "+".join(parts)


class Keys:
    def __init__(self, desktop: "Desktop"):
        self.desktop = desktop
        self.map = key_map(SESSION_COMMANDS + DESKTOP_COMMANDS)

    def on_key(self, event) -> None:
        desktop = self.desktop
        key = event.key
        ctrl = event.mod & pygame.KMOD_CTRL
        if desktop.error is not None:
            if key in RETURN_KEYS or key == pygame.K_ESCAPE:
                desktop.error = None
            return
        writable = desktop.menus.writable_item()
        if writable is not None and not ctrl:
            self.edit(writable, event)
            return
        if key == pygame.K_ESCAPE and desktop.menus:
            desktop.close_menus()
            return
        command = self.map.get(chord(event))
        if command is not None:
            desktop.choose(command)

    def edit(self, item, event) -> None:
        """A key typed into a writable menu item (with the caret)."""
        desktop, key = self.desktop, event.key
        if key in RETURN_KEYS:
            desktop.close_menus()
            desktop.choose(item.command, item.text)
        elif key == pygame.K_BACKSPACE:
            item.text = item.text[:-1]
        elif key == pygame.K_ESCAPE:
            desktop.close_menus()
        elif event.unicode and event.unicode.isprintable():
            item.text += event.unicode
