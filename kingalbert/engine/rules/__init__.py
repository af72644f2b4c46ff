"""A general ruleset described by data, which rule-file loaders translate into.

Most patience games differ only in a handful of choices: how many piles of
each kind, how cards build on one another, what may start an empty pile,
how many cards may be taken at once, what a click on the stock does, and how
the cards are dealt.  ``Rules`` holds those choices as plain frozen data and
``RulesRuleset`` plays them through the engine's callbacks, so a loader
(``.sol``, ``game.ini``, ``.pat`` ...) only has to fill in the data classes.

The pieces:

``Build``
    How a card may go on top of another card: rank order (``up``,
    ``down``, ``either``, ``same``, ``any``, ``none``) and step, optionally
    wrapping round (an ace on a king going up, a king on an ace going down), and a suit
    rule (``same``, ``alternate`` colour, ``colour`` = same colour,
    ``other`` = any suit but the same one, ``any``, ``none``).
``PileRule``
    One pile: its name and role, the ``Build`` (and alternative builds)
    for cards dropped on it, what may start it when empty
    (``start_rank``/``start_suit``), what may be taken from it (``take``),
    whether it accepts drops at all and from which piles, its capacity (a
    free cell holds one card), the fewest and most cards one drop may
    bring, the free-cell limit on moving runs, whether a face-down card
    left on top is turned up, a pile that refills it when emptied, how many
    cards it holds in a won game, and where it is drawn (``View``).
``DealStep``
    One step of the deal plan: N cards to a pile, face up or down, or one
    specific card.  Steps run in order; the cards left over go face down
    to ``Rules.rest_to`` (the stock).
``StockRule``
    What a click on the stock does: deal N cards to a waste pile, or one
    card to each of some piles; and how often the waste may be turned
    over (redeals, counted down in ``game.vars["redeals"]``).
``Rules``
    The whole game: piles, decks, deal plan, stock, a *base* rank read
    from a dealt card (for foundations or piles whose ``start_rank`` is
    ``"base"``), addition-game pairing (``addition``), piles that cover
    others (``covers``, as in Pyramid), and the win rule.

Everything is checked by ``Rules.validate`` (called by ``RulesRuleset``),
which raises ``RulesError`` with a message a rule-file author can act on;
loaders turn that into a ``RuleFileError`` with the file and line.

Variants: ``RulesRuleset(rules, variants={"easy": ..., "hard": ...})``
picks the ``Rules`` named by ``game.options[option]`` (``"mode"`` by
default) for each game.  All variants must have the same piles.

Klondike, for example::

    piles = [PileRule("stock", "stock", take="none", accept=False, view=View(0, 0)),
             PileRule("waste", "waste", accept=False, view=View(1.1, 0))]
    piles += group("f", 4, "foundation", build=Build("up", "same"), start_rank=1, max_drop=1)
    piles += group("t", 7, "tableau", build=Build("down", "alternate"), start_rank=13,
                   take="run", flip_exposed=True, view=View(0, 1.2, 0, 0.25))
    deal = [DealStep(f"t{c + 1}", 1, face_up=(c == r)) for r in range(7) for c in range(r, 7)]
    ruleset = RulesRuleset(Rules("Klondike", tuple(piles), deal=tuple(deal), rest_to="stock",
                                 stocks=(StockRule("stock", "waste", count=3, redeals=None),)))

(``View`` positions are in card units; views left out give the default
layout, a row of piles per role.)
"""
from .model import (
                    FREE_LIMITS,
                    RANK_ORDERS,
                    SUIT_RULES,
                    TAKE_RULES,
                    WIN_RULES,
                    Build,
                    DealStep,
                    PileRule,
                    Rules,
                    RulesError,
                    StockRule,
                    View,
                    group,
)
from .play import RulesRuleset

__all__ = ["FREE_LIMITS", "RANK_ORDERS", "SUIT_RULES", "TAKE_RULES", "WIN_RULES", "Build", "DealStep", "PileRule",
           "Rules", "RulesError", "RulesRuleset", "StockRule", "View", "group"]
