"""Saved games and the autosave: the position JSON plus the move history.

A saved game is the position (as ``Game.to_position`` gives it) plus which
game it is, the options, where the game started and every move played and
undone, so that loading it gives back the game at the same move with its
undo and redo history.  The autosave (``autosave.json`` in the user data
folder) is written atomically after every change in the desktop, so that
starting again — after Quit, a crash or ``kill -9`` — brings back the same
game at the same move.  A file that can't be read back is renamed aside to
``.bad`` and reported, never overwritten silently.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path

from ..engine.errors import PositionError, RuleFileError, SolitaireError, shorten
from ..engine.game import Game
from ..engine.ruleset import Ruleset
from ..loaders import find_format
from ..loaders.text import ReadError, read_bytes
from .catalogue import GameRef, safe_load
from .files import WriteRefused, atomic_write, data_dir, set_aside, try_lock
from .game_options import is_option_action, option_actions, parse_option
from .positions import parse_json

FORMAT = "kingalbert saved game"
#: version 2 records the options every move was played under and who played it
VERSION = 2
#: the largest saved game read
MAX_BYTES = 64 * 2**20
#: the most moves a saved game may hold (a real game has a few hundred)
MAX_MOVES = 100_000
#: how many windows can each have their own autosave
MAX_SLOTS = 16


def autosave_path(slot: int = 1) -> Path:
    """The autosave of slot ``slot``: ``autosave.json``, then ``autosave-2.json`` ..."""
    return data_dir() / ("autosave.json" if slot == 1 else f"autosave-{slot}.json")


@dataclass
class Autosave:
    """This window's autosave file, and the lock that keeps it this window's alone for as
    long as the program runs (``lock`` is the open descriptor; None: no lock was free)."""

    path: Path | None
    lock: int | None = None
    #: why this window can't keep an autosave of its own (None: it can, or every slot is
    #: taken, as ``path`` None says)
    problem: str | None = None

    def release(self) -> None:
        if self.lock is not None:
            os.close(self.lock)
            self.lock = None


def claim_autosave() -> Autosave:
    """An autosave no other window is using: the newest one that is free (so the game
    left by the last window to quit comes back), else a new one.  Each running window
    writes only its own, so two windows never overwrite each other's game."""
    folder = data_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        return Autosave(None, problem=_unwritable(folder, error))
    slots = range(1, MAX_SLOTS + 1)
    existing = sorted((n for n in slots if autosave_path(n).exists()),
                      key=lambda n: autosave_path(n).stat().st_mtime, reverse=True)
    refused: OSError | None = None
    for n in existing + [n for n in slots if n not in existing]:
        path = autosave_path(n)
        try:
            lock = try_lock(str(path) + ".lock")
        except OSError as error:
            refused = refused or error
            continue
        if lock is not None:
            return Autosave(path, lock)
    if refused is not None:
        # a folder that can't be written (read-only, not the player's): its newest autosave
        # still comes back, and each move says it can't be saved
        return Autosave(autosave_path(existing[0]) if existing else None, problem=_unwritable(folder, refused))
    return Autosave(None)


def _unwritable(folder: Path, error: OSError) -> str:
    return f"{folder}: {error.strerror or error}: this window autosaves nothing"


def history(game: Game) -> tuple[list, list]:
    """The game's history as a saved game writes it: the actions played, then those
    undone (the next to redo first).  A move is its action (``r4>t4``), or
    ``{"move": ..., "by": "demo"}`` when Demo played it; before a move played under
    other options than the one before it (the first: than the game started under) come
    the ``option:NAME=VALUE`` actions that set them, so that a replay plays every move
    under the options it was played under."""
    played, undone = game.records()
    running = game.start_options

    def entries(records) -> list:
        nonlocal running
        out: list = []
        for record in records:
            if record.move is None:
                continue
            if record.options != running:
                out += option_actions(running, record.options)
                running = record.options
            out.append(str(record.move) if record.by is None else {"move": str(record.move), "by": record.by})
        return out

    return entries(played), entries(undone)


