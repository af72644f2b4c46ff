"""The solver on .pat games: its compact state plays exactly as ``Game`` does, and the
search with the reductions derived from the piles' rules agrees with a plain
exhaustive search."""
import pytest

from kingalbert.engine import Game
from kingalbert.engine.solver import Budget, solve
from kingalbert.engine.solver.compact import CHAIN
from kingalbert.engine.solver.search import search
from kingalbert.loaders.pat.compact import BYTE, PatState
from tests.helpers.solver import agreement, cards_that_wait_agree, wins
from tests.helpers.solver_positions import (
    bundled,
    check_compact_state,
    check_talon_plays,
    seeded,
    small_pat_position,
)

GAMES = bundled("pat")
IDS = [label for label, _, _ in GAMES]
WITH_FOUNDATIONS = [game for game in GAMES if not any(name in game[0] for name in ("Pyramid", "Spider"))]


def contents(game):
    return [bytes(BYTE[card] for card in pile.cards) for pile in game.piles]


@pytest.mark.slow
@pytest.mark.parametrize("label, ruleset, options", GAMES, ids=IDS)
def test_compact_state_plays_as_the_game_does(label, ruleset, options):
    def passes_agree(state, game):
        return state.extra == (game.vars.get("pass", 1), 1 if game.vars.get("emptied") else 0)
    check_compact_state(lambda game: PatState(ruleset, game, plain=True), contents, passes_agree, ruleset, options,
                        seeded(label), seeds=3, steps=40)


