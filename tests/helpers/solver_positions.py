"""Positions for the solver's tests: random reachable ones, and small ones (most
cards already up) that an exhaustive search without reductions can decide."""
import random
from unittest.mock import patch

from kingalbert.app.catalogue import bundled_games
from kingalbert.engine import Game
from kingalbert.loaders import load

PLAIN = {"auto_finish": False, "auto_stack": False}


def laid_out(ruleset, position, options):
    """A game in a position made up for a test: the cards anywhere, face up or down, so
    that the reduced search meets every shape of position, reachable by play or not (the
    check of pile sizes a position read from a file passes is not asked; every other is)."""
    with patch("kingalbert.engine.rules.play.check_sizes"), patch("kingalbert.loaders.pat.ruleset.check_sizes"):
        return Game.from_position(ruleset, position, options)


def bundled(*keys):
    """(label, ruleset, options) of every bundled game of those formats, each mode of a game with modes."""
    out = []
    for key in keys:
        for path in bundled_games()[key]:
            ruleset = load(str(path))
            label = f"{key}:{path.parent.name if key == 'ini' else path.stem}"
            modes = list(getattr(ruleset, "variants", {}) or [None])
            for mode in modes:
                options = dict(PLAIN, mode=mode) if mode else dict(PLAIN)
                out.append((label + (f":{mode}" if mode else ""), ruleset, options))
    return out


def reachable(ruleset, options, rng, seeds=4, steps=60):
    """Positions met on random plays from a few deals."""
    for _ in range(seeds):
        game = Game(ruleset, rng.randrange(10 ** 6), options)
        for _ in range(rng.randint(0, steps)):
            yield game
            moves = list(game.legal_moves)
            if not moves:
                break
            game.play(rng.choice(moves))
        yield game



def check_compact_state(make_state, contents, extra_agrees, ruleset, options, rng, seeds, steps):
    """On positions met by random play: the compact state ``make_state(game)`` offers
    exactly the game's legal moves, and a few of them, played on both, leave the same
    piles (``contents(game)``: the state's bytes per pile) and the same extras
    (``extra_agrees(state, game)``) and win; undo takes both back alike."""
    for game in reachable(ruleset, options, rng, seeds=seeds, steps=steps):
        state = make_state(game)
        moves = state.generate(False)
        assert sorted(str(state.game_move(m)) for m in moves) == sorted(str(m) for m in game.legal_moves)
        for move in rng.sample(moves, min(len(moves), 6)):
            token = state.apply(move)
            game.play(state.game_move(move))
            assert state.piles == contents(game), (game.to_position(), move)
            assert extra_agrees(state, game), (game.to_position(), move)
            assert state.is_won() == ruleset.is_won(game)
            game.undo()
            state.undo(token)
            assert state.piles == contents(game)

def check_talon_plays(make_state, ruleset, options, rng, seeds=3, steps=40) -> int:
    """On positions met by random play of a game with a talon: the pointers ``reach``
    lists are those that the game's own clicks on the stock come to, each the first
    time; and a few plays of talon cards, spelt out (with the safe moves after them)
    and played in the game, leave the position the state's play leaves.  Returns how
    many plays were checked."""
    checked = 0
    for game in reachable(ruleset, options, rng, seeds=seeds, steps=steps):
        state = make_state(game)
        talon, = state.talons
        stock, waste = game.piles[talon.stock].name, game.piles[talon.waste]
        size = len(talon.sequence(state.piles))
        start = len(waste.cards)
        clicked, seen = [], {start}
        copy = Game.from_position(ruleset, game.to_position(), options)
        waste = copy.piles[talon.waste]
        for clicks in range(1, 3 * size + 4):
            click = next((move for move in copy.legal_moves if move.kind == "click" and move.src == stock), None)
            if click is None:
                break
            copy.play(click)
            pointer = len(waste.cards)
            if pointer not in seen:
                seen.add(pointer)
                if pointer:
                    clicked.append((pointer, clicks))
        assert list(talon.reach(start, size)) == clicked, game.to_position()
        plays = [move for move in state.generate(False) if len(move) > 4 and move[0] == 3]
        for move in plays[:3]:
            copy = Game.from_position(ruleset, game.to_position(), options)
            token = state.apply(move)
            for step in state.game_moves([token]):
                copy.play(step)
            assert make_state(copy).key() == state.key(), (game.to_position(), move)
            state.undo(token)
            checked += 1
    return checked


