"""Reads of a stack's top card alone (``S[S!]``) and of whether it has cards (``S! > 0``):
the run cache keys such a run by that, not by the whole stack or its size."""
import pytest

from kingalbert.engine.game import Game
from kingalbert.engine.rng import Rng
from kingalbert.loaders.cdl import compile as compile_cdl
from kingalbert.loaders.cdl import loads
from kingalbert.loaders.cdl.interpreter import Limits, Output, State, execute
from kingalbert.loaders.cdl.transactions import View

from .test_cdl_games import GAMES

PROGRAM = """game T is 10 by 4;
var s : stack; n : integer;
stack A is X := 0; Y := 0; end A;
stack B is X := 1; Y := 0; end B;
function Top : card is return A[A!];
function TopOf(t : stack) : card is return t[t!];
function Later : card is begin s := B; return s[s!] end;
predicate Some? is return A! > 0;
predicate Turned? is return 0 < A!;
predicate Other? is return A! <> 0;
predicate None? is return A! = 0;
predicate NoneAgain? is return 0 = A!;
predicate Two? is return A! = 2;
function Second : card is return A[A! - 1];
function Both : card is if A! > 0 then return A[A!] else return B[B!];
function Count : integer is begin n := n + 1; return n end;
function Reset : integer is begin n := 5; return n + 1 end;
order A B.
"""


@pytest.fixture(scope="module")
def program():
    return compile_cdl(PROGRAM, "test.cdl")


def run(program, name, a=(), b=(), args=(), n=0):
    state = State({"a": tuple(a), "b": tuple(b)}, {"a": 7, "b": 8}, {"s": None, "n": n})
    return execute(program, state, Rng(1), Output(), Limits(), routine=name.lower(), args=args)


@pytest.mark.parametrize("name, a, value", [
    ("Top", (3, 4, 5), 5), ("Top", (9,), 9), ("Top", (), 7),        # the drawing of an empty stack
    ("Some?", (3,), True), ("Some?", (), False), ("Turned?", (3, 4), True), ("Turned?", (), False),
    ("Other?", (3,), True), ("Other?", (), False), ("None?", (3,), False), ("None?", (), True),
    ("NoneAgain?", (3,), False), ("NoneAgain?", (), True),
])
def test_top_cards_and_emptiness_read_as_such_keep_their_values(program, name, a, value):
    result = run(program, name, a)
    assert result.value == value
    # nothing else of A was read: not its cards, not its size
    assert result.read_stacks == () and result.read_lengths == ()
    assert result.read_peeks == (("a", name == "Top"),)


def test_a_stack_passed_or_held_in_a_variable_is_peeked_too(program):
    b = program.order[1]
    result = run(program, "TopOf", b=(1, 2), args=(b,))
    assert result.value == 2 and result.read_peeks == (("b", True),) and result.read_stacks == ()
    result = run(program, "Later", b=(4,))
    assert result.value == 4 and result.read_peeks == (("b", True),) and result.read_stacks == ()


def test_a_variable_set_before_it_is_read_is_not_among_the_reads(program):
    """A run's result doesn't hang on the value a variable had before the run set it:
    ``Later`` sets ``s`` and then reads it, ``Reset`` sets ``n``; ``Count`` reads ``n`` first."""
    assert run(program, "Later", b=(4,)).read_globals == ()
    reset = run(program, "Reset", n=3)
    assert reset.value == 6 and reset.read_globals == () and reset.globals == {"n": 5}
    count = run(program, "Count", n=3)
    assert count.value == 4 and count.read_globals == ("n",) and count.globals == {"n": 4}


def test_the_run_cache_serves_a_run_that_sets_a_variable_whatever_its_value_was(program):
    from kingalbert.loaders.cdl.transactions import RunCache
    cache = RunCache()
    for name in ("Reset", "Count"):
        first = run(program, name, n=3)
        cache.keep(name, view_of((), (), 3), None, first.shape(), first)
    found = cache.find("Reset", view_of((), (), 9), None)
    assert found is not None and found.value == 6 and view_of((), (), 9).then(found).state().globals["n"] == 5
    assert cache.find("Count", view_of((), (), 9), None) is None
    assert cache.find("Count", view_of((1,), (2,), 3), None).value == 4


