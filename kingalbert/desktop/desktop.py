"""The emulated RISC OS 3 desktop that King Albert (and every other game) plays in.

``Desktop`` owns the 640×480 8-bit screen in the Wimp palette, the icon bar,
the game window, menus, boxes and what the mouse is doing.  The game itself
lives in an ``app.session.Session`` — the desktop changes it only through
the session (moves, undo, the commands of the menus and keys) and listens
to its announcements.  Drawing is ``render.Renderer``'s, the mouse
``mouse.Mouse``'s, the keyboard ``keys.Keys``'s, the real window
``display.Display``'s and the event loop ``main``'s.
"""
from __future__ import annotations

import os
from pathlib import Path

import pygame

from ..app import commands
from ..app.catalogue import GameRef
from ..app.saves import is_saved_game
from ..app.session import Session, now_ms
from ..engine.errors import IllegalMoveError, RuleFileError, SolitaireError, shorten
from ..engine.game import Game
from ..engine.moves import Move
from ..sprites import font, icon, tools
from ..sprites.palette import GREY4, new_surface
from . import fitting
from .animation import FLASH_MS, FLASH_PHASES, Animation
from .board import MESSAGE_CHARS, MESSAGE_H, Board, info_width
from .dialogs import ErrorBox, GameBox
from .display import Display
from .geometry import ICONBAR_H, SCREEN_H, SCREEN_W, TOOL
from .indicator import THOUGHT, Thinker
from .input import CardDrag, CardPress, Drag, Press
from .keyboard_play import KeyboardPlay, digit_columns, has_rows_behind, key_lines, key_list
from .keys import Keys
from .menu_stack import MenuStack
from .menus import game_menu, iconbar_menu
from .mouse import Mouse
from .render import Renderer
from .window import Window

#: the least room the F1 box leaves between itself and each side of the screen
KEYS_MARGIN = 8


