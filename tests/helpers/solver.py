"""The solver's ground truth for the tests that check its reductions."""
from kingalbert.engine.solver import Budget, GameState
from kingalbert.engine.solver.search import search


def plain_verdict(game, max_states=None):
    """Exhaustive search with no reductions at all (every legal move, played through
    ``Game``, no safe moves, no symmetry): the ground truth."""
    verdict, _ = search(GameState(game, plain=True), Budget(None, None, max_states))
    return verdict


def wins(game, moves) -> bool:
    """Do ``moves`` win, played from the game's position on a copy of it (a position made
    up for a test may be one no play reaches: ``solver_positions.laid_out``)?"""
    from tests.helpers.solver_positions import laid_out
    replay = laid_out(game.ruleset, game.to_position(), game.options)
    for move in moves:
        replay.play(move)
    return replay.status == "won"


def verdicts_agree(ruleset, seeds, options) -> set:
    """Solve each deal: the verdict must be the plain search's, and a line must win.
    Returns the verdicts met (for the caller to ask that both kinds were)."""
    from kingalbert.engine import Game
    from kingalbert.engine.solver import solve
    met = set()
    for seed in seeds:
        game = Game(ruleset, seed, options)
        result = solve(game, timeout=60)
        assert result.verdict == plain_verdict(game), seed
        if result.verdict == "winnable":
            assert wins(game, result.moves), seed
        met.add(result.verdict)
    return met


def agreement(games, truth) -> dict:
    """Solve each position of ``games`` that ``truth(game)`` (an exhaustive search
    without the reduction under test) decides: the verdict must be the same, and a
    line must win.  Returns how many of each verdict were met."""
    from kingalbert.engine.solver import solve
    met: dict[str, int] = {}
    for game in games:
        verdict = truth(game)
        if verdict == "unknown":
            continue
        result = solve(game, timeout=None)
        assert result.verdict == verdict, game.to_position()
        if verdict == "winnable":
            assert wins(game, result.moves), game.to_position()
        met[verdict] = met.get(verdict, 0) + 1
    return met


def cards_that_wait_agree(ruleset, options, rng, make_state, plain_states: int = 5000) -> None:
    """``king_albert_piles`` positions with many reserve cards and every suit out to its King
    (reserve cards have cards to take and places to go, and some positions are lost), laid
    out on ``ruleset``'s King Albert: the search's verdicts must be the plain search's, and
    chains must be offered (``make_state(game)``: the game's compact state).  ``plain_states``:
    where the plain search gives up (a position it cannot decide is left out)."""
    from kingalbert.engine.solver.compact import CHAIN
    from tests.helpers.solver_positions import king_albert_laid_out, king_albert_piles
    games = [king_albert_laid_out(ruleset, options, king_albert_piles(rng, reserve_cards=(3, 7), whole_suits=True))
             for _ in range(80)]
    chained = sum(any(move[0] == CHAIN for move in make_state(game).moves(None, False)) for game in games)
    met = agreement(games, lambda game: plain_verdict(game, max_states=plain_states))
    assert met.get("winnable", 0) >= 10 and met.get("unwinnable", 0) >= 3 and chained >= 10, (met, chained)
