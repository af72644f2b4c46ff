"""The run cache's readers read what their definition says a run of each shape read
(``RunCache.reader``): views that agree on it are one entry, views that don't are two."""
from hypothesis import given, settings
from hypothesis import strategies as st

from kingalbert.loaders.cdl.interpreter import State
from kingalbert.loaders.cdl.transactions import RunCache, View

KEYS = ("a", "b", "c", "d")
GLOBALS = ("g", "h")


def defined(shape, view: View, rng_state, tops, blind) -> tuple:
    """What the reader's docstring says, for each read in turn."""
    stacks, bottoms, globals_, used_rng, lengths, asked = shape
    few = view.base.few_cards
    values: list = []
    for key in stacks:
        cards = view.stack(key)
        top = cards[-1] if cards else None
        if key in tops:
            values.append(top if key in blind and few else (len(cards), top))
        else:
            values.append(cards)
    for key in lengths:
        if key not in stacks:
            values.append(None if key in tops and key in blind and few else len(view.stack(key)))
    for key, top in asked:
        if key in stacks or (not top and (key, True) in asked):
            continue
        cards = view.stack(key)
        values.append((cards[-1] if cards else None) if top else bool(cards))
    values += [view.bottoms.get(key, view.base.bottoms[key]) for key in bottoms]
    values += [view.globals.get(key, view.base.globals[key]) for key in globals_]
    if used_rng:
        values.append(rng_state)
    return tuple(values)


cards = st.lists(st.integers(0, 155), max_size=4).map(tuple)
some_keys = st.lists(st.sampled_from(KEYS), unique=True, max_size=4).map(tuple)


@st.composite
def cases(draw):
    shape = (draw(some_keys), draw(some_keys), draw(st.lists(st.sampled_from(GLOBALS), unique=True).map(tuple)),
             draw(st.booleans()), draw(some_keys),
             tuple(draw(st.lists(st.tuples(st.sampled_from(KEYS), st.booleans()), unique=True, max_size=5))))
    tops = frozenset(draw(some_keys))
    blind = frozenset(key for key in draw(some_keys) if key in tops)
    # a few cards, or more than a stack can hold (``few_cards`` then False)
    many = draw(st.booleans())
    base = State({key: draw(cards) * (60 if many else 1) for key in KEYS},
                 {key: draw(st.integers(0, 200)) for key in KEYS},
                 {key: draw(st.integers(-3, 3)) for key in GLOBALS})
    view = View(base, {key: draw(cards) for key in draw(some_keys)},
                {key: draw(st.integers(0, 200)) for key in draw(some_keys)},
                {key: draw(st.integers(-3, 3)) for key in draw(st.lists(st.sampled_from(GLOBALS), unique=True))})
    return shape, tops, blind, view, draw(st.integers(0, 9))


@settings(max_examples=400, deadline=None)
@given(cases())
def test_a_compiled_reader_reads_what_the_definition_says(case):
    reads_as_defined(*case)


def reads_as_defined(shape, tops, blind, view, rng_state) -> None:
    read = RunCache(blind).reader(shape, tops)
    assert read(view, rng_state) == defined(shape, view, rng_state, tops, blind)


def test_views_that_differ_in_what_was_read_read_differently():
    shape = (("a",), ("b",), ("g",), True, ("c",), (("d", True),))
    base = State({"a": (1, 2), "b": (), "c": (5,), "d": (7, 8)}, dict.fromkeys(KEYS, 0), {"g": 0, "h": 0})
    read = RunCache().reader(shape)
    here = read(View(base), 3)
    assert here == ((1, 2), 1, 8, 0, 0, 3)
    for changed in (View(base, {"a": (1,)}), View(base, {"c": (5, 6)}), View(base, {"d": (7,)}),
                    View(base, None, {"b": 4}), View(base, None, None, {"g": 1})):
        assert read(changed, 3) != here
    assert read(View(base), 4) != here
    # what the shape doesn't read changes nothing
    assert read(View(base, {"b": (9,)}, None, {"h": 2}), 3) == here


@st.composite
def plain_cases(draw):
    """Shapes of stacks alone (no drawing, variable or random generator read): the ones a
    listing mostly looks up, each read by a function of its own."""
    shape, tops, blind, view, rng_state = draw(cases())
    return (shape[0], (), (), False, shape[4], shape[5]), tops, blind, view, rng_state


@settings(max_examples=400, deadline=None)
@given(plain_cases())
def test_a_reader_of_stacks_alone_reads_what_the_definition_says(case):
    reads_as_defined(*case)


def test_each_kind_of_stack_read_alone_by_one_and_by_several():
    # stacks whole, their sizes, top cards, whether they have cards; whole then top cards;
    # a stock whole with its size-blind waste: for one stack, for two, in either order
    base = State({"a": (1, 2, 3), "b": (), "c": (7,), "d": (4, 5)}, dict.fromkeys("abcd", 0), {"g": 0, "h": 0})
    views = [View(base), View(base, {"b": (9, 8)}), View(base, {"a": ()})]
    shapes = []
    for keys in (("a",), ("b",), ("a", "b"), ("b", "a", "c")):
        shapes += [(keys, (), (), False, (), ()), ((), (), (), False, keys, ()),
                   ((), (), (), False, (), tuple((key, True) for key in keys)),
                   ((), (), (), False, (), tuple((key, False) for key in keys)),
                   (keys[:1], (), (), False, (), tuple((key, True) for key in keys[1:]))]
    for shape in shapes:
        for view in views:
            assert RunCache().reader(shape)(view, 0) == defined(shape, view, 0, frozenset(), frozenset()), shape
    for order in (("d", "b"), ("b", "d")):
        for view in views:
            reads_as_defined((order, (), (), False, (), ()), frozenset("b"), frozenset("b"), view, 0)
