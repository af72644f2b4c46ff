"""The keyboard on the desktop: the commands' key chords, the menus, writable items,
boxes, and the keys that play the game.

The key map is made from the command table (``app.commands`` and the
desktop's own commands), so a key does exactly what its menu item does.
The keys that play (``keyboard_play.PLAY_KEYS``) come after it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..app.commands import SESSION_COMMANDS, Command
from ..app.session import now_ms
from .menus import DESKTOP_COMMANDS

if TYPE_CHECKING:
    from .desktop import Desktop

RETURN_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
#: keys pressed only with others (a chord's Shift or Ctrl doesn't stop Demo before its key)
MODIFIERS = frozenset((pygame.K_LSHIFT, pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT,
                       pygame.K_LMETA, pygame.K_RMETA, pygame.K_LGUI, pygame.K_RGUI, pygame.K_MODE,
                       pygame.K_CAPSLOCK, pygame.K_NUMLOCK))
#: SDL's keycode of the PC keyboard's Menu (Application) key, which pygame doesn't name
K_APPLICATION = 0x40000065
MENU_ARROWS = ("Up", "Down", "Left", "Right")


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
    name = "menu" if event.key == K_APPLICATION else pygame.key.name(event.key)
    parts.append(name.upper() if len(name) == 1 else name.title())
    return "+".join(parts)


class Keys:
    def __init__(self, desktop: Desktop):
        self.desktop = desktop
        self.map = key_map(SESSION_COMMANDS + DESKTOP_COMMANDS)

    def on_key(self, event) -> None:
        desktop = self.desktop
        key = event.key
        name = chord(event)
        if desktop.error is not None:
            if key in RETURN_KEYS or key == pygame.K_ESCAPE:
                desktop.close_error()
            else:
                command = self.map.get(name)
                if command is not None and command.name == "fullscreen":
                    desktop.choose(command)     # (the window's, not the desktop's: the box stays)
            return
        if desktop.menus and self.menu_key(event, name):
            return
        command = self.map.get(name)
        if command is not None:
            open_before = bool(desktop.menus)
            desktop.choose(command)
            if open_before and desktop.menus and command.name != "menu":
                desktop.reopen_menu()   # (Undo by its key: the menu's Undo and Redo as they are now)
            return
        if desktop.game_box is not None and (key in RETURN_KEYS or key == pygame.K_ESCAPE):
            self.box_key(key)
            return
        if desktop.session.demo_on and key not in MODIFIERS:
            desktop.session.stop_demo()     # (any key: not only those that play, "x" did nothing)
            return
        desktop.keyboard.on_key(name)

    def menu_key(self, event, name: str) -> bool:
        """A key while a menu is open: the arrows move in the menus, Return chooses, Escape
        closes them; typing goes to a writable item.  True if the key was used."""
        desktop, menus, key = self.desktop, self.desktop.menus, event.key
        writable = menus.writable_item()
        if key == pygame.K_ESCAPE:
            desktop.close_menus()
        elif name in MENU_ARROWS:
            menus.key(name, now_ms())
        elif key in RETURN_KEYS:
            item = menus.key("Return", now_ms())
            if item is None and menus.highlight.get(menus.key_level) is None:
                item = writable   # nothing highlighted: Return is for the item with the caret
            if item is not None:
                desktop.close_menus()
                desktop.choose(item.command, item.text if item.writable else None)
        elif writable is not None and name == "Ctrl+U":
            writable.text = ""
            writable.replaced = False
        elif writable is not None and key == pygame.K_BACKSPACE:
            writable.text = writable.text[:-1]
            writable.replaced = False
        elif (writable is not None and not event.mod & pygame.KMOD_CTRL and event.unicode
              and event.unicode.isprintable()):
            # (the deal shown goes when a number is typed: "42" is deal 42, not 342)
            writable.text = ("" if writable.replaced else writable.text) + event.unicode
            writable.replaced = False
        else:
            # the commands' keys still work (the menu then shows what they changed); play keys
            # wait for the menu, and so does every command but the menu's own key (F10 closes
            # the menus) while the caret is in a writable item
            command = self.map.get(name)
            return command is None or writable is not None and command.name != "menu"
        return True

    def box_key(self, key) -> None:
        """Return or Escape on a game's box: Escape closes it (its close icon); Return presses
        its default button (the rightmost), or closes a box that has only OK."""
        box = self.desktop.game_box
        if box is None:
            return
        if key == pygame.K_ESCAPE or not box.buttons:
            self.desktop.box_press("close")
        else:
            self.desktop.box_press(len(box.buttons) - 1)
