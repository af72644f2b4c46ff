"""Stacks whose buried cards nothing in play looks at (Golf's waste): found where the
text only ever reads the top and puts cards on it, refused at each thing that could
see, move or change a card under the top; the solver keys them by size and top card,
and its verdicts stay the plain search's."""
from pathlib import Path

import pytest

from kingalbert.engine import Game
from kingalbert.engine.solver import GameState
from kingalbert.loaders.cdl import loads
from kingalbert.loaders.cdl.buried import top_only_stacks
from tests.helpers.cdl_programs import small_golf
from tests.helpers.solver import verdicts_agree

GAMES = Path(__file__).resolve().parents[2] / "kingalbert" / "games" / "cdl"
PLAIN = {"auto_finish": False, "auto_stack": False}
LIMIT = 250


def top_only(source: str) -> list[str]:
    return [stack.name for stack in top_only_stacks(loads(source, "t.cdl").program)]


@pytest.mark.parametrize("name, expected", [
    ("golf.cdl", ["Waste"]),
    ("klondike.cdl", []),        # the waste gives its top card back to the tableau
    ("acesup.cdl", []),
    ("canfield.cdl", []),
    ("strategy.cdl", []),
    ("calculation.cdl", []),
])
def test_the_bundled_programs(name, expected):
    assert top_only((GAMES / name).read_text()) == expected


# a small Golf with three columns dealt face up: the waste only takes cards, and only its
# top is read (``Next?``), so it is keyed by its top card and size
SMALL = small_golf(3, alike=False)


def test_the_small_golfs_waste():
    assert top_only(SMALL) == ["Waste"]


@pytest.mark.parametrize("old, new", [
    # a card under the top read by name, and through the contextual stack
    ("(c mod 13 = Waste[Waste!] mod 13 + 1)", "(c mod 13 = Waste[1] mod 13 + 1)"),
    ("if Cursor! = 1 then", "if (Cursor! = 1) and ([1] > 0) then"),
    # SELF in a routine the waste's method calls (it could be any card of it)
    ("return (c mod 13", "return (Self! > 0) and (c mod 13"),
    # cards taken from the waste: by name, and by its own method
    ("if ! > 0 then begin Pull 1 To Waste; Turn Waste[Waste!] side up; end;",
     "if ! > 0 then begin Pull 1 To Waste; Turn Waste[Waste!] side up; end else Pull 1 From Waste To Stock;"),
    ("if Cursor! = 1 then if Next?(Cursor[1]) then Pull 1 From Cursor;",
     "if Cursor! = 1 then if Next?(Cursor[1]) then Pull 1 From Cursor;\n  SelectFrom(Spos : index) is Pull 1 To Cursor;"),
    # the top card removed (the one under it comes up), cards turned under the top
    ("Turn Waste[Waste!] side up; end;", "Turn Waste[Waste!] side up; Remove Waste[Waste!]; end;"),
    ("Turn Waste[Waste!] side up; end;", "Turn Waste[1..Waste!] side up; end;"),
    # named in a loop, or anywhere else than as its size, its top or where cards go
    ("predicate win? is return C1!", "predicate win? is return C1!"
     " + Count"),
])
def test_what_can_see_under_the_top(old, new):
    assert old in SMALL
    changed = SMALL.replace(old, new, 1)
    if "Count" in new:
        changed = changed.replace("predicate win?", "function Count : integer is\n  var n : integer;\n  begin\n"
                                  "    n := 0; with s do n := n + s! for Waste, Stock; return n - n;\n  end;\n\n"
                                  "predicate win?", 1)
    assert "Waste" not in top_only(changed), new


def test_a_button_its_help_puts_up_runs_on_it_in_play():
    """A WAIT in the waste's Help: the button's procedure runs in play with the waste as
    its contextual stack, and this one takes the waste's top card back to the stock."""
    changed = SMALL.replace("stack Waste is\n  X := 1; Y := 2;",
                            "procedure Back is Pull 1 To Stock;\n\nstack Waste is\n  X := 1; Y := 2;\n"
                            "  Help is Wait 'Back' Back;", 1)
    assert "Wait 'Back' Back" in changed
    assert "Waste" not in top_only(changed)
    # the same procedure put up by the stock's Help runs on the stock, and the waste stays top-only
    elsewhere = SMALL.replace("stack Stock is\n  X := 0; Y := 2;",
                              "procedure Back is Pull 1 To Waste;\n\nstack Stock is\n  X := 0; Y := 2;\n"
                              "  Help is Wait 'Back' Back;", 1)
    assert "Wait 'Back' Back" in elsewhere
    assert "Waste" in top_only(elsewhere)


