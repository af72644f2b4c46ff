"""Driving the desktop with posted pygame events, as a player's mouse would."""
import pygame

from kingalbert.desktop.input import SELECT


def post(kind, pos, button=None):
    attrs = {"pos": pos}
    if button is None:
        attrs.update(rel=(0, 0), buttons=(0, 0, 0))
    else:
        attrs["button"] = button
    pygame.event.post(pygame.event.Event(kind, attrs))


def hover_arrow(desktop, level, index):
    menu = desktop.menus.menus[level]
    post(pygame.MOUSEMOTION, (menu.x + menu.width - 4, menu.row_tops()[index] + 8))
    desktop.pump()


def click(desktop, pos, button=SELECT):
    post(pygame.MOUSEBUTTONDOWN, pos, button)
    desktop.pump()
    post(pygame.MOUSEBUTTONUP, pos, button)
    desktop.pump()


def visible(desktop, work_point):
    """Scroll the window so that a work-area point is on screen; return its screen position."""
    window = desktop.window
    x, y = work_point
    window.scroll_to(x - window.w // 2, y - window.h // 2)
    return window.to_screen(x, y)


def drag(desktop, start, end, steps=4):
    """SELECT pressed at ``start``, moved to ``end`` in steps, released (each event handled in turn)."""
    post(pygame.MOUSEBUTTONDOWN, start, SELECT)
    desktop.pump()
    for i in range(1, steps + 1):
        post(pygame.MOUSEMOTION, (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps))
        desktop.pump()
    post(pygame.MOUSEBUTTONUP, end, SELECT)
    desktop.pump()


def top_card(desktop, pile):
    """Screen position of a point inside the top card of ``pile``."""
    view = desktop.board.views[pile]
    count = len(desktop.game.pile(pile).cards)
    rect = desktop.board.card_rect(view, max(0, count - 1))
    return desktop.window.to_screen(rect.x + 6, rect.y + 6)
