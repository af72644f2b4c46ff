"""Search states: what the search loop moves about in.

A search state holds one position of a game, with the game's reductions
built in, and offers:

``key()``
    The position's key in the table: equal for positions of equal standing
    (symmetric ones), different otherwise.  Hashable.
``restore(key)``
    Go to the position of a key the state gave (or to one of equal
    standing), for the best-first search's open positions.
``save()`` / ``load(saved)``
    Come back to exactly this position (the root, to replay the line
    found through the keys of its positions).
``moves(last, ordered)``
    The moves to try, as tokens the state understands; ``ordered``: the
    most promising first (depth-first search), else in any order.
    ``last`` is the token of the move that led here, or None.  Leaving out
    a move must keep the contract of ``Ruleset.solver_moves``.
``apply(move)`` -> token / ``undo(token)``
    Play a move and the safe moves that follow it (``Ruleset.safe_moves``'
    contract), and take them back.  A move the rules refuse after all must
    leave the position as it was.
``settle()`` -> token
    Play the safe moves of the position itself (the search's root).
``befs_share``
    The share of the time the best-first search gets (the rest goes to
    depth-first search from the positions it left open).
``dives`` (optional)
    (every, for): the best-first search dives after each ``every`` of the
    time, for ``for`` of it (``search.DIVE_EVERY`` and ``DIVE_FOR`` where a
    state says nothing).
``restarts`` (optional)
    (share, states, spread): a timed search gives ``share`` of its best-first
    time (of a depth-first search's, the first ``share``) to restarts, depth
    first from the root in the order of ``moves`` shuffled a little, each
    stopped after ``states`` new positions times a term of the Luby sequence
    (``search.RESTARTS``, the usual ones; none where a state says nothing, or
    None).  They only find wins, and the time they take is not spent on proofs.
``beam`` (optional)
    (width, share): a timed search first runs beam searches (``search._beams``)
    for ``share`` of the time, ``width`` wide, then twice as wide, ...  A state
    with a beam may also offer ``progress()`` (a number a move that gains
    cards for the foundations raises: the beam plays such a move at once),
    ``beam_value()`` (how the beam weighs the position, lower is better; else
    the first score) and ``likeness()`` (a key that may join positions the key
    keeps apart: the beam meets each such class once; else the key), and
    ``climb_moves()`` (the moves a climb tries, fewer than ``moves``' if that is
    cheaper: it need not hold every move that raises ``progress()``, only those
    worth climbing by; else every move).  A beam only finds wins: it keeps its
    positions in a table of its own.
``beam_after`` (optional, with ``beam``)
    The share of the time best-first search gets before the beams (0: they
    come first; none if best first has already stopped, or settled the
    game); after them, best-first and depth-first search share what is
    left as they share the whole where there are no beams.
``here()`` (optional)
    An object that is the same (``is``) only for the very same position, not
    one of equal standing: a beam reuses the moves it listed in a position after
    ``restore`` only where ``here()`` is what it was when they were listed (a
    ``restore`` may give a symmetric position, whose moves are others).
``is_won()``, ``scores(key)``, ``weightings``
    Whether the game is won; how far from won the position looks, once per
    weighting (lower is better); and for each weighting whether equal scores
    go newest first.
``game_moves(tokens)`` / ``game_move(move)``
    The game's ``Move`` list for the tokens of a line (the safe moves
    included), and the ``Move`` of one token from ``moves``.

``GameState`` is the state of any ruleset, played through ``Game.push`` and
``pop`` on a private copy of the game with the ruleset's solver hooks
(``Ruleset.solver_moves``, ``safe_moves``, ``solver_groups``,
``solver_score``).  A ruleset with a compact state of its own returns it
from ``Ruleset.solver_state`` (King Albert's).
"""
from __future__ import annotations

import copy
import json

from ..cards import SUITS, Card
from ..errors import SolitaireError
from ..game import Game
from ..moves import Move
from .budget import SearchInterrupted