@pytest.mark.parametrize("name, read", [("Two?", "lengths"), ("Second", "stacks")])
def test_other_reads_of_a_size_still_count_it(program, name, read):
    result = run(program, name, (3, 4))
    assert result.read_peeks == ()
    assert "a" in getattr(result, f"read_{read}")


def test_the_run_cache_serves_a_run_to_every_stack_with_the_same_top(program):
    from kingalbert.loaders.cdl.transactions import RunCache
    cache = RunCache()
    first = run(program, "Both", (3, 4, 5), (9,))
    assert first.value == 5 and first.read_peeks == (("a", True),)     # (the top tells if there is one)
    cache.keep("both", view_of((3, 4, 5), (9,)), None, first.shape(), first)
    # the same top on a taller or shorter stack, whatever B holds: the same run
    assert cache.find("both", view_of((1, 5), (2, 2)), None) is first
    assert cache.find("both", view_of((5,), ()), None) is first
    # another top, or no card: not the same
    assert cache.find("both", view_of((5, 4), (9,)), None) is None
    assert cache.find("both", view_of((), (9,)), None) is None
    second = run(program, "Both", (), (9,))
    assert second.value == 9
    cache.keep("both", view_of((), (9,)), None, second.shape(), second)
    assert cache.find("both", view_of((), (6, 9)), None) is second
    assert cache.find("both", view_of((), (9, 6)), None) is None


def view_of(a, b, n=0):
    return View(State({"a": tuple(a), "b": tuple(b)}, {"a": 7, "b": 8}, {"s": None, "n": n}))


def test_aces_up_presses_are_found_again_where_other_columns_hide_other_cards():
    """Aces Up's press on a column asks of the others only whether they have cards and their top
    card (``Beaten?``; and the position of the card that beats it, which it flashes): pressed
    again where the other columns hold other cards under those tops, or fewer, it is found in
    the run cache and does the same."""
    rules = loads((GAMES / "acesup.cdl").read_text(), "acesup.cdl")
    machine = rules.machine
    stacks = {stack.key: stack for stack in rules.program.order}
    base = rules.read_state(Game(rules, seed=3))
    # C1's Three of Clubs (28) is beaten by C2's Jack of Clubs (36); C3 and C4 show no club
    here = State({**base.stacks, "c1": (40, 28), "c2": (5, 36), "c3": (0, 14), "c4": (9,)}, base.bottoms,
                 base.globals)
    first = machine.press(View(here), None, stacks["c1"], 1, "left")
    assert first.view.stacks["c1"] == (40,) and first.refusal is None
    misses = machine.cache.misses
    there = State({**here.stacks, "c2": (12, 36), "c3": (14,), "c4": (3, 17, 9)}, base.bottoms, base.globals)
    again = machine.press(View(there), None, stacks["c1"], 1, "left")
    assert again.view.stacks["c1"] == (40,) and again.refusal is None
    assert machine.cache.misses == misses
    # another top card on C2 is another question
    moved = State({**here.stacks, "c2": (36, 5)}, base.bottoms, base.globals)
    machine.press(View(moved), None, stacks["c1"], 1, "left")
    assert machine.cache.misses > misses


def test_reads_put_together_ask_a_stack_for_its_top_card_once():
    """A listing puts its runs' reads together: one asked whether A has cards, another for its
    top card; the top card tells both, so the two are read as that alone."""
    from kingalbert.loaders.cdl.transactions import RunCache
    both = RunCache().reader(((), (), (), False, (), (("a", False), ("a", True), ("b", False))))
    alone = RunCache().reader(((), (), (), False, (), (("a", True), ("b", False))))
    for a, b in [((3, 4), ()), ((), (1,)), ((4,), (2, 2))]:
        assert both(view_of(a, b), None) == alone(view_of(a, b), None)
    assert both(view_of((3, 4), ()), None) == (4, False)
    assert both(view_of((9, 4), (1, 2)), None) == (4, True)