def action_log(game: Game) -> list[str]:
    """What was played, as actions ``kingalbert replay`` takes: the moves and the option
    changes among and after them."""
    moves, _ = history(game)
    played, _ = game.records()
    after = (played[-1].options if played else None) or game.start_options
    return [entry if isinstance(entry, str) else entry["move"] for entry in moves] + option_actions(after, game.options)


def to_save(game: Game) -> dict:
    """The saved game of ``game`` (a JSON-ready dict; see the README's "Saved games")."""
    save: dict = {"format": FORMAT, "version": VERSION}
    save.update(game.to_position())
    ref = GameRef.of(game.ruleset)
    save["rulefile"] = ref.path
    if ref.builtin is not None:
        save["builtin"] = ref.builtin
    save["options"] = dict(game.options)
    save["start"] = {**game.start_position(), "options": dict(game.start_options)}
    save["moves"], save["undone"] = history(game)
    return save


def game_ref(save: dict) -> GameRef:
    """Which game a saved game is of (a version-1 file without a rule file is King Albert's)."""
    rulefile = save.get("rulefile")
    if rulefile is not None:
        if not isinstance(rulefile, str):
            raise PositionError('"rulefile" must be a path or null')
        return GameRef(path=rulefile)
    builtin = save.get("builtin", "king-albert")
    if not isinstance(builtin, str):
        raise PositionError('"builtin" must be the id of a built-in game')
    return GameRef(builtin=builtin)


def _beside(ref: GameRef, path: Path) -> GameRef:
    """A rule file a saved game names by a relative path (as files written before 29 Nov
    may), found beside the saved game when it is not where the program is started."""
    if ref.path is None or os.path.isabs(ref.path) or os.path.exists(ref.path):
        return ref
    beside = path.parent / ref.path
    return GameRef(path=str(beside)) if os.path.exists(beside) else ref


def _check_options(ruleset: Ruleset, options) -> dict:
    """A saved game's options, each of a kind the game understands (a mode that is one of
    its modes, on/off options true or false); raises PositionError saying which is wrong."""
    if not isinstance(options, dict):
        raise PositionError('"options" must be an object')
    for name, default in ruleset.default_options.items():
        if name not in options:
            continue
        value = options[name]
        choices = ruleset.option_choices.get(name)
        if choices is not None:
            if not isinstance(value, str) or value.lower() not in choices:
                raise PositionError(f"the {name} {shorten(repr(value))} is not one of {', '.join(choices)}")
        elif isinstance(default, bool) and not isinstance(value, bool):
            raise PositionError(f"the option {name} must be true or false, not {shorten(repr(value))}")
    return {name: value for name, value in options.items()
            if isinstance(name, str) and isinstance(value, (bool, str, int, type(None)))}


def from_save(ruleset: Ruleset, save: dict) -> Game:
    """Replay a saved game (``to_save``, or a file of version 1); raises PositionError if it
    doesn't replay exactly to the position it saved (saying so, where the game it names
    is not the rule file's now: a rule file changed since)."""
    if not isinstance(save, dict) or save.get("format") != FORMAT:
        raise PositionError("not a saved game")
    try:
        return _replayed(ruleset, save)
    except PositionError as error:
        named = save.get("game")
        if isinstance(named, str) and named.strip() and named != ruleset.name:
            raise PositionError(f"{error} (it was saved as a game of {shorten(named)}; its rule file is now "
                                f"{shorten(ruleset.name)})") from None
        raise


