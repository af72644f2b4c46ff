"""The emulated RISC OS 3 desktop that King Albert (and every other game) plays in.

``Desktop`` owns the 640×480 8-bit screen in the Wimp palette, the icon bar,
the game window, menus and the mouse.  It is a client of the engine: it
reads ``game.legal_moves``/``ruleset.layout`` and changes the game only with
``play``, ``undo`` and ``redo``.  ``run`` is the event loop: it blocks on the
event queue while nothing moves, and only wakes up on a timer while a card
flies.
"""
from __future__ import annotations

import os
import time

import pygame

from .. import RELEASED, __version__
from ..app.catalogue import BUILTIN, FORMATS, GameRef, bundled_games, game_title, own_games, safe_load
from ..app.files import data_dir
from ..app.options import load_options, save_options
from ..app.saves import autosave_path, is_saved_game, load_autosave, read_game, write_game
from ..app.stats import Statistics, game_key
from ..engine.errors import IllegalMoveError, RuleFileError, SolitaireError
from ..engine.solver import hint
from ..engine.game import Game
from ..engine.moves import Move
from ..sprites import icon, tools
from ..sprites.palette import BLACK, GREY1, GREY4, new_surface
from .board import INFO_W, MESSAGE_H, Board
from .indicator import LABELS, THINKING, THOUGHT, Thinker
from .geometry import ICONBAR_H, ICONBAR_MENU_BOTTOM, MENU_OFFSET, SCREEN_H, SCREEN_W, TOOL
from .dialogs import AboutBox, ErrorBox, GameBox
from .menu import Menu, MenuItem
from .window import Window

SELECT, MENU, ADJUST = 1, 2, 3
#: how long one card takes to fly to its place while auto finish stacks
FLY_MS = 45
#: how long Demo waits between moves
DEMO_MS = 500
#: a press becomes a drag once the pointer has moved this far (pixels)
DRAG_START = 3
#: one phase of a flashing card (FLASH: three flashes, each on and off)
FLASH_MS = 150
FLASH_PHASES = 6
VERSION = f"{__version__} ({RELEASED})"


def now_ms() -> int:
    """A millisecond clock (pygame's needs pygame.init(), which the desktop doesn't call)."""
    return int(time.monotonic() * 1000)


class Animation:
    """Automatic moves shown one card at a time, from the pile contents before them."""

    def __init__(self, contents: dict, steps: list, message: str, final_message: str, now: int):
        self.contents = contents
        self.steps = steps
        self.message = message
        self.final_message = final_message
        self.index = 0
        self.start = now

    @property
    def done(self) -> bool:
        return self.index >= len(self.steps)

    def advance(self, now: int) -> None:
        while not self.done and now - self.start >= FLY_MS:
            self.apply_step()
            self.start += FLY_MS

    def apply_step(self) -> None:
        src, dst, cards = self.steps[self.index]
        del self.contents[src][len(self.contents[src]) - len(cards):]
        self.contents[dst].extend(cards)
        self.index += 1

    def finish(self) -> None:
        while not self.done:
            self.apply_step()


def fresh_seed() -> int:
    """A deal number nobody can predict."""
    return int.from_bytes(os.urandom(4), "little")


