"""Playing from the keyboard, on the model of SolKit's keys.

A cursor stands on a pile and a card (``n`` counted from the top, 1 = the
top card, 0 = an empty pile).  The arrows and h j k l move it the way they
point — to the next card of a fanned pile, else to the nearest pile that
way; digits choose a playing column, d f c the stock, the suit stacks and
the cells; Space marks the card, and Return is SolKit's smart move: the
marked card (or the one under the cursor) goes to the first pile that takes
it, foundations first, or the marked card to the pile under the cursor.
Undo, Hint and New game are the menu's own commands.  Every move goes
through ``Desktop.play`` — the mouse's way — so rules, messages, undo and the
autosave are the same, and a click stands for a press without a drag.

The cursor shows (drawn by the board in Wimp colours) from the first key
until the mouse plays again.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ..app.commands import HINT, NEW, UNDO
from ..engine.moves import Move
from .textflow import wrap

if TYPE_CHECKING:
    from .desktop import Desktop

DIRECTIONS = {"Left": (-1, 0), "Right": (1, 0), "Up": (0, -1), "Down": (0, 1)}
#: the digit keys, column 1 to 10
DIGITS = "1234567890"


@dataclass(frozen=True)
class PlayKey:
    #: the chords, as ``keys.chord`` names them
    keys: tuple[str, ...]
    #: what it does: a direction, "column", "deck", "foundation", "cell", "home", "end",
    #: "mark", "move", "clear", "undo", "hint", "new"
    action: str


PLAY_KEYS = (
    PlayKey(("Left", "H"), "Left"),
    PlayKey(("Right", "L"), "Right"),
    PlayKey(("Up", "K"), "Up"),
    PlayKey(("Down", "J"), "Down"),
    PlayKey(("Home",), "home"),
    PlayKey(("End",), "end"),
    PlayKey(tuple(DIGITS) + tuple(f"Shift+{digit}" for digit in DIGITS), "column"),
    PlayKey(("D",), "deck"),
    PlayKey(("F",), "foundation"),
    PlayKey(("C",), "cell"),
    PlayKey(("Space",), "mark"),
    PlayKey(("Return", "Enter", "M"), "move"),
    PlayKey(("Escape",), "clear"),
    PlayKey(("U",), "undo"),
    PlayKey(("S",), "hint"),
    PlayKey(("F5", "Shift+R"), "new"),
)
PLAY_MAP = {chord: key.action for key in PLAY_KEYS for chord in key.keys}


def deck_roles(game) -> tuple[str, ...]:
    """The piles ``d`` goes to: the stock and the waste; in a game that has neither
    (CardsWorkShop's piles are fanned or of no particular kind: Golf's Stock and
    Waste), the piles of no particular kind."""
    roles = {pile.role for pile in game.piles}
    return ("stock", "waste") if roles & {"stock", "waste"} else ("other",)


def in_words(items: list[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return items[0] if len(items) < 2 else ", ".join(items[:-1]) + " and " + items[-1]


def key_lines(rows: list[tuple[str, str]], room: int) -> list[str]:
    """The F1 box's lines: each row's keys, then what they do in a column of its own,
    wrapped (under that column) so that no line is longer than ``room`` characters."""
    column = max(len(keys) for keys, _ in rows) + 2
    lines = []
    for keys, what in rows:
        parts = wrap(what, max(8, room - column)) or [""]
        lines.append(f"{keys:<{column}}{parts[0]}")
        lines += [" " * column + part for part in parts[1:]]
    return lines


def column_places(board) -> list[tuple[str, pygame.Rect]]:
    """The playing columns shown, each with its place (where its first card lies), in the
    layout's order (the order they are drawn in)."""
    game = board.game
    return [(view.name, board.card_rect(view, 0, ())) for view in board.layout.piles
            if not view.hidden and game.pile(view.name).role == "tableau"]


def digit_columns(board) -> list[str]:
    """The piles the digit keys go to, in the layout's order: the playing columns, less any
    whose place a column drawn after it lies over (a pyramid's rows overlap, each over the one
    above: its digits are the front row's places, whose cards can be played, not the apex and
    the rows under it, covered)."""
    places = column_places(board)
    return [name for i, (name, place) in enumerate(places)
            if not any(place.colliderect(later) for _, later in places[i + 1:])][:len(DIGITS)]