def test_its_size_read_or_cards_moved_onto_it_are_harmless():
    changed = SMALL.replace("if Cursor! = 1 then", "if (Cursor! = 1) and (Waste! < 40) and (! > 0) then", 1)
    assert top_only(changed) == ["Waste"]


def test_the_key_holds_the_top_card_and_the_size_only():
    ruleset = loads(SMALL, "small.cdl")
    game = Game(ruleset, 3, PLAIN)
    names = [pile.name for pile in game.piles]
    waste = names.index("Waste")
    assert ruleset.solver_top_only(game) == [waste]
    # put the first column's two cards under the waste's top, in either order
    position = game.to_position()
    column = names.index("C1")
    keys, states = [], []
    for order in ((0, 1), (1, 0)):
        piles = [dict(pile) for pile in position["piles"]]
        under = [piles[column]["cards"][i] for i in order]
        piles[column]["cards"] = []
        piles[waste]["cards"] = under + piles[waste]["cards"]
        state = GameState(Game.from_position(ruleset, {**position, "piles": piles}, PLAIN))
        keys.append(state.key())
        states.append(state)
    assert keys[0] == keys[1]
    # another card on top (the same cards, the same size) is another position
    piles = [dict(pile) for pile in position["piles"]]
    piles[waste]["cards"] = piles[waste]["cards"] + [piles[column]["cards"][0]]
    piles[column]["cards"] = piles[column]["cards"][1:]
    swapped = [dict(pile) for pile in piles]
    swapped[waste]["cards"] = piles[waste]["cards"][::-1]
    assert GameState(Game.from_position(ruleset, {**position, "piles": piles}, PLAIN)).key() != \
        GameState(Game.from_position(ruleset, {**position, "piles": swapped}, PLAIN)).key()
    # and so is another size (a card fewer under the same top, as if taken out of the game)
    smaller = [dict(pile) for pile in piles]
    smaller[waste]["cards"] = piles[waste]["cards"][1:]
    assert GameState(Game.from_position(ruleset, {**position, "piles": piles}, PLAIN)).key() != \
        GameState(Game.from_position(ruleset, {**position, "piles": smaller}, PLAIN)).key()
    # ... but the search goes back to the very cards of the position a key was made from
    whole = [list(pile.cards) for pile in states[1].piles]
    states[1].restore(keys[1])
    assert [list(pile.cards) for pile in states[1].piles] == whole
    # a different top card, or size, is another key; the plain search keys whole stacks
    plain = GameState(states[0].game, plain=True)
    assert plain.key() != GameState(states[1].game, plain=True).key()
    first = states[0]
    token = first.apply(first.moves(None, False)[0])
    assert first.key() != keys[0]
    first.undo(token)
    assert first.key() == keys[0]


@pytest.mark.slow
def test_search_keyed_by_the_wastes_top_agrees_with_plain_search():
    assert verdicts_agree(loads(SMALL, "small.cdl"), range(16), PLAIN) == {"winnable", "unwinnable"}


def positions_after(game) -> list:
    """Each legal move of the game's position with the position it leads to."""
    found = []
    for move in game.ruleset.legal_moves(game):
        game.push(move)
        found.append((move, game.to_position(), game.status))
        game.pop()
    return found


# Golf whose waste doesn't count the cards it takes: its releases read only the CURSOR
# and the waste (the machine keeps those apart, by the two)
UNCOUNTED = ("""        begin
          Pull 1 From Cursor;
          holes := holes + 1;
        end;""", "Pull 1 From Cursor;")


@pytest.mark.parametrize("seed, counted", [(1, True), (2, True), (1, False), (3, False)])
def test_runs_read_the_wastes_top_alike_and_play_as_the_whole_waste_does(seed, counted):
    """Golf's positions, breadth first from a deal, looked at by two rulesets: one whose
    run cache reads the waste as its size and top card (so reusing results found for
    wastes of other cards, put on this one's cards) and one that reads it whole: every
    position offers the same moves, leading to the same positions, the very cards under
    the waste's top included."""
    text = (GAMES / "golf.cdl").read_text()
    if not counted:
        assert UNCOUNTED[0] in text
        text = text.replace(*UNCOUNTED)
    tops, whole = loads(text, "golf.cdl"), loads(text, "golf.cdl")
    assert tops.machine.tops == {"waste"}
    whole.machine.tops = frozenset()
    todo = [Game(tops, seed, PLAIN).to_position()]
    seen = set()
    hits = tops.machine.cache.hits
    for position in todo:
        if len(seen) >= LIMIT:
            break
        mine = positions_after(Game.from_position(tops, position, PLAIN))
        assert mine == positions_after(Game.from_position(whole, position, PLAIN))
        for _, after, _ in mine:
            key = repr(after)
            if key not in seen:
                seen.add(key)
                todo.append(after)
    assert len(seen) >= LIMIT and tops.machine.cache.hits > hits


