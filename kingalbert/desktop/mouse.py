"""The mouse on the desktop: SELECT, MENU and ADJUST as RISC OS has them.

SELECT (left) drags cards, the window and its scroll bars, and chooses menu
items; ADJUST (right) sends a card to its suit stack and chooses menu items
keeping the menu open; MENU (middle) opens the menus — and so does
Ctrl+SELECT, for a touchpad or a mouse without a middle button.  The wheel
scrolls the window's work area.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..app.session import now_ms
from ..engine.moves import Move
from .geometry import ICONBAR_H, SCREEN_H, SCREEN_W
from .input import ADJUST, MENU, SELECT, CardDrag, CardPress, ClickPress, FrameDrag
from .menu_stack import title_rect

#: how far one notch of the wheel scrolls (pixels; a scroll arrow's click is 16)
WHEEL_STEP = 32

if TYPE_CHECKING:
    from .desktop import Desktop


class Mouse:
    def __init__(self, desktop: Desktop):
        self.desktop = desktop
        #: where the pointer was last seen on the emulated screen (None: not yet)
        self.last: tuple[int, int] | None = None
        #: SELECT went down with Ctrl held: it is MENU until it comes up
        self.ctrl_select = False

    def want_motion(self, wanted: bool) -> None:
        """Mouse movement events only while something follows the pointer (or an information
        panel describes the pile under it): otherwise the loop sleeps."""
        wanted = wanted or self.desktop.board.info_rect is not None
        if pygame.display.get_init():
            if wanted:
                pygame.event.set_allowed(pygame.MOUSEMOTION)
            else:
                pygame.event.set_blocked(pygame.MOUSEMOTION)

    def to_screen(self, pos) -> tuple[int, int]:
        display = self.desktop.display
        return display.to_screen(pos) if display is not None else (pos[0], pos[1])

    def pointer(self) -> tuple[int, int]:
        """Where the pointer is on the emulated screen: the window system's word while it
        is over the window, else where it was last seen, else over the game's window."""
        if self.desktop.display is not None and pygame.mouse.get_focused():
            pos = self.to_screen(pygame.mouse.get_pos())
            if 0 <= pos[0] < SCREEN_W and 0 <= pos[1] < SCREEN_H:
                return pos
        if self.last is not None:
            return self.last
        window = self.desktop.window
        return window.x + min(window.w, 200) // 2, window.y + 40

    def handle(self, event) -> None:
        kind = event.type
        if kind == pygame.MOUSEWHEEL:
            self.on_wheel(event)
            return
        pos = self.last = self.to_screen(event.pos)
        if kind == pygame.MOUSEMOTION:
            self.on_motion(pos)
        elif event.button in (SELECT, MENU, ADJUST):
            button = event.button
            if button == SELECT and kind == pygame.MOUSEBUTTONDOWN:
                self.ctrl_select = bool(pygame.key.get_mods() & pygame.KMOD_CTRL)
            if button == SELECT and self.ctrl_select:
                button = MENU   # Ctrl+SELECT is MENU, its release too
                self.ctrl_select = kind == pygame.MOUSEBUTTONDOWN
            if kind == pygame.MOUSEBUTTONDOWN:
                self.on_press(pos, button)
            else:
                self.on_release(pos, button)

    def on_wheel(self, event) -> None:
        """The wheel scrolls the work area (sideways with Shift, or a sideways wheel)."""
        desktop = self.desktop
        window = desktop.window
        if desktop.menus or desktop.error is not None or not window.is_open or desktop.drag is not None:
            return
        dx, dy = event.x, event.y
        if getattr(event, "flipped", False):
            dx, dy = -dx, -dy
        if pygame.key.get_mods() & pygame.KMOD_SHIFT:
            dx, dy = dy, 0
        window.scroll_to(window.scroll_x + dx * WHEEL_STEP, window.scroll_y - dy * WHEEL_STEP)
        if self.last is not None:
            self.hover(self.last)

    def left_window(self) -> None:
        """The pointer left the program's window: nothing is under it any more."""
        self.desktop.board.hover = None

    # -- presses ---------------------------------------------------------------------------
    def on_press(self, pos, button) -> None:
        desktop = self.desktop
        if desktop.error is not None:
            if button == SELECT and desktop.error.ok_rect.collidepoint(pos):
                desktop.close_error()
            return
        if desktop.session.demo_on:
            desktop.session.stop_demo()
            return
        if desktop.animation is not None:
            # a player who clicks on doesn't wait for the cards to land, nor lose the click
            desktop.finish_animation()
        if desktop.menus:
            self.menu_press(pos, button)
            return
        part = desktop.game_box.part_at(pos) if desktop.game_box is not None and button != MENU else None
        if part is not None:
            if button == SELECT:
                desktop.box_press(part)
            return
        window = desktop.window
        part = window.part_at(pos) if window.is_open else None
        if button == MENU:
            if part is not None:
                desktop.open_menu("window", pos)
            elif desktop.icon_rect.collidepoint(pos):
                desktop.open_menu("iconbar", pos)
            return
        if part is None:
            self.desktop.board.hover = None
            if desktop.icon_rect.collidepoint(pos) and button == SELECT:
                window.is_open = True
                desktop.focus = True
            return
        desktop.focus = True
        self.window_press(part, pos, button)

    def window_press(self, part: str, pos, button) -> None:
        desktop = self.desktop
        window = desktop.window
        if part == "work":
            if not desktop.on_pinned(pos):
                self.board_press(window.to_work(pos), pos, button)
        elif part in ("title", "size", "vslider", "hslider"):
            origin = (window.w, window.h) if part == "size" else (
                (window.x, window.y) if part == "title" else (window.scroll_x, window.scroll_y))
            desktop.drag = FrameDrag("window" if part == "title" else part, pos, origin, pos)
            self.want_motion(True)
        elif part == "close":
            window.is_open = False
            desktop.focus = False
        elif part == "toggle":
            if not desktop.toggle_fit():
                window.toggle_size(SCREEN_H - ICONBAR_H)
        elif part in ("up", "down", "left", "right"):
            step = 16 if button == SELECT else -16
            dx = {"left": -step, "right": step}.get(part, 0)
            dy = {"up": -step, "down": step}.get(part, 0)
            window.scroll_to(window.scroll_x + dx, window.scroll_y + dy)
        elif part in ("vwell", "hwell"):
            slider = window.slider(part == "vwell")
            if part == "vwell":
                page = window.h if pos[1] > slider.centery else -window.h
                window.scroll_to(window.scroll_x, window.scroll_y + (page if button == SELECT else -page))
            else:
                page = window.w if pos[0] > slider.centerx else -window.w
                window.scroll_to(window.scroll_x + (page if button == SELECT else -page), window.scroll_y)

    def menu_press(self, pos, button) -> None:
        desktop = self.desktop
        menus = desktop.menus
        level = menus.menu_at(pos)
        if level is None:
            desktop.close_menus()
            return
        menu = menus.menus[level]
        if title_rect(menu).collidepoint(pos) and button != MENU:
            # a menu moves by its title bar, its submenus with it
            desktop.drag = FrameDrag("menu", pos, (menu.x, menu.y), pos, level)
            return
        if not hasattr(menu, "items"):
            return   # a box opened as a submenu
        index = menu.item_at(pos)
        if index is None:
            return
        item = menu.items[index]
        if item.shaded:
            return
        if item.submenu is not None and item.command is None:
            menus.open_submenu(level, index)
            return
        text = item.text if item.writable else None
        if button == ADJUST and not item.writable:
            desktop.choose(item.command, text)
            if desktop.running:
                desktop.reopen_menu()
        else:
            desktop.close_menus()
            desktop.choose(item.command, text)

    def board_press(self, wpos, pos, button) -> None:
        desktop = self.desktop
        game = desktop.game
        hit = desktop.board.card_at(wpos)
        if hit is None or game.over:
            return  # a game over keeps its cards and its message until the next one
        pile, n = hit
        desktop.keyboard.hide(pile)
        if desktop.rules_mode:
            if button == SELECT:
                desktop.show_rules(pile)
            return
        if button == ADJUST:
            # a game whose ADJUST carries cards of its own (CardsWorkShop) drags them, and the
            # release decides; otherwise the press sends a card to its foundation
            carried = game.ruleset.picked_up(game, game.pile(pile), n, button="right") if n > 0 else None
            if carried:
                self.press_cards(pile, n, wpos, pos, carried, ADJUST)
            else:   # on an empty place too: a game may put cards there by itself
                desktop.play(Move("adjust", pile, max(n, 1)))
            return
        refusal, cards = None, []
        if n > 0:
            refusal = game.ruleset.check_pick(game, game.pile(pile), n)
            if refusal is None:
                cards = game.ruleset.picked_up(game, game.pile(pile), n) or []
        if not cards:
            # not a card that can be picked up: a click (on a stock, say), a press that
            # moves cards by itself, or a refused drag
            desktop.press = ClickPress(pile, max(n, 1), pos, refusal, completes=n > 0 and refusal is None)
            self.want_motion(True)
            return
        self.press_cards(pile, n, wpos, pos, cards, SELECT)

    def press_cards(self, pile: str, n: int, wpos, pos, cards, button: int) -> None:
        """A press on cards that will follow the pointer once it moves."""
        desktop = self.desktop
        board = desktop.board
        pile_cards = desktop.game.pile(pile).cards
        card = board.card_rect(board.views[pile], max(0, len(pile_cards) - n))
        # the cards leave their pile while they follow the pointer, if they are its top cards
        lifted = len(cards) if pile_cards[-len(cards):] == cards else 0
        desktop.press = CardPress(pile, n, pos, (wpos[0] - card.x, wpos[1] - card.y), list(cards), lifted, button)
        self.want_motion(True)

    # -- movement ---------------------------------------------------------------------------
    def on_motion(self, pos) -> None:
        desktop = self.desktop
        press = desktop.press
        if press is not None and desktop.drag is None and not (isinstance(press, ClickPress) and press.completes):
            # a press that moves cards by itself completes at the release, wherever that is
            if press.moved_enough(pos):
                desktop.press = None
                if isinstance(press, ClickPress):
                    if press.refusal:
                        desktop.game.message = press.refusal
                    self.want_motion(bool(desktop.menus))
                else:
                    desktop.drag = CardDrag.from_press(press, pos)
                    desktop.renderer.drag_ended()
        drag = desktop.drag
        if drag is not None:
            drag.at = pos
            if isinstance(drag, FrameDrag):
                self.frame_drag(drag, pos)
            return
        self.hover(pos)
        if desktop.menus:
            desktop.menus.hover(pos, now_ms())

    def frame_drag(self, drag: FrameDrag, pos) -> None:
        window = self.desktop.window
        dx, dy = pos[0] - drag.start[0], pos[1] - drag.start[1]
        if drag.kind == "menu":
            if drag.level < len(self.desktop.menus.menus):
                self.desktop.menus.drag_to(drag.level, drag.origin, drag.start, pos)
        elif drag.kind == "window":
            window.move_to(drag.origin[0] + dx, drag.origin[1] + dy)
        elif drag.kind == "size":
            window.drag_size(drag.origin[0] + dx, drag.origin[1] + dy)
        elif drag.kind == "vslider":
            ratio = window.extent_h / max(1, window.tool_rects()["vwell"].h)
            window.scroll_to(window.scroll_x, int(drag.origin[1] + dy * ratio))
        elif drag.kind == "hslider":
            ratio = window.extent_w / max(1, window.tool_rects()["hwell"].w)
            window.scroll_to(int(drag.origin[0] + dx * ratio), window.scroll_y)

    def hover(self, pos) -> None:
        """The information panel describes the pile under the pointer."""
        desktop = self.desktop
        board, window = desktop.board, desktop.window
        if board.info_rect is None:
            return
        if window.part_at(pos) == "work" and not desktop.on_pinned(pos) and desktop.menus.menu_at(pos) is None:
            hit = board.card_at(window.to_work(pos))
            board.hover = hit[0] if hit else None
        else:
            board.hover = None

    def on_release(self, pos, button) -> None:
        desktop = self.desktop
        press, drag = desktop.press, desktop.drag
        desktop.press = None
        if drag is None and isinstance(press, CardPress) and press.button == button and press.moved_enough(pos):
            # released away from the press with no movement seen between (a quick flick: the
            # movement came with the press, before movement was asked for): a drag all the same
            drag = desktop.drag = CardDrag.from_press(press, pos)
        if isinstance(drag, CardDrag):
            if button != drag.button:
                return   # the other button: the drag goes on
            desktop.drag = None
            self.want_motion(bool(desktop.menus))
            rect = desktop.renderer.dragged_rect(pos, drag)
            desktop.renderer.drag_ended()
            window = desktop.window
            target = None if desktop.on_pinned(pos) else desktop.board.drop_target(
                window.to_work(pos), pygame.Rect(window.to_work(rect.topleft), rect.size))
            if drag.button == ADJUST:
                # an ADJUST drag: released over another pile it is a transaction of its own,
                # over the pile it came from the click; elsewhere nothing happens
                if target is not None:
                    desktop.play(Move("adjust", drag.pile, drag.n, target if target != drag.pile else None))
            elif target is not None and target != drag.pile:
                game = desktop.game
                n = game.ruleset.drop_count(game, game.pile(drag.pile), drag.n, game.pile(target))
                desktop.play(Move("drag", drag.pile, n, target))
            elif desktop.game.message:
                desktop.session.say("")   # back where it was: no earlier refusal stays
            return
        if isinstance(press, CardPress) and press.button == ADJUST:
            if button == ADJUST:        # pressed and released without moving: the click
                self.want_motion(bool(desktop.menus))
                desktop.play(Move("adjust", press.pile, press.n))
            return
        if button != SELECT and drag is None:
            return
        if drag is not None:
            desktop.drag = None
            self.want_motion(bool(desktop.menus))
            return
        if press is not None:
            self.want_motion(bool(desktop.menus))
            desktop.play(Move("click", press.pile, press.n))