def has_rows_behind(board, name: str) -> bool:
    """Does another playing column's place lie under this one's (a pyramid's front place)?"""
    places = column_places(board)
    here = dict(places)[name]
    return any(place.colliderect(here) for other, place in places if other != name)


def key_list(game, columns: int, front: bool = False) -> list[tuple[str, str]]:
    """The keys (and what they do) for the F1 box, in the game's words (``columns``: how many
    columns the digits go to, ``digit_columns``; ``front``: they are a pyramid's front places)."""
    ruleset = game.ruleset
    roles = {pile.role for pile in game.piles}

    def name(role: str, plural: bool = False) -> str:
        return ruleset.role_name(role, plural)
    rows = [("Arrows, hjkl", "choose a pile and a card"),
            ("Home, End", "the deepest card that moves, the top one")]
    if columns:
        # (the digits of the game's columns: King Albert's nine, "1 to 9")
        keys = f"1 to {DIGITS[columns - 1]}" if columns > 1 else "1"
        which = f"{name('tableau')} 1 to {columns}" if columns > 1 else name("tableau")
        up, down = "up", "down"
        if front:
            which, up, down = f"the front row's {which}", "up the rows", "down them"
        rows += [("1 to 9, 0" if columns == 10 else keys, f"{which} (again: {up})"),
                 (f"Shift+{keys}", f"{which} (again: {down})")]
    if deck_roles(game) != ("other",):
        # (Spider's stock has no waste: d again stays on it; a waste alone, no stock)
        deck = [f"the {name(role)}" for role in ("stock", "waste") if role in roles]
        rows.append(("d", deck[0] + (f" (again: {deck[1]})" if len(deck) > 1 else "")))
    elif "other" in roles:
        others = [pile.name for pile in game.piles if pile.role == "other"]
        rows.append(("d", in_words([f"the {other}" for other in others]) + (", in turn" if len(others) > 1 else "")))
    if "foundation" in roles:
        rows.append(("f", f"the {name('foundation', True)}, in turn"))
    cells = [role for role in ("cell", "reserve") if role in roles]
    if cells:
        rows.append(("c", in_words([f"the {name(role, True)}" for role in cells]) + ", in turn"))
    rows += [("Space", "mark the card (again: unmark)"),
             ("Return, m", f"move it, to a {name('foundation')} first;" if "foundation" in roles
              else "move it where it goes, or click;"),
             ("", "a marked card: to this pile"),
             *([("", f"on the {name('stock')}: deal")] if "stock" in roles else []),
             ("Escape", "clear the mark"),
             ("u, s", "undo, hint"),
             ("F5, Shift+R", "new game"),
             ("Menu, F10", "the menu (also Ctrl+SELECT)"),
             ("^Z ^Y ^R ^Q", "undo, redo, restart, quit"),
             ("^N ^H ^D", "new game, hint, demo"),
             ("F1, Help", "this list")]
    return rows


#: how the message space names a card the cursor stands on that lies hidden
HIDDEN_CARD = "The cursor is on"


