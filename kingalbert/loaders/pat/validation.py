"""The checks of a ``.pat`` game that its rule file and positions set up from outside
must pass: a game that can be dealt and won (``validate``), and a position's
variables and pile sizes that make sense for it (``check_vars``, ``check_sizes``)."""
from __future__ import annotations

from ...engine.cards import new_deck
from ...engine.errors import PositionError, plural
from .model import UNLIMITED, PatRulesError


def validate(ruleset) -> None:
    """Raise PatRulesError for a game that can't be dealt or won."""
    decks, stock, specs = ruleset.decks, ruleset.stock, ruleset.specs
    if not isinstance(decks, int) or not 1 <= decks <= 8:
        raise PatRulesError(f"a game uses 1 to 8 decks, not {decks}")
    total = 52 * decks
    if stock.count != total:
        raise PatRulesError(f"the stock must hold all {total} cards of {decks} deck(s) (52 x decks), not "
                            f"{stock.count}", 1)
    if stock.face not in (0, 2):
        raise PatRulesError("the stock's cards show their backs (0) or faces (2)", 1)
    if not 0 <= stock.waste <= len(specs) + 1 or stock.waste == 1:
        raise PatRulesError(f"the wastepile must be one of piles 2-{len(specs) + 1}, or 0 for none, not "
                            f"{stock.waste}", 1)
    if len(specs) + 1 > 150:
        raise PatRulesError("a game has at most 150 piles")
    dealt = 0
    leader = False
    for number, spec in enumerate(specs, start=2):
        cap = spec.capacity
        if spec.target < 0 and cap is not None and spec.count > cap:
            raise PatRulesError(f"pile {number} is dealt {spec.count} cards but may hold only {cap}", number)
        if spec.base_group:
            if spec.count == 1:
                leader = True
            elif spec.count != 0:
                raise PatRulesError(f"pile {number} takes its foundation value from its first card: it is dealt 1 "
                                    "card (the first of a group) or 0", number)
            elif not leader:
                raise PatRulesError(f"pile {number} takes the foundation value of an earlier pile, but no earlier "
                                    "such pile is dealt a card", number)
        if spec.extract and spec.count and spec.rules[0].empty.kind != "card":
            if spec.rules[0].empty.kind == "none":
                raise PatRulesError(f"pile {number} takes cards out of the stock but its card number (10) says no "
                                    "card", number)
        if not spec.rules or len(spec.rules) > 2:
            raise PatRulesError(f"pile {number} has one or two rule sets", number)
        dealt += spec.count
        if dealt > total:
            raise PatRulesError(f"the deal needs {dealt} cards by pile {number}, but {decks} deck(s) hold {total}",
                                number)
    playing = [s for i, s in enumerate(specs, start=1) if not s.window_only or i == stock.waste - 1]
    if not any(0 <= s.target < UNLIMITED for s in playing) and not 0 <= stock.target < UNLIMITED:
        raise PatRulesError("no pile has a winning number of cards (0-998), so the game could never be won")
    # particular cards taken out of the stock: the deck must hold them whatever the shuffle
    ruleset._extract_plan(list(new_deck(decks, face_up=True)), check=True)


def check_vars(ruleset, game) -> None:
    """Raise PositionError for a position's pass through the stock that its rules can't
    reach (a whole number from 1, and at most the passes allowed where they are counted)."""
    passes = game.vars.get("pass")
    most = ruleset.stock.passes if ruleset.stock.passes < UNLIMITED else None
    if passes is not None and (not isinstance(passes, int) or isinstance(passes, bool) or passes < 1
                               or (most is not None and passes > max(most, 1))):
        bound = f"from 1 to {max(most, 1)}" if most is not None else "from 1 up"
        raise PositionError(f'"pass" must be a whole number {bound}, not {passes!r}'[:300])


def check_sizes(ruleset, game) -> None:
    """Raise PositionError for a pile holding more cards than any game of these rules can
    put there: more than its capacity, or, for a pile that no rule puts a card on (nor
    feeds from the stock, nor catches while dealing) and that is not the waste, more than
    its deal (a reserve place of King Albert's holds one card)."""
    for number, (spec, pile) in enumerate(zip(ruleset.specs, game.piles[1:]), start=2):
        size = len(pile.cards)
        cap = spec.capacity
        if cap is not None and size > cap:
            raise PositionError(f"{pile.name} holds at most {plural(cap, 'card')}, not {size}")
        closed = (number != ruleset.stock.waste and spec.catch in (0, 1) and not spec.extract
                  and all(rules.put.kind == 0 and rules.put.feed == 0 for rules in spec.rules))
        if closed and size > spec.count:
            raise PositionError(f"{pile.name} is dealt {plural(spec.count, 'card')} and no card can be put there, "
                                f"so it holds {spec.count} at most, not {size}")