def test_help_reads_the_whole_waste():
    """Help may look under the top (it runs only for the player): its runs read the
    waste whole, so two wastes with the same top and size tell their own bottom cards."""
    text = (GAMES / "golf.cdl").read_text().replace(
        "Write('Its top card is the ', [!], '.\\n');", "Write('Its bottom card is the ', [1], '.\\n');")
    assert "bottom card" in text
    ruleset = loads(text, "golf.cdl")
    assert ruleset.machine.tops == {"waste"}
    game = Game(ruleset, 1, PLAIN)
    position = game.to_position()
    names = [pile.name for pile in game.piles]
    waste, column = names.index("Waste"), names.index("C1")
    texts = []
    for k in (0, 1):
        piles = [dict(pile) for pile in position["piles"]]
        piles[waste]["cards"] = [piles[column]["cards"][k]] + piles[waste]["cards"]
        piles[column]["cards"] = piles[column]["cards"][1 - k:2 - k]
        here = Game.from_position(ruleset, {**position, "piles": piles}, PLAIN)
        texts.append(ruleset.help_text(here, here.piles[waste]).text)
    assert texts[0] != texts[1]


def test_a_result_put_on_other_cards_keeps_everything_else_the_run_did():
    """``RunResult.with_stacks`` (a cached result rebased) copies every other field: one
    added to the result later and forgotten there would be lost on every reuse."""
    from kingalbert.loaders.cdl.interpreter import RunResult
    result = RunResult()
    for name in RunResult.__slots__:
        setattr(result, name, object())
    stacks = {"waste": (1, 2, 3)}
    other = result.with_stacks(stacks)
    assert other.stacks is stacks
    assert all(getattr(other, name) is getattr(result, name) for name in RunResult.__slots__ if name != "stacks")


# -- size-blind stacks: read as their top card alone -------------------------------------
@pytest.mark.parametrize("change, blind", [
    (None, {"waste"}),
    # the waste's size counted somewhere else in play
    (("return (Stock! = 0) and not Playable?;", "return (Stock! = 0) and (Waste! < 60) and not Playable?;"),
     set()),
    # its release looks at its position (which is its size)
    (("    if Cursor! = 1 then\n", "    if (Cursor! = 1) and (Spos < 60) then\n"), set()),
    # play ADDs cards (a stack might then outgrow its limit, which a PULL onto it checks)
    (("        Pull 1 To Waste;\n        Turn Waste[Waste!] side up;",
      "        Pull 1 To Waste;\n        Turn Waste[Waste!] side up;\n        if ! = 0 then Add Ace+Spade;"),
     set()),
])
def test_golfs_waste_is_read_by_its_top_card_alone_unless_its_size_is_seen(change, blind):
    text = (GAMES / "golf.cdl").read_text()
    if change is not None:
        assert change[0] in text
        text = text.replace(*change)
    machine = loads(text, "golf.cdl").machine
    assert machine.tops == {"waste"} and machine.blind == blind


def test_with_more_cards_than_a_stack_holds_a_blind_stack_is_read_by_its_size_too():
    """A PULL onto a stack fails once it would hold more than 204 cards: while there are
    that many cards, its size counts again."""
    from kingalbert.loaders.cdl.interpreter import MAX_CARDS, State
    from kingalbert.loaders.cdl.transactions import RunCache, View

    read = RunCache(frozenset({"waste"})).reader(((("waste"),), (), (), False, ("waste",), ()), frozenset({"waste"}))

    def values(waste: tuple, others: int) -> tuple:
        return read(View(State({"waste": waste, "stock": tuple(range(others))}, {}, {})), None)
    assert values((1, 2, 3), 10) == values((7, 3), 10)
    assert values((1, 2, 3), 10) != values((1, 2, 4), 10)
    many = MAX_CARDS
    assert values((1, 2, 3), many) != values((7, 3), many)
    assert values((1, 2, 3), many) == values((7, 8, 3), many)