@pytest.mark.slow
@pytest.mark.parametrize("label, ruleset, options", WITH_FOUNDATIONS, ids=[g[0] for g in WITH_FOUNDATIONS])
def test_reduced_search_agrees_with_plain_search(label, ruleset, options):
    rng = seeded(label)
    decided = 0
    for _ in range(12):
        game = small_pat_position(ruleset, options, rng, rng.randint(3, 10 // ruleset.decks))
        # the compact state with no reductions (it plays as Game does: the test above)
        truth = search(PatState(ruleset, game, plain=True), Budget(None, None, 20000))[0]
        if truth == "unknown":
            continue
        decided += 1
        result = solve(game, timeout=None)
        assert result.verdict == truth, game.to_position()
        if truth == "winnable":
            assert wins(game, result.moves)
    assert decided >= 3


COME_BACK = {"a": "AC 2S", "b": "4C", "c": "AS 2C", "d": "4H 3S", "e": "3C", "f": "4S", "g": "5H 5C", "h": "5S"}


@pytest.mark.parametrize("name, comes_back", [("FreeCell", True), ("King Albert", False)])
def test_a_card_brought_back_from_its_foundation(name, comes_back):
    # FreeCell.pat lets a foundation's top card come back (so that a black Two can go on
    # it and free an Ace); King Albert.pat doesn't: the compact state offers exactly the
    # moves the game does, from the foundations too
    ruleset = next(r for label, r, _ in GAMES if label == f"pat:{name}")
    piles = Game(ruleset, 1, {}).piles
    foundation = next(pile for pile in piles if pile.role == "foundation")
    columns = [pile for pile in piles if pile.role == "tableau"]
    # the Three of Hearts on its foundation could go on the black Four at the bottom of a column
    position = {foundation.name: "AH 2H 3H", **{pile.name: cards for pile, cards in zip(columns, COME_BACK.values())}}
    game = Game.from_position(ruleset, {"piles": [{"name": k, "cards": v.split()} for k, v in position.items()]}, {})
    state = PatState(ruleset, game, plain=True)
    offered = sorted(str(state.game_move(m)) for m in state.generate(False))
    assert offered == sorted(str(m) for m in game.legal_moves)
    from_foundation = [m for m in game.legal_moves if m.src.lower() == foundation.name.lower()]
    assert bool(from_foundation) == comes_back, (foundation.name, offered)


def test_going_round_an_unlimited_stock_again_meets_the_positions_seen():
    """With no limit on passes the rules ask only whether a pass is the first, so the third
    pass is keyed as the second; the plain state counts every pass as the game does."""
    label, ruleset, options = next(game for game in GAMES if "Canfield" in game[0])
    game = Game(ruleset, 1, options)
    stock = game.piles[0].name

    def keys_each_round(state, rounds):
        keys, turned = [], 0
        while turned < rounds:
            before = len(state.piles[0])
            # (a click on the stock: the reduced state offers the talon's plays instead, but
            # plays a click as the game does)
            state.apply((1, 0, 1, -1))
            if len(state.piles[0]) > before:      # the waste turned over
                turned += 1
                keys.append(state.key())
        return keys
    second, third = keys_each_round(PatState(ruleset, game), 3)[1:]
    assert second == third
    plain = PatState(ruleset, game, plain=True)
    keys_each_round(plain, 3)
    assert plain.extra[0] == 4
    assert game.vars.get("pass", 1) == 1 and stock == "p1"


def test_a_move_through_empty_piles_is_single_legal_moves():
    """King Albert gives one card at a time: every move through empty piles its state offers
    is a series of moves the game accepts one by one, ending where the state's play ends."""
    from kingalbert.loaders.pat.compact import SEQ
    from tests.helpers.solver_positions import reachable
    label, ruleset, options = next(game for game in GAMES if "King Albert" in game[0])
    rng = seeded(label)
    offered = 0
    for game in reachable(ruleset, options, rng, seeds=8, steps=80):
        assert not any(move[0] == SEQ for move in PatState(ruleset, game, plain=True).generate(False))
        state = PatState(ruleset, game)
        for move in state.generate(True):
            if move[0] != SEQ:
                continue
            offered += 1
            token = state.apply(move)
            copy = Game.from_position(ruleset, game.to_position(), options)
            for step in state.expand(move):
                copy.play(step)         # raises if the rules refuse a step
            for extra in token[0][1:]:
                copy.play(state.game_move(extra))
            assert state.piles == contents(copy), (game.to_position(), move)
            state.undo(token)
            assert state.piles == contents(game)
    assert offered >= 5


def test_a_hidden_card_turns_up_as_in_the_game_once_what_covers_it_has_gone():
    """Little Mystery's hidden cards turn up once the three cards over them have gone: the
    state looks again only at those a move's source card may have covered (it plays as the
    game does: the tests above), and at every one where a position starts with a hidden card
    already free but still face down, as a position loaded from outside may - the game
    turns that one up after the next move, and so does the state."""
    label, ruleset, options = next(game for game in GAMES if "Little Mystery" in game[0])
    dealt = Game(ruleset, 1, options)
    state = PatState(ruleset, dealt)
    hidden = [i for i, pile in enumerate(dealt.piles) if pile.cards and not pile.cards[-1].face_up and i > 1]
    assert hidden and all(state.unblockers[i] for i in hidden)
    position = dealt.to_position()
    over = hidden[0] + 1        # (the pile of three cards over the first hidden card)
    stock = position["piles"][0]
    stock["cards"] = [card.lower() for card in position["piles"][over]["cards"]] + stock["cards"]
    position["piles"][over]["cards"] = []
    game = Game.from_position(ruleset, position, options)
    assert not game.piles[hidden[0]].cards[-1].face_up
    state = PatState(ruleset, game, plain=True)
    assert state.unblockers is None
    assert sorted(str(state.game_move(m)) for m in state.generate(False)) == sorted(str(m) for m in game.legal_moves)
    move = next(move for move in state.generate(False) if move[0] == 0 and move[1] not in (hidden[0], over))
    state.apply(move)
    game.play(state.game_move(move))
    assert game.piles[hidden[0]].cards[-1].face_up and state.piles == contents(game)
    # the last card over a hidden card goes: the hidden card turns up (deal 1: the Six of
    # Spades, alone over the first hidden card, goes on the foundation's Five of Spades)
    position = dealt.to_position()
    piles = position["piles"]
    foundation = next(i for i, pile in enumerate(dealt.piles) if pile.role == "foundation" and pile.cards)
    assert piles[foundation]["cards"] == ["5S"]
    holder = next(pile for pile in piles if "6S" in pile["cards"])
    holder["cards"].remove("6S")
    piles[0]["cards"] = [card.lower() for card in piles[over]["cards"]] + piles[0]["cards"]
    piles[over]["cards"] = ["6S"]
    for plain in (False, True):
        game = Game.from_position(ruleset, position, options)
        state = PatState(ruleset, game, plain=plain)
        assert state.unblockers is not None
        move = (0, over, 1, foundation)
        assert move in state.generate(False)
        token = state.apply(move)
        for step in state.game_moves([token]):      # (the move, and the safe moves after it)
            game.play(step)
        assert state.piles == contents(game)
        assert not state.piles[hidden[0]] or state.piles[hidden[0]][-1] <= 52     # (turned up, maybe played)


# -- an addition game: a card of a pile to empty needs a partner it doesn't cover ----------
PYRAMID = next((game for game in GAMES if "pyramid" in game[0].lower()), None)
RANKS = "A23456789TJQK"


def pyramid_position(ruleset, options, pyramid: dict[int, str], stock: list[str], waste: list[str]):
    """A position of the bundled Pyramid: the given pyramid places (pile index -> card),
    stock and waste; every other card on the discard pile (pairs and kings)."""
    game = Game(ruleset, 0, options, deal=False)
    names = [pile.name for pile in game.piles]
    waste_index = ruleset.stock.waste - 1
    discard = next(i for i in range(1, len(names)) if all(r.take.kind == 0 for r in ruleset.specs[i - 1].rules))
    used = set(pyramid.values()) | set(stock) | set(waste)
    rest = [f"{r}{s}" for s in "CDHS" for r in RANKS if f"{r}{s}" not in used]
    piles = [{"name": names[0], "cards": [card.lower() for card in stock]},
             {"name": names[waste_index], "cards": waste},
             {"name": names[discard], "cards": rest}]
    piles += [{"name": names[i], "cards": [card]} for i, card in pyramid.items()]
    return Game.from_position(ruleset, {"piles": piles, "vars": {"pass": 1}}, options)


@pytest.mark.skipif(PYRAMID is None, reason="no bundled Pyramid")
def test_a_pyramid_card_whose_partners_it_covers_is_lost():
    """The middle place of the third row (pile 7) lies over both places of the second
    (piles 4 and 5): with the Six there and two Sevens under it (the other two
    discarded), no line pairs the Six.  The bound says so at once and the plain
    search agrees; with a Seven in the stock instead, the bound can't tell, and the
    solver wins."""
    _, ruleset, options = PYRAMID
    from kingalbert.loaders.pat.solving import facts
    left, right, over = 4, 5, 7
    lost = pyramid_position(ruleset, options, {over: "6S", left: "7H", right: "7D"}, ["6H"], [])
    pairs = facts(ruleset, lost).pairs
    assert pairs is not None and pairs.total == 13
    state = PatState(ruleset, lost)
    assert pairs.hidden_masks(state.piles)[over] == 1 << left | 1 << right
    assert pairs.hopeless(state.piles) and state.generate(False) == []
    assert PatState(ruleset, lost, plain=True).generate(False)          # (the plain state has moves)
    assert search(PatState(ruleset, lost, plain=True), Budget(None, None, 20000))[0] == "unwinnable"
    assert solve(lost, timeout=None).verdict == "unwinnable"
    maybe = pyramid_position(ruleset, options, {over: "6S", left: "7H", right: "KD"}, ["6H", "7C"], [])
    assert not facts(ruleset, maybe).pairs.hopeless(PatState(ruleset, maybe).piles)
    result = solve(maybe, timeout=None)
    assert result.verdict == "winnable"
    assert wins(maybe, result.moves)


@pytest.mark.skipif(PYRAMID is None, reason="no bundled Pyramid")
def test_two_pyramid_cards_with_one_partner_between_them_are_lost():
    """Two Sixes on the bottom row and one Seven left in play (in the stock): each has a
    partner, but a partner pairs once, so the position is lost, as the plain search
    finds; with a second Seven in the stock it is won."""
    _, ruleset, options = PYRAMID
    last = len(Game(ruleset, 0, options, deal=False).piles) - 1
    lost = pyramid_position(ruleset, options, {last - 1: "6S", last: "6H"}, ["7H"], [])
    assert PatState(ruleset, lost).generate(False) == []
    assert search(PatState(ruleset, lost, plain=True), Budget(None, None, 20000))[0] == "unwinnable"
    won = pyramid_position(ruleset, options, {last - 1: "6S", last: "6H"}, ["7H", "7C"], [])
    assert PatState(ruleset, won).generate(False)
    assert solve(won, timeout=None).verdict == "winnable"


@pytest.mark.skipif(PYRAMID is None, reason="no bundled Pyramid")
def test_a_king_goes_to_the_discard_at_once_where_nothing_covers_it():
    """A King pairs with no card: one the discard pile takes goes there as a safe move (from
    the pyramid and from the top of the waste); one still covered stays, and so does a
    Queen.  The plain state plays no safe move."""
    _, ruleset, options = PYRAMID
    last = len(Game(ruleset, 0, options, deal=False).piles) - 1
    over = last - 7                     # (the row above the bottom one: covered by last - 1 and last)
    position = pyramid_position(ruleset, options, {last - 1: "6S", last: "KH", over: "KC", last - 3: "QD"},
                                ["7H", "AS"], ["7C", "KD"])
    state = PatState(ruleset, position)
    assert state.lone is not None and state.befs_share == 0.0
    discard = next(i for i in range(1, len(position.piles))
                   if all(rules.take.kind == 0 for rules in ruleset.specs[i - 1].rules))
    before = len(state.piles[discard])
    state.settle()
    waste = ruleset.stock.waste - 1
    assert state.piles[last] == b"" and state.piles[waste] == bytes((BYTE[position.piles[waste].cards[0]],))
    assert state.piles[over] and state.piles[last - 3] and len(state.piles[discard]) == before + 2
    plain = PatState(ruleset, position, plain=True)
    plain.settle()
    assert plain.piles[last] and len(plain.piles[discard]) == before


@pytest.mark.skipif(PYRAMID is None, reason="no bundled Pyramid")
def test_a_search_depth_first_alone_starts_at_the_root_in_its_own_order():
    """Every position along a line found from the deal is won again at once: the search of a
    state searched depth first alone goes from the root in the state's order (a pair taken
    first).  Before, the root was expanded best first and depth first began from its
    children in the score's order, so a position with a card laid on its partner began with
    the stock click (a play-test: deal 2's position 24 moves on, undecided after 20 s)."""
    _, ruleset, options = PYRAMID
    line = [str(move) for move in solve(Game(ruleset, 2, options), timeout=None, max_states=5_000).moves]
    assert line
    game = Game(ruleset, 2, options)
    for played, move in enumerate(line):
        result = solve(game, timeout=None, max_states=2 * (len(line) - played) + 50)
        assert result.verdict == "winnable", played
        game.play(move)
    assert game.status == "won"


@pytest.mark.slow
@pytest.mark.skipif(PYRAMID is None, reason="no bundled Pyramid")
def test_pyramid_search_with_the_pair_bound_agrees_with_plain_search():
    """Small Pyramid positions (a few places of the lowest rows, a short stock and waste):
    the search with the bound gives the plain search's verdict, and its lines win."""
    label, ruleset, options = PYRAMID
    rng = seeded(label)
    game = Game(ruleset, 0, options, deal=False)
    count = len(game.piles)
    bottom = list(range(count - 13, count))        # the two lowest rows
    decided = lost_by_bound = 0
    for _ in range(40):
        deck = [f"{r}{s}" for s in "CDHS" for r in RANKS]
        rng.shuffle(deck)
        places = sorted(rng.sample(bottom, rng.randint(3, 7)))
        pyramid = {i: deck.pop() for i in places}
        stock = [deck.pop() for _ in range(rng.randint(0, 4))]
        waste = [deck.pop() for _ in range(rng.randint(0, 2))]
        position = pyramid_position(ruleset, options, pyramid, stock, waste)
        truth = search(PatState(ruleset, position, plain=True), Budget(None, None, 50000))[0]
        if truth == "unknown":
            continue
        decided += 1
        lost_by_bound += PatState(ruleset, position).generate(False) == []
        result = solve(position, timeout=None)
        assert result.verdict == truth, position.to_position()
        if truth == "winnable":
            assert wins(position, result.moves)
    assert decided >= 20 and lost_by_bound >= 1


# -- the talon: a stock turned over for ever, keyed by its cycle once turned over ----------------
TALONS = [game for game in GAMES if PatState(game[1], Game(game[1], 1, game[2])).talons]


def test_the_bundled_games_turning_their_stock_over_for_ever_have_a_talon():
    assert {label.split(":")[1] for label, _, _ in TALONS} == {"Klondike", "Canfield", "Little Mystery"}


def plain_talon_verdict(ruleset, game) -> str:
    """The plain state's verdict, but passes after the second keyed as the second: with no
    limit on passes, a search that counts them never ends (that reduction has its own test)."""
    plain = PatState(ruleset, game, plain=True)
    plain.pass_cap = 2
    plain.extra = (min(plain.extra[0], 2), plain.extra[1])
    return search(plain, Budget(None, None, 20000))[0]


@pytest.mark.parametrize("label, ruleset, options", TALONS, ids=[g[0] for g in TALONS])
def test_a_talon_reaches_what_clicks_reach_and_its_plays_are_the_games_moves(label, ruleset, options):
    assert check_talon_plays(lambda game: PatState(ruleset, game), ruleset, options, seeded(label)) >= 10


@pytest.mark.slow
@pytest.mark.parametrize("label, ruleset, options", TALONS, ids=[g[0] for g in TALONS])
def test_reduced_search_with_a_talon_agrees_with_plain_search(label, ruleset, options):
    """One suit, a high card often on a low one, a few cards in the talon, some dealt, in
    the first pass or a later one."""
    rng = seeded(label + "talon")
    games = (small_pat_position(ruleset, options, rng, 13, spread=(1, 1), talon=(2, 6)) for _ in range(30))
    met = agreement(games, lambda game: plain_talon_verdict(ruleset, game))
    assert sum(met.values()) >= 20 and set(met) == {"winnable", "unwinnable"}, met


def test_where_cards_wait_the_cards_above_those_the_foundations_want_are_weighed():
    """`.pat` King Albert's deal 51 (YaZZle's, the same deal, in test_solver_rules): 9 cards
    above the Aces, 2 a card in two more queues; games with no pile whose cards wait (Canfield
    here, FreeCell) keep their queues as they were."""
    states = {label: PatState(ruleset, Game(ruleset, 51, options)) for label, ruleset, options in GAMES}
    king_albert = states["pat:King Albert"]
    assert king_albert.wanted is not None and king_albert.wanted.depth(king_albert.piles) == 9
    first, patient, deep, deep_patient = king_albert.scores(king_albert.key())
    assert (deep, deep_patient) == (first + 18, patient + 18)
    assert states["pat:Canfield"].wanted is None and len(states["pat:Canfield"].weightings) == 2
    assert states["pat:FreeCell"].wanted is None


# -- cards that wait (docs/solver.md, "Cards that wait") -------------------------------------
def test_the_piles_whose_cards_wait():
    waiting = {label: sorted(state.names[i] for i in state.waiting) for label, ruleset, options in GAMES
               for state in [PatState(ruleset, Game(ruleset, 1, options))]}
    assert waiting["pat:King Albert"] == [f"p{k}" for k in range(15, 22)]    # (its reserve)
    # Canfield's reserve is dealt thirteen cards (kept to one-card piles here: see
    # ``solving.waiting_piles``); FreeCell's cells take cards
    assert waiting["pat:Canfield"] == waiting["pat:FreeCell"] == waiting["pat:Klondike"] == []


@pytest.mark.slow
def test_reduced_search_with_cards_that_wait_agrees_with_plain_search():
    _, ruleset, options = next(game for game in GAMES if game[0] == "pat:King Albert")
    # (the plain search plays the `.pat` rules at about 2,300 positions a second: at 5,000
    # positions, the 19 of these 80 it could not decide took 42 of the test's 65 s; at 2,000
    # it still decides 54, 7 of them lost.  SolKit's and YaZZle's King Albert, at 2,000,
    # would decide too few: 8 and 12)
    cards_that_wait_agree(ruleset, options, seeded("pat:King Albert"), lambda game: PatState(ruleset, game),
                          plain_states=2000)


def test_the_piles_a_card_of_the_talon_waits_for():
    """Little Mystery's building piles (they give one card at a time); no other bundled game
    (Klondike's tableau gives runs: see ``solving.talon_waits``)."""
    waits = {label: sorted(state.names[i] for i in state.talon_waits) for label, ruleset, options in GAMES
             for state in [PatState(ruleset, Game(ruleset, 1, options))]}
    assert waits.pop("pat:Little Mystery") == ["p11", "p15", "p3", "p7"]
    assert not any(waits.values()), waits


def little_mystery():
    return next(game for game in TALONS if game[0] == "pat:Little Mystery")


def test_the_moves_of_a_talon_card_that_waits_are_the_same_from_every_position_of_its_cycle():
    """A position met in play and the same one restored from its key (the talon turned to
    the end of its cycle) lead to the same positions: the waste's top card waits as the
    talon's other cards do (a line found from the one was lost replaying it from the other:
    ``LineLost`` on deal 15, when only the talon's plays waited)."""
    from tests.helpers.solver_positions import reachable
    _, ruleset, options = little_mystery()
    compared = chained = 0
    for game in reachable(ruleset, options, seeded("talon cycle"), seeds=6, steps=50):
        played = PatState(ruleset, game)
        restored = PatState(ruleset, game)
        restored.restore(played.key())
        children = []
        for state in (played, restored):
            keys = set()
            for move in state.moves(None, False):
                chained += move[0] == CHAIN
                token = state.apply(move)
                keys.add(state.key())
                state.undo(token)
            children.append(keys)
        assert children[0] == children[1], game.to_position()
        compared += played.piles[played.talon.waste] != restored.piles[restored.talon.waste]
    assert compared >= 20 and chained >= 20, (compared, chained)


@pytest.mark.slow
def test_reduced_search_with_talon_cards_that_wait_agrees_with_plain_search():
    """Little Mystery positions with two or three suits out and many of their cards in the
    talon: a card of the talon goes onto a building pile only with a card put on it at once
    (chains offered), and the verdicts are the plain search's, lost positions among them."""
    label, ruleset, options = little_mystery()
    rng = seeded(label + "talon waits")
    games = [small_pat_position(ruleset, options, rng, rng.randint(10, 16), spread=(2, 3), talon=(4, 9))
             for _ in range(60)]
    # (Little Mystery has no waiting piles: each chain begins with a card of the talon)
    chained = sum(any(move[0] == CHAIN for move in PatState(ruleset, game).moves(None, False)) for game in games)
    met = agreement(games, lambda game: plain_talon_verdict(ruleset, game))
    assert met.get("winnable", 0) >= 5 and met.get("unwinnable", 0) >= 3 and chained >= 5, (met, chained)


# -- piles kept in no order: no rule reads their cards' order, so the key sorts them ----------------
def test_the_piles_kept_in_no_order():
    """Pyramid's discard and Spider's foundations (which take what they take whatever their
    top card, and give nothing back); never a waste, nor a foundation that builds in order."""
    from kingalbert.loaders.pat.solving import facts
    found = {}
    for label, ruleset, options in GAMES:
        game = Game(ruleset, 1, options)
        found[label] = [game.piles[i].name for i in facts(ruleset, game).unordered]
    for label, names in found.items():
        if "Pyramid" in label:
            assert names == ["p3"]
        elif "Spider" in label:
            assert len(names) == 8
        else:
            assert names == [], label


def with_suits_put_up(game, rng):
    """The position with two whole suits, King to Ace, taken from wherever they lie and put
    on the first two foundations (random play seldom gets one there)."""
    position = game.to_position()
    piles = position["piles"]
    foundations = [pile for pile in piles if pile["role"] == "foundation" and not pile["cards"]][:2]
    for pile in foundations:
        suit = rng.choice("cdhs")
        run = [f"{rank}{suit}" for rank in reversed(RANKS.lower())]
        for card in run:
            holder = next(p for p in piles if card in [c.lower() for c in p["cards"]] and p not in foundations)
            at = [c.lower() for c in holder["cards"]].index(card)
            del holder["cards"][at]
        pile["cards"] = [card.upper() for card in run]
    position["moves"] = []
    return Game.from_position(game.ruleset, position, game.options)


@pytest.mark.parametrize("label, ruleset, options", [g for g in GAMES if any(n in g[0] for n in ("Pyramid", "Spider"))],
                         ids=lambda value: value if isinstance(value, str) else "")
def test_the_order_of_a_pile_kept_in_no_order_changes_no_move(label, ruleset, options):
    """On positions met along random lines, shuffling the cards of each such pile changes
    neither the moves the rules allow (the plain state's, which has no reductions) nor the
    win, nor the key of the reduced state; a foundation that builds in order is no such pile."""
    from kingalbert.loaders.pat.solving import facts
    rng = seeded(label)
    from tests.helpers.solver_positions import reachable
    shuffled = 0
    for game in reachable(ruleset, options, rng, seeds=3, steps=120):
        if "Spider" in label:
            game = with_suits_put_up(game, rng)
        unordered = facts(ruleset, game).unordered
        plain = PatState(ruleset, game, plain=True)
        reduced = PatState(ruleset, game)
        moves, won, key = sorted(plain.generate(False)), plain.is_won(), reduced.key()
        for i in unordered:
            cards = list(plain.piles[i])
            if len(set(cards)) < 2:
                continue
            rng.shuffle(cards)
            plain.piles[i] = reduced.piles[i] = bytes(cards)
            plain._key = reduced._key = None
            shuffled += 1
        assert sorted(plain.generate(False)) == moves and plain.is_won() == won
        assert reduced.key() == key
    assert shuffled >= 10


@pytest.mark.skipif(PYRAMID is None, reason="no bundled Pyramid")
def test_two_pairs_discarded_in_either_order_are_one_position():
    """Two pairs of the bottom row discarded one way round and the other: the reduced
    state's keys are the same, the plain state's differ."""
    _, ruleset, options = PYRAMID
    last = len(Game(ruleset, 0, options, deal=False).piles) - 1
    start = pyramid_position(ruleset, options, {last - 3: "6S", last - 2: "7H", last - 1: "5D", last: "8C"}, ["2H"], [])
    discard = next(i for i in range(1, len(start.piles))
                   if all(rules.take.kind == 0 for rules in ruleset.specs[i - 1].rules))
    keys = {}
    for plain in (False, True):
        ends = []
        for first, second in ((last - 2, last), (last, last - 2)):
            state = PatState(ruleset, start, plain=plain)
            for pile in (first, second):
                state.apply((0, pile, 1, pile - 1))     # (a card laid on its partner to its left)
                state.apply((0, pile - 1, 2, discard))  # (the pair to the discard)
            assert not any(state.piles[i] for i in range(last - 3, last + 1))
            ends.append(state)
        assert ends[0].piles[discard] != ends[1].piles[discard]
        keys[plain] = {state.key() for state in ends}
    assert len(keys[False]) == 1 and len(keys[True]) == 2
