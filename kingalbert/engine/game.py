"""``Game``: one game in progress — piles, moves, undo and redo, positions.

The shape follows python-chess's ``Board``: the state lives here, legal
moves come from a lazy view, ``play`` checks and applies an action,
``undo``/``redo`` walk the move log, and positions go in and out as JSON.

Every change a ruleset makes goes through the primitives below, which save
the old contents of each pile (and of ``vars`` and the random generator) the
first time a move touches them.  A move's record therefore holds exactly what
it changed, and undo and redo work the same for every game.
"""
from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import Any

from .cards import Card
from .errors import IllegalMoveError, InvalidMoveError, PositionError, SolitaireError, shorten
from .moves import Move
from .piles import Pile
from .rng import Rng
from .ruleset import Ruleset

STATUSES = ("playing", "won", "lost")
#: seeds are 64-bit, the random generator's state
MAX_SEED = 2**64 - 1
GAME_OVER = "The game is over"


class MoveRecord:
    """What one move changed, to undo and redo it: while the move is under way, the old
    contents of each pile it touches (``before``), the old ``vars`` and rng state; once
    committed, only what differs (``changes``: per pile, the cards kept at the bottom and
    the top parts before and after; ``vars_changes``: the keys that changed), so that a
    long game's history stays small.  Also: the options the move was played under,
    who played it (None: the player; "demo"), the card movements (``steps``) and the
    messages it gave."""

    __slots__ = ("move", "before", "changes", "vars_before", "vars_changes", "rng_before", "rng_after", "steps",
                 "messages", "options", "by")

    def __init__(self, move: Move | None, rng_state: int, options: Mapping[str, Any] | None = None,
                 by: str | None = None) -> None:
        self.move = move
        self.before: dict[int, tuple] = {}
        self.changes: tuple = ()
        self.vars_before: dict | None = None
        self.vars_changes: tuple = ()
        self.rng_before = rng_state
        self.rng_after = rng_state
        # lists while the move is under way, tuples once it is committed
        self.steps: Any = []
        self.messages: Any = []
        self.options = options
        self.by = by

    def compact(self, piles: list, variables: dict) -> None:
        """Keep only what the move changed (after ``commit``)."""
        changes = []
        for index, before in self.before.items():
            after = tuple(piles[index].cards)
            keep = 0
            for old, new in zip(before, after):
                if old != new:
                    break
                keep += 1
            if before != after:
                changes.append((index, keep, before[keep:], after[keep:]))
        self.changes = tuple(changes)
        self.before = {}
        if self.vars_before is not None:
            old_vars, missing = self.vars_before, _MISSING
            keys = {key for key in old_vars.keys() | variables.keys()
                    if old_vars.get(key, missing) != variables.get(key, missing)}
            self.vars_changes = tuple((key, old_vars.get(key, missing), variables.get(key, missing)) for key in keys)
            self.vars_before = None
        self.steps = tuple(self.steps)
        self.messages = tuple(self.messages)


#: a ``vars`` key that was not there
_MISSING = object()


