"""The stacks a CardsWorkShop program treats alike (the solver's symmetric piles): found
where the text gives no way to tell them apart, refused at each thing that could, and
a search keyed by them agrees with the plain search."""
from pathlib import Path

import pytest

from kingalbert.engine import Game
from kingalbert.loaders.cdl import loads
from kingalbert.loaders.cdl.symmetry import symmetric_stacks
from kingalbert.loaders.cdl.transients import transients
from tests.helpers.cdl_programs import small_golf
from tests.helpers.solver import verdicts_agree

GAMES = Path(__file__).resolve().parents[2] / "kingalbert" / "games" / "cdl"
PLAIN = {"auto_finish": False, "auto_stack": False}


def groups_of(source: str) -> list[list[str]]:
    program = loads(source, "t.cdl").program
    return [[stack.name for stack in group] for group in symmetric_stacks(program, transients(program))]


@pytest.mark.parametrize("name, expected", [
    ("golf.cdl", [["C1", "C2", "C3", "C4", "C5", "C6", "C7"]]),
    ("klondike.cdl", [["T1", "T2", "T3", "T4", "T5", "T6", "T7"]]),
    ("acesup.cdl", []),        # the stock deals to the columns in their order; win? names C1 ...
    ("canfield.cdl", []),      # integrity? fills the first empty column from the reserve
    ("strategy.cdl", []),      # shading (its STACK variable is transient, as Calculation's)
    ("calculation.cdl", [["W1", "W2", "W3", "W4"]]),
])
def test_the_bundled_programs(name, expected):
    assert groups_of((GAMES / name).read_text()) == expected


# a small Golf with three columns: the columns are alike as written here
SMALL = small_golf(3, alike=True)


def test_a_small_program_whose_columns_are_alike():
    assert groups_of(SMALL) == [["C1", "C2", "C3"]]


@pytest.mark.parametrize("old, new", [
    # named alone
    ("return left = 0;", "return (left = 0) and (C1! = 0);"),
    # a loop that stops at the first stack
    ("with c do left := left + c! for C1, C2, C3;", "with c do begin left := left + c!; break; end for C1, C2, C3;"),
    # a loop that moves cards to another stack
    ("if c! > 0 then Turn c[c!] side up", "if c! > 0 then Pull 1 From c To Waste"),
    # a loop that turns cards of a stack it doesn't name by its variable
    ("if c! > 0 then Turn c[c!] side up", "if c! > 0 then Turn Waste[Waste!] side up"),
    # a loop that reads the contextual stack while it changes cards ... (none here: see below)
    # a variable set to what a stack holds, and one read in the loop that sets it
    ("with c do left := left + c! for C1, C2, C3;", "with c do left := c! for C1, C2, C3;"),
    ("with c do left := left + c! for C1, C2, C3;", "with c do if left = 0 then left := left + c! for C1, C2, C3;"),
    # counted both up and down
    ("with c do left := left + c! for C1, C2, C3;",
     "with c do begin left := left + c!; left := left - 1; end for C1, C2, C3;"),
    # a loop over part of them
    ("with c do left := left + c! for C1, C2, C3;", "with c do left := left + c! for C1, C2; left := left + C3!;"),
    # a place read
    ("if (Spos = !) and (Spos > 0) then", "if (Spos = !) and (Spos > 0) and (X >= 0) then"),
    # cards shaded while playing
    ("if c! > 0 then Turn c[c!] side up", "if c! > 0 then Turn c[c!] side shaded"),
    # a drawing set while playing
    ("if (Spos = !) and (Spos > 0) then Pull 1 To Cursor;",
     "if (Spos = !) and (Spos > 0) then begin Pull 1 To Cursor; [0] := CrossCard; end;"),
    # a method one of them has and the others don't
    ("stack C3 from C1 is X := 2; end C3;",
     "stack C3 from C1 is X := 2; SelectRight(Spos : index) is Write('!'); end C3;"),
    # a field other than the place
    ("stack C3 from C1 is X := 2; end C3;", "stack C3 from C1 is X := 2; H := 3; end C3;"),
])
def test_what_tells_the_columns_apart(old, new):
    assert old in SMALL
    changed = SMALL.replace(old, new, 1)
    assert ["C1", "C2", "C3"] not in groups_of(changed), new