def _replayed(ruleset: Ruleset, save: dict) -> Game:
    version = save.get("version", 1)
    if version not in (1, VERSION):
        raise PositionError(f"a saved game of version {shorten(repr(version))}; this program reads 1 and {VERSION}")
    start, moves, undone = save.get("start"), save.get("moves", []), save.get("undone", [])
    if not isinstance(start, dict) or not isinstance(moves, list) or not isinstance(undone, list):
        raise PositionError('a saved game needs "start", "moves" and "undone"')
    if len(moves) + len(undone) > MAX_MOVES:
        raise PositionError(f"it holds {len(moves) + len(undone)} moves; a saved game holds at most {MAX_MOVES}")
    options = _check_options(ruleset, save.get("options", {}))
    # version 1 kept one set of options for every move; version 2 keeps the first move's
    first = _check_options(ruleset, start.get("options", options)) if version == VERSION else options
    position = {"seed": save.get("seed"), **{key: start[key] for key in ("piles", "vars", "rng") if key in start}}
    game = Game.from_position(ruleset, position, first)
    redo = 0
    for number, entry in enumerate(moves + undone, 1):
        try:
            is_move = _replay(game, entry, number)
        except SolitaireError as error:
            raise PositionError(f"move {number} ({shorten(_text(entry))}) does not replay: {error}") from None
        if is_move and number > len(moves):
            redo += 1
    for _ in range(redo):
        game.undo()
    for name, value in options.items():
        game.set_option(name, value)
    piles = save.get("piles")
    if piles is not None:
        if not isinstance(piles, list) or not all(isinstance(entry, dict) for entry in piles):
            raise PositionError('"piles" must be a list of piles')
        saved = {entry.get("name"): entry.get("cards") for entry in piles if isinstance(entry.get("name"), str)}
        now = {pile.name: [str(card) for card in pile.cards] for pile in game.piles}
        if any(saved.get(name, []) != cards for name, cards in now.items()):
            raise PositionError("the moves do not lead to the saved position")
    game.message = ""
    return game


def _text(entry) -> str:
    return str(entry.get("move", "")) if isinstance(entry, dict) else str(entry)


def _replay(game: Game, entry, number: int) -> bool:
    """Play one entry of a saved history; returns whether it was a move (not an option)."""
    if isinstance(entry, str) and is_option_action(entry):
        game.set_option(*parse_option(game.ruleset, entry))
        return False
    if isinstance(entry, dict) and isinstance(entry.get("move"), str) and entry.get("by") in (None, "demo"):
        by = entry.get("by")
        game.play(entry["move"], by=by)
        return True
    if not isinstance(entry, str):
        raise PositionError(f"move {number} is not an action")
    if entry.strip().lower() in ("undo", "redo"):
        raise PositionError('undo and redo are no moves of a saved history (what was taken back is under "undone")')
    game.play(entry)
    return True


def is_saved_game(path) -> bool:
    """Is this a saved game (rather than a rule file)?  Only a regular file can be; one
    that starts like JSON is read whole (within bounds) to find its "format"."""
    try:
        data = read_bytes(path, MAX_BYTES)
    except ReadError:
        return False
    if not data.lstrip().startswith(b"{"):
        return False
    if FORMAT.encode() not in data:
        return False
    try:
        return isinstance(parsed := json.loads(data.decode("utf-8-sig")), dict) and parsed.get("format") == FORMAT
    except (ValueError, RecursionError):
        # (JSON that names our format and is cut short or damaged: a saved game all the same,
        # which ``read_game`` refuses with the line and the reason)
        return True


@dataclass(frozen=True)
class SavedGame:
    """What a Load menu shows of a saved game, read from its file without replaying it."""

    path: Path
    name: str
    seed: int | None
    moves: int
    mtime: float
    #: the format of its rule file as the player calls it ("SolKit"), "" for a built-in game
    kind: str = ""


def _count_moves(moves) -> int:
    """The moves of a saved game's "moves" list (not the option actions between them)."""
    if not isinstance(moves, list):
        return 0
    return sum(1 for move in moves if not (isinstance(move, str) and move.startswith("option:")))