class Game:
    def __init__(self, ruleset: Ruleset, seed: int | None = None, options: Mapping[str, Any] | None = None, *,
                 deal: bool = True):
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED):
            raise SolitaireError(f"a seed is a whole number from 0 to {MAX_SEED}, not {shorten(repr(seed))}")
        self.ruleset = ruleset
        # the options this game understands (others, a different game's, are left out)
        defaults = ruleset.default_options
        self._options: dict = {**defaults, **{k: v for k, v in (options or {}).items() if k in defaults}}
        #: the options the game started under (its history records each change since)
        self.start_options: Mapping[str, Any] = MappingProxyType(self._options)
        self.seed = seed
        self.rng = Rng(seed or 0)
        self.piles: list[Pile] = []
        self._by_name: dict[str, Pile] = {}
        self.vars: dict = {}
        self.history: list[Move] = []
        self._undo: list[MoveRecord] = []
        self._redo: list[MoveRecord] = []
        self._record: MoveRecord | None = None
        self._status_cache: tuple[int, str] | None = None
        self._version = 0
        self._pushed: list[MoveRecord] = []
        self.message = ""
        ruleset.setup(self)
        if deal:
            ruleset.deal(self)
        self._start = self._snapshot()

    # -- piles ---------------------------------------------------------------
    def add_pile(self, name: str, role: str) -> Pile:
        key = name.lower()
        if key in self._by_name:
            raise SolitaireError(f"two piles are named {name!r}")
        pile = Pile(name, role, len(self.piles))
        self.piles.append(pile)
        self._by_name[key] = pile
        return pile

    def pile(self, name: str) -> Pile:
        """The pile of that name, matched case-insensitively."""
        try:
            return self._by_name[name.lower()]
        except KeyError:
            raise InvalidMoveError(f"{self.ruleset.name} has no pile named {name!r}") from None

    def piles_of(self, role: str) -> list[Pile]:
        return [pile for pile in self.piles if pile.role == role]

    @property
    def name(self) -> str:
        return self.ruleset.name

    # -- options -------------------------------------------------------------------------
    @property
    def options(self) -> Mapping[str, Any]:
        """The options moves are played under (read-only: change them with ``set_option``,
        so that every move keeps the options it was played under)."""
        return MappingProxyType(self._options)

    def set_option(self, name: str, value) -> None:
        """Change an option for the moves to come (the moves played keep theirs)."""
        if self._options.get(name, _MISSING) != value:
            self._options = {**self._options, name: value}
            self._version += 1

    # -- primitives that rulesets change the game with ---------------------------
    def _touch(self, pile: Pile) -> None:
        record = self._record
        if record is not None and pile.index not in record.before:
            record.before[pile.index] = tuple(pile.cards)

    def move_cards(self, src: Pile, n: int, dst: Pile, face_up: bool | None = None) -> list[Card]:
        """Move the top ``n`` cards of ``src`` onto ``dst`` (turned if ``face_up`` is given)."""
        if n <= 0:
            return []
        if n > len(src.cards):
            raise SolitaireError(f"{src.name} has fewer than {n} cards")
        self._touch(src)
        self._touch(dst)
        moved = src.cards[-n:]
        del src.cards[-n:]
        if face_up is not None:
            moved = [card.turned(face_up) for card in moved]
        dst.cards.extend(moved)
        if self._record is not None:
            self._record.steps.append((src.name, dst.name, tuple(moved)))
        return moved

    def put(self, pile: Pile, cards) -> None:
        """Add cards on top of ``pile`` (dealing, or cards from outside the piles)."""
        self._touch(pile)
        pile.cards.extend(cards)

    def take(self, pile: Pile, n: int) -> list[Card]:
        """Remove and return the top ``n`` cards of ``pile``."""
        self._touch(pile)
        taken = pile.cards[len(pile.cards) - n:]
        del pile.cards[len(pile.cards) - n:]
        return taken

    def set_cards(self, pile: Pile, cards) -> None:
        self._touch(pile)
        pile.cards[:] = cards

    def flip(self, pile: Pile, index: int = -1, face_up: bool | None = None) -> None:
        """Turn one card of ``pile`` (the top one by default)."""
        self._touch(pile)
        pile.cards[index] = pile.cards[index].turned(face_up)

    def set_var(self, key: str, value) -> None:
        record = self._record
        if record is not None and record.vars_before is None:
            record.vars_before = dict(self.vars)
        self.vars[key] = value

    def say(self, text: str) -> None:
        """A message for the player's message space."""
        self.message = text
        if self._record is not None:
            self._record.messages.append(text)

    def _snapshot(self) -> tuple:
        return tuple(tuple(pile.cards) for pile in self.piles), dict(self.vars), self.rng.state

    # -- transactions ------------------------------------------------------------
    def begin(self, move: Move | None = None, by: str | None = None) -> None:
        if self._record is not None:
            raise SolitaireError("a move is already under way")
        self._record = MoveRecord(move, self.rng.state, self._options, by)

    def rollback(self) -> None:
        record, self._record = self._record, None
        if record is not None:
            self._restore(record.before, record.vars_before, record.rng_before)

    def commit(self) -> MoveRecord:
        record, self._record = self._record, None
        if record is None:
            raise SolitaireError("no move is under way")
        record.compact(self.piles, self.vars)
        record.rng_after = self.rng.state
        self._undo.append(record)
        self._redo.clear()
        if record.move is not None:
            self.history.append(record.move)
        self._version += 1
        return record

    def _restore(self, contents: dict, vars_: dict | None, rng_state: int) -> None:
        for index, cards in contents.items():
            self.piles[index].cards[:] = cards
        if vars_ is not None:
            self.vars = dict(vars_)
        self.rng.state = rng_state

    def _replay(self, record: MoveRecord, forward: bool) -> None:
        """Apply a committed record's changes forwards (redo) or backwards (undo)."""
        for index, keep, before, after in record.changes:
            del self.piles[index].cards[keep:]
            self.piles[index].cards.extend(after if forward else before)
        if record.vars_changes:
            variables = dict(self.vars)
            for key, old, new in record.vars_changes:
                value = new if forward else old
                if value is _MISSING:
                    variables.pop(key, None)
                else:
                    variables[key] = value
            self.vars = variables
        self.rng.state = record.rng_after if forward else record.rng_before

    # -- actions --------------------------------------------------------------------
    def resolve(self, move: Move | str) -> Move:
        """Parse an action and give its piles their canonical names."""
        if isinstance(move, str):
            move = Move.parse(move)
        if move.kind == "button":
            return self.ruleset.resolve_button(self, move)
        src = self.pile(move.src).name
        dst = self.pile(move.dst).name if move.dst is not None else None
        return Move(move.kind, src, move.n, dst)

    def play(self, move: Move | str, *, options: Mapping[str, Any] | None = None, by: str | None = None) -> MoveRecord:
        """Check and carry out an action; raise IllegalMoveError (with the reason) if refused.

        On refusal the game is exactly as before.  Returns what the move changed
        (``record.steps`` lists every card movement, automatic ones included).
        ``options`` plays this move under options of its own (Demo's) instead of the
        game's, which stay as they are; ``by`` says who played it (kept in its record).
        """
        move = self.resolve(move)
        if self.over:
            self.message = GAME_OVER
            raise IllegalMoveError(GAME_OVER)
        kept = self._options
        if options is not None:
            self._options = {**kept, **options}
        self.begin(move, by)
        try:
            refusal = self._perform(move)
            if refusal is None:
                self.ruleset.after_move(self, move)
        except BaseException:
            self.rollback()
            raise
        finally:
            self._options = kept
        if refusal is not None:
            self.rollback()
            self.message = refusal
            raise IllegalMoveError(refusal)
        record = self.commit()
        if not record.messages:
            self.message = ""
        if self.ruleset.won_message and self.ruleset.is_won(self):
            self.say(self.ruleset.won_message)
            record.messages = (*record.messages, self.message)
        return record

    def _perform(self, move: Move) -> str | None:
        rules = self.ruleset
        if move.kind == "button":
            return rules.on_button(self, move)
        src = self.pile(move.src)
        if move.kind == "click":
            return rules.on_click(self, src, move.n)
        if move.kind == "adjust":
            if move.dst is not None:
                return rules.on_adjust_drop(self, src, move.n, self.pile(move.dst))
            return rules.on_adjust(self, src, move.n)
        assert move.dst is not None     # a drag (Move.parse gives every drag a destination)
        dst = self.pile(move.dst)
        refusal = rules.check_pick(self, src, move.n)
        if refusal is None:
            refusal = "That card is already there" if dst is src else rules.check_drop(self, src, move.n, dst)
        if refusal is None:
            rules.on_drop(self, src, move.n, dst)
        return refusal

    def goes_up(self, move: Move | str) -> bool:
        """Is the action a drag onto a foundation, or a legal move that takes cards out
        of the game (Aces Up's throwing a card away)?  What a hint shows first where
        its line allows (``solver.lines``)."""
        if isinstance(move, str):
            try:
                move = Move.parse(move)
            except InvalidMoveError:
                return False
        if move.kind == "drag" and move.dst is not None:
            try:
                if self.pile(move.dst).role == "foundation":
                    return True
            except InvalidMoveError:
                return False
        if move.kind == "button":
            return False
        cards = sum(len(pile.cards) for pile in self.piles)
        return self._tried(move, lambda: sum(len(pile.cards) for pile in self.piles) < cards)

    def is_legal(self, move: Move | str) -> bool:
        """Would ``play`` accept the action?  (The game is left as it was.)"""
        return self._tried(move, lambda: True)

    def _tried(self, move: Move | str, after) -> bool:
        """Is the action accepted, and ``after()`` true of the position it leaves?  (Tried,
        then taken back: the game is left as it was.)"""
        try:
            move = self.resolve(move)
        except InvalidMoveError:
            return False
        if self.over:
            return False
        self.begin(move)
        try:
            return self._perform(move) is None and after()
        finally:
            self.rollback()

    # -- the solver's fast path ---------------------------------------------------------
    def push(self, move: Move) -> MoveRecord:
        """Carry out a move that ``legal_moves`` gave without checking it first
        (python-chess's ``push``), for the solver; ``pop`` takes it back.

        The move's piles must be named as ``legal_moves`` names them.  Like
        ``play`` it runs the ruleset's ``after_move``; unlike ``play`` it leaves
        the history, undo and redo alone and doesn't look for a win.  If the
        rules refuse the move after all, raises IllegalMoveError with the game
        unchanged.  Returns the move's record (``before`` holds the old contents
        of every pile it changed).
        """
        self.begin(move)
        try:
            rules = self.ruleset
            by_name = self._by_name
            kind = move.kind
            if kind == "button":
                refusal = rules.on_button(self, move)
            else:
                src = by_name[move.src.lower()]
                if kind == "drag":
                    assert move.dst is not None
                    rules.on_drop(self, src, move.n, by_name[move.dst.lower()])
                    refusal = None
                elif kind == "click":
                    refusal = rules.on_click(self, src, move.n)
                elif move.dst is not None:
                    refusal = rules.on_adjust_drop(self, src, move.n, by_name[move.dst.lower()])
                else:
                    refusal = rules.on_adjust(self, src, move.n)
            if refusal is None:
                rules.after_move(self, move)
        except BaseException:
            self.rollback()
            raise
        if refusal is not None:
            self.rollback()
            raise IllegalMoveError(refusal)
        record, self._record = self._record, None
        assert record is not None       # begin() made it
        self._pushed.append(record)
        self._version += 1
        return record

    def pop(self) -> Move | None:
        """Take back the last ``push``; returns its move."""
        record = self._pushed.pop()
        self._restore(record.before, record.vars_before, record.rng_before)
        self._version += 1
        return record.move

    def undo(self) -> Move | None:
        """Take back the last move; returns it, or None at the deal."""
        if not self._undo:
            return None
        record = self._undo.pop()
        self._replay(record, forward=False)
        self._redo.append(record)
        if record.move is not None:
            self.history.pop()
        self._version += 1
        self.message = ""
        return record.move

    def redo(self) -> Move | None:
        """Play again the last move taken back; returns it, or None."""
        if not self._redo:
            return None
        record = self._redo.pop()
        self._replay(record, forward=True)
        self._undo.append(record)
        if record.move is not None:
            self.history.append(record.move)
        self._version += 1
        self.message = record.messages[-1] if record.messages else ""
        return record.move

    def restart(self) -> None:
        while self._undo:
            self.undo()

    @property
    def version(self) -> int:
        """A number that changes whenever the cards, ``vars`` or the history change."""
        return self._version

    @property
    def can_undo(self) -> bool:
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    # -- state ------------------------------------------------------------------------
    @property
    def legal_moves(self) -> LegalMoves:
        return LegalMoves(self)

    @property
    def over(self) -> bool:
        """Is the game over (won, or lost as the rules say)?  Then no move is listed or
        accepted; undo and redo still work.  A ruleset whose loss is the default
        "no legal move" is not asked here: such a lost game has no move to play."""
        rules = self.ruleset
        if rules.is_won(self):
            return True
        return type(rules).is_lost is not Ruleset.is_lost and rules.is_lost(self)

    @property
    def status(self) -> str:
        cache = self._status_cache
        if cache is not None and cache[0] == self._version:
            return cache[1]
        if self.ruleset.is_won(self):
            status = "won"
        elif self.ruleset.is_lost(self):
            status = "lost"
        else:
            status = "playing"
        self._status_cache = (self._version, status)
        return status

    def cards(self) -> list[Card]:
        return [card for pile in self.piles for card in pile.cards]

    # -- positions ----------------------------------------------------------------------
    def solver_copy(self) -> Game:
        """A private copy of the position with the ruleset's assist options (auto finish,
        auto stack) off: as the solver plays it, and as its lines replay."""
        options = dict(self.options)
        for name in self.ruleset.assist_options:
            if name in options:
                options[name] = False
        private = Game(self.ruleset, self.seed, options, deal=False)
        for pile, original in zip(private.piles, self.piles):
            pile.cards[:] = original.cards
        private.vars = copy.deepcopy(self.vars)
        private.rng.state = self.rng.state
        return private

    def to_position(self) -> dict:
        position: dict[str, Any] = {
            "game": self.ruleset.name,
            "seed": self.seed,
            "status": self.status,
            "piles": [
                {"name": pile.name, "role": pile.role, "cards": [str(card) for card in pile.cards]}
                for pile in self.piles
            ],
        }
        if self.vars:
            position["vars"] = dict(self.vars)
        return position

    @classmethod
    def from_position(cls, ruleset: Ruleset, position: dict, options: dict | None = None) -> Game:
        """Set up a game from a position (as ``to_position`` writes it).

        Piles left out are empty.  Raises PositionError on anything malformed.
        """
        if not isinstance(position, dict):
            raise PositionError("a position is a JSON object")
        seed = position.get("seed")
        if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED):
            raise PositionError(f"seed must be a whole number from 0 to {MAX_SEED} or null, not {shorten(repr(seed))}")
        game = cls(ruleset, seed, options, deal=False)
        piles = position.get("piles", [])
        if not isinstance(piles, list):
            raise PositionError('"piles" must be a list')
        seen = set()
        for entry in piles:
            if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
                raise PositionError('each pile is an object with a "name"')
            try:
                pile = game.pile(entry["name"])
            except InvalidMoveError as error:
                raise PositionError(str(error)) from None
            if pile.index in seen:
                raise PositionError(f"pile {pile.name!r} is given twice")
            seen.add(pile.index)
            cards = entry.get("cards", [])
            if not isinstance(cards, list):
                raise PositionError(f'"cards" of {pile.name!r} must be a list')
            try:
                pile.cards[:] = [Card.parse(text) for text in cards]
            except SolitaireError as error:
                raise PositionError(f"pile {pile.name!r}: {error}") from None
        variables = position.get("vars", {})
        if not isinstance(variables, dict):
            raise PositionError('"vars" must be an object')
        game.vars.update(variables)
        rng = position.get("rng")
        if rng is not None:
            if not isinstance(rng, int) or isinstance(rng, bool) or not 0 <= rng < 2**64:
                raise PositionError('"rng" must be a whole number from 0 to 2**64 - 1')
            game.rng.state = rng
        ruleset.check_position(game)
        game._start = game._snapshot()
        return game

    # -- the game's history, for saved games --------------------------------------------
    def start_position(self) -> dict:
        """Where the game started (a position ``from_position`` sets up again): every
        pile's cards, ``vars`` and the random generator's state."""
        piles, variables, rng = self._start
        return {
            "piles": [{"name": pile.name, "cards": [str(card) for card in cards]}
                      for pile, cards in zip(self.piles, piles)],
            "vars": dict(variables),
            "rng": rng,
        }

    @property
    def undone(self) -> list[Move]:
        """The moves taken back that ``redo`` would play again, the next one first."""
        return [record.move for record in reversed(self._redo) if record.move is not None]

    def records(self) -> tuple[list[MoveRecord], list[MoveRecord]]:
        """The records of the moves played (first to last) and of those undone (the next to
        redo first): what each move was, who played it and under which options."""
        return list(self._undo), list(reversed(self._redo))


class LegalMoves:
    """A lazy view of the legal actions: iterate, test ``in``, ``any()``, ``count()``."""

    __slots__ = ("game",)

    def __init__(self, game: Game):
        self.game = game

    def __iter__(self) -> Iterator[Move]:
        game = self.game
        if type(game.ruleset).is_lost is Ruleset.is_lost:
            # the default loss is "no legal move": ask only whether the game is won
            if game.ruleset.is_won(game):
                return iter(())
        elif game.over:
            return iter(())
        return iter(game.ruleset.legal_moves(game))

    def __contains__(self, move) -> bool:
        return self.game.is_legal(move)

    def any(self) -> bool:
        return any(True for _ in self)

    def count(self) -> int:
        return sum(1 for _ in self)

    def __bool__(self) -> bool:
        return self.any()