def _sequence(start, suit, build, length):
    ranks = []
    rank = start
    for _ in range(length):
        ranks.append(rank)
        rank = rank % 13 + 1 if build.rank == "up" else (rank - 2) % 13 + 1
    return [f"{'A23456789TJQK'[r - 1]}{suit}" for r in ranks]


def small_rules_position(ruleset, options, rng, loose, crowded=False, spread=(1, 2), talon=None):
    """A ``Rules`` game near its end: the foundations built up (as their rules build),
    ``loose`` cards taken off their tops and put anywhere else, face up or down
    (``crowded``: at least one on every pile but the stock and waste, as far as
    they go), of between ``spread[0]`` and ``spread[1]`` suits.  ``talon``: (low,
    high): that many of them (at random) go to the first stock and its waste instead,
    some dealt already, and the rest are laid in any order."""
    rules = ruleset.rules_for(Game(ruleset, 0, options, deal=False))
    piles = {rule.name: [] for rule in rules.piles}
    variables = {}
    foundations = [rule for rule in rules.piles if rule.role == "foundation"]
    others = [rule for rule in rules.piles if rule.role != "foundation"]
    if rules.addition is not None:
        deck = [f"{r}{s}" for s in "CDHS" for r in "A23456789TJQK"] * rules.decks
        rng.shuffle(deck)
        out = deck[:loose]
        piles[foundations[0].name] = deck[loose:]
    else:
        start = foundations[0].start_rank
        if start == "base":
            start = rng.randint(1, 13)
            variables["base"] = start
        elif not isinstance(start, int):
            start = 1
        suits = [s for s in "CDHS" for _ in range(rules.decks)]
        out = []
        for rule, suit in zip(foundations, suits):
            piles[rule.name] = _sequence(start, suit, rule.build, 13)
        # the loose cards come from one or two suits only: cards of a colour seldom
        # build on one another, so dead ends are common
        suits_out = set(rng.sample("CDHS", rng.randint(*spread)))
        open_foundations = [rule for rule, suit in zip(foundations, suits) if suit in suits_out]
        while len(out) < loose and any(piles[rule.name] for rule in open_foundations):
            rule = rng.choice(open_foundations)
            if piles[rule.name]:
                out.append(piles[rule.name].pop())
    for stock in rules.stocks:
        if stock.redeals is not None:
            key = "redeals" if stock is rules.stocks[0] else f"redeals.{stock.pile}"
            variables[key] = rng.randint(0, stock.redeals)
    if talon is not None:
        stock = rules.stocks[0]
        chosen = rng.sample(out, min(len(out), rng.randint(*talon)))
        for card in chosen:
            out.remove(card)
        dealt = rng.randint(0, len(chosen))
        piles[stock.waste] = chosen[:dealt]
        piles[stock.pile] = [card.lower() for card in reversed(chosen[dealt:])]
        others = [rule for rule in others if rule.name not in (stock.pile, stock.waste)]
        rng.shuffle(out)        # (not highest first: a high card may lie on a low one)
    if crowded:
        # a card for every pile that can hold one first, so that no pile is free to use,
        # then the rest on two or three of them
        order = [rule for rule in others if rule.role not in ("stock", "waste")]
        rng.shuffle(order)
        deep = [rule for rule in order if rule.capacity is None][:rng.randint(2, 3)]
    else:
        order = deep = []
    for k, card in enumerate(out):
        if k < len(order):
            rule = order[k]
        elif deep:
            rule = rng.choice(deep)
        else:
            for _ in range(20):
                rule = rng.choice(others)
                if rule.capacity is None or len(piles[rule.name]) < rule.capacity:
                    break
        down = rule.role == "stock" or (rule.flip_exposed and rng.random() < 0.3)
        piles[rule.name].append(card.lower() if down else card)
    for rule in others:
        cards = piles[rule.name]
        if rule.flip_exposed and cards:
            cards[-1] = cards[-1].upper()
        if rule.role == "waste":
            piles[rule.name] = [card.upper() for card in cards]
    position = {"piles": [{"name": name, "cards": cards} for name, cards in piles.items()], "vars": variables}
    return laid_out(ruleset, position, options)


