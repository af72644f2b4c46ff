from kingalbert.engine import Game
from kingalbert.engine.king_albert import KingAlbert


def ka(piles=None, seed=None, **options):
    """A King Albert game; with ``piles`` ({"t1": "7S AC", ...}) a hand-made position."""
    if piles is None:
        return Game(KingAlbert(), 0 if seed is None else seed, options)
    options.setdefault("auto_finish", False)  # hand-made positions are often "sorted" already
    position = {"piles": [{"name": name, "cards": text.split()} for name, text in piles.items()]}
    return Game.from_position(KingAlbert(), position, options)


def cards(game, name):
    return " ".join(str(card) for card in game.pile(name).cards)
