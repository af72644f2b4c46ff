"""``Session``: one game in progress as a client plays it, without any screen.

The session owns the game and everything that goes with playing it: the
player's options, statistics, the autosave after every change, the solver's
live verdict ("Winnable?"), hints and Demo.  Both clients drive a game only
through it; the desktop draws what it says and listens for its changes
(Aisleriot's model announcing changes), so all of this is testable without a
display.

Listeners are called with one word saying what changed:

``"game"``      a different game (a new deal, another rule file, a loaded save)
``"position"``  the cards (a move, undo, redo, restart)
``"refused"``   a move was refused (the game's message says why)
``"view"``      only what is shown about the game (message, verdict, hint, options)
"""
from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from ..engine.errors import IllegalMoveError, RuleFileError, SolitaireError, plural, tail
from ..engine.game import MAX_SEED, Game, MoveRecord
from ..engine.moves import Move
from .catalogue import GameRef, rule_file_place, safe_load
from .files import atomic_write, data_dir, refuse_folder_name, remove_stale_temporaries, target_of
from .game_options import demo_options, finishing_move
from .indicator import LABELS, THINKING, Indicator
from .options import Options, load_options
from .saves import autosave_path, game_text, is_saved_game, load_autosave, read_game, write_game
from .solver_worker import Answer
from .stats import Statistics, game_key

#: how long Demo waits between moves (ms), and between clicks of a run of them on one pile (a
#: line that plays a card from deep in the stock clicks it many times: 31 on Little Mystery's
#: deal 1, which took a quarter of a minute at the moves' pace)
DEMO_MS = 500
DEMO_CLICK_MS = 80
#: the solver's time for a hint, and for each deal tried by *Only winnable deals*
HINT_SECONDS = 3.0
WINNABLE_DEAL_SECONDS = 2.0


def fresh_seed() -> int:
    """A deal number nobody can predict."""
    return int.from_bytes(os.urandom(4), "little")


def now_ms() -> int:
    return int(time.monotonic() * 1000)


#: what Demo says on a position proved lost (by its own search, or the indicator's before)
DEMO_LOST = "Demo: this position can't be won"
HINT_LOST = "Hint: this position can't be won"


@dataclass(frozen=True)
class Hint:
    """The card to move and where it goes: (pile, n from the top), destination pile or None."""

    src: str
    n: int
    dst: str | None


class Worker(Protocol):
    job: int

    def start(self, kind: str, game: Game, timeout: float = 10.0) -> int: ...

    def stop(self) -> None: ...


#: the message while *Only winnable deals* looks for the next deal
LOOKING = "Looking for a winnable deal..."
CALLED_OFF = "New game called off: the game was played on"