#: a card's byte in keys (never 0, the separator): face-up cards 1-52, face-down 53-104
CARD_BYTE = {Card(rank, suit, up): SUITS.index(suit) * 13 + rank + (0 if up else 52)
             for suit in SUITS for rank in range(1, 14) for up in (True, False)}
#: the card of each byte (index 0, the separator, holds no card)
CARDS: list[Card] = [Card(1, "S")] + [card for card, _ in sorted(CARD_BYTE.items(), key=lambda item: item[1])]
#: the priority of a move in the generic ordering: where it goes and what it leaves
_ROLE_BONUS = {"reserve": 5, "cell": 5, "waste": 5, "stock": 5}


def drag_promise(src_role: str, dst_role: str, src_size: int, dst_empty: bool, n: int) -> int:
    """How promising a drag of ``n`` cards looks (higher first, in ``GameState``'s order and
    any state's that follows it): to a foundation best, from one worst; onto a card, the
    more so when it empties its pile; to an empty pile after everything else that is not a
    drag, the less so when it leaves cards behind; from a reserve, cell, waste or stock a
    little more."""
    if dst_role == "foundation":
        score = 100
    elif src_role == "foundation":
        score = -50
    elif dst_empty:
        score = -10 if src_size > n else -100
    else:
        score = 10 + (20 if src_size == n else 0)
    return score + _ROLE_BONUS.get(src_role, 0)


