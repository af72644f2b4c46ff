"""The interface every game implements, shaped like Aisleriot's callbacks.

A ruleset never stores the state of a game: that lives in ``Game`` (piles,
``vars``, the random generator), so that undo, copies for the solver and
saved positions work for every game alike.  A ruleset changes a game only
through ``Game``'s primitives (``move_cards``, ``flip``, ``set_var`` ...),
which record what they change.

The ``check_*`` methods are pure tests that return ``None`` for yes, or the
message that tells the player why not.
"""
from __future__ import annotations

from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from .cards import Card
from .errors import IllegalMoveError, PositionError
from .layout import Layout, PileView
from .moves import Move

if TYPE_CHECKING:
    from .game import Game
    from .piles import Pile


#: the usual words for the kinds of pile (``piles.ROLES``): singular, plural
ROLE_NAMES = {"foundation": ("foundation", "foundations"), "tableau": ("column", "columns"),
              "reserve": ("reserve", "reserves"), "stock": ("stock", "stock"), "waste": ("waste", "waste"),
              "cell": ("cell", "cells"), "other": ("pile", "piles")}


class Ruleset(ABC):
    #: the game's name, shown in the title bar and positions
    name = "Patience"
    #: the rule file it came from, if any
    source: str | None = None
    #: a game written in Python: its stable id (the catalogue's key, saved games' and statistics' name for it)
    builtin_id: str | None = None
    #: options the game understands and their defaults
    default_options: dict = {}
    #: options that take one of several values (YaZZle's mode: easy or hard), and those values
    option_choices: dict[str, tuple[str, ...]] = {}
    #: how many decks the game is played with
    decks = 1
    #: whether the rules may take cards out of the game altogether (CardsWorkShop's REMOVE)
    destroys_cards = False

    # -- new-game ---------------------------------------------------------
    @abstractmethod
    def setup(self, game: Game) -> None:
        """Create the piles (``game.add_pile``), empty."""

    @abstractmethod
    def deal(self, game: Game) -> None:
        """Lay out the cards of a new game, shuffled with ``game.rng``."""

    def check_position(self, game: Game) -> None:
        """Refuse a position set up from outside that no deal could give."""
        counts = Counter((card.rank, card.suit) for card in game.cards())
        for (rank, suit), count in counts.items():
            if count > self.decks:
                decks = "one deck" if self.decks == 1 else f"{self.decks} decks"
                raise PositionError(f"the {Card(rank, suit).name} appears {count} times, but {self.name} uses {decks}")

    # -- button-pressed / droppable? / button-released --------------------
    def check_pick(self, game: Game, pile: Pile, n: int) -> str | None:
        """May the top ``n`` cards of ``pile`` be picked up?"""
        if n > len(pile.cards):
            return "There is no card there" if not pile.cards else "There aren't that many cards there"
        if any(not card.face_up for card in pile.cards[-n:]):
            return "That card is face down"
        return None

    def picked_up(self, game: Game, pile: Pile, n: int, button: str = "left") -> list[Card] | None:
        """The cards that follow the pointer when the player presses a button
        (``"left"`` SELECT, ``"right"`` ADJUST) on the Nth card from the top: None if
        they can't be picked up, [] if the press alone moves them (then it is a
        click).  Only games with ADJUST drags (``on_adjust_drop``) pick up with ADJUST."""
        if button != "left":
            return None
        return None if self.check_pick(game, pile, n) is not None else pile.cards[-n:]

    def check_drop(self, game: Game, src: Pile, n: int, dst: Pile) -> str | None:
        """Would ``dst`` accept the top ``n`` cards of ``src``?"""
        return "You can't put cards there"

    def on_drop(self, game: Game, src: Pile, n: int, dst: Pile) -> None:
        """Complete an accepted drop (the default moves the cards)."""
        game.move_cards(src, n, dst)

    # -- button-clicked ---------------------------------------------------
    def can_click(self, game: Game, pile: Pile) -> bool:
        """Does a SELECT-click on ``pile`` do something (deal from a stock ...)?"""
        return False

    def on_click(self, game: Game, pile: Pile, n: int) -> str | None:
        """Carry out a SELECT-click; return a refusal message if it does nothing."""
        return "Nothing happens when you click there"

    def on_adjust(self, game: Game, pile: Pile, n: int) -> str | None:
        """ADJUST-click: send the card (with the cards on it) to a foundation that takes it;
        else the card with the cards under it that a foundation takes together, the fewest
        first (a pyramid card laid on its partner, which it hides; a finished run for
        Spider's foundations)."""
        refusal = self.check_pick(game, pile, n)
        if refusal:
            return refusal
        best = None         # (the fewest cards, the first foundation that takes so many)
        for dst in game.piles:
            if dst.role == "foundation" and dst is not pile:
                count = self._fewest_taken(game, pile, n, dst)
                if count is not None and (best is None or count < best[0]):
                    best = (count, dst)
                    if count == n:
                        break
        if best is None:
            return "That card can't go to a foundation yet"
        self.on_drop(game, pile, best[0], best[1])
        return None

    def drop_count(self, game: Game, src: Pile, n: int, dst: Pile) -> int:
        """How many cards a drop of the top ``n`` cards of ``src`` on ``dst`` moves: ``n``,
        unless ``dst`` is a foundation that refuses them but takes them together with
        cards from under them; then the fewest such (as ADJUST sends them: a pyramid card
        laid on the partner it hides goes up with it, dragged by the card the player sees)."""
        if dst.role != "foundation" or dst is src:
            return n
        return self._fewest_taken(game, src, n, dst) or n

    def _fewest_taken(self, game: Game, src: Pile, n: int, dst: Pile) -> int | None:
        """The fewest of the top cards of ``src``, ``n`` or more (the top ``n`` picked already),
        that ``dst`` takes together, or None."""
        for count in range(n, len(src.cards) + 1):
            if (count == n or self.check_pick(game, src, count) is None) \
                    and self.check_drop(game, src, count, dst) is None:
                return count
        return None

    def on_adjust_drop(self, game: Game, src: Pile, n: int, dst: Pile) -> str | None:
        """An ADJUST drag (``adjust:SRC[:N]>DST``): pressed with ADJUST on SRC and released
        on DST.  Carry it out, or return a refusal message (the default: there are none)."""
        return "Nothing happens when you drag with ADJUST"

    # -- after every move -------------------------------------------------
    def after_move(self, game: Game, move: Move) -> None:  # noqa: B027  (an optional callback: nothing by default)
        """Automatic moves, turning cards up, and messages."""

    def finishing_move(self, game: Game) -> Move | None:
        """Where the game's options (just changed) let ``after_move`` finish the game by
        itself from this position, a legal move whose ``after_move`` does (King Albert's
        *Auto finish* ticked with every stack sorted); else None (the default)."""
        return None

    # -- game-won / game-over ---------------------------------------------
    def is_won(self, game: Game) -> bool:
        return all(pile.role == "foundation" or not pile.cards for pile in game.piles)

    def is_lost(self, game: Game) -> bool:
        return not game.legal_moves.any()

    won_message = "You've won!"

    # -- moves ------------------------------------------------------------
    def legal_moves(self, game: Game) -> Iterator[Move]:
        """Every action the rules accept now (drags, then clicks)."""
        piles = game.piles
        for src in piles:
            for n in range(1, len(src.cards) + 1):
                if self.check_pick(game, src, n) is not None:
                    if self.longer_picks_refused(game, src, n):
                        break
                    continue
                for dst in piles:
                    if dst is not src and self.check_drop(game, src, n, dst) is None:
                        yield Move("drag", src.name, n, dst.name)
        for pile in piles:
            if self.can_click(game, pile):
                yield Move("click", pile.name)

    def unlisted_failures(self, game: Game) -> list[str]:
        """Why moves the rules' own program fails in (a CardsWorkShop procedure's error,
        a loop stopped as a runaway) are not among ``legal_moves``: one message for each
        failure met while listing, ``FILE:LINE: reason``.  Default: none (only a game
        that runs a program can fail so)."""
        return []

    def longer_picks_refused(self, game: Game, pile: Pile, n: int) -> bool:
        """``check_pick`` refused the top ``n`` cards: does it refuse every longer pick
        from this pile too?  (It lets ``legal_moves`` stop early; the default is sure
        only of a face-down card.)"""
        return not pile.cards[-n].face_up

    # -- what the solver may use -------------------------------------------------
    # The solver (``engine/solver``) plays a private copy of the game through
    # ``Game.push``/``pop``.  Everything below is optional: each default is sound
    # and does nothing.  A ruleset that overrides one must keep its contract, or
    # an "unwinnable" verdict stops being a proof (docs/solver.md has the
    # argument, and the arguments for the declarative models' own derivations).
    # ``d(P)`` below is the length (in moves ``Game.play`` accepts, with the
    # ``assist_options`` off) of a shortest winning line from position P.

    #: options that only make moves the player could make himself (auto finish,
    #: auto stack): the solver plays with them off, and its lines replay so
    assist_options: tuple[str, ...] = ()

    def solver_moves(self, game: Game) -> Iterable[Move]:
        """The moves the solver tries from this position, the most promising first.

        Contract: each is a move ``legal_moves`` gives, and if the position is
        winnable they include the first move of at least one shortest winning
        line.  So a ruleset may leave out moves no shortest win needs: a move
        to a position symmetric to this one (a lone card to another empty
        stack), a card taken back from a foundation that nothing can need.
        The default is every legal move."""
        return self.legal_moves(game)

    def safe_moves(self, game: Game) -> Iterable[Move]:
        """Moves the solver may play at once, without trying the others (it plays
        the first that the rules accept, then asks again).

        Contract: each is a legal move m, and for every winnable position P,
        ``d(P after m) < d(P)``: m never loses a win, and a shortest win from
        the new position is shorter (true of a card played up when no card
        that could ever be put on it is still in play).  Default: none."""
        return ()

    def solver_groups(self, game: Game) -> Sequence[Sequence[int]]:
        """Groups of piles (by index) the rules treat exactly alike, for the
        solver's table of positions: it keys a position by each group's
        multiset of pile contents, so positions that differ only by which pile
        of a group holds which cards meet.

        Contract: in every position reachable from this one, exchanging the
        cards of two piles of one group (and nothing else: not ``vars``, not
        the random generator) gives a position the rules treat alike: its
        moves are the old ones with the two piles' names exchanged, leading
        to the old positions with the two piles' cards exchanged (so ``d``
        is the same too), and ``solver_moves`` leaves out the same moves, so
        exchanged.  Asked once per search.  Default: none."""
        return ()

    def solver_top_only(self, game: Game) -> Sequence[int]:
        """Piles (by index) whose cards under the top card no play can see,
        move or change: the solver keys each by its size and its top card.

        Contract: in every position reachable from this one, two positions
        that differ only in the cards under the tops of these piles (each
        the same size, with the same top card) have the same moves, leading
        to positions that again differ only so, and the same verdicts.  True
        of a pile cards go onto and never leave, of which the rules only look
        at the top card (Golf's waste).  Asked once per search.  Default: none."""
        return ()

    def solver_score(self, game: Game) -> int:
        """How far from won the position looks, lower is better: the order in
        which the best-first search opens positions.  Any value is sound; only
        speed depends on it.  Default: cards not yet on a foundation, plus
        face-down cards and cards covering a lower card of their suit."""
        score = 0
        for pile in game.piles:
            if pile.role == "foundation":
                continue
            low: dict[str, int] = {}
            for card in pile.cards:
                score += 1 if card.face_up else 3
                if low.get(card.suit, 14) < card.rank:
                    score += 2
                else:
                    low[card.suit] = card.rank
        return score

    def solver_state(self, game: Game):
        """A compact search state of this position (see ``engine/solver/state.py``
        for what it must do), for a game with a fast solver of its own; None to
        be searched through ``Game`` with the hooks above (the default)."""
        return None

    def drain(self, game: Game) -> None:
        """Drop what the game keeps for the desktop to show (messages, events): the
        solver calls it after each move of its private game, so that a long search
        doesn't hoard them."""
        self.take_events(game)
        self.take_messages(game)

    # -- presentation -----
    #: show SolKit's information panel (statistics, redeals, the rules of the pile under the pointer)
    info_panel = False

    def status_text(self, game: Game) -> str:
        """A line for the message space when there is no message (redeals left, a foundation value ...)."""
        return ""

    def describe_pile(self, game: Game, pile: Pile) -> list[str]:
        """The rules of a pile in a few short lines, for the information panel."""
        return []

    #: what the game calls its piles of each role (singular, plural), in messages and key lists
    role_names: dict[str, tuple[str, str]] = {}

    def role_name(self, role: str, plural: bool = False) -> str:
        """The game's word for a kind of pile ("suit stack" where others say "foundation")."""
        names = self.role_names.get(role) or ROLE_NAMES.get(role, ("pile", "piles"))
        return names[1 if plural else 0]

    def pile_words(self, game: Game, pile: Pile) -> str:
        """A pile as messages name it: "the stock" where it is the only one of its kind, else
        with its name ("the column t3"); a pile of no particular kind (such as a
        CardsWorkShop pile neither fanned nor a foundation) by its name alone ("the Stock")."""
        if pile.role == "other":
            return f"the {pile.name}"
        alike = sum(1 for other in game.piles if other.role == pile.role)
        role = self.role_name(pile.role)
        if alike == 1:
            return f"the {role}"
        number = pile.name[len(role):].strip()
        if pile.name.lower().startswith(role.lower()) and number.isdigit():
            return f"the {role} {number}"       # (SolKit's cell1: "the cell cell1")
        return f"the {role} {pile.name}"

    def pile_title(self, game: Game, pile: Pile) -> str:
        """A pile's name for the player (the title of its Rules box)."""
        return pile.name

    def is_shaded(self, game: Game, pile: Pile, index: int) -> bool:
        """Is ``pile.cards[index]`` drawn shaded (greyed, as CardsWorkShop's locked cards)?"""
        return False

    def bottom_card(self, game: Game, pile: Pile) -> str | None:
        """What an empty pile shows beyond the layout's own empty place: 'circle',
        'cross', a card's text (drawn shaded), or None for the usual empty place."""
        return None

    # -- the game's own boxes (CardsWorkShop's Help, WRITE and WAIT) -------
    def help_text(self, game: Game, pile: Pile):
        """Run the pile's own help (the Rules mode) and return the box it opened, if the game has one."""
        return None

    def help_box(self, game: Game):
        """The box the game shows now (with ``title``, ``box``, ``text``, ``buttons`` and ``open``), or None."""
        return None

    def resolve_button(self, game: Game, move: Move) -> Move:
        """The move ``button:N`` as what the button does (see ``Move``), so that it replays
        without the box; raise IllegalMoveError if there is no such button."""
        raise IllegalMoveError("There is no such button")

    def on_button(self, game: Game, move: Move) -> str | None:
        """Carry out a press of a button of the game's box (the move ``button:N`` as
        ``resolve_button`` gave it); return a refusal message if nothing happens."""
        return "There is no such button"

    def press_button(self, game: Game, index: int) -> None:
        """Press button ``index`` of the game's box: the move ``button:N``, played."""
        game.play(Move("button", "", index + 1))

    def take_events(self, game: Game) -> list[tuple]:
        """What the desktop should show since the last call: ``("flash", pile, low, high)`` ..."""
        return []

    def take_messages(self, game: Game) -> list[str]:
        """The text the game's program wrote since the last call (CardsWorkShop's WRITE)."""
        return []

    def fit_layout(self, game: Game, width: int, height: int) -> Layout | None:
        """The layout filling a work area of ``width`` by ``height``, for games whose
        playfield scales with the window (CardsWorkShop's matrix); None if it doesn't."""
        return None

    def layout(self, game: Game, card_w: int = 71, card_h: int = 96) -> Layout:
        """Where the piles go; the default is a row of piles per role."""
        gap = max(4, card_w // 8)
        fan = max(12, card_h // 4)
        rows: dict[str, list] = {}
        for pile in game.piles:
            rows.setdefault(pile.role, []).append(pile)
        views, y, width = [], gap, 0
        for role, row in rows.items():
            dy = fan if role == "tableau" else 0
            for i, pile in enumerate(row):
                views.append(PileView(pile.name, gap + i * (card_w + gap), y, 0, dy))
            width = max(width, gap + len(row) * (card_w + gap))
            y += card_h + gap + (fan * 12 if dy else 0)
        return Layout(card_w, card_h, width, y, views)