class Session:
    def __init__(self, game: Game, options: Options | None = None, *, autosave: bool | Path | None = True,
                 worker: Worker | None = None, statistics: Statistics | None = None, loaded: bool = False):
        """``loaded``: ``game`` is a saved game read from a file (see ``_start``)."""
        self.options = options or load_options()
        #: where the game is saved after every change (True: the first autosave; None or False: nowhere)
        self.autosave: Path | None = autosave_path() if autosave is True else (Path(autosave) if autosave else None)
        #: what the autosave holds, as this session last read or wrote it (None: not yet read)
        self._autosaved: str | None = None
        #: why the autosave could not be written last time it was (None: it holds the game)
        self.unsaved: str | None = None
        #: the solver's process (None: no solver, as for screenshots and benchmarks)
        self.worker = worker
        self.statistics = statistics or Statistics()
        self.listeners: list[Callable[[str], None]] = []
        #: the live "Winnable?" line of the message space
        self.indicator = ""
        #: what the solver found about the positions of this game, and when to ask again
        self.verdicts = Indicator()
        #: the solver's winning line from the current position, when it has found one
        self.solution: list[str] | None = None
        self.hint: Hint | None = None
        #: moves Demo still has to play, and when it plays the next (ms)
        self.demo: list[str] | None = None
        self.demo_due = 0
        #: Demo was asked for and waits for the solver's line (a click calls it off)
        self.demo_asked = False
        #: *Only winnable deals*' next deal was called off by a Hint or Demo: their messages say so
        self.called_off = False
        self.game = game
        self.counted = {"played": False, "won": False}
        #: Demo played a move of this game (a win is then counted as won with Demo's help)
        self.demo_helped = False
        self._start(game, loaded)
        self.think()
        for problem in (self.options.problem, self.statistics.problem):
            if problem:
                game.message = problem

    # -- announcing changes ---------------------------------------------------------
    def announce(self, what: str) -> None:
        for listener in list(self.listeners):
            listener(what)

    @property
    def ref(self) -> GameRef:
        return GameRef.of(self.game.ruleset)

    @property
    def played_won(self) -> tuple[int, int]:
        return self.statistics.get(game_key(self.game.ruleset))

    # -- which game -------------------------------------------------------------------
    def _start(self, game: Game, loaded: bool = False) -> None:
        self.game = game
        self.demo = None
        self.demo_asked = False
        self.hint = None
        #: *Only winnable deals*' search for the next deal is under way
        self.looking = False
        # a game the autosave brought back part-way through was counted when its first card
        # moved; a saved game ``loaded`` from a file counts as a game played once a card
        # moves here (its win then too: loading a file again and again never counts a win
        # without a game played)
        counted = bool(game.history) and not loaded
        self.counted = {"played": counted, "won": counted and game.status == "won"}
        #: a card has moved in this session's play of the game (not only in its history)
        self.moved = False
        self.demo_helped = any(record.by == "demo" for record in game.records()[0])

    def set_game(self, game: Game, loaded: bool = False) -> None:
        """Play ``game`` from now on (``loaded``: a saved game read from a file)."""
        self._start(game, loaded)
        self.announce("game")

    def new_game(self, seed: int | None = None, any_deal: bool = False, line: list[str] | None = None) -> None:
        """A new deal of the same game: ``seed``, else a random one (a winnable one when
        *Only winnable deals* is on and a solver is at hand); ``line``: a winning line of
        the deal, found already."""
        self.demo = None
        if seed is None and not any_deal and self.worker is not None and self.options.values.get("winnable_deals"):
            self.game.message = LOOKING
            self.worker.start("winnable-deal", Game(self.game.ruleset, fresh_seed(), self.game.options),
                              timeout=WINNABLE_DEAL_SECONDS)
            self.looking = True
            self.announce("view")
            return
        seed = fresh_seed() if seed is None else seed
        self.set_game(Game(self.game.ruleset, seed, self.game.options))
        if line:
            # (the winning line the search for the deal found: the indicator knows it, and
            # doesn't search the deal again, "Thinking..." and once "Can't tell")
            self.verdicts.after_change(self.game)
            self.verdicts.on_answer(self.game, {"verdict": "winnable", "moves": line})
        self.changed()

    def deal_number(self, text: str) -> None:
        """The New game > Deal number item: a deal by its number."""
        text = text.strip()
        digits = text.isascii() and text.isdigit()     # (not "4²", which int() refuses)
        if digits and int(text) <= MAX_SEED:
            self.new_game(int(text), any_deal=True)
        elif digits:
            self.say(f"A deal number is at most {MAX_SEED}")
        else:
            self.say(f"A deal number is a whole number, not {text!r}")

    def open(self, what: str | GameRef | None) -> None:
        """Start the game of a rule file or a built-in game (a new deal), or a saved game;
        raises SolitaireError (the game in progress untouched) if it can't be loaded."""
        path = what.path if isinstance(what, GameRef) else what
        if path and is_saved_game(path):
            self.set_game(read_game(path), loaded=True)
            self.changed()
            moves = len(self.game.history)
            # (the file's name alone: a long path wrapped the message over the cards' tops)
            self.say(f"Game loaded from {Path(path).name}: {moves} move{'' if moves == 1 else 's'}")
            return
        # (the player's options: the game left may not have them, Klondike no Auto stack)
        self.set_game(Game(safe_load(what), fresh_seed(), self.options.values))
        self.changed()
        if self.worker is not None and self.options.values.get("winnable_deals"):
            self.new_game()     # a deal to play at once, and a winnable one in its place when found

    # -- moves ----------------------------------------------------------------------------
    def play(self, move: Move | str, *, options: dict | None = None, by: str | None = None) -> MoveRecord | None:
        """Play a move; returns what it changed, or None if the rules refused it (the
        game's message says why).  A game program's own failure (RuleFileError) is raised.
        ``options`` and ``by``: see ``Game.play`` (Demo plays under options of its own)."""
        try:
            record = self.game.play(move, options=options, by=by)
            self.moved = True
        except IllegalMoveError:
            self.announce("refused")
            return None
        except RuleFileError:
            raise
        except SolitaireError as error:
            self.say(str(error))
            return None
        self.changed()
        return record

    def undo(self) -> None:
        self.demo = None    # (the player takes over: Demo's line is of the position it left)
        if self.game.undo() is None:
            self.game.message = "There is nothing to undo"
        self.changed()

    def redo(self) -> None:
        self.demo = None
        if self.game.redo() is None:
            self.game.message = "There is nothing to redo"
        else:
            self.moved = True
        self.changed()

    def restart(self) -> None:
        self.demo = None
        self.game.restart()
        self.changed()

    def say(self, text: str) -> None:
        self.game.message = text
        self.announce("view")

    def changed(self) -> None:
        """After every change to the game: count it in the statistics, autosave it, and
        set the solver thinking about it."""
        self.hint = None
        self.demo_asked = False     # (the line asked for was of the position before)
        if self.demo is None or self.game.status != "playing":
            self.think()        # (a game Demo has won or lost says so, not "Winnable")
        elif self.solution:
            self.solution = self.solution[1:]
        self.called_off = False     # (said by the move's message, if the move called it off)
        self.save_progress()
        self.announce("position")

    def save_progress(self) -> None:
        """Count the game in the statistics once a card has moved and once it is won (a win
        with Demo's help apart), and write the autosave."""
        game = self.game
        # the autosave first, and the counts only once it is written: a win counted whose
        # autosave was not written would come back unwon and be counted again; a count is
        # marked done only once written (else the next change tries again), and a count
        # that fails costs no autosave
        if self.autosave is not None:
            try:
                self._write_autosave()
                self.unsaved = None
            except OSError as error:
                self.unsaved = error.strerror or str(error)
                game.message = f"Can't save the game: {self.unsaved}"
                return      # (counted once the autosave holds what is counted)
        try:
            if not self.counted["played"] and self.moved and game.history:
                self.statistics.record(game_key(game.ruleset), game.name, played=1)
                self.counted["played"] = True
            if not self.counted["won"] and self.counted["played"] and game.status == "won":
                won = "won_with_demo" if self.demo_helped else "won"
                self.statistics.record(game_key(game.ruleset), game.name, **{won: 1})
                self.counted["won"] = True
        except OSError as error:
            game.message = f"Can't count the game in the statistics: {error.strerror or error}"

    def _write_autosave(self) -> None:
        """Write the autosave, unless it holds the game as it is already: a game brought
        back unchanged leaves its autosave as it was, so that it is no newer than the
        autosave of a game played since (the newest free one comes back at the start)."""
        path = self.autosave
        if path is None:
            return
        text = game_text(self.game)
        if self._autosaved is None:
            try:
                self._autosaved = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError):
                self._autosaved = ""
            # (what a crash left mid-write goes now, though the autosave may not be written)
            remove_stale_temporaries(target_of(path))
        if text != self._autosaved:
            atomic_write(path, text, make_folder=True)
            self._autosaved = text

    # -- options ------------------------------------------------------------------------------
    def option(self, name: str):
        return self.game.options.get(name)

    def set_option(self, name: str, value) -> None:
        """Set one of the game's own options (and the player's, which Save options writes)."""
        if name not in self.game.ruleset.assist_options:
            self.demo = None    # (a change of rules: Demo's line was found under the old ones)
        self.game.set_option(name, value)
        if isinstance(value, bool):
            self.options.values[name] = value
        else:
            self.game.message = f"{str(value).capitalize()} {name}"
        self.changed()
        # (Auto finish ticked with every stack sorted: the finish starts now, not after the
        # next move; its first card is played as a move, so it undoes and saves as one)
        finishing = finishing_move(self.game)
        if finishing is not None:
            self.play(finishing)

    def toggle_option(self, name: str) -> None:
        self.set_option(name, not self.game.options.get(name))

    @property
    def indicator_on(self) -> bool:
        return bool(self.options.values.get("indicator", True))

    def toggle_indicator(self) -> None:
        self.options.values["indicator"] = not self.indicator_on
        self.think()
        self.announce("view")

    def toggle_winnable_deals(self) -> None:
        self.options.values["winnable_deals"] = not self.options.values.get("winnable_deals")
        self.announce("view")

    def save_options(self) -> None:
        for name in self.game.ruleset.default_options:   # the game's own options, as ticked
            if name in self.options.values:
                self.options.values[name] = bool(self.game.options[name])
        try:
            self.game.message = self.options.save()
        except OSError as error:
            self.game.message = f"Options not saved: {error.strerror or error}"
        self.announce("view")

    # -- saved games ------------------------------------------------------------------------
    @staticmethod
    def saves_dir() -> Path:
        return data_dir() / "saves"

    def default_save_path(self) -> str:
        game = self.game
        name = "".join(ch if ch.isalnum() else "-" for ch in game.name.lower()).strip("-")
        return str(self.saves_dir() / f"{name}-{game.seed if game.seed is not None else 'game'}.json")

    def save_game(self, path: str) -> None:
        """Write the game to ``path``; raises OSError if it can't be written (a folder the
        player names must exist; the saves folder is made when first used)."""
        path = path.strip()
        if not path:
            return
        # (before Path drops a slash: "name/" wrote a file "name" in the working folder)
        refuse_folder_name(path, dots=True)
        target = Path(os.path.expanduser(path))
        saves = self.saves_dir()
        if os.sep not in path and (os.altsep is None or os.altsep not in path):
            target = saves / path       # (a name alone: in the saves folder, where Load game looks)
        if target.parent == saves and not target.suffix:
            target = target.with_name(target.name + ".json")    # (Load game lists the .json files)
        written = write_game(self.game, target, make_folder=target.parent == saves)
        # (in the saves folder, which Load game lists, its name alone; elsewhere a long path's
        # end: the whole path wrapped the message over the cards' tops)
        self.say(f"Game saved as {written.name if written.parent.resolve() == saves.resolve() else path_end(written)}")

    def saved_game_named(self, text: str) -> str:
        """The file Load game's writable item names: a path as typed, or a name alone that
        is no file here, in the saves folder (where Save game puts a name alone), with
        ``.json`` if it has no suffix and there is such a file."""
        path = os.path.expanduser(text.strip())
        if os.sep in path or (os.altsep is not None and os.altsep in path) or os.path.exists(path):
            return path
        saves = self.saves_dir()
        for name in (path, path + ".json") if not Path(path).suffix else (path,):
            if (saves / name).exists():
                return str(saves / name)
        return path

    # -- the solver -------------------------------------------------------------------------
    def think(self, keep_hint: bool = False) -> None:
        """After a change: the verdict on the new position if the solver already knows
        it (along a line it found, after a lost position, a position met before), else
        ask the solver, in its own process, whether the game can still be won."""
        self.solution = None
        if not keep_hint:
            self.hint = None
        self._call_off_deal()
        worker = self.worker
        on = worker is not None and self.indicator_on
        if worker is not None and on and self.game.status == "playing":
            decision = self.verdicts.after_change(self.game)
            self.indicator = decision.label
            self.solution = decision.solution
            if decision.search is not None:
                kind, timeout = decision.search
                worker.start(kind, self.game, timeout=timeout)
            else:
                worker.stop()
        else:
            if self.worker is not None:
                self.worker.stop()
            self.indicator = LABELS["unwinnable"] if on and self.game.status == "lost" else ""

    @property
    def demo_on(self) -> bool:
        """Demo plays, or waits for the solver's line to play."""
        return self.demo is not None or self.demo_asked

    def _call_off_deal(self) -> None:
        """The game played on (a move, Undo, Hint, Demo) while *Only winnable deals* looked
        for the next deal: the new deal is given up, and said (its search is the worker's
        one job, which the next question replaces)."""
        if self.looking:
            self.looking = False
            self.called_off = True
            if not self.game.message or self.game.message == LOOKING:
                self.game.message = CALLED_OFF

    def _noting_call_off(self, text: str) -> str:
        """A Hint's or Demo's message, after the call-off of the next deal where they made it
        (their own message came over it at once)."""
        return f"{CALLED_OFF}. {text}" if self.called_off else text

    def on_answer(self, answer: Answer) -> None:
        """The solver's answer to the latest question (older answers are dropped)."""
        if self.worker is None or answer.job != self.worker.job:
            return
        result = answer.result
        if answer.kind == "winnable-deal":
            if not self.looking:
                return          # (called off: the game was played on, by a Hint or Demo known already too)
            self.looking = False
            seconds = result.get("seconds", 0.0)
            if result.get("seed") is None:
                tried = result.get("tried", 0)
                self.say(f"No winnable deal found in {seconds:.0f} s ({tried} tried)")
            else:
                self.new_game(result["seed"], any_deal=True, line=list(result.get("moves") or []))
                tried = result.get("tried", 1)
                self.say(f"A winnable deal, found in {seconds:.1f} s ({plural(tried, 'deal')} tried)")
            return
        verdict = result.get("verdict", "unknown")
        if verdict == "winnable":
            self.solution = result.get("moves") or []
        # (Demo's search, asked while the indicator's was under way, called that one off: its
        # answer, from a search of the full time, is the indicator's too; "Thinking..." stayed)
        called_off = answer.kind == "solution" and self.indicator_on and self.indicator == THINKING
        if verdict in ("winnable", "unwinnable") or answer.kind == "verdict" or called_off:
            decision = self.verdicts.on_answer(self.game, result)
            if self.indicator_on and self.game.status == "playing":
                self.indicator = decision.label
        if answer.kind == "hint":
            move = result.get("move")
            if not move and verdict == "unwinnable" and self.game.legal_moves:
                # (a lost position whose moves the search's bounds cut away at once: YaZZle's
                # Pyramid; "no move to hint at" said moves were lacking)
                self.say(HINT_LOST)
            else:
                self._point_at(Move.parse(move) if move else None)
            if verdict == "unknown" and self.indicator_on and self.indicator == THINKING:
                self.think(keep_hint=True)      # the hint's short search cut the verdict's short
            return
        if answer.kind == "solution":
            asked, self.demo_asked = self.demo_asked, False
            if not asked:
                pass            # (called off while the solver looked: the line is kept for later)
            elif verdict == "winnable":
                self.start_demo()
                return
            else:
                self.game.message = self._noting_call_off(
                    DEMO_LOST if verdict == "unwinnable" else "Demo: the solver found no winning line in time")
                self.called_off = False
        self.announce("view")

    def show_hint(self) -> None:
        """Point at a good move: the solver's line if it has one, else ask the solver's
        process (the answer comes to ``on_answer``); a client without a solver process
        (the command line) searches briefly itself."""
        game = self.game
        if game.status != "playing":
            self.say("The game is over")
            return
        # (a hint known already called the next deal off too: it came all the same, over the
        # game played on)
        self._call_off_deal()
        if self.solution and (self.worker is None or game.goes_up(self.solution[0])):
            self._point_at(Move.parse(self.solution[0]))
        elif self.worker is not None:
            # (also where the line known starts otherwise: the solver's process, which knows the
            # position, turns the line to a move to a foundation first where one will do)
            self.hint = None
            self.game.message = self._noting_call_off("Hint: thinking...")
            self.worker.start("hint", game, timeout=HINT_SECONDS)
            self.announce("view")
        else:
            # (imported here: the search isn't loaded at start-up)
            from ..engine.solver import hint as solver_hint
            self._point_at(solver_hint(game, timeout=0.3))

    def _point_at(self, move: Move | None) -> None:
        game = self.game
        if move is None:
            self.say("There is no move to hint at")
            return
        line = [Move.parse(text) for text in self.solution] if self.solution else []
        line = line if line and line[0] == move else []
        move = game.resolve(move)
        pile = game.pile(move.src)
        card = pile.cards[-move.n] if len(pile.cards) >= move.n else None
        words = game.ruleset.role_name
        shown = card if card is not None and card.face_up else None
        what = shown.name if shown is not None else self._pile_words(pile)
        if move.kind == "click":
            text = f"Hint: click {'the ' if shown is not None else ''}{what}" + self._after_clicks(move, line)
        else:
            target = game.pile(move.dst) if move.dst else None
            if target is None or target.role == "foundation":
                where = f"up to its {words('foundation')}"
                if shown is not None and move.n > 1:    # (a pair or a run: the card on top named too)
                    top = pile.cards[-1]
                    what += f" with the {top.name} on it" if move.n == 2 else f" and the {move.n - 1} cards on it"
            elif not target.cards:
                where = "to the empty " + self._pile_words(target).removeprefix("the ")
            else:
                where = f"onto the {target.cards[-1].name}" if target.cards[-1].face_up else f"onto {target.name}"
            text = f"Hint: {what} {where}"
        game.message = self._noting_call_off(text)
        self.called_off = False
        self.hint = Hint(move.src, move.n, move.dst)
        self.announce("view")

    def _pile_words(self, pile) -> str:
        """A pile as a hint names it (``Ruleset.pile_words``)."""
        return self.game.ruleset.pile_words(self.game, pile)

    def _after_clicks(self, move: Move, line: list[Move]) -> str:
        """Where the solver's line goes with a run of clicks on one pile (a stock turned
        until the card it wants comes up): how many, and the card then played."""
        times = 1
        while times < len(line) and line[times] == line[0]:
            times += 1
        said = f" {times} times" if times > 1 else ""
        after = line[times] if times < len(line) else None
        if after is None or after.kind != "drag":
            return said
        try:
            ahead = Game.from_position(self.game.ruleset, self.game.to_position(), dict(self.game.options))
            for _ in range(times):
                ahead.play(move)
            cards = ahead.pile(after.src).cards
        except SolitaireError:
            return said
        if len(cards) < after.n or not cards[-after.n].face_up:
            return said
        return f"{said}, then play the {cards[-after.n].name}"

    def start_demo(self) -> None:
        self.hint = None   # Demo plays its own moves
        if self.game.status != "playing":
            self.say("The game is over")
            return
        self._call_off_deal()       # (a line known already too: the next deal came over Demo's game)
        if self.solution is None:
            if self.indicator == LABELS["unwinnable"]:
                self.say(DEMO_LOST)     # (proved already: no search)
                return
            if self.worker is None:
                self.say("There is no solver to play the demo")
                return
            # (its own words: the indicator's line may say "Thinking..." too)
            self.game.message = self._noting_call_off("Demo: thinking...")
            self.demo_asked = True
            self.worker.start("solution", self.game)
        elif not self.solution:
            self.game.message = "Nothing left to play"
        else:
            self.demo = list(self.solution)
            self.demo_due = now_ms() + DEMO_MS
            self.game.message = self._noting_call_off("Demo: click to stop")
            self.called_off = False
        self.announce("view")

    def stop_demo(self) -> None:
        """A click, a key: Demo stops (or, still waiting for the solver's line, never starts)."""
        asked = self.demo is None and self.demo_asked
        self.demo = None
        self.demo_asked = False
        self.say("Demo called off" if asked else "Demo stopped")

    def demo_step(self, now: int) -> MoveRecord | None:
        """Play Demo's next move if it is due; returns what it changed."""
        if self.demo is None or now < self.demo_due:
            return None
        move = self.demo.pop(0)
        rest = self.demo
        self.demo_helped = True
        try:
            # the solution is for plain moves: Demo plays them under options of its own,
            # and the player's stay as they are
            record = self.play(Move.parse(move), options=demo_options(self.game), by="demo")
        except BaseException:
            self.demo = None
            raise
        if record is None or not rest:
            self.demo = None
            if record is not None and self.game.status != "won":
                self.game.message = "Demo finished"
            elif record is not None:
                # (the game's own words were the player's: "Well done - you've won!")
                self.game.message = "Demo has won the game"
        else:
            self.demo = rest
            again = rest[0] == move and Move.parse(move).kind == "click"
            self.demo_due = now + (DEMO_CLICK_MS if again else DEMO_MS)
            self.game.message = "Demo: click to stop"
        self.announce("view")
        return record