def seeded(seed):
    return random.Random(seed)


def thinned_deal(ruleset, options, rng, low=8, high=12):
    """A deal of a ``Rules`` game with the low cards of each suit already up: each
    foundation holds its suit from the start rank to a random height between ``low``
    and ``high``, and every other card lies where the deal put it (so the few left
    block one another as in a real game)."""
    game = Game(ruleset, rng.randrange(10 ** 6), options)
    rules = ruleset.rules_for(game)
    foundations = [rule for rule in rules.piles if rule.role == "foundation"]
    start = foundations[0].start_rank
    start = game.vars.get("base", 1) if start == "base" else start if isinstance(start, int) else 1
    build = foundations[0].build
    up = {}
    for rule, suit in zip(foundations, [s for s in "CDHS" for _ in range(rules.decks)]):
        up[rule.name] = _sequence(start, suit, build, rng.randint(low, high))
    taken = {}
    for cards in up.values():
        for card in cards:
            taken[card] = taken.get(card, 0) + 1
    piles = []
    for pile in game.piles:
        if pile.role == "foundation":
            piles.append({"name": pile.name, "cards": up.get(pile.name, [])})
            continue
        kept = []
        for card in pile.cards:
            text = str(card).upper()
            if taken.get(text):
                taken[text] -= 1
            else:
                kept.append(str(card))
        piles.append({"name": pile.name, "cards": kept})
    position = {"piles": piles, "vars": dict(game.vars)}
    thinned = Game.from_position(ruleset, position, options)
    if thinned.ruleset.after_move:
        # turn up what the thinning uncovered, as the game would after a move
        thinned.begin(None)
        thinned.ruleset.after_move(thinned, None)
        thinned.commit()
        thinned = Game.from_position(ruleset, thinned.to_position(), options)
    return thinned


def small_pat_position(ruleset, options, rng, loose, spread=(1, 2), talon=None):
    """A ``.pat`` game near its end, as ``small_rules_position`` makes them: its
    foundations (piles with a winning count) built up by their sequence from their
    start card, ``loose`` cards of one or two suits taken off them and laid on the
    other piles that hold cards, at least one on each.  ``talon``: (low, high): that
    many of them go to the stock and its waste instead, some dealt already, in the
    first pass or a later one, and the rest are laid in any order."""
    game = Game(ruleset, 0, options)
    foundations = [i for i in range(1, len(game.piles)) if ruleset._role(i) == "foundation"]
    piles = {pile.name: [] for pile in game.piles}
    variables = {"pass": 1}
    suits = [s for s in "CDHS" for _ in range(ruleset.decks)]
    for index, suit in zip(foundations, suits):
        spec = ruleset.specs[index - 1]
        rules = spec.rules[0]
        start = rules.empty.rank
        if rules.empty.base:
            start = game.vars.get("foundation_value") or 1
        start = start or 1
        order = rules.sequence.order
        ranks = [(start - 1 + (k if order == 6 else -k)) % 13 + 1 for k in range(13)]
        piles[game.piles[index].name] = [f"{'A23456789TJQK'[r - 1]}{suit}" for r in ranks]
    if "foundation_values" in game.vars:
        variables["foundation_values"] = game.vars["foundation_values"]
        variables["foundation_value"] = game.vars["foundation_value"]
    out_suits = set(rng.sample("CDHS", rng.randint(*spread)))
    open_piles = [game.piles[i].name for i, suit in zip(foundations, suits) if suit in out_suits]
    out = []
    while len(out) < loose and any(len(piles[name]) > 1 for name in open_piles):
        name = rng.choice(open_piles)
        if len(piles[name]) > 1:
            out.append(piles[name].pop())
    if talon is not None:
        waste = next(pile.name for pile in game.piles if ruleset.is_waste(pile))
        chosen = rng.sample(out, min(len(out), rng.randint(*talon)))
        for card in chosen:
            out.remove(card)
        rng.shuffle(out)
        dealt = rng.randint(0, len(chosen))
        piles[waste] = chosen[:dealt]
        piles[game.piles[0].name] = [card.lower() for card in reversed(chosen[dealt:])]
        variables["pass"] = rng.randint(1, 2)
        if variables["pass"] > 1 or dealt == len(chosen):
            variables["emptied"] = True
    others = [i for i in range(1, len(game.piles)) if i not in foundations and not ruleset.window_only(i)
              and not ruleset.specs[i - 1].invisible]
    takers = [i for i in others if any(r.take.kind for r in ruleset.specs[i - 1].rules)
              and (ruleset.specs[i - 1].capacity or 99) > 0 and not ruleset.is_waste(game.piles[i])]
    rng.shuffle(takers)
    for k, card in enumerate(out):
        index = takers[k] if k < len(takers) else rng.choice(takers[:3] or others)
        cap = ruleset.specs[index - 1].capacity
        if cap is not None and len(piles[game.piles[index].name]) >= cap:
            index = rng.choice(others)
        piles[game.piles[index].name].append(card)
    position = {"piles": [{"name": name, "cards": cards} for name, cards in piles.items()], "vars": variables}
    return laid_out(ruleset, position, options)


