"""The solver's ground truth for the tests that check its reductions."""
from kingalbert.engine.solver import _GeneralSearch
from kingalbert.engine.solver_king_albert import Budget


def plain_verdict(game, max_states=None):
    """Exhaustive search with no reductions at all: the ground truth."""
    search = _GeneralSearch(game)
    search.groups, search.safe, search.useless = [], None, None
    search.single = list(range(len(search.game.piles)))
    verdict, moves, _ = search.solve(Budget(None, None, max_states))
    return verdict
