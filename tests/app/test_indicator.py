"""The Winnable? indicator's policy: what it shows after each change, and when it asks
for a search — none along a line found, none after an unwinnable position, shorter
ones after a search that couldn't tell."""
from kingalbert.app.indicator import LABELS, THINKING, Indicator
from kingalbert.engine import Game
from kingalbert.engine.king_albert import KingAlbert
from kingalbert.engine.solver import solve

PLAIN = {"auto_finish": False, "auto_stack": False}


def ka(piles):
    position = {"piles": [{"name": name, "cards": text.split()} for name, text in piles.items()]}
    return Game.from_position(KingAlbert(), position, PLAIN)


def answer_with_solver(indicator, game, decision):
    kind, timeout = decision.search
    result = solve(game, timeout=timeout)
    return indicator.on_answer(game, {"verdict": result.verdict, "moves": [str(m) for m in result.moves]})


def test_following_the_line_found_needs_no_search():
    game = Game(KingAlbert(), 3, PLAIN)
    indicator = Indicator()
    decision = indicator.after_change(game)
    assert decision.label == THINKING and decision.search == ("verdict", 10.0)
    decision = answer_with_solver(indicator, game, decision)
    assert decision.label == LABELS["winnable"]
    line = decision.solution
    for played, move in enumerate(line[:-1], 1):
        game.play(move)
        decision = indicator.after_change(game)
        assert decision.search is None and decision.label == LABELS["winnable"]
        assert decision.solution == line[played:]
    # undo and redo along the line: known positions
    game.undo()
    assert indicator.after_change(game).search is None
    game.redo()
    assert indicator.after_change(game).search is None


def test_a_move_off_the_line_asks_again():
    game = Game(KingAlbert(), 3, PLAIN)
    indicator = Indicator()
    decision = answer_with_solver(indicator, game, indicator.after_change(game))
    other = next(move for move in game.legal_moves if str(move) != decision.solution[0])
    game.play(other)
    assert indicator.after_change(game).search is not None


def test_after_an_unwinnable_position_every_move_stays_unwinnable():
    # the few moves there are lead nowhere
    game = ka({"t1": "AH KS", "t2": "AC KH", "t3": "AD KC", "t4": "AS KD", "t5": "3H 2C",
               "t6": "3D 2S", "t7": "2H 6C", "t8": "2D 5S", "t9": "3S 7H", "r1": "6D", "r2": "4H"})
    indicator = Indicator()
    decision = answer_with_solver(indicator, game, indicator.after_change(game))
    assert decision.label == LABELS["unwinnable"]
    for _ in range(2):
        game.play(next(iter(game.legal_moves)))
        decision = indicator.after_change(game)
        assert decision.search is None and decision.label == LABELS["unwinnable"]


def test_a_game_with_no_move_left_is_unwinnable_without_a_search():
    game = ka({"t1": "AH KS", "t2": "AC KH", "t3": "AD KC", "t4": "AS KD", "t5": "3H 2C",
               "t6": "3D 2S", "t7": "2H 5C", "t8": "2D 5S", "t9": "3S 7H"})
    decision = Indicator().after_change(game)
    assert decision.search is None and decision.label == LABELS["unwinnable"]


def test_after_a_search_that_could_not_tell_the_next_ones_are_short_until_two_decide():
    """One short search that decides (a win found now and then in a game the solver mostly
    can't decide, as Calculation) is no reason for a full one next: two in a row are."""
    game = Game(KingAlbert(), 3, PLAIN)
    indicator = Indicator(timeout=10, short=0.5)
    assert indicator.after_change(game).search == ("verdict", 10)
    indicator.on_answer(game, {"verdict": "unknown", "moves": []})
    moves = iter(list(game.legal_moves))
    for answer in ("unwinnable", "unwinnable"):
        game.play(next(moves))
        decision = indicator.after_change(game)
        assert decision.label == THINKING and decision.search == ("verdict", 0.5)
        indicator.on_answer(game, {"verdict": answer, "moves": []})
        game.undo()
    game.play(next(moves))
    assert indicator.after_change(game).search == ("verdict", 10)
    # and a search that can't tell starts the count again
    indicator.on_answer(game, {"verdict": "unknown", "moves": []})
    game.undo()
    game.play(next(moves))
    assert indicator.after_change(game).search == ("verdict", 0.5)
    indicator.on_answer(game, {"verdict": "winnable", "moves": []})
    game.undo()
    game.play(next(moves))
    assert indicator.after_change(game).search == ("verdict", 0.5)


def test_a_won_game_shows_nothing_and_a_new_game_starts_afresh():
    game = ka({"f1": " ".join(f"{r}H" for r in "A23456789TJQ"), "t1": "KH"})
    indicator = Indicator()
    answer_with_solver(indicator, game, indicator.after_change(game))
    game.play("t1>f1")
    decision = indicator.after_change(game)
    assert decision.label == "" and decision.search is None
    fresh = Game(KingAlbert(), 3, PLAIN)
    assert indicator.after_change(fresh).search == ("verdict", 10.0)


def test_after_several_searches_that_could_not_tell_it_searches_less_often():
    """Unknown twice: one change passes without a search ("Can't tell" at once); a third:
    three pass, and so on; a search that decides brings back a search after every change."""
    game = Game(KingAlbert(), 1, PLAIN)
    line = solve(game, timeout=30).moves          # new positions, one after another
    assert len(line) >= 16
    indicator = Indicator(timeout=10, short=0.5)
    answers = ["unknown"] * 4 + ["winnable"] + ["unknown"] * 3
    searched = []
    for move in line[:16]:
        decision = indicator.after_change(game)
        searched.append(decision.search is not None)
        if decision.search is None:
            assert decision.label == LABELS["unknown"]
        else:
            indicator.on_answer(game, {"verdict": answers.pop(0), "moves": []})
        game.play(move)
    assert searched == [True, True, False, True, False, False, False, True, False, False, False,
                        True, True, True, False, True]


def test_a_mode_change_is_a_change_of_rules_and_asks_again():
    # (a play-test: YaZZle's Klondike deal 4, winnable in Easy mode and lost in Hard, said
    # "Winnable" after Hard mode was ticked, and Demo played the Easy line into a refusal)
    from kingalbert.app.catalogue import GAMES_DIR, safe_load
    ruleset = safe_load(str(GAMES_DIR / "yazzle" / "Klondike"))
    game = Game(ruleset, 4)
    indicator = Indicator()
    decision = indicator.after_change(game)
    indicator.on_answer(game, {"verdict": "winnable", "moves": ["click:stock1"]})
    assert indicator.after_change(game).label == LABELS["winnable"]
    game.set_option("mode", "hard")
    decision = indicator.after_change(game)
    assert decision.label == THINKING and decision.search is not None and decision.solution is None
    indicator.on_answer(game, {"verdict": "unwinnable"})
    game.set_option("mode", "easy")
    decision = indicator.after_change(game)
    assert decision.label == LABELS["winnable"] and decision.solution == ["click:stock1"]
    # the options that only play moves for the player are no change of rules
    ka_game = Game(KingAlbert(), 3, PLAIN)
    answer_with_solver(indicator, ka_game, indicator.after_change(ka_game))
    ka_game.set_option("auto_stack", True)
    assert indicator.after_change(ka_game).search is None