class GameState:
    """A private copy of a game, searched through ``Game.push`` and ``pop``."""

    weightings = (True,)
    #: the share of the time the best-first search gets before depth-first goes on
    befs_share = 0.0

    def __init__(self, game: Game, budget=None, plain: bool = False):
        """``plain``: none of the ruleset's reductions (every legal move tried, no
        safe moves, no symmetry): the exhaustive search the tests take for the truth."""
        ruleset = game.ruleset
        self.plain = plain
        private = game.solver_copy()
        self.game = private
        self.rules = ruleset
        self.budget = budget
        self.piles = private.piles
        groups = []
        for group in (() if plain else ruleset.solver_groups(private) or ()):
            indices = sorted(set(group))
            if len(indices) > 1:
                groups.append(indices)
        grouped = {i for group in groups for i in group}
        self.single = [i for i in range(len(self.piles)) if i not in grouped]
        self.groups = groups
        #: piles keyed by size and top card alone (``Ruleset.solver_top_only``), and the
        #: whole piles of each key made with them, for ``restore``
        self.top_only = set() if plain else set(ruleset.solver_top_only(private) or ()) - grouped
        self._whole: dict[bytes, tuple] = {}
        self.enc = [self.encode(pile.cards) for pile in self.piles]
        self.head = self.make_head()
        self._key: bytes | None = None
        self.limit = 4 * sum(len(pile.cards) for pile in self.piles) + 16

    # -- keys --------------------------------------------------------------------------
    @staticmethod
    def encode(cards) -> bytes:
        return bytes([CARD_BYTE[card] for card in cards])

    def make_head(self) -> bytes:
        """The key's head: the random generator's state, then ``vars`` as JSON (with its length)."""
        game = self.game
        text = json.dumps(game.vars, sort_keys=True, separators=(",", ":"), default=repr).encode() if game.vars else b""
        return game.rng.state.to_bytes(8, "little") + len(text).to_bytes(4, "little") + text

    @staticmethod
    def top_part(enc: bytes) -> bytes:
        """A top-only pile's part of the key: its top card's byte, then its size in two
        bytes of 128 and over (never 0, the separator, nor a card's byte)."""
        size = len(enc)
        return enc[-1:] + bytes((128 + size % 127, 128 + size // 127)) if size else b""

    def key(self) -> bytes:
        key = self._key
        if key is None:
            enc = self.enc
            top_only = self.top_only
            if top_only:
                top_part = self.top_part
                parts = [top_part(enc[i]) if i in top_only else enc[i] for i in self.single]
            else:
                parts = [enc[i] for i in self.single]
            for group in self.groups:
                parts.extend(sorted([enc[i] for i in group]))
            key = self._key = self.head + b"\0".join(parts)
            if top_only:
                self._whole[key] = tuple(enc)
        return key

    def restore(self, key: bytes) -> None:
        """(A key with top-only piles goes back to the position it was made from.)"""
        game = self.game
        game.rng.state = int.from_bytes(key[:8], "little")
        size = int.from_bytes(key[8:12], "little")
        game.vars = json.loads(key[12:12 + size]) if size else {}
        head = 12 + size
        order = self.single + [i for group in self.groups for i in group]
        enc, piles = self.enc, self.piles
        if self.top_only:
            whole = self._whole[key]
            parts = [whole[i] for i in order]
        else:
            parts = key[head:].split(b"\0")
        for i, part in zip(order, parts):
            enc[i] = part
            piles[i].cards[:] = [CARDS[b] for b in part]
        self.head = key[:head]
        self._key = key
        game._pushed.clear()
        game._version += 1     # the ruleset's caches keyed by version must read the piles again

    def save(self):
        game = self.game
        return ([list(pile.cards) for pile in self.piles], copy.deepcopy(game.vars), game.rng.state,
                list(self.enc), self.head)

    def load(self, saved) -> None:
        contents, variables, rng, enc, head = saved
        game = self.game
        for pile, cards in zip(self.piles, contents):
            pile.cards[:] = cards
        game.vars = copy.deepcopy(variables)
        game.rng.state = rng
        self.enc[:] = enc
        self.head = head
        self._key = None
        game._pushed.clear()
        game._version += 1     # the ruleset's caches keyed by version must read the piles again

    # -- moves ---------------------------------------------------------------------------
    def moves(self, last, ordered: bool) -> list:
        game = self.game
        budget = self.budget
        found = []
        generate = self.rules.legal_moves if self.plain else self.rules.solver_moves
        for move in generate(game):
            found.append(move)
            if budget is not None and budget.spent():
                raise SearchInterrupted
        if ordered and len(found) > 1:
            by_name = game._by_name
            scored = []
            for n, move in enumerate(found):
                score = 0
                if move.kind == "drag" and move.dst is not None:
                    src, dst = by_name[move.src.lower()], by_name[move.dst.lower()]
                    score = drag_promise(src.role, dst.role, len(src.cards), not dst.cards, move.n)
                scored.append((-score, n, move))
            scored.sort()
            found = [move for _, _, move in scored]
        return found

    def game_move(self, move) -> Move:
        return move

    def _push(self, move, token) -> bool:
        try:
            record = self.game.push(move)
        except SolitaireError:
            return False
        saved = token[1]
        enc, piles = self.enc, self.piles
        for i in record.before:
            if i not in saved:
                saved[i] = enc[i]
            enc[i] = self.encode(piles[i].cards)
        if record.vars_before is not None or record.rng_before != self.game.rng.state:
            self.head = self.make_head()
        token[0].append(move)
        return True

    def apply(self, move):
        """Play ``move`` and the safe moves after it; the token lists the moves played,
        the old encodings of the piles they changed, and the old key head."""
        token = ([], {}, self.head)
        if self._push(move, token):
            self._settle(token)
        self._key = None
        return token

    def _settle(self, token) -> None:
        rules, game = self.rules, self.game
        for _ in range(0 if self.plain else self.limit):
            for extra in rules.safe_moves(game):
                if self._push(extra, token):
                    break
            else:
                break
        rules.drain(game)

    def settle(self):
        token = ([], {}, self.head)
        self._settle(token)
        self._key = None
        return token

    def undo(self, token) -> None:
        moves, saved, head = token
        game = self.game
        for _ in moves:
            game.pop()
        enc = self.enc
        for i, old in saved.items():
            enc[i] = old
        self.head = head
        self._key = None

    def is_won(self) -> bool:
        return self.rules.is_won(self.game)

    def scores(self, key) -> list[int]:
        return [self.rules.solver_score(self.game)]

    def game_moves(self, tokens) -> list[Move]:
        return [move for token in tokens for move in token[0]]
