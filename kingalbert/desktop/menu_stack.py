"""The open menus: a menu and its submenus, as the RISC OS Wimp keeps them.

``MenuStack`` holds the menu opened at the pointer and each submenu opened
from the one before, the highlighted row of each, and decides what the
pointer and the keyboard do to them:

- a submenu opens when the pointer moves over its item's arrow, right of
  the arrow, or left of its parent where the screen has no room on the
  right — never over the item that opened it when that can be avoided;
- once a submenu has been open for the menu drag delay (``*Configure
  WimpMenuDragDelay``: "menu activity is disabled after a menu has been
  opened automatically ... so the pointer can move over other menu entries
  without cancelling the submenu"), the pointer resting on another item of
  its parent closes it;
- a menu moves with its submenus when its title bar is dragged;
- the keyboard moves the highlight (Up, Down), opens and closes submenus
  (Right, Left) and chooses (Return).
"""
from __future__ import annotations

import pygame

from .geometry import ICONBAR_MENU_BOTTOM, MENU_OFFSET, MENU_ROW, SCREEN_W, TOOL
from .menu import Menu, MenuItem

#: WimpMenuDragDelay: how long after a submenu opens the pointer may cross other items (ms)
MENU_DRAG_DELAY = 1000


def title_rect(menu) -> pygame.Rect:
    """The title bar of a menu or of a box opened as a submenu (screen pixels)."""
    rect = menu.rect
    return pygame.Rect(rect.x, rect.y, rect.w, TOOL)


