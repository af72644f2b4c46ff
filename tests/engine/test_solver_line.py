"""Writing out the line a search found: it gets time of its own past the search's
deadline, and each step goes to the latest position of the line one move reaches (a
depth-first line's detours are cut out)."""
import sys
import time

import pytest

from kingalbert.engine import Game
from kingalbert.engine.solver import Budget, solve
from kingalbert.loaders.cdl import load
from tests.helpers.solver import wins

search_module = sys.modules["kingalbert.engine.solver.search"]


class Counting:
    """A state that is a number: each move adds 1 or 2 (in that order)."""

    def __init__(self):
        self.n = 0

    def moves(self, last, ordered):
        return [1, 2]

    def apply(self, step):
        self.n += step
        return step

    def undo(self, step):
        self.n -= step

    def key(self):
        return self.n


def test_each_step_goes_to_the_latest_position_of_the_line_one_move_reaches():
    keys = [0, 1, 2, 3, 4, 5, 6, 7]
    state = Counting()
    tokens, went = search_module.replay(state, keys, until=time.perf_counter() + 60)
    assert went == [0, 2, 4, 6, 7] and tokens == [2, 2, 2, 1] and state.n == 7


def test_without_time_for_it_each_step_takes_the_first_move_along_the_line():
    state = Counting()
    tokens, went = search_module.replay(state, [0, 1, 2, 3], until=None)
    assert went == [0, 1, 2, 3] and tokens == [1, 1, 1]
    state = Counting()
    assert search_module.replay(state, [0, 1, 2, 3], until=time.perf_counter() - 1)[1] == [0, 1, 2, 3]


def test_a_line_it_cannot_follow_is_lost():
    with pytest.raises(search_module.LineLost):
        search_module.replay(Counting(), [0, 5], until=None)


def test_an_extended_deadline_holds_the_watchdog_off():
    budget = Budget(0.05)

    def writing_out():
        budget.extend(2.0)
        time.sleep(0.3)             # past the old deadline and its grace
        return "written"
    assert budget.guarded(writing_out) == "written"
    plain = Budget(0.05)

    def late():
        time.sleep(0.3)
        return "written"
    assert plain.guarded(late) is None


@pytest.mark.slow
def test_a_depth_first_line_comes_out_shorter_and_still_wins(monkeypatch):
    """CardsWorkShop Klondike's deal 1, searched depth first: its line (394 moves
    followed move by move) loses a fifth or more when each step goes as far along as
    one move reaches (179 moves).  (Searched depth first only: best first, with dives
    that start by the clock, two searches may find two different lines.  Canfield's
    deal 1 was the example until its depth-first line, with cards to a foundation
    tried first, came out at 146 moves, with nothing to cut.)"""
    from kingalbert.loaders.cdl.search import CdlState
    monkeypatch.setattr(CdlState, "befs_share", 0.0)
    games = __import__("pathlib").Path(__file__).resolve().parents[2] / "kingalbert" / "games" / "cdl"
    ruleset = load(games / "klondike.cdl")
    game = Game(ruleset, 1, {"auto_finish": False, "auto_stack": False})
    short = solve(game, timeout=30)
    monkeypatch.setattr(search_module, "SHORTEN_SECONDS", 0.0)
    plain = solve(game, timeout=30)
    assert short.verdict == plain.verdict == "winnable"
    assert wins(game, short.moves) and wins(game, plain.moves)
    assert len(short.moves) <= 0.85 * len(plain.moves)


def test_a_line_that_cannot_be_written_out_is_no_verdict_not_an_error(monkeypatch):
    # (a fuzzer: a YaZZle position with face-up cards in its stock, which the key takes as
    # face down, found a win whose line lost its way: "internal error (LineLost)")
    from kingalbert.engine.king_albert import KingAlbert
    lost = search_module.LineLost

    def losing(*args, **kwargs):
        raise lost("solver: lost the line")
    monkeypatch.setattr(search_module, "replay", losing)
    result = solve(Game(KingAlbert(), 3), timeout=10)
    assert result.verdict == "unknown" and not result.moves