def test_a_counter_read_by_a_routine_the_loop_calls_tells_them_apart():
    """A global counted up in the loop and read by a predicate the loop calls: each turn
    sees another count, so the order of the list can matter."""
    changed = SMALL.replace("var played : integer;", "var played, seen : integer;").replace(
        "predicate win? is", "predicate Few? is return seen < 2;\n\npredicate win? is").replace(
        "with c do left := left + c! for C1, C2, C3;",
        "with c do begin seen := seen + 1; if Few? then left := left + c!; end for C1, C2, C3;")
    assert groups_of(changed) == []
    # the same loop with the counter a local variable of its own: the predicate can't see it
    local = changed.replace("var left : integer;", "var left, mine : integer;").replace(
        "seen := seen + 1;", "mine := mine + 1;")
    assert groups_of(local) == [["C1", "C2", "C3"]]


def _with_stack_variable(read: tuple[str, str]) -> str:
    """SMALL with a STACK variable each column's press sets to that column, read as ``read``
    (the text replaced, and its replacement) says."""
    changed = SMALL.replace("var played : integer;", "var played : integer; last : stack;").replace(
        "if (Spos = !) and (Spos > 0) then Pull 1 To Cursor;",
        "if (Spos = !) and (Spos > 0) then begin last := Self; Pull 1 To Cursor; end;")
    assert read[0] in changed
    return changed.replace(*read)


def test_a_stack_variable_kept_from_one_transaction_to_the_next_tells_them_apart():
    # read by win?: which column gave the last card is part of the position
    kept = _with_stack_variable(("return left = 0;", "return (left = 0) and (last <> Waste);"))
    assert transients(loads(kept, "t.cdl").program) == []
    assert groups_of(kept) == []


RELEASE_READS = ("if Cursor! = 1 then if Next?", "if (Cursor! = 1) and (last <> Waste) then if Next?")


def test_a_stack_variable_each_press_sets_before_its_release_reads_it_does_not():
    # (Calculation's ``source := Self``): never read between transactions
    transient = _with_stack_variable(RELEASE_READS)
    assert transients(loads(transient, "t.cdl").program) == ["last"]
    assert groups_of(transient) == [["C1", "C2", "C3"]]
    never_read = _with_stack_variable(("return left = 0;", "return left = 0;"))
    assert groups_of(never_read) == [["C1", "C2", "C3"]]


def test_the_ruleset_gives_the_groups_to_the_solver_by_pile():
    ruleset = loads(SMALL, "small.cdl")
    game = Game(ruleset, 1, PLAIN)
    names = [pile.name for pile in game.piles]
    assert [[names[i] for i in group] for group in ruleset.solver_groups(game)] == [["C1", "C2", "C3"]]
    shaded = Game.from_position(ruleset, {**game.to_position(), "vars": {
        **game.vars, "cdl:shaded": {"C1": [1]}}}, PLAIN)
    assert ruleset.solver_groups(shaded) == []


@pytest.mark.slow
def test_search_with_symmetric_columns_agrees_with_plain_search():
    assert verdicts_agree(loads(SMALL, "small.cdl"), range(16), PLAIN) == {"winnable", "unwinnable"}


@pytest.mark.slow
def test_search_with_symmetric_columns_and_a_transient_stack_variable_agrees_with_plain_search():
    ruleset = loads(_with_stack_variable(RELEASE_READS), "small.cdl")
    assert ruleset.solver_groups(Game(ruleset, 1, PLAIN))
    assert verdicts_agree(ruleset, range(16), PLAIN) == {"winnable", "unwinnable"}


def test_a_grouped_stack_s_drawing_is_keyed_with_its_cards():
    """Calculation's waste piles: the same cards with another pile's drawing turned is
    another key; the cards and the drawing of two piles exchanged together, the same."""
    from kingalbert.loaders.cdl.search import CdlState
    ruleset = loads((GAMES / "calculation.cdl").read_text(), "calculation.cdl")
    game = Game(ruleset, 3, PLAIN)
    state = CdlState(ruleset, game)
    base = state.state

    def keyed(cards: dict, drawings: dict) -> bytes:
        changed = base.copy()
        changed.stacks.update(cards)
        changed.bottoms.update(drawings)
        state.state, state._key = changed, None
        return state.key()
    card = base.stacks["stock"][-1]
    drawn = keyed({"w1": (card,)}, {"w1": 52})
    assert keyed({"w2": (card,)}, {"w2": 52}) == drawn
    assert keyed({"w1": (card,)}, {"w2": 52}) != drawn
    assert keyed({"w1": (card,)}, {}) != drawn