def start_game(rulefile: str | None = None, seed: int | None = None, options: Options | None = None,
               autosave: Path | None = None) -> tuple[Game, str | None]:
    """The game a client starts with: the game of its autosave if started plain, or with
    the rule file the autosaved game is of and no seed; else a new game of RULEFILE (or the
    saved game it names); and a message if the autosave could not be used (it is then kept
    as ``NAME.bad``).  Raises SolitaireError for a file that can't be loaded."""
    options = options or load_options()
    if rulefile is not None and is_saved_game(rulefile):
        return read_game(rulefile), None
    problem = None
    if autosave is not None and seed is None:
        game, problem = load_autosave(autosave)
        if game is not None and (rulefile is None or _same_file(GameRef.of(game.ruleset).path, rulefile)):
            return game, problem
    return Game(safe_load(rulefile), seed if seed is not None else fresh_seed(), options.values), problem


def _same_file(path: str | None, other: str) -> bool:
    """Do the two paths name one rule file (a YaZZle game's folder, or its game.ini)?"""
    if path is None:
        return False
    try:
        return rule_file_place(path) == rule_file_place(other)
    except (OSError, RuntimeError):
        return False


#: the most of a path the message space names (its end, "..." for the rest): "Game saved as"
#: and it fill one line of King Albert's message space (44 characters), the indicator the next
PATH_SHOWN = 30


def path_end(path) -> str:
    """``path`` as the message space names it: whole if short, else "..." and its end."""
    return tail(str(path), PATH_SHOWN)
