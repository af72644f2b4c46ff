"""Best-first search's queue of open positions (``search.OpenQueue``): scores in
buckets instead of one heap of every entry.  It must hand positions out in the very
order the heap did (lowest score first; of equal scores the newest, or the oldest),
skip positions another queue has expanded, and list what is left in that order for
the depth-first search that follows."""
import heapq

from hypothesis import given, settings
from hypothesis import strategies as st

from kingalbert.engine.solver.search import OpenQueue

#: a step: push a new position with this score, pop one, or mark an open one expanded
#: elsewhere (by its index among the open ones)
STEPS = st.lists(st.one_of(st.tuples(st.just("push"), st.integers(-20, 40)),
                           st.tuples(st.just("pop"), st.just(0)),
                           st.tuples(st.just("elsewhere"), st.integers(0, 50))), max_size=120)


def _reference_key(value: int, number: int, newest_first: bool) -> tuple[int, int]:
    return (value, -number if newest_first else number)


@settings(max_examples=300, deadline=None)
@given(STEPS, st.booleans())
def test_positions_come_out_in_the_order_of_one_heap(steps, newest_first):
    queue = OpenQueue(newest_first)
    reference: list[tuple[tuple[int, int], int]] = []
    opened: list = []
    for action, value in steps:
        if action == "push":
            number = len(opened)
            opened.append(f"position {number}")
            queue.push(value, number)
            heapq.heappush(reference, (_reference_key(value, number, newest_first), number))
            continue
        while reference and opened[reference[0][1]] is None:
            heapq.heappop(reference)
        expected = reference[0][1] if reference else None
        assert queue.first(opened) == expected
        if expected is None:
            continue
        if action == "pop":
            assert queue.pop(opened) == expected
            heapq.heappop(reference)
            opened[expected] = None
        else:
            still_open = [number for number, key in enumerate(opened) if key is not None]
            opened[still_open[value % len(still_open)]] = None
    left = [number for _, number in sorted(reference) if opened[number] is not None]
    assert [number for number in queue.in_order() if opened[number] is not None] == left


def test_equal_scores_go_newest_first_or_oldest_first():
    opened = ["a", "b", "c", "d"]
    for newest_first, expected in ((True, [3, 1, 2, 0]), (False, [1, 3, 0, 2])):
        queue = OpenQueue(newest_first)
        for number, value in enumerate((5, 2, 5, 2)):
            queue.push(value, number)
        assert queue.in_order() == expected
        assert [queue.pop(opened) for _ in opened] == expected
        assert queue.first(opened) is None