def saved_games(folder, limit: int = 12) -> list[SavedGame]:
    """The newest ``limit`` saved games in ``folder``, newest first.  Files that can't be
    read or aren't saved games are left out; a missing folder has none."""
    try:
        entries = [(entry.stat().st_mtime, Path(entry.path)) for entry in os.scandir(folder)
                   if entry.name.endswith(".json") and entry.is_file()]
    except OSError:
        return []
    found: list[SavedGame] = []
    for mtime, path in sorted(entries, key=lambda entry: entry[0], reverse=True):
        if len(found) >= limit:
            break
        try:
            data = parse_json(read_bytes(path, MAX_BYTES), str(path), "a saved game")
        except (ReadError, SolitaireError):
            continue
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            continue
        name, seed, moves, rulefile = data.get("game"), data.get("seed"), data.get("moves"), data.get("rulefile")
        fmt = find_format(Path(rulefile)) if isinstance(rulefile, str) and rulefile else None
        found.append(SavedGame(path, name if isinstance(name, str) and name else path.stem,
                               seed if isinstance(seed, int) and not isinstance(seed, bool) else None,
                               _count_moves(moves), mtime, fmt.label if fmt is not None else ""))
    return found


def game_text(game: Game) -> str:
    """The saved game of ``game`` as its file holds it."""
    return json.dumps(to_save(game), indent=1) + "\n"


def write_game(game: Game, path, *, make_folder: bool = False) -> Path:
    """Write the saved game of ``game``; returns the file written (through a link, its target).
    A game of more moves than a saved game holds is refused (``WriteRefused``): it would
    not load again."""
    held = len(game.history) + len(game.records()[1])
    if held > MAX_MOVES:
        raise WriteRefused(path, f"not written: the game holds {held} moves, and a saved game at most {MAX_MOVES}")
    return atomic_write(path, game_text(game), make_folder=make_folder)


class GameUnavailable(SolitaireError):
    """A saved game whose game can't be loaded (its rule file gone, moved or broken): the
    file itself may be sound, and load again once the rule file is back."""


def read_game(path) -> Game:
    """A saved game, replayed; raises SolitaireError naming the file on any problem,
    whatever the file holds (any JSON, any types, any depth, any size)."""
    path = Path(path)
    try:
        data = parse_json(read_bytes(path, MAX_BYTES), str(path), "a saved game")
    except ReadError as error:
        raise SolitaireError(f"{path}: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SolitaireError(f"{path}: not a saved game")
    try:
        ruleset = safe_load(_beside(game_ref(data), path))
    except PositionError as error:
        raise SolitaireError(f"{path}: {error}") from None
    except RuleFileError as error:
        raise GameUnavailable(f"{path}: its game can't be loaded: {error}") from None
    try:
        return from_save(ruleset, data)
    except PositionError as error:
        raise SolitaireError(f"{path}: {error}") from None
    except (TypeError, ValueError, KeyError, AttributeError, IndexError, RecursionError) as error:
        # whatever a malformed file leads to, it is the file's fault: say so, and what
        raise SolitaireError(f"{path}: not a saved game this program can read "
                             f"({type(error).__name__}: {shorten(str(error), 120)})") from None


def load_autosave(path=None) -> tuple[Game | None, str | None]:
    """The game in progress when the program last stopped, if any; and a message if the
    autosave could not be used (it is then kept as ``NAME.bad``)."""
    path = Path(path) if path is not None else autosave_path()
    if not path.exists() and not path.is_symlink():
        return None, None
    try:
        return read_game(path), None
    except SolitaireError as error:
        try:
            kept = set_aside(path)
        except OSError:
            return None, f"{error}"
        if isinstance(error, GameUnavailable):
            # (a rule file on a drive not mounted, a folder renamed: the game is not lost)
            return None, (f"{error} (the file is kept as {kept.name}: once the game's file is back, "
                          f"Load game's writable item loads {kept})")
        return None, f"{error} (the file is kept as {kept.name})"
