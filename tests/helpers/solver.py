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


def chained_search(state, max_states):
    """Depth first from the state's position with the cards put into an empty pile chained
    (``exhaustive``; no clock: the search's ``proof_share`` needs one): (verdict, tokens)."""
    state.exhaustive(True)
    return search(state, Budget(None, None, max_states), 0.0)


def safe_move_follows(state, move) -> bool:
    """Does a safe move follow ``move`` at once (the state left as it was)?"""
    saved = state.save()
    state._undo = []
    state.play(move)
    follows = state.safe_move() is not None
    state._undo = None
    state.load(saved)
    return follows


def check_parking_chains(state) -> int:
    """With ``exhaustive``, each move into an empty pile of ``parking`` (not a waiting pile's
    card: those have chains of their own) is a chain whose next move takes a card from or
    puts one on the pile it came from or went to, or is another such move; or it stands
    alone where a safe move follows it or it may not be chained.  Returns the chains met."""
    from kingalbert.engine.solver.compact import CHAIN, DRAG, parts
    state.exhaustive(True)
    chained = 0
    for move in state.generate(False):
        first = parts(move)[0]
        if first[0] != DRAG or first[3] not in state.parking or state.piles[first[3]] or first[1] in state.waiting:
            continue
        s, d = first[1], first[3]
        if move[0] != CHAIN:
            assert not state.parks(first) or safe_move_follows(state, first), move
            continue
        chained += 1
        then = parts(move)[1]
        assert then[1] in (s, d) or then[3] in (s, d) or then[0] == DRAG and then[3] in state.parking, move
    return chained


def chained_agreement(games, truth, chained) -> tuple[dict, int]:
    """Each of ``games`` that ``truth(game)`` decides (an exhaustive search without the
    chains): the same verdict from ``chained(game)`` -> (state, verdict, tokens), depth first
    with the chains, and its line wins.  Returns (the verdicts met, the chains in lines)."""
    from kingalbert.engine.solver.compact import CHAIN
    met: dict[str, int] = {}
    chains = 0
    for game in games:
        verdict = truth(game)
        if verdict == "unknown":
            continue
        state, found, tokens = chained(game)
        assert found == verdict, game.to_position()
        if found == "winnable":
            assert wins(game, state.game_moves(tokens)), game.to_position()
            chains += sum(1 for token in tokens[1:] for move in token[0] if move[0] == CHAIN)
        met[verdict] = met.get(verdict, 0) + 1
    return met, chains
