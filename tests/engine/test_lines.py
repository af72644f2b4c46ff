"""Winning lines as a player reads them: a hint's first move is one to a foundation where
a later one of the line can be played now and the line still wins so."""
from kingalbert.app.catalogue import GAMES_DIR, GameRef, load_ruleset
from kingalbert.engine import Game
from kingalbert.engine.solver import solve
from kingalbert.engine.solver.lines import foundation_first, wins

PLAIN = {"auto_finish": False, "auto_stack": False}


def forty_thieves():
    return load_ruleset(GameRef(path=str(GAMES_DIR / "yazzle" / "FortyThieves" / "game.ini")))


def turned_late(game, line):
    """The line with the moves to a foundation it starts with put after the stock clicks
    that follow them (as a search may well have found it)."""
    ups = 0
    while game.pile(line[ups].dst or line[ups].src).role == "foundation":
        ups += 1
    clicks = ups
    while line[clicks].kind == "click":
        clicks += 1
    assert ups > 0 and clicks > ups
    return line[ups:clicks] + line[:ups] + line[clicks:]


def test_a_line_that_turns_the_stock_first_is_turned_to_put_a_card_up_first():
    game = Game(forty_thieves(), 1, PLAIN)
    result = solve(game, timeout=30)
    assert result.verdict == "winnable"
    line = result.moves
    assert game.pile(line[0].dst).role == "foundation"      # the aces on the columns go first
    late = turned_late(game, line)
    assert late[0].kind == "click" and wins(game, late)
    # (time enough to replay the line: the hint's 0.3 s ran out under a loaded CI machine)
    turned = foundation_first(game, late, seconds=30)
    assert turned[0].kind == "drag" and game.pile(turned[0].dst).role == "foundation"
    assert sorted(map(str, turned)) == sorted(map(str, late)) and wins(game, turned)
    # a line that starts with a move to a foundation, or has none to bring first, stays
    assert foundation_first(game, line, seconds=30) is line
    clicks_only = [move for move in late if move.kind == "click"][:3]
    assert foundation_first(game, clicks_only, seconds=30) is clicks_only


def test_a_line_is_turned_only_where_it_still_wins():
    # the first move to a foundation of a line that needs a click first is not legal now,
    # and a line that doesn't win is never given out turned
    game = Game(forty_thieves(), 1, PLAIN)
    line = turned_late(game, solve(game, timeout=30).moves)
    broken = line[:-1]                                         # (one move short of the win)
    assert not wins(game, broken)
    assert foundation_first(game, broken, seconds=30) is broken


def test_which_moves_go_up():
    game = Game(forty_thieves(), 1, PLAIN)
    assert game.goes_up("tableau7>foundation1") and not game.goes_up("tableau7>tableau1")
    assert not game.goes_up("click:stock1") and not game.goes_up("nonsense>") and not game.goes_up("x>foundation9")


def aces_up():
    return load_ruleset(GameRef(path=str(GAMES_DIR / "cdl" / "acesup.cdl")))


def test_a_card_thrown_away_goes_up_too():
    # Aces Up, deal 1: the Two of Diamonds and the Three of Clubs can be thrown away (a
    # higher card of their suit shows on another column); dealing, or nothing, is no throw
    game = Game(aces_up(), 1, PLAIN)
    assert [str(move) for move in game.legal_moves if game.goes_up(move)] == ["click:C3", "click:C4"]
    assert not game.goes_up("click:Stock") and not game.goes_up("click:C1") and not game.goes_up("C1>C2")
    cards = [list(pile.cards) for pile in game.piles]
    assert [list(pile.cards) for pile in game.piles] == cards      # (tried, not played)
    # whether the line the search finds deals first (as it may, by the time it has) or
    # not, the hint's line throws first, and still wins
    line = solve(game, timeout=30).moves
    turned = foundation_first(game, line, seconds=30)
    assert str(turned[0]) in ("click:C3", "click:C4") and wins(game, turned)