class Desktop:
    #: the game's window (made for each game by ``new_board``)
    window: Window
    board: Board

    def __init__(self, game: Game, options=None, *, autosave: bool | Path | None = True, thinking: bool = True,
                 loaded: bool = False):
        self.session = Session(game, options, autosave=autosave, worker=Thinker() if thinking else None,
                               loaded=loaded)
        self.screen = new_surface(SCREEN_W, SCREEN_H, fill=GREY4)
        self.tools = tools.window_tools()
        self.tick = tools.menu_tick()
        self.arrow = tools.submenu_arrow()
        self.icon = icon.app_icon()
        self.icon_rect = pygame.Rect(SCREEN_W - 34 - 24, SCREEN_H - ICONBAR_H + 20, 34, 34)
        self.menus = MenuStack()
        self.press: Press | None = None
        self.drag: Drag | None = None
        self.animation: Animation | None = None
        self.focus = True
        self.running = True
        #: a Quit was kept back once because the game could not be saved (see quit)
        self.quit_warned = False
        self.error: ErrorBox | None = None
        #: files dropped while an error box showed: opened one by one as each box is closed
        #: (an error box is modal, as RISC OS's is)
        self.dropped: list[str] = []
        #: the game's own box (CardsWorkShop's help window, a pile's rules), and the one the player closed
        self.game_box: GameBox | None = None
        self._closed_box = None
        #: when the flashing cards started to flash
        self.flash_start: int | None = None
        #: SELECT on a pile shows its rules instead of playing (the Rules menu item)
        self.rules_mode = False
        #: the real window, once there is one (see ``display``)
        self.display: Display | None = None
        self.renderer = Renderer(self)
        self.mouse = Mouse(self)
        self.keys = Keys(self)
        self.keyboard = KeyboardPlay(self)
        self.new_board()
        self.session.listeners.append(self.on_session)

    # -- what the session holds, for the desktop's parts and for tests --------------------
    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def statistics(self):
        return self.session.statistics

    @property
    def solution(self):
        return self.session.solution

    @property
    def demo(self):
        return self.session.demo

    def on_session(self, what: str) -> None:
        """The session announced a change."""
        if what in ("game", "position"):
            # (a key's Undo or New game while a card is held: the press and the mark were of
            # cards that may lie elsewhere now; a move the drag itself played let go first)
            if isinstance(self.press, CardPress) or isinstance(self.drag, CardDrag):
                self.press = self.drag = None
                self.renderer.drag_ended()
            self.keyboard.mark = None
        if what == "game":
            self.new_board()
            if self.menus and self.menus.source == "window":
                # (a game dropped on the window while its menu was open: the menu was the old
                # game's, whose Save game offered the old game's name for the new one)
                self.reopen_menu()
        elif what in ("position", "refused"):
            self.sync_game_box()   # a refused move may still open the game's box (a WAIT) or flash
        self.sync_board()

    def sync_board(self) -> None:
        """Give the board what the session says about the game: the verdict, the hint, the counts."""
        board, session = self.board, self.session
        board.indicator = session.indicator
        hint = session.hint
        # a hint is about the position it was asked in: never during Demo or after the end
        live = hint is not None and session.demo is None and session.game.status == "playing"
        board.hint = ((hint.src, hint.n), hint.dst) if live and hint else None
        board.statistics = session.played_won
        self.keyboard.sync()

    # -- the game window -----------------------------------------------------------------
    def new_board(self) -> None:
        """A window for the session's game: its board fitted to the screen."""
        game = self.game
        #: the game's playfield is fitted to the screen (toggle size gives the usual cards)
        self.fitted = True
        #: where the fitted window was when toggle size gave the usual cards
        self._fitted_place: tuple[int, int] | None = None
        self.board = self.fitted_board(game)
        width, height = self.board.size
        old: Window | None = getattr(self, "window", None)
        x = (SCREEN_W - width) // 2 if old is None else old.x
        y = max(TOOL + 2, (SCREEN_H - ICONBAR_H - height - TOOL) // 2 + TOOL) if old is None else old.y
        self.window = Window(game.name, (width, height), x, y)
        fx, fy, w, h = self.window.full_size(SCREEN_H - ICONBAR_H)
        self.window.resize(w, h)
        self.window.move_to(fx, fy)
        if old is not None:
            self.window.is_open = old.is_open
        self.game_box = self._closed_box = None
        self.flash_start = None
        self.keyboard.reset()
        self.sync_board()
        self.mouse.want_motion(self.drag is not None or bool(self.menus))

    def set_game(self, game: Game) -> None:
        self.session.set_game(game)

    @staticmethod
    def work_room(game: Game) -> tuple[int, int]:
        """The playfield a window on the screen can show whole: the largest work area
        (above the icon bar, below the title bar) less the information panel and the
        message row the board adds."""
        width, height = SCREEN_W - 2, SCREEN_H - ICONBAR_H - TOOL - 2
        if game.ruleset.info_panel:
            width -= info_width(game)
        if game.ruleset.layout(game).message is None:
            height -= MESSAGE_H
        return width, height

    def fitted_board(self, game: Game) -> Board:
        """The board that shows the whole game on the screen (see ``fitting.fit``), wide
        enough for the message row it adds to hold two lines of ``MESSAGE_CHARS``.  Fitted
        to the game's opening deal, whatever its position now: a game loaded, or brought
        back by the autosave, shows as it did while it was played (fitted to the position,
        a Yukon game one move on from its deal had cards of 40 pixels instead of 52)."""
        try:
            opening = Game.from_position(game.ruleset, game.start_position(), dict(game.options))
        except SolitaireError:
            opening = game
        layout = fitting.fit(opening, *self.work_room(game))
        if layout.message is None:
            panel = info_width(game) if game.ruleset.info_panel else 0
            layout = fitting.widened(layout, MESSAGE_CHARS * font.GLYPH_W + 16 - panel)
        return Board(game, layout)

    def toggle_fit(self) -> bool:
        """Toggle size: between the game fitted to the screen and the game's usual card
        size (scrolling); False for a game whose fitted board is its usual one."""
        game, window = self.game, self.window
        board = Board(game) if self.fitted else self.fitted_board(game)
        if board.layout == self.board.layout:
            return False
        place, self.fitted = (window.x, window.y), not self.fitted
        board.hover = self.board.hover
        self.board = board
        self.sync_board()   # the verdict, the hint and the counts go on showing
        window.set_extent(*board.size, toggled=not self.fitted)
        _, _, w, h = window.full_size(SCREEN_H - ICONBAR_H)
        window.resize(w, h)
        # (toggled back, the window goes back where it was, as the Wimp's toggle size does:
        # it stayed where the bigger window had been pushed to fit the screen)
        x, y = self._fitted_place if self.fitted and self._fitted_place is not None else (window.x, window.y)
        # (the outline's left column is at x - 1: a window as wide as the screen lies at x = 1)
        window.move_to(min(x, SCREEN_W + 1 - window.outer.w), y)
        self._fitted_place = None if self.fitted else place
        return True

    # -- the game's own boxes ---------------------------------------------------------------
    def sync_game_box(self) -> None:
        """Show what the game's program asked for: its box (opened, changed or closed) and flashing cards."""
        game = self.game
        ruleset = game.ruleset
        flashes = [event[1:] for event in ruleset.take_events(game) if event[0] == "flash"]
        if flashes:
            self.board.flash = flashes
            self.board.flash_on = True
            self.flash_start = now_ms()
        shown = ruleset.help_box(game)
        if shown is None or not shown.open:
            if self.game_box is not None and self.game_box.source is not None:
                self.game_box = None
        elif (self.game_box is None or self.game_box.source is not shown) and shown is not self._closed_box:
            buttons = [title for title, _ in shown.buttons]
            self.game_box = self.place_box(GameBox(shown.title, shown.text, buttons, shown))

    def close_position_box(self) -> None:
        """Undo, Redo, Restart and Demo put another position in place of the one a box
        tells of (the game's own box, a pile's rules with its counts): it closes, as at a
        new game, rather than go on saying what is no longer so (the keys' box stays)."""
        box = self.game_box
        if box is not None and not box.keys:
            self._closed_box = box.source
            self.game_box = None

    def place_box(self, box: GameBox) -> GameBox:
        """Where a game's box opens: on the game's grid where it asks (CLEAR ... AT x, y IS w BY h:
        the box, its title bar too, over those cells, as wide as they are and at least as
        high), else mid-window."""
        window, at, cell = self.window, getattr(box.source, "box", None), self.board.layout.cell
        if at and cell:
            x, y = window.to_screen(int(at[0] * cell[0]), int(at[1] * cell[1]))
            if len(at) == 4:
                box.size(int(at[2] * cell[0]) - 2, int(at[3] * cell[1]) - TOOL - 1)
            box.place(x + 1, y + TOOL)
        else:
            box.place(window.x + (min(window.w, self.board.width) - box.W) // 2,
                      window.y + (min(window.h, self.board.height) - box.H) // 2)
        return box

    def show_rules(self, pile_name: str) -> None:
        """The Rules mode's answer to SELECT on a pile: the game's own Help, else what the engine knows."""
        game = self.game
        pile = game.pile(pile_name)
        if game.ruleset.help_text(game, pile) is not None:
            self._closed_box = None
            self.sync_game_box()
        else:
            lines = game.ruleset.describe_pile(game, pile) or ["This pile has no rules of its own to show."]
            self.game_box = self.place_box(GameBox(game.ruleset.pile_title(game, pile), "\n".join(lines), [], ok=True))

    def show_keys(self) -> None:
        """F1: the keys that play the game, in a box."""
        # (as wide as its longest line, at most the screen's width less a margin each side)
        columns = digit_columns(self.board)
        rows = key_list(self.game, len(columns), any(has_rows_behind(self.board, name) for name in columns))
        lines = key_lines(rows, (SCREEN_W - 2 * KEYS_MARGIN - 24) // font.GLYPH_W)
        width = 24 + font.GLYPH_W * max(len(line) for line in lines)
        self.game_box = self.place_box(GameBox("Keys", "\n".join(lines), [], ok=True, width=width, lines=len(lines),
                                               keys=True))

    def box_press(self, part) -> None:
        box = self.game_box
        if box is None:
            return
        if part == "close" or (box.source is None and isinstance(part, int)):
            self._closed_box = box.source
            self.game_box = None
        elif isinstance(part, int):
            try:
                self.game.ruleset.press_button(self.game, part)
            except IllegalMoveError as refusal:
                self.game.message = str(refusal)
            self.session.changed()

    def toggle_rules(self) -> None:
        self.rules_mode = not self.rules_mode
        self.session.say("Rules: click a pile, or press Return on one, to read its rules" if self.rules_mode else "")

    # -- playing ----------------------------------------------------------------------------
    def play(self, move: Move) -> bool:
        record = self.session.play(move)
        if record is None:
            return False
        self.animation = Animation.of_record(self.game, record, now_ms())
        return True

    def finish_animation(self) -> None:
        self.animation = None

    def new_game(self, seed: int | None = None, any_deal: bool = False) -> None:
        self.session.new_game(seed, any_deal)

    def undo(self) -> None:
        self.finish_animation()
        self.session.undo()

    def redo(self) -> None:
        self.finish_animation()
        self.session.redo()

    def start_demo(self) -> None:
        self.session.start_demo()

    def fail(self, error: RuleFileError) -> None:
        """A game's own program failed (a runaway script, say): the engine rolled its move
        back; the player sees why, and plays on."""
        self.press = self.drag = None
        self.renderer.drag_ended()
        if self.session.demo_on:
            self.session.stop_demo()
        self.error = ErrorBox("King Albert", str(error))

    # -- commands -------------------------------------------------------------------------
    def choose(self, command: commands.Command | None, text: str | None = None) -> None:
        """Carry out a command of a menu or a key."""
        if command is None:
            return
        name = command.name
        try:
            if name == "quit":
                self.quit()
            elif name == "rules":
                self.toggle_rules()
            elif name == "fullscreen":
                if self.display is not None:
                    self.display.toggle_fullscreen()
            elif name == "open":
                self.open_game(command.arg if command.arg is not None else (text or "").strip() or None)
            elif name == "load":
                self.load_game(text or "")
            elif name == "menu":
                if self.menus:
                    self.close_menus()
                else:
                    if self.session.demo_on:
                        self.session.stop_demo()    # (as the MENU button's click does)
                    self.open_menu_at_pointer()
            elif name == "keys":
                self.show_keys()
            else:
                if name in ("undo", "redo", "restart", "hint"):
                    self.finish_animation()
                if name in ("undo", "redo", "restart", "demo"):
                    self.close_position_box()
                commands.run(self.session, command, text)
        except OSError as error:
            self.error = ErrorBox("King Albert", f"{text or ''}: can't be written ({error.strerror or error})")

    def quit(self, asked: bool = True) -> None:
        """Quit; but where the autosave could not be written last time, it is tried again
        first, and if it still fails a box says so and this Quit stays: the next one leaves
        (the moves since the last autosave that was written are then lost).  A quit not
        ``asked`` by the player (a signal: the system going down) tries once more and leaves."""
        session = self.session
        if session.unsaved is not None and not self.quit_warned:
            session.save_progress()
            if session.unsaved is not None and asked:
                self.quit_warned = True
                self.error = ErrorBox("King Albert", f"The game can't be saved: {session.unsaved}. "
                                                     "Quit again to leave without its last moves, "
                                                     "or keep it with Save game elsewhere first.")
                return
        self.running = False

    def open_game(self, what: str | GameRef | None) -> bool:
        """Start a game (a rule file, a built-in game, a saved game); a bad file opens an
        error box and leaves the game in progress untouched."""
        try:
            self.session.open(what)
        except SolitaireError as error:
            self.error = ErrorBox("King Albert", str(error))
            return False
        return True

    def close_error(self) -> None:
        """The error box's OK: the files dropped while it showed are opened, up to the first
        that fails, whose box holds back the rest."""
        self.error = None
        while self.dropped and self.error is None:
            self.open_game(self.dropped.pop(0))

    def load_game(self, text: str) -> None:
        """Load game's writable item: the saved game typed there (a name alone: in the saves
        folder, as Save game puts it)."""
        if not text.strip():
            return
        path = self.session.saved_game_named(text)
        if os.path.isdir(path):
            name = shorten(os.path.basename(os.path.normpath(path)) or path)
            self.session.say(f"{name} is a folder: choose a saved game from the menu, or type its file's name")
        elif os.path.exists(path) and not is_saved_game(path):
            self.error = ErrorBox("King Albert", f"{path}: not a saved game")
        else:
            self.open_game(path)

    def open_menu_at_pointer(self) -> None:
        """A key's MENU: the icon bar's menu over the icon, else the window's, at the pointer;
        with the window closed, the icon bar's menu over the icon (no window, no game menu)."""
        pos = self.mouse.pointer()
        if self.icon_rect.collidepoint(pos):
            self.open_menu("iconbar", pos)
        elif not self.window.is_open:
            self.open_menu("iconbar", self.icon_rect.center)
        else:
            self.open_menu("window", pos)

    def open_menu(self, source: str, pos) -> None:
        menu = game_menu(self.session, self.rules_mode) if source == "window" else iconbar_menu()
        self.menus.open(menu, pos, source)
        self.mouse.want_motion(True)

    def reopen_menu(self) -> None:
        self.menus.reopen(game_menu(self.session, self.rules_mode) if self.menus.source == "window" else iconbar_menu())

    def close_menus(self) -> None:
        self.menus.close()
        self.mouse.want_motion(self.drag is not None)

    # -- events -----------------------------------------------------------------------------
    def handle(self, event) -> None:
        """Handle one event; whatever goes wrong, the game is kept and a box says why."""
        try:
            self.dispatch(event)
        except RuleFileError as error:
            self.fail(error)
        except Exception as error:  # a bug must not cost the player the game
            self.fail_unexpectedly(error)

    def fail_unexpectedly(self, error: Exception) -> None:
        self.press = self.drag = None
        self.renderer.drag_ended()
        self.animation = None
        self.session.demo = None
        self.error = ErrorBox("King Albert", f"Something went wrong ({type(error).__name__}: {error}). "
                                             "The game is kept as it was before.")

    def dispatch(self, event) -> None:
        kind = event.type
        if kind == pygame.QUIT:
            self.quit(asked=not hasattr(event, "signal"))
        elif kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.MOUSEWHEEL):
            self.mouse.handle(event)
        elif kind == pygame.WINDOWLEAVE:
            self.mouse.left_window()
        elif kind == pygame.KEYDOWN:
            self.keys.on_key(event)
        elif kind == pygame.DROPFILE:
            # (a drop of two files: the first one's error box stood over the game the second
            # loaded behind it; the second waits for the box to be closed)
            if self.error is not None:
                self.dropped.append(event.file)
            else:
                self.open_game(event.file)
        elif kind == THOUGHT:
            self.session.on_answer(event.answer)

    def step(self) -> None:
        """Advance what moves by itself: Demo, a card flying, flashing cards, a submenu closing."""
        now = now_ms()
        self.menus.step(now)
        if self.session.demo is not None and self.animation is None:
            record = self.session.demo_step(now)
            if record is not None:
                self.animation = Animation.of_record(self.game, record, now)
        if self.animation is not None:
            self.animation.advance(now)
            if self.animation.done:
                self.finish_animation()
        if self.flash_start is not None:
            self.flash_step(now)

    def flash_step(self, now: int) -> None:
        if self.flash_start is None:
            return
        phase = (now - self.flash_start) // FLASH_MS
        on = phase < FLASH_PHASES and phase % 2 == 0
        if phase >= FLASH_PHASES:
            self.flash_start = None
            self.board.flash = []
        self.board.flash_on = on

    # -- drawing (see render) -----------------------------------------------------------
    def render(self) -> pygame.Surface:
        return self.renderer.render()

    def frame(self):
        return self.renderer.frame()

    def pinned(self):
        return self.renderer.pinned()

    def on_pinned(self, pos) -> bool:
        return self.renderer.on_pinned(pos)

    # -- the real display (see display) -----------------------------------------------------
    def open_display(self, scale: int | None = None, fullscreen: bool = False) -> None:
        display = self.display = Display(self)
        display.open(scale, fullscreen)

    def present(self, dirty) -> None:
        if self.display is not None:
            self.display.present(dirty)

    def pump(self) -> None:
        """Handle every event waiting, then bring the screen (and the window) up to date."""
        for event in pygame.event.get():
            self.handle(event)
        try:
            self.step()
        except RuleFileError as error:
            self.fail(error)
        except Exception as error:  # a bug must not cost the player the game
            self.fail_unexpectedly(error)
        if self.display is not None:
            self.display.present(self.frame())