def test_a_position_with_face_up_cards_in_a_face_down_stock_is_refused():
    from kingalbert.app.catalogue import GAMES_DIR
    from kingalbert.engine.errors import PositionError
    from kingalbert.loaders import load as load_any
    ruleset = load_any(str(GAMES_DIR / "yazzle" / "Klondike"))
    position = Game(ruleset, 2).to_position()
    stock = next(pile for pile in position["piles"] if pile["name"].lower().startswith("stock"))
    stock["cards"][0] = stock["cards"][0].upper()
    with pytest.raises(PositionError, match="a stock's cards are face down"):
        Game.from_position(ruleset, position)


@pytest.mark.parametrize("game, pile, change, refusal", [
    ("sol/freecell.sol", "cell1", "overfull", "cell1 holds at most 1 card, not 3"),
    ("yazzle/KingAlbert", "reserve1", "overfull", "reserve1 is dealt 1 card and no card can be put there"),
    ("sol/king_albert.sol", "f1", "face down", "f1: every card on a foundation is face up"),
])
def test_a_declarative_position_no_game_can_show_is_refused(game, pile, change, refusal):
    # (a fuzzer: a free cell of 16 cards was solved as winnable, a reserve place of 18 and a
    # face-down Ace on a suit stack played on)
    from kingalbert.app.catalogue import GAMES_DIR
    from kingalbert.engine.errors import PositionError
    from kingalbert.loaders import load as load_any
    ruleset = load_any(str(GAMES_DIR / game))
    position = Game(ruleset, 2).to_position()
    piles = {entry["name"]: entry for entry in position["piles"]}
    donor = next(entry for entry in position["piles"] if len(entry["cards"]) >= 3 and entry["name"] != pile)
    if change == "overfull":        # cards taken from another pile, none twice
        for _ in range(3 - len(piles[pile]["cards"])):
            piles[pile]["cards"].append(donor["cards"].pop())
    else:
        piles[pile]["cards"] = [donor["cards"].pop().lower()]
    with pytest.raises(PositionError, match=refusal):
        Game.from_position(ruleset, position)


def test_a_line_that_comes_back_to_a_position_is_cut_there_and_still_wins():
    """A play-test: SolKit's FreeCell Demo put a card into a cell and straight back.  Every
    stretch of a line that comes back to a position met before goes; what is left wins."""
    from kingalbert.app.catalogue import bundled_games
    from kingalbert.engine.moves import Move
    from kingalbert.engine.solver.lines import without_loops
    from kingalbert.loaders import load as load_any
    path = next(path for path in bundled_games()["sol"] if path.stem == "freecell")
    game = Game(load_any(str(path)), 3)
    found = solve(game, timeout=30)
    assert found.verdict == "winnable"
    line = list(found.moves)
    # a detour where a card lies in a free cell and another cell is empty: the card to the
    # other cell and back, twice over
    ahead = game.solver_copy()
    at = 0
    while True:
        cells = [pile for pile in ahead.piles if pile.role == "cell"]
        full = [pile for pile in cells if pile.cards]
        empty = [pile for pile in cells if not pile.cards]
        if full and empty:
            break
        ahead.play(line[at])
        at += 1
    there, back = Move("drag", full[0].name, 1, empty[0].name), Move("drag", empty[0].name, 1, full[0].name)
    detoured = line[:at] + [there, back, there, back] + line[at:]
    assert wins(game, detoured)
    assert without_loops(game, detoured) == line
    # and solve's own lines meet no position twice
    seen, copy = set(), game.solver_copy()
    for move in line:
        copy.play(move)
        here = tuple(tuple(map(str, pile.cards)) for pile in copy.piles)
        assert here not in seen
        seen.add(here)