class KeyboardPlay:
    def __init__(self, desktop: Desktop):
        self.desktop = desktop
        #: the cursor: a pile's name and a card (from the top; 0 = the empty pile)
        self.pile: str | None = None
        self.n = 0
        #: the cursor is drawn (from the first key until the mouse plays)
        self.shown = False
        #: the marked cards: (pile, n)
        self.mark: tuple[str, int] | None = None
        #: the last digit and where it left the cursor (the same digit again goes on from there)
        self.walked: tuple[int, str | None, int] | None = None

    # -- the piles and cards the cursor stands on -------------------------------------------
    def views(self) -> list:
        return [view for view in self.desktop.board.layout.piles if not view.hidden]

    def deepest(self, pile_name: str) -> int:
        """How far up a pile the cursor goes: the cards that can be picked up together
        (at least the top card; 0 for an empty pile)."""
        game = self.desktop.game
        pile = game.pile(pile_name)
        n = 1 if pile.cards else 0
        while n < len(pile.cards) and game.ruleset.check_pick(game, pile, n + 1) is None:
            n += 1
        return n

    def reach(self, pile_name: str) -> int:
        """How far up a pile Up and Down take the cursor: the cards that can be picked up,
        and on to the deepest face-up card its fan hides whole, if any (squared under the
        others, it is named when the cursor is on it; else a keyboard could not learn it is
        there)."""
        n = self.deepest(pile_name)
        cards = self.desktop.game.pile(pile_name).cards
        for k in range(len(cards), n, -1):
            if cards[-k].face_up and self.hidden(k, pile_name):
                return k
        return n

    def rect(self, pile_name: str, n: int) -> pygame.Rect:
        """The part of the card (or of the empty place) that shows (work-area pixels)."""
        board = self.desktop.board
        count = len(self.desktop.game.pile(pile_name).cards)
        if n <= 0 or count == 0:
            return board.card_rect(board.views[pile_name], 0)
        return board.visible_rect(pile_name, count - n)

    def sync(self) -> None:
        """Keep the cursor and the mark on cards that are there (after any change), and
        tell the board what to draw."""
        desktop = self.desktop
        names = [view.name for view in self.views()]
        if self.pile not in names:
            self.pile = self.first_pile(names)
        if self.pile is not None:
            self.n = max(min(self.n, self.reach(self.pile)), 1 if desktop.game.pile(self.pile).cards else 0)
        if self.mark is not None and (self.mark[0] not in names or self.mark[1] > self.deepest(self.mark[0])):
            self.mark = None
        board = desktop.board
        board.cursor = (self.pile, self.n) if self.shown and self.pile is not None else None
        board.mark = self.mark if self.shown else None

    def first_pile(self, names: list[str]) -> str | None:
        game = self.desktop.game
        tableau = [name for name in names if game.pile(name).role == "tableau"]
        chosen = tableau or names
        return chosen[0] if chosen else None

    def reset(self) -> None:
        """A new game: the cursor on its first column, nothing marked."""
        self.pile, self.n, self.mark = None, 1, None
        self.sync()

    def hide(self, pile: str | None = None) -> None:
        """The mouse plays: the cursor goes (where the mouse pressed, for the next key)."""
        if pile is not None:
            self.pile, self.n = pile, 1
        self.shown = False
        self.mark = None
        self.sync()

    # -- keys -----------------------------------------------------------------------------------
    def on_key(self, chord: str) -> bool:
        """A key of the play table; False if it is none."""
        action = PLAY_MAP.get(chord)
        if action is None:
            return False
        desktop = self.desktop
        if not desktop.window.is_open:
            return True   # nothing to play on until the icon bar icon opens the window again
        if desktop.session.demo_on:
            desktop.session.stop_demo()
            return True
        desktop.finish_animation()
        if action in ("undo", "hint", "new"):
            desktop.choose({"undo": UNDO, "hint": HINT, "new": NEW}[action])
            return True
        if action == "clear" and not self.shown:
            return True
        fresh = not self.shown      # (the first key since the mouse played, or of the game)
        self.shown = True
        self.sync()
        if self.pile is None:
            return True
        if action in DIRECTIONS:
            self.go(action)
        elif action == "column":
            self.column(chord, fresh)
        elif action in ("deck", "foundation", "cell"):
            self.jump(action, fresh)
        elif action == "home":
            self.n = self.deepest(self.pile)
        elif action == "end":
            self.n = min(1, self.deepest(self.pile))
        elif action == "mark":
            self.toggle_mark()
        elif action == "move":
            self.smart_move()
        elif action == "clear":
            self.mark = None
        self.sync()
        self.reveal()
        self.name_hidden_card()
        board = self.desktop.board
        if board.info_rect is not None:
            # (SolKit's information panel describes the cursor's pile, as it does the one
            # under the pointer: a keyboard player never saw it)
            board.hover = self.pile
        return True

    def name_hidden_card(self) -> None:
        """Where the cursor stands on a card the cards on it hide whole (a column too long
        for its fan lies squared at its bottom), the message space names it: its frame
        is drawn where the card lies, round the cards over it.  The message goes when
        the cursor leaves such cards."""
        session = self.desktop.session
        if self.pile is not None and self.hidden():
            cards = self.desktop.game.pile(self.pile).cards
            card = cards[len(cards) - self.n]
            said = f"the {card.name}" if card.face_up else "a face-down card"
            session.say(f"{HIDDEN_CARD} {said}, hidden under the cards on it")
        elif session.game.message.startswith(HIDDEN_CARD):
            session.say("")

    def hidden(self, n: int | None = None, pile_name: str | None = None) -> bool:
        """Is the cursor's card (or the nth from the top of its pile, or of ``pile_name``)
        hidden by the cards on it, its index covered (a squared card shows only its edge)?"""
        n = self.n if n is None else n
        pile_name = self.pile if pile_name is None else pile_name
        if pile_name is None or n < 2:
            return False
        board, cards = self.desktop.board, self.desktop.game.pile(pile_name).cards
        if n > len(cards):
            return False
        view, index = board.views[pile_name], len(cards) - n
        # (its index hidden: the card on it lies no further off than the card's edge)
        under, over = board.card_rect(view, index), board.card_rect(view, index + 1)
        return abs(over.y - under.y) <= board.spacing.edge and abs(over.x - under.x) <= board.spacing.edge_x

    def reveal(self) -> None:
        """Scroll the window, if it must, so that the cursor's card is in view."""
        if self.pile is None:
            return
        window, rect = self.desktop.window, self.rect(self.pile, self.n)
        # (the message row and the information panel kept in view cover the work area's
        # bottom and right where it scrolls: the card is shown clear of them)
        pinned = self.desktop.pinned()
        w = window.w - (pinned["info"].w if "info" in pinned else 0)
        h = window.h - (pinned["message"].h if "message" in pinned else 0)
        x = min(window.scroll_x, rect.x) if rect.right <= window.scroll_x + w else rect.right - w
        y = min(window.scroll_y, rect.y) if rect.bottom <= window.scroll_y + h else rect.bottom - h
        window.scroll_to(x, y)

    def go(self, direction: str) -> None:
        """Move the cursor the way an arrow points: along the pile's fan, else to the
        nearest pile that way."""
        if self.pile is None:       # a game without piles
            return
        dx, dy = DIRECTIONS[direction]
        here = self.rect(self.pile, self.n)
        view = self.desktop.board.views[self.pile]
        for n in (self.n + 1, self.n - 1):
            if 1 <= n <= self.reach(self.pile):
                there = self.rect(self.pile, n)
                along = (there.centerx - here.centerx) * dx + (there.centery - here.centery) * dy
                if self.hidden(n) or self.hidden():
                    # (cards squared under the fan lie on one place: the cursor goes among
                    # them, and onto the card that shows over them, as the fan goes)
                    along = (view.dx * dx + view.dy * dy) * (1 if n < self.n else -1)
                if along > 0:
                    self.n = n
                    return
        best, best_score = None, None
        for view in self.views():
            if view.name == self.pile:
                continue
            there = self.rect(view.name, 1)
            along = (there.centerx - here.centerx) * dx + (there.centery - here.centery) * dy
            if along <= 0:
                continue
            if dx:
                across = max(0, there.top - here.bottom, here.top - there.bottom)
            else:
                across = max(0, there.left - here.right, here.left - there.right)
                if across:
                    continue   # up and down stay in the piles' column
            centres = abs(there.centery - here.centery) if dx else abs(there.centerx - here.centerx)
            # (how far off the line counts too: along a pyramid's row, the card of the row
            # beneath it, half a card along, would win over the next one of the row)
            score = (along + 2 * across + centres, centres)
            if best_score is None or score < best_score:
                best, best_score = view.name, score
        if best is not None:
            self.pile, self.n = best, 1

    def column(self, chord: str, fresh: bool = False) -> None:
        """Digit: that playing column's top card; again, a card up (Shift: down) the pile.
        The first key since the mouse played is never "again", though the hidden cursor
        stands where the mouse pressed (a drag from column 7, then ``7``: its top card)."""
        shifted = chord.startswith("Shift+")
        number = DIGITS.index(chord[-1])
        board = self.desktop.board
        columns = digit_columns(board)
        if number >= len(columns):
            return
        column = columns[number]
        # a pyramid's front place, with the rows behind it: "again" goes on up (or down) the
        # pyramid, and a place emptied gives the cursor to the card above it (its digit
        # went to the empty place, its "again: up" nowhere)
        behind = has_rows_behind(board, column)
        if not fresh and (self.pile == column or behind and self.walked == (number, self.pile, self.n)):
            self.go("Down" if shifted else "Up")
            if self.pile != column and not behind:   # no more cards that way: stay
                self.pile = column
        else:
            self.pile, self.n = column, 1
            while behind and not board.game.pile(self.pile).cards:
                was = self.pile
                self.go("Up")
                if self.pile == was:
                    break
        self.walked = (number, self.pile, self.n)

    def jump(self, action: str, fresh: bool = False) -> None:
        """d, f, c: the stock (then the waste), the foundations, the cells — in turn; the
        first of them where the cursor was not showing (after a click on the stock, ``d``
        chose the waste)."""
        game = self.desktop.game
        roles = {"deck": deck_roles(game), "foundation": ("foundation",), "cell": ("cell", "reserve")}[action]
        piles = [view.name for role in roles for view in self.views() if game.pile(view.name).role == role]
        if action == "cell" and any(not game.pile(name).cards for name in piles):
            # (King Albert's emptied reserve places, where nothing goes: c stopped on each)
            lands = {move.dst for move in game.legal_moves if move.kind == "drag"}
            piles = [name for name in piles if game.pile(name).cards or game.pile(name).role != "reserve"
                     or name in lands]
        if not piles:
            return
        index = piles.index(self.pile) + 1 if self.pile in piles and not fresh else 0
        self.pile, self.n = piles[index % len(piles)], 1

    def toggle_mark(self) -> None:
        desktop = self.desktop
        if self.pile is None:
            return
        here = (self.pile, self.n)
        if self.mark == here:
            self.mark = None
            return
        game = desktop.game
        refusal = game.ruleset.check_pick(game, game.pile(self.pile), max(1, self.n))
        if refusal is not None:
            desktop.session.say(refusal)
            return
        self.mark = here

    def smart_move(self) -> None:
        """Return: the marked card to the cursor's pile, or the card under the cursor (or
        the marked one) to the first pile that takes it, foundations first."""
        desktop = self.desktop
        game = desktop.game
        if self.pile is None:
            return
        if desktop.rules_mode:
            desktop.show_rules(self.pile)
            return
        if game.status == "won":
            return
        if self.mark is not None and self.mark != (self.pile, self.n):
            src, n = self.mark
            n = game.ruleset.drop_count(game, game.pile(src), n, game.pile(self.pile))
            if desktop.play(Move("drag", src, n, self.pile)):
                self.mark = None
            return
        src, n = self.mark or (self.pile, self.n)
        pile = game.pile(src)
        cards = game.ruleset.picked_up(game, pile, n) if n > 0 and game.ruleset.check_pick(game, pile, n) is None \
            else None
        if not cards:
            # nothing to pick up (a stock, an empty pile), or a press that moves cards by itself: a click
            desktop.play(Move("click", src, max(n, 1)))
            return
        target = self.target(src, n)
        if target is not None:
            n = game.ruleset.drop_count(game, pile, n, game.pile(target))
        if target is None:
            card = pile.cards[-n]
            what = f"the {card.name}" if n == 1 else f"the {card.name} and the cards on it"
            desktop.session.say(f"There is nowhere to move {what}")
            return
        if desktop.play(Move("drag", src, n, target)):
            self.mark = None

    def target(self, src: str, n: int) -> str | None:
        """The first pile that takes the top ``n`` cards of ``src`` (a foundation, with the
        cards under them where it takes them so: ``Ruleset.drop_count``), then a pile with
        cards, then an empty one (in the layout's order)."""
        game = self.desktop.game
        source = game.pile(src)
        piles = [game.pile(view.name) for view in self.views() if view.name != src]
        order = sorted(piles, key=lambda p: (p.role != "foundation", not p.cards))
        for pile in order:
            if pile.role in ("stock",):
                continue
            count = game.ruleset.drop_count(game, source, n, pile)
            if game.ruleset.check_drop(game, source, count, pile) is None:
                return pile.name
        return None