class MenuStack:
    """The open menus: the first opened at the pointer, each next a submenu of the one before."""

    def __init__(self):
        self.menus: list = []
        self.highlight: dict[int, int | None] = {}
        #: "window" or "iconbar": which menu is open (to build it again after ADJUST)
        self.source: str | None = None
        #: for each open submenu (by its level): the item of its parent that opened it, and when
        self.opener: dict[int, int] = {}
        self.opened_at: dict[int, int] = {}
        #: when a submenu closes if the pointer still rests on another item of its parent (ms)
        self.due: int | None = None

    def __bool__(self) -> bool:
        return bool(self.menus)

    def open(self, menu: Menu, pos, source: str) -> None:
        if source == "window":
            menu.place(pos[0] - MENU_OFFSET, pos[1])
        else:
            menu.place(pos[0] - MENU_OFFSET, ICONBAR_MENU_BOTTOM - menu.height)
        self._reset([menu])
        self.source = source

    def reopen(self, menu: Menu) -> None:
        """After an ADJUST choice: the same menu again, where it was, updated."""
        old, kept = self.menus[0], self.highlight.get(0)
        menu.x, menu.y = old.x, old.y
        self._reset([menu])
        if kept is not None and kept < len(menu.items):
            self.highlight[0] = kept    # (the keyboard goes on from the item it was on)

    def close(self) -> None:
        self._reset([])

    def _reset(self, menus: list) -> None:
        self.menus = menus
        self.highlight = {0: None} if menus else {}
        self.opener, self.opened_at, self.due = {}, {}, None

    def close_above(self, level: int) -> None:
        """Close every submenu above the menu at ``level``."""
        del self.menus[level + 1:]
        for table in (self.highlight, self.opener, self.opened_at):
            for key in [key for key in table if key > level]:
                del table[key]
        self.due = None

    # -- submenus ---------------------------------------------------------------------------
    def open_submenu(self, level: int, index: int, now: int = 0) -> bool:
        menu = self.menus[level]
        sub = menu.items[index].submenu
        if sub is None or menu.items[index].shaded:
            return False
        if len(self.menus) > level + 1 and self.menus[level + 1] is sub:
            return True
        self.close_above(level)
        self.place_submenu(menu, index, sub)
        self.menus.append(sub)
        self.highlight[level + 1] = None
        self.opener[level + 1] = index
        self.opened_at[level + 1] = now
        return True

    @staticmethod
    def place_submenu(menu: Menu, index: int, sub) -> None:
        """Right of the item's arrow; else left of the parent; else where it covers the
        item least (below or above its row)."""
        parent = menu.rect
        top = menu.row_tops()[index]
        sub.place(parent.right, top)   # its outline shares the parent's right edge
        if sub.rect.x >= parent.right - 1:
            return
        width = sub.rect.w
        left_x = parent.x + 2 - width   # its outline shares the parent's left edge
        if left_x - 1 >= 0:
            sub.place(left_x, top)
            return
        # no room on either side: the side with more room, clear of the item's row
        if parent.x < SCREEN_W - parent.right:
            sub.place(parent.right, top)
        else:
            sub.place(left_x, top)
        row = pygame.Rect(menu.x, top, menu.width, MENU_ROW)
        if sub.rect.colliderect(row):
            sub.place(sub.x, top + MENU_ROW + TOOL + 1)
        if sub.rect.colliderect(row):
            sub.place(sub.x, top - 1 - sub.rect.h + TOOL)

    def menu_at(self, pos) -> int | None:
        for level in range(len(self.menus) - 1, -1, -1):
            if self.menus[level].rect.collidepoint(pos):
                return level
        return None

    def writable_item(self) -> MenuItem | None:
        """The writable item of the innermost open menu, which has the caret."""
        if self.menus and isinstance(self.menus[-1], Menu):
            for entry in self.menus[-1].items:
                if entry.writable:
                    return entry
        return None

    # -- the pointer --------------------------------------------------------------------------
    def hover(self, pos, now: int = 0) -> None:
        """The pointer moved over the menus: highlight the row, open a submenu over its arrow,
        close a submenu whose parent's other item the pointer is on (after the delay)."""
        level = self.menu_at(pos)
        if level is None:
            return
        for lower in range(level):   # the items that opened the submenus the pointer is in
            self.highlight[lower] = self.opener.get(lower + 1, self.highlight.get(lower))
        self.due = None
        menu = self.menus[level]
        if not isinstance(menu, Menu):
            return
        index = menu.item_at(pos)
        self.highlight[level] = index
        if level + 1 < len(self.menus) and index is not None and index != self.opener.get(level + 1):
            due = self.opened_at.get(level + 1, 0) + MENU_DRAG_DELAY
            if now >= due:
                self.close_above(level)
            else:
                self.due = due
        if index is not None and menu.items[index].submenu is not None and menu.on_arrow(pos):
            self.open_submenu(level, index, now)

    def step(self, now: int) -> None:
        """The delay has passed: close a submenu if the pointer still rests on another item
        of its parent."""
        if self.due is None or now < self.due:
            return
        self.due = None
        for level in range(len(self.menus) - 1):
            index = self.highlight.get(level)
            if index is not None and index != self.opener.get(level + 1):
                self.close_above(level)
                return

    def drag_to(self, level: int, origin, start, pos) -> None:
        """The title bar of the menu at ``level`` dragged from ``start`` to ``pos``: it moves
        there (kept on the screen), its submenus with it."""
        menu = self.menus[level]
        old = (menu.x, menu.y)
        menu.place(origin[0] + pos[0] - start[0], origin[1] + pos[1] - start[1])
        dx, dy = menu.x - old[0], menu.y - old[1]
        for sub in self.menus[level + 1:]:
            sub.x += dx
            sub.y += dy

    # -- the keyboard ---------------------------------------------------------------------------
    @property
    def key_level(self) -> int:
        """The menu the keyboard works in: the innermost that is a menu (not a box)."""
        level = len(self.menus) - 1
        while level > 0 and not isinstance(self.menus[level], Menu):
            level -= 1
        return level

    def key(self, name: str, now: int = 0) -> MenuItem | None:
        """Up, Down, Left, Right or Return pressed: returns the item Return chose (its
        submenu, if it has one and no command of its own, is opened instead)."""
        level = self.key_level
        menu = self.menus[level]
        if not isinstance(menu, Menu) or not menu.items:
            return None
        index = self.highlight.get(level)
        if name in ("Up", "Down"):
            step = -1 if name == "Up" else 1
            count = len(menu.items)
            start = index if index is not None else (-1 if step > 0 else count)
            for distance in range(1, count + 1):
                candidate = (start + step * distance) % count
                if not menu.items[candidate].shaded:
                    self.close_above(level)
                    self.highlight[level] = candidate
                    break
        elif name == "Left":
            if len(self.menus) > 1:
                self.close_above(max(0, len(self.menus) - 2))
        elif name in ("Right", "Return") and index is not None:
            item = menu.items[index]
            if item.submenu is not None and (name == "Right" or item.command is None):
                if self.open_submenu(level, index, now) and isinstance(item.submenu, Menu):
                    sub_level = level + 1
                    first = next((i for i, entry in enumerate(item.submenu.items) if not entry.shaded), None)
                    self.highlight[sub_level] = first
            elif name == "Return" and not item.shaded:
                return item
        return None

    def draw(self, screen, tick, arrow) -> None:
        for level, menu in enumerate(self.menus):
            menu.draw(screen, tick, arrow, self.highlight.get(level))