class Desktop:
    def __init__(self, game: Game, options=None, *, autosave: bool = True, thinking: bool = True):
        self.options = options or load_options()
        self.autosave = autosave
        #: run the solver in the background (off for screenshots and benchmarks)
        self.thinking = thinking
        self.statistics = Statistics()
        self.screen = new_surface(SCREEN_W, SCREEN_H, fill=GREY4)
        self.tools = tools.window_tools()
        self.tick = tools.menu_tick()
        self.arrow = tools.submenu_arrow()
        self.icon = icon.app_icon()
        self.icon_rect = pygame.Rect(SCREEN_W - 34 - 24, SCREEN_H - ICONBAR_H + 20, 34, 34)
        self.menus: list[Menu] = []
        self.highlight: dict[int, int | None] = {}
        self.menu_source = None
        self.press = None
        self.drag = None
        self.animation: Animation | None = None
        self.focus = True
        self.running = True
        self.display = None
        self.scale = 1
        self.offset = (0, 0)
        self._drag_base = None
        self.window = None
        self.error: ErrorBox | None = None
        self.thinker = Thinker()
        #: the solver's winning line from the current position, when it has found one
        self.solution: list[str] | None = None
        #: moves Demo still has to play, and when it plays the next
        self.demo: list[str] | None = None
        self.demo_due = 0
        #: the game's own box (CardsWorkShop's help window, a pile's rules), and the one the player closed
        self.game_box: GameBox | None = None
        self._closed_box = None
        #: when the flashing cards started to flash
        self.flash_start: int | None = None
        #: SELECT on a pile shows its rules instead of playing (the Rules menu item)
        self.rules_mode = False
        self.set_game(game)
        self.think()
        for problem in (self.options.problem, self.statistics.problem):
            if problem:
                self.game.message = problem

    # -- the game -------------------------------------------------------------------
    def set_game(self, game: Game) -> None:
        self.game = game
        # a game restored part-way through was counted when its first card moved
        self.counted = {"played": bool(game.history), "won": bool(game.history) and game.status == "won"}
        fitted = self.fitted_board(game)
        #: the game's playfield is fitted to the screen (toggle size gives the usual cards)
        self.fitted = fitted is not None
        self.board = fitted or Board(game)
        width, height = self.board.size
        old = self.window
        x = (SCREEN_W - width) // 2 if old is None else old.x
        y = max(TOOL + 2, (SCREEN_H - ICONBAR_H - height - TOOL) // 2 + TOOL) if old is None else old.y
        self.window = Window(game.name, (width, height), x, y)
        fx, fy, w, h = self.window.full_size(SCREEN_H - ICONBAR_H)
        self.window.resize(w, h)
        self.window.move_to(fx, fy)
        if old is not None:
            self.window.is_open = old.is_open
        self.work = None
        self.board.statistics = self.statistics.get(self._key())
        self.game_box = self._closed_box = None
        self.flash_start = None
        self._motion(self.drag is not None or bool(self.menus))

    def fitted_board(self, game: Game) -> Board | None:
        """For a game whose playfield scales with the window (CardsWorkShop's matrix):
        the board that fills all the screen has room for; None for other games."""
        width, height = SCREEN_W - 2, SCREEN_H - ICONBAR_H - TOOL - 2
        try:
            layout = game.ruleset.fit_layout(game, width, height - MESSAGE_H)
            return Board(game, layout) if layout is not None else None
        except ValueError:
            return None  # the matrix needs more room than the screen has: the usual cards, scrolled

    def toggle_fit(self) -> bool:
        """Toggle size for a game whose playfield scales: between the whole game on the
        screen and the usual card size (scrolling); False for other games."""
        game, window = self.game, self.window
        board = Board(game) if self.fitted else self.fitted_board(game)
        if board is None:
            return False
        self.fitted = not self.fitted
        board.hover, board.indicator, board.statistics = self.board.hover, self.board.indicator, self.board.statistics
        self.board = board
        window.set_extent(*board.size, toggled=not self.fitted)
        _, _, w, h = window.full_size(SCREEN_H - ICONBAR_H)
        window.resize(w, h)
        window.move_to(min(window.x, SCREEN_W - 1 - window.outer.w), window.y)
        self.work = None
        return True

    def _key(self) -> str:
        return game_key(self.game.ruleset)

    def think(self) -> None:
        """Ask the solver, in its own process, whether the game can still be won."""
        self.solution = None
        self.board.hint = None
        on = self.thinking and self.options.values.get("indicator", True)
        if on and self.game.status == "playing":
            self.board.indicator = THINKING
            self.thinker.start("verdict", self.game)
        else:
            self.thinker.stop()
            self.board.indicator = LABELS["unwinnable"] if on and self.game.status == "lost" else ""

    def on_thought(self, event) -> None:
        if event.job != self.thinker.job:
            return  # the answer to a question about an older position
        result = event.result
        if event.kind == "winnable-deal":
            if result.get("seed") is None:
                self.game.message = "No winnable deal found; try again"
            else:
                self.new_game(result["seed"], any_deal=True)
            self.work = None
            return
        verdict = result.get("verdict", "unknown")
        if verdict == "winnable":
            self.solution = result.get("moves") or []
        if self.options.values.get("indicator", True):
            self.board.indicator = LABELS.get(verdict, LABELS["unknown"])
        if event.kind == "solution":
            if verdict == "winnable":
                self.start_demo()
            else:
                self.game.message = "The solver can't find a way to win from here"
        self.work = None

    def show_hint(self) -> None:
        self.finish_animation()
        if self.game.status != "playing":
            self.game.message = "The game is over"
            self.work = None
            return
        move = Move.parse(self.solution[0]) if self.solution else hint(self.game, timeout=0.3)
        if move is None:
            self.game.message = "There is no move to hint at"
        else:
            move = self.game.resolve(move)
            pile = self.game.pile(move.src)
            card = pile.cards[-move.n] if len(pile.cards) >= move.n else None
            what = card.name if card is not None and card.face_up else f"the {pile.role} {pile.name}"
            if move.kind == "click":
                text = f"Hint: click {what}"
            else:
                target = self.game.pile(move.dst) if move.dst else None
                if target is None or target.role == "foundation":
                    where = "up to its foundation"
                elif not target.cards:
                    where = "to an empty pile"
                else:
                    where = f"onto the {target.cards[-1].name}" if target.cards[-1].face_up else f"onto {target.name}"
                text = f"Hint: {what} {where}"
            self.game.message = text
            self.board.hint = ((move.src, move.n), move.dst)
        self.work = None

    def start_demo(self) -> None:
        if self.solution is None:
            self.game.message = THINKING
            self.thinker.start("solution", self.game)
        elif not self.solution:
            self.game.message = "Nothing left to play"
        else:
            self.demo = list(self.solution)
            self.demo_due = now_ms() + DEMO_MS
            self.game.message = "Demo: click to stop"
        self.work = None

    def stop_demo(self) -> None:
        self.demo = None
        self.game.message = "Demo stopped"
        self.work = None

    def demo_step(self, now: int) -> None:
        if self.demo is None or now < self.demo_due or self.animation is not None:
            return
        move = self.demo.pop(0)
        rest = self.demo
        options = dict(self.game.options)
        self.game.options.update(auto_finish=False, auto_stack=False)  # the solution is for plain moves
        try:
            played = self.play(Move.parse(move))
        finally:
            self.game.options.clear()
            self.game.options.update(options)
        if not played or not rest:
            self.demo = None
            if played and self.game.status != "won":
                self.game.message = "Demo finished"
        else:
            self.demo = rest
            self.demo_due = now + DEMO_MS
            self.game.message = "Demo: click to stop"
        self.work = None

    def changed(self) -> None:
        """After every change to the game: count it in the statistics, autosave it, and
        set the solver thinking about it."""
        self.work = None
        self.sync_game_box()
        if self.demo is None:
            self.think()
        elif self.solution:
            self.solution = self.solution[1:]
        self.save_progress()

    def sync_game_box(self) -> None:
        """Show what the game's program asked for: its box (opened, changed or closed) and flashing cards."""
        ruleset, game = self.game.ruleset, self.game
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
            self.game_box = self.place_box(GameBox(shown.title, shown.text, [title for title, _ in shown.buttons], shown))

    def place_box(self, box: GameBox) -> GameBox:
        """Where a game's box opens: at its place on the game's grid (CLEAR ... AT x, y), else mid-window."""
        window, at, cell = self.window, getattr(box.source, "box", None), self.board.layout.cell
        if at and cell:
            box.place(*window.to_screen(int(at[0] * cell[0]), int(at[1] * cell[1])))
        else:
            box.place(window.x + (min(window.w, self.board.width) - box.W) // 2, window.y + (min(window.h, self.board.height) - box.H) // 2)
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
            self.game_box = self.place_box(GameBox(pile.name, "\n".join(lines), [], ok=True))
        self.work = None

    def box_press(self, part) -> None:
        box = self.game_box
        if part == "close" or (box.source is None and isinstance(part, int)):
            self._closed_box = box.source
            self.game_box = None
        elif isinstance(part, int):
            try:
                self.game.ruleset.press_button(self.game, part)
            except IllegalMoveError as refusal:
                self.game.message = str(refusal)
            self.changed()

    def toggle_rules(self) -> None:
        self.rules_mode = not self.rules_mode
        self.game.message = ("Rules: click a pile to read its rules" if self.rules_mode else "")
        self.work = None

    def save_progress(self) -> None:
        game = self.game
        try:
            for what in ("played", "won"):
                if not self.counted[what] and (game.history if what == "played" else game.status == "won"):
                    self.counted[what] = True
                    self.statistics.record(game_key(game.ruleset), game.name, **{what: 1})
                    self.board.statistics = self.statistics.get(game_key(game.ruleset))
            if self.autosave:
                write_game(game, autosave_path())
        except OSError as error:
            game.message = f"Can't save the game: {error.strerror or error}"

    def new_game(self, seed: int | None = None, any_deal: bool = False) -> None:
        self.demo = None
        if seed is None and not any_deal and self.thinking and self.options.values.get("winnable_deals"):
            self.game.message = "Looking for a winnable deal..."
            self.thinker.start("winnable-deal", Game(self.game.ruleset, fresh_seed(), self.game.options), timeout=2.0)
            self.work = None
            return
        seed = fresh_seed() if seed is None else seed
        self.set_game(Game(self.game.ruleset, seed, self.game.options))
        self.changed()

    def play(self, move: Move) -> bool:
        try:
            record = self.game.play(move)
        except IllegalMoveError:
            self.work = None
            self.sync_game_box()   # a refused move may still open the game's box (a WAIT) or flash
            return False
        except RuleFileError as error:
            self.fail(error)
            return False
        except SolitaireError as error:
            self.game.message = str(error)
            self.work = None
            return False
        automatic = record.steps[1:] if move.kind == "drag" else record.steps
        if len(record.steps) > 2:
            contents = {pile.name: list(pile.cards) for pile in self.game.piles}
            for src, dst, cards in reversed(automatic):
                del contents[dst][len(contents[dst]) - len(cards):]
                contents[src].extend(cards)
            message = record.messages[0] if record.messages else ""
            self.animation = Animation(contents, list(automatic), message, self.game.message, now_ms())
        self.changed()
        return True

    def undo(self) -> None:
        self.finish_animation()
        if self.game.undo() is None:
            self.game.message = "There is nothing to undo"
        self.changed()

    def redo(self) -> None:
        self.finish_animation()
        if self.game.redo() is None:
            self.game.message = "There is nothing to redo"
        self.changed()

    def restart(self) -> None:
        self.finish_animation()
        self.game.restart()
        self.changed()

    def finish_animation(self) -> None:
        if self.animation is not None:
            self.animation = None
            self.work = None

    def set_option(self, name: str, value: bool) -> None:
        self.game.options[name] = value
        self.options.values[name] = value
        self.changed()

    def save_options(self) -> None:
        for name in self.game.ruleset.default_options:   # the game's own options, as ticked
            if name in self.options.values:
                self.options.values[name] = bool(self.game.options[name])
        try:
            self.game.message = save_options(self.options.values, self.options.path)
            self.options.problem = None
        except OSError as error:
            self.game.message = f"Options not saved: {error.strerror or error}"
        self.work = None

    # -- menus ----------------------------------------------------------------------
    def about_box(self) -> AboutBox:
        return AboutBox([("Name", "King Albert"), ("Purpose", "Patience"), ("Author", "D. Salt; Python remake"),
                         ("Version", VERSION)])

    def game_menu(self) -> Menu:
        game = self.game
        items = [
            MenuItem("Info", submenu=self.about_box()),
            MenuItem("New game", "new", "^N", submenu=self.new_game_menu()),
            MenuItem("Restart", "restart", "^R", shaded=not game.can_undo),
            MenuItem("Undo", "undo", "^Z", shaded=not game.can_undo),
            MenuItem("Redo", "redo", "^Y", shaded=not game.can_redo, separator=True),
        ]
        for name, text in (("auto_finish", "Auto finish"), ("auto_stack", "Auto stack")):
            if name in game.ruleset.default_options:  # only the games that understand them
                items.append(MenuItem(text, f"toggle:{name}", ticked=bool(game.options[name])))
        for name, choices in game.ruleset.option_choices.items():
            items.extend(MenuItem(f"{choice.capitalize()} {name}", f"choose:{name}={choice}",
                                  ticked=str(game.options.get(name)).lower() == choice) for choice in choices)
        items.append(MenuItem("Hint", "hint", "^H", shaded=game.status != "playing"))
        items.append(MenuItem("Demo", "demo", "^D", shaded=game.status != "playing"))
        items.append(MenuItem("Winnable?", "toggle_indicator", ticked=bool(self.options.values.get("indicator", True))))
        items.append(MenuItem("Rules", "toggle_rules", ticked=self.rules_mode))
        items.append(MenuItem("Save options", "save_options", separator=True))
        items.append(MenuItem("Save game", submenu=Menu("Save as", [MenuItem(self.default_save_path(), "save_game:", writable=True)])))
        items.append(MenuItem("Load game", submenu=Menu("Load", [MenuItem(str(self._saves_dir()) + "/", "load:", writable=True)])))
        items.append(MenuItem("Statistics", submenu=self.statistics_box(), separator=True))
        items.append(MenuItem("Games", submenu=self.games_menu(), separator=True))
        items.append(MenuItem("Quit", "quit", "^Q"))
        return Menu(game.name, items)

    def new_game_menu(self) -> Menu:
        seed = str(self.game.seed) if self.game.seed is not None else ""
        return Menu("New game", [
            MenuItem("Random deal", "new"),
            MenuItem("Deal number", submenu=Menu("Deal number", [MenuItem(seed, "deal:", writable=True)])),
            MenuItem("Only winnable deals", "toggle_winnable_deals", ticked=bool(self.options.values.get("winnable_deals"))),
        ])

    def _saves_dir(self):
        return data_dir() / "saves"

    def statistics_box(self) -> AboutBox:
        played, won = self.statistics.get(game_key(self.game.ruleset))
        percent = f"{100 * won // played}%" if played else "-"
        box = AboutBox([("Game", self.game.name), ("Played", str(played)), ("Won", str(won)), ("Winning", percent)])
        box.title = "Statistics"
        return box

    def games_menu(self) -> Menu:
        """King Albert, then the bundled games by format, then the user's own rules folder."""
        ruleset = self.game.ruleset
        items = [MenuItem(cls.name, f"game:builtin:{game_id}", ticked=ruleset.source is None and ruleset.builtin_id == game_id)
                 for game_id, cls in BUILTIN.items()]
        items[-1].separator = True
        for key, paths in bundled_games().items():
            if paths:
                label = FORMATS[key].label
                sub = Menu(label, [MenuItem(game_title(p), f"game:{p}", ticked=ruleset.source == str(p)) for p in paths])
                items.append(MenuItem(label, submenu=sub))
        mine, problem = own_games()
        if problem:
            self.game.message = problem
        if mine:
            items[-1].separator = True
            items.extend(MenuItem(game_title(p), f"game:{p}") for p in mine)
        items[-1].separator = True
        items.append(MenuItem("Load file", submenu=Menu("Load file", [MenuItem("", "game:", writable=True)])))
        return Menu("Games", items)

    def load_game(self, path: str | None) -> bool:
        """Start the game of a rule file (King Albert for None); a bad file opens an error box
        and leaves the game in progress untouched."""
        try:
            if path and is_saved_game(path):
                game = read_game(path)
            else:
                ref = GameRef(builtin=path[len("builtin:"):]) if path and path.startswith("builtin:") else GameRef.parse(path)
                ruleset = safe_load(ref)
                game = Game(ruleset, fresh_seed(), self.game.options)
        except SolitaireError as error:
            self.error = ErrorBox("King Albert", str(error))
            return False
        self.set_game(game)
        self.changed()
        return True

    def save_game(self, path: str) -> bool:
        path = path.strip()
        if not path:
            return False
        try:
            write_game(self.game, os.path.expanduser(path))
        except OSError as error:
            self.error = ErrorBox("King Albert", f"{path}: can't be written ({error.strerror or error})")
            return False
        self.game.message = "Game saved"
        self.work = None
        return True

    def default_save_path(self) -> str:
        name = "".join(ch if ch.isalnum() else "-" for ch in self.game.name.lower()).strip("-")
        return str(data_dir() / "saves" / f"{name}-{self.game.seed if self.game.seed is not None else 'game'}.json")

    def iconbar_menu(self) -> Menu:
        return Menu("King Albert", [MenuItem("Info", submenu=self.about_box()), MenuItem("Quit", "quit")])

    def open_menu(self, source: str, pos) -> None:
        menu = self.game_menu() if source == "window" else self.iconbar_menu()
        if source == "window":
            menu.place(pos[0] - MENU_OFFSET, pos[1])
        else:
            menu.place(pos[0] - MENU_OFFSET, ICONBAR_MENU_BOTTOM - menu.height)
        self.menus = [menu]
        self.highlight = {0: None}
        self.menu_source = source
        self._motion(True)

    def close_menus(self) -> None:
        self.menus = []
        self.highlight = {}
        self._motion(self.drag is not None)

    def reopen_menu(self) -> None:
        """After an ADJUST choice: the same menu again, where it was, updated."""
        old = self.menus[0]
        menu = self.game_menu() if self.menu_source == "window" else self.iconbar_menu()
        menu.x, menu.y = old.x, old.y
        self.menus = [menu]
        self.highlight = {0: None}

    def open_submenu(self, level: int, index: int) -> None:
        menu = self.menus[level]
        sub = menu.items[index].submenu
        if sub is None or menu.items[index].shaded:
            return
        if len(self.menus) > level + 1 and self.menus[level + 1] is sub:
            return
        del self.menus[level + 1:]
        top = menu.row_tops()[index]
        sub.place(menu.x + menu.width + 1, top)
        self.menus.append(sub)
        self.highlight[level + 1] = None

    def choose(self, action: str | None) -> None:
        if action is None:
            return
        if action == "quit":
            self.running = False
        elif action == "new":
            self.new_game()
        elif action == "restart":
            self.restart()
        elif action == "undo":
            self.undo()
        elif action == "redo":
            self.redo()
        elif action == "save_options":
            self.save_options()
        elif action == "hint":
            self.show_hint()
        elif action == "demo":
            self.start_demo()
        elif action == "toggle_indicator":
            self.options.values["indicator"] = not self.options.values.get("indicator", True)
            self.think()
            self.work = None
        elif action == "toggle_rules":
            self.toggle_rules()
        elif action == "toggle_winnable_deals":
            self.options.values["winnable_deals"] = not self.options.values.get("winnable_deals")
        elif action.startswith("deal:"):
            text = action[len("deal:"):].strip()
            if text.isdigit():
                self.new_game(int(text), any_deal=True)
            else:
                self.game.message = f"A deal number is a whole number, not {text!r}"
                self.work = None
        elif action.startswith("save_game:"):
            self.save_game(action[len("save_game:"):])
        elif action.startswith("load:"):
            self.load_game(action[len("load:"):].strip() or None)
        elif action.startswith("game:"):
            self.load_game(action[len("game:"):])
        elif action.startswith("choose:"):
            name, choice = action[len("choose:"):].split("=", 1)
            self.game.options[name] = choice
            self.game.message = f"{choice.capitalize()} {name}"
            self.changed()
        elif action.startswith("toggle:"):
            name = action.split(":", 1)[1]
            self.set_option(name, not self.game.options.get(name))

    def writable_item(self) -> MenuItem | None:
        """The writable item of the innermost open menu, which has the caret."""
        if self.menus and isinstance(self.menus[-1], Menu):
            for item in self.menus[-1].items:
                if item.writable:
                    return item
        return None

    def menu_at(self, pos) -> int | None:
        for level in range(len(self.menus) - 1, -1, -1):
            if self.menus[level].rect.collidepoint(pos):
                return level
        return None

    # -- input ------------------------------------------------------------------------
    def to_screen(self, pos) -> tuple[int, int]:
        return (pos[0] - self.offset[0]) // self.scale, (pos[1] - self.offset[1]) // self.scale

    def handle(self, event) -> None:
        try:
            self._handle(event)
        except RuleFileError as error:
            self.fail(error)

    def fail(self, error: RuleFileError) -> None:
        """A game's own program failed (a runaway script, say): the engine rolled
        its move back; the player sees why, and plays on."""
        self.press = self.drag = self._drag_base = None
        self.work = None
        if self.demo is not None:
            self.stop_demo()
        self.error = ErrorBox("King Albert", str(error))

    def _handle(self, event) -> None:
        kind = event.type
        if kind == pygame.QUIT:
            self.running = False
        elif kind == pygame.MOUSEBUTTONDOWN and event.button in (SELECT, MENU, ADJUST):
            self.on_press(self.to_screen(event.pos), event.button)
        elif kind == pygame.MOUSEBUTTONUP and event.button in (SELECT, MENU, ADJUST):
            self.on_release(self.to_screen(event.pos), event.button)
        elif kind == pygame.MOUSEMOTION:
            self.on_motion(self.to_screen(event.pos))
        elif kind == pygame.KEYDOWN:
            self.on_key(event)
        elif kind == pygame.DROPFILE:
            self.load_game(event.file)
        elif kind == THOUGHT:
            self.on_thought(event)

    def on_key(self, event) -> None:
        ctrl = event.mod & pygame.KMOD_CTRL
        key = event.key
        if self.error is not None:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.error = None
            return
        writable = self.writable_item()
        if writable is not None and not ctrl:
            if key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.close_menus()
                self.choose(writable.action + writable.text)
            elif key == pygame.K_BACKSPACE:
                writable.text = writable.text[:-1]
            elif key == pygame.K_ESCAPE:
                self.close_menus()
            elif event.unicode and event.unicode.isprintable():
                writable.text += event.unicode
            return
        if key == pygame.K_F11:
            self.toggle_fullscreen()
        elif key == pygame.K_ESCAPE and self.menus:
            self.close_menus()
        elif ctrl and key == pygame.K_z:
            self.redo() if event.mod & pygame.KMOD_SHIFT else self.undo()
        elif ctrl and key == pygame.K_y:
            self.redo()
        elif ctrl and key == pygame.K_n:
            self.new_game()
        elif ctrl and key == pygame.K_r:
            self.restart()
        elif ctrl and key == pygame.K_q:
            self.running = False
        elif ctrl and key == pygame.K_h:
            self.show_hint()
        elif ctrl and key == pygame.K_d:
            self.start_demo()

    def on_press(self, pos, button) -> None:
        if self.error is not None:
            if button == SELECT and self.error.ok_rect.collidepoint(pos):
                self.error = None
            return
        if self.demo is not None:
            self.stop_demo()
            return
        if self.animation is not None:
            # a player who clicks on doesn't wait for the cards to land, nor lose the click
            self.animation.finish()
            self.finish_animation()
        if self.menus:
            self.menu_press(pos, button)
            return
        part = self.game_box.part_at(pos) if self.game_box is not None and button != MENU else None
        if part is not None:
            if button == SELECT:
                self.box_press(part)
            self.work = None
            return
        window = self.window
        part = window.part_at(pos) if window.is_open else None
        if button == MENU:
            if part is not None:
                self.open_menu("window", pos)
            elif self.icon_rect.collidepoint(pos):
                self.open_menu("iconbar", pos)
            return
        if part is None:
            if self.icon_rect.collidepoint(pos) and button == SELECT:
                window.is_open = True
                self.focus = True
            return
        self.focus = True
        if part == "work":
            if not self.on_pinned(pos):
                self.board_press(window.to_work(pos), pos, button)
        elif part == "title":
            self.drag = {"kind": "window", "start": pos, "origin": (window.x, window.y)}
            self._motion(True)
        elif part == "close":
            window.is_open = False
            self.focus = False
        elif part == "toggle":
            if not self.toggle_fit():
                window.toggle_size(SCREEN_H - ICONBAR_H)
        elif part == "size":
            self.drag = {"kind": "size", "start": pos, "origin": (window.w, window.h)}
            self._motion(True)
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
        elif part in ("vslider", "hslider"):
            self.drag = {"kind": part, "start": pos, "origin": (window.scroll_x, window.scroll_y)}
            self._motion(True)

    def menu_press(self, pos, button) -> None:
        level = self.menu_at(pos)
        if level is None:
            self.close_menus()
            return
        menu = self.menus[level]
        index = menu.item_at(pos)
        if index is None:
            return
        item = menu.items[index]
        if item.shaded:
            return
        if item.submenu is not None and item.action is None:
            self.open_submenu(level, index)
            return
        action = item.action + item.text if item.writable else item.action
        if button == ADJUST and not item.writable:
            self.choose(action)
            if self.running:
                self.reopen_menu()
        else:
            self.close_menus()
            self.choose(action)

    def board_press(self, wpos, pos, button) -> None:
        hit = self.board.card_at(wpos)
        if hit is None or self.game.status == "won":
            return  # a won game keeps its cards and its message until the next one
        pile, n = hit
        if self.rules_mode:
            if button == SELECT:
                self.show_rules(pile)
            return
        if button == ADJUST:
            if n > 0:
                self.play(Move("adjust", pile, n))
            return
        refusal, cards = None, []
        if n > 0:
            refusal = self.game.ruleset.check_pick(self.game, self.game.pile(pile), n)
            if refusal is None:
                cards = self.game.ruleset.picked_up(self.game, self.game.pile(pile), n)
        if not cards:
            # not a card that can be picked up: a click (on a stock, say), a press that
            # moves cards by itself, or a refused drag
            self.press = {"pile": pile, "n": max(n, 1), "pos": pos, "click_only": True, "refusal": refusal,
                          "completes": n > 0 and refusal is None}
            self._motion(True)
            return
        view = self.board.views[pile]
        pile_cards = self.game.pile(pile).cards
        card = self.board.card_rect(view, max(0, len(pile_cards) - n))
        # the cards leave their pile while they follow the pointer, if they are its top cards
        lifted = len(cards) if pile_cards[-len(cards):] == cards else 0
        self.press = {"pile": pile, "n": n, "pos": pos, "grab": (wpos[0] - card.x, wpos[1] - card.y),
                      "cards": cards, "lifted": lifted}
        self._motion(True)

    def on_motion(self, pos) -> None:
        press = self.press
        if press is not None and self.drag is None and not press.get("completes"):
            # a press that moves cards by itself completes at the release, wherever that is
            sx, sy = press["pos"]
            if abs(pos[0] - sx) >= DRAG_START or abs(pos[1] - sy) >= DRAG_START:
                self.press = None
                if press.get("click_only"):
                    if press.get("refusal"):
                        self.game.message = press["refusal"]
                        self.work = None
                    self._motion(bool(self.menus))
                else:
                    self.drag = {"kind": "cards", **press}
                    self._drag_base = None
        drag = self.drag
        if drag is not None:
            drag["at"] = pos
            window = self.window
            if drag["kind"] == "window":
                window.move_to(drag["origin"][0] + pos[0] - drag["start"][0], drag["origin"][1] + pos[1] - drag["start"][1])
            elif drag["kind"] == "size":
                window.resize(drag["origin"][0] + pos[0] - drag["start"][0], drag["origin"][1] + pos[1] - drag["start"][1])
            elif drag["kind"] == "vslider":
                well = window.tool_rects()["vwell"]
                ratio = window.extent_h / max(1, well.h)
                window.scroll_to(window.scroll_x, int(drag["origin"][1] + (pos[1] - drag["start"][1]) * ratio))
            elif drag["kind"] == "hslider":
                well = window.tool_rects()["hwell"]
                ratio = window.extent_w / max(1, well.w)
                window.scroll_to(int(drag["origin"][0] + (pos[0] - drag["start"][0]) * ratio), window.scroll_y)
            return
        if self.board.info_rect is not None and self.window.part_at(pos) == "work" and not self.on_pinned(pos):
            hit = self.board.card_at(self.window.to_work(pos))
            hover = hit[0] if hit else None
            if hover != self.board.hover:
                self.board.hover = hover
                self.work = None
        if self.menus:
            level = self.menu_at(pos)
            if level is None:
                return
            menu = self.menus[level]
            index = menu.item_at(pos)
            self.highlight[level] = index
            if index is not None and menu.items[index].submenu is not None and menu.on_arrow(pos):
                self.open_submenu(level, index)

    def on_release(self, pos, button) -> None:
        press, drag = self.press, self.drag
        self.press = None
        if button != SELECT and drag is None:
            return
        if drag is not None and drag["kind"] == "cards":
            self.drag = None
            self._drag_base = None
            self._motion(bool(self.menus))
            rect = self.dragged_rect(pos, drag)
            wpos = self.window.to_work(pos)
            target = None if self.on_pinned(pos) else \
                self.board.drop_target(wpos, pygame.Rect(self.window.to_work(rect.topleft), rect.size))
            if target is not None and target != drag["pile"]:
                self.play(Move("drag", drag["pile"], drag["n"], target))
            self.work = None
            return
        if drag is not None:
            self.drag = None
            self._motion(bool(self.menus))
            return
        if press is not None:
            self._motion(bool(self.menus))
            self.play(Move("click", press["pile"], press["n"]))

    def _motion(self, wanted: bool) -> None:
        """Mouse movement events only while something follows the pointer (or an information
        panel describes the pile under it): otherwise the loop sleeps."""
        wanted = wanted or self.board.info_rect is not None
        if pygame.display.get_init():
            if wanted:
                pygame.event.set_allowed(pygame.MOUSEMOTION)
            else:
                pygame.event.set_blocked(pygame.MOUSEMOTION)

    # -- drawing ------------------------------------------------------------------------
    def dragged_rect(self, pos, drag) -> pygame.Rect:
        view = self.board.views[drag["pile"]]
        n = len(drag["cards"])
        card = self.board.card_rect(view, 0)
        w = card.w + abs(view.dx) * (n - 1)
        h = card.h + abs(view.dy) * (n - 1)
        return pygame.Rect(pos[0] - drag["grab"][0], pos[1] - drag["grab"][1], w, h)

    def draw_dragged(self, surface, drag, pos) -> pygame.Rect:
        rect = self.dragged_rect(pos, drag)
        view = self.board.views[drag["pile"]]
        for i, card in enumerate(drag["cards"]):
            surface.blit(self.board.sprite(card, view), (rect.x + i * view.dx, rect.y + i * view.dy))
        return rect

    def work_surface(self) -> pygame.Surface:
        if self.animation is not None:
            return self.board.draw(None, self.animation.contents, message=self.animation.message)
        if self.work is None:
            lifted = (self.drag["pile"], self.drag["lifted"]) if self.drag and self.drag["kind"] == "cards" else None
            self.work = self.board.draw(None, lifted=lifted)
        return self.work

    def render(self) -> pygame.Surface:
        """Draw the whole screen (without any card being dragged)."""
        screen = self.screen
        screen.fill(GREY4)
        bar = pygame.Rect(0, SCREEN_H - ICONBAR_H, SCREEN_W, ICONBAR_H)
        screen.fill(BLACK, bar)
        screen.fill(GREY1, bar.inflate(0, -2).move(0, 1))
        screen.blit(self.icon, self.icon_rect)
        if self.window.is_open:
            self.window.draw(screen, self.work_surface(), self.tools, self.focus and self.error is None and self.game_box is None)
            self.draw_pinned(screen)
            if self.game_box is not None:
                self.game_box.draw(screen, self.tools)
        for level, menu in enumerate(self.menus):
            menu.draw(screen, self.tick, self.arrow, self.highlight.get(level))
        if self.error is not None:
            self.error.draw(screen)
        return screen

    def pinned(self) -> dict[str, pygame.Rect]:
        """The message row and the information panel where the work area scrolls:
        kept in view at the bottom and the right of the window (screen rectangles)."""
        window, board, rects = self.window, self.board, {}
        right = window.x + window.w
        if board.info_rect is not None and board.width > window.w and window.w >= INFO_W + 100:
            right -= INFO_W
            rects["info"] = pygame.Rect(right, window.y, INFO_W, window.h)
        if board.layout.message is None and board.height > window.h:
            rects["message"] = pygame.Rect(window.x, window.y + window.h - MESSAGE_H, right - window.x, MESSAGE_H)
        return rects

    def draw_pinned(self, screen) -> None:
        board = self.board
        text = self.animation.message if self.animation is not None else self.game.message
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

    def frame(self) -> list[pygame.Rect] | None:
        """Bring the screen up to date; returns the changed rectangles, or None for all of it."""
        drag = self.drag
        if drag is not None and drag["kind"] == "cards" and "at" in drag:
            if self._drag_base is None:
                self.work = None
                self._drag_base = self.render().copy()
                self._drag_last = None
            base = self._drag_base
            dirty = []
            if self._drag_last is not None:
                self.screen.blit(base, self._drag_last, self._drag_last)
                dirty.append(self._drag_last)
            rect = self.draw_dragged(self.screen, drag, drag["at"]).clip(self.screen.get_rect())
            dirty.append(rect)
            self._drag_last = rect
            return dirty
        self.render()
        return None

    # -- the real display -------------------------------------------------------------------
    def open_display(self, scale: int | None = None, fullscreen: bool = False) -> None:
        pygame.display.init()
        if scale is None:
            sizes = pygame.display.get_desktop_sizes() or [(SCREEN_W, SCREEN_H)]
            width, height = sizes[0]
            scale = max(1, min(width // SCREEN_W, (height - 60) // SCREEN_H))
        self.scale = scale
        flags = pygame.FULLSCREEN if fullscreen else 0
        size = (0, 0) if fullscreen else (SCREEN_W * scale, SCREEN_H * scale)
        self.display = pygame.display.set_mode(size, flags)
        pygame.display.set_caption(f"{self.game.name} - RISC OS")
        dw, dh = self.display.get_size()
        if fullscreen:
            self.scale = max(1, min(dw // SCREEN_W, dh // SCREEN_H))
        self.offset = ((dw - SCREEN_W * self.scale) // 2, (dh - SCREEN_H * self.scale) // 2)
        self._set_pointer()
        self._motion(False)
        self.fullscreen = fullscreen

    def toggle_fullscreen(self) -> None:
        if self.display is not None:
            self.open_display(None if not self.fullscreen else self.scale, not self.fullscreen)

    def _set_pointer(self) -> None:
        try:
            sprite, hotspot = tools.pointer()
            if self.scale > 1:
                sprite = pygame.transform.scale_by(sprite, self.scale)
                hotspot = (hotspot[0] * self.scale, hotspot[1] * self.scale)
            pygame.mouse.set_cursor(pygame.cursors.Cursor(hotspot, sprite))
        except pygame.error:
            pass  # a display without cursor support keeps its own pointer

    def present(self, dirty: list[pygame.Rect] | None) -> None:
        s, (ox, oy) = self.scale, self.offset
        if dirty is None:
            self.display.blit(pygame.transform.scale(self.screen, (SCREEN_W * s, SCREEN_H * s)), (ox, oy))
            pygame.display.flip()
            return
        scaled = []
        for rect in dirty:
            if rect.w <= 0 or rect.h <= 0:
                continue
            part = pygame.transform.scale(self.screen.subsurface(rect), (rect.w * s, rect.h * s))
            target = pygame.Rect(ox + rect.x * s, oy + rect.y * s, rect.w * s, rect.h * s)
            self.display.blit(part, target)
            scaled.append(target)
        pygame.display.update(scaled)

    def pump(self) -> None:
        """Handle every event waiting, then draw (for tests and the loop)."""
        for event in pygame.event.get():
            self.handle(event)
        self.step()

    def step(self) -> None:
        if self.demo is not None:
            self.demo_step(now_ms())
        if self.animation is not None:
            self.animation.advance(now_ms())
            if self.animation.done:
                self.finish_animation()
        if self.flash_start is not None:
            self.flash_step(now_ms())
        if self.display is not None:
            self.present(self.frame())

    def flash_step(self, now: int) -> None:
        phase = (now - self.flash_start) // FLASH_MS
        on = phase < FLASH_PHASES and phase % 2 == 0
        if phase >= FLASH_PHASES:
            self.flash_start = None
            self.board.flash = []
        if on != self.board.flash_on:
            self.board.flash_on = on
            self.work = None

    def run_loop(self) -> None:
        while self.running:
            timeout = 15 if self.animation is not None else (50 if self.demo is not None else 0)
            if self.flash_start is not None:
                timeout = min(timeout or FLASH_MS, FLASH_MS // 3)
            event = pygame.event.wait(timeout) if timeout else pygame.event.wait()
            if event.type != pygame.NOEVENT:
                self.handle(event)
            for event in pygame.event.get():
                self.handle(event)
            self.step()


def run(rulefile=None, seed=None, scale=None, fullscreen=False) -> int:
    """The desktop: the autosaved game if started plain, else a new game of RULEFILE
    (or the saved game it names)."""
    options = load_options()
    game, problem = (None, None)
    if rulefile is None and seed is None:
        game, problem = load_autosave()
    if game is None:
        if rulefile is not None and is_saved_game(rulefile):
            game = read_game(rulefile)
        else:
            game = Game(safe_load(rulefile), seed if seed is not None else fresh_seed(), options.values)
    desktop = Desktop(game, options)
    desktop.save_progress()
    if problem:
        desktop.game.message = problem
    desktop.open_display(scale, fullscreen)
    desktop.present(desktop.frame())
    try:
        desktop.run_loop()
    finally:
        desktop.thinker.stop()
        pygame.quit()
    return 0