def king_albert_piles(rng, reserve_cards=(0, 2), whole_suits=False) -> dict[str, list[str]]:
    """A random small King Albert position, pile name (``f1``-``f4`` for hearts, clubs,
    diamonds, spades; ``t1``-``t9``; ``r1``-``r7``) -> cards: suit stacks part built, a few
    cards of each suit still out, every playing stack holding some, and between
    ``reserve_cards[0]`` and ``[1]`` reserve cards.  Half the positions are all red: nothing
    builds on the playing stacks then, so dead ends are common.  With ``whole_suits``,
    every suit's cards are out from its suit stack's top to the King."""
    suits, ranks = "HCDS", "A23456789TJQK"
    piles: dict[str, list[str]] = {}
    cards = []
    for suit in suits if whole_suits or rng.random() < 0.5 else "HD":
        height = rng.randint(0, 8 if whole_suits else 12)
        if height:
            piles["f" + str(suits.index(suit) + 1)] = [ranks[r] + suit for r in range(height)]
        out = 13 - height if whole_suits else rng.randint(4, 9)
        cards += [ranks[r] + suit for r in range(height, min(13, height + out))]
    rng.shuffle(cards)
    reserve = rng.randint(*reserve_cards)
    for i, card in enumerate(cards):
        if i < reserve:
            name = f"r{i + 1}"
        elif i < reserve + 9:
            name = f"t{i - reserve + 1}"
        else:
            name = f"t{rng.randint(1, 9)}"
        piles.setdefault(name, []).append(card)
    return piles


def king_albert_laid_out(ruleset, options, piles):
    """``king_albert_piles``' position laid out on King Albert in another format, by the
    piles' roles: suit stacks, playing stacks, then the reserve cards in the reserve places
    or, in order, on the last playing stack (SolKit's take-only tenth column)."""
    game = Game(ruleset, 0, options)
    by_role: dict[str, list[str]] = {}
    for pile in game.piles:
        by_role.setdefault(pile.role, []).append(pile.name)
    laid: dict[str, list[str]] = {pile.name: [] for pile in game.piles}
    for k, name in enumerate(by_role["foundation"]):
        laid[name] = piles.get(f"f{k + 1}", [])
    for k, name in enumerate(by_role["tableau"][:9]):
        laid[name] = piles.get(f"t{k + 1}", [])
    reserve = [card for k in range(7) for card in piles.get(f"r{k + 1}", [])]
    if "reserve" in by_role:
        for name, card in zip(by_role["reserve"], reserve):
            laid[name] = [card]
    else:
        laid[by_role["tableau"][9]] = reserve
    position = {"piles": [{"name": name, "cards": cards} for name, cards in laid.items()]}
    return laid_out(ruleset, position, options)
