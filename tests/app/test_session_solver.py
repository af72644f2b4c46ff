"""The session and the solver's process together: the Winnable? line reuses what the
solver found (no new search along its line), Hint asks the solver's process rather
than searching in the client's thread, and Only winnable deals says how long it took."""
import threading
from pathlib import Path

from kingalbert.app.indicator import position_key
from kingalbert.app.options import Options
from kingalbert.app.session import Session
from kingalbert.app.solver_worker import SolverWorker
from kingalbert.engine import Game
from kingalbert.engine.king_albert import KingAlbert
from kingalbert.engine.moves import Move
from tests.helpers.solver import wins

PLAIN = {"auto_finish": False, "auto_stack": False}


class Recorder(SolverWorker):
    """The real worker, noting each question it is asked; answers wait in a queue until
    the test hands them to the session (as the desktop's event loop does)."""

    def __init__(self):
        self.asked: list[tuple[str, float]] = []
        self.answers: list = []
        self.arrived = threading.Event()
        super().__init__(self._collect)

    def _collect(self, answer):
        self.answers.append(answer)
        self.arrived.set()

    def start(self, kind, game, timeout=10.0):
        self.asked.append((kind, timeout))
        return super().start(kind, game, timeout)

    def deliver(self, session, seconds=60):
        assert self.arrived.wait(seconds), "no answer"
        self.arrived.clear()
        session.on_answer(self.answers[-1])


def session_with_worker(tmp_path, seed=3, options=None):
    worker = Recorder()
    game = Game(KingAlbert(), seed, PLAIN)
    return Session(game, options or Options(), autosave=tmp_path / "autosave.json", worker=worker), worker


def test_following_the_solvers_line_needs_no_new_search(tmp_path):
    session, worker = session_with_worker(tmp_path)
    try:
        assert worker.asked == [("verdict", 10.0)] and session.indicator == "Thinking..."
        worker.deliver(session)
        assert session.indicator == "Winnable"
        line = list(session.solution)
        for move in line[:5]:
            session.play(move)
            assert session.indicator == "Winnable"
        assert len(worker.asked) == 1              # the line's positions were known
        session.undo()
        assert session.indicator == "Winnable" and len(worker.asked) == 1
        # a move to a position the solver hasn't seen asks again (taking back the last
        # move, say, would not: that position is on the line)
        game = session.game

        def unseen(move):
            game.push(move)
            try:
                return position_key(game) not in session.verdicts.known
            finally:
                game.pop()
        off = next(m for m in game.legal_moves if unseen(m))
        session.play(off)
        assert len(worker.asked) == 2 and worker.asked[-1][0] == "verdict"
    finally:
        worker.close()


def test_hint_asks_the_solvers_process(tmp_path):
    session, worker = session_with_worker(tmp_path)
    try:
        session.show_hint()      # no line known yet: the question goes to the process
        assert worker.asked[-1][0] == "hint" and session.hint is None
        assert session.game.message == "Hint: thinking..."
        worker.deliver(session)
        assert session.hint is not None and session.game.message.startswith("Hint: ")
        move = f"{session.hint.src}>{session.hint.dst}" if session.hint.dst else session.hint.src
        assert session.game.is_legal(move)
        assert session.indicator == "Winnable"     # the hint's search decided the verdict too
    finally:
        worker.close()


def asking_for_a_winnable_deal(tmp_path):
    """A session with *Only winnable deals* on, its first verdict in, that has just asked
    its worker for a winnable deal; and the piles of the game in play."""
    options = Options()
    options.values["winnable_deals"] = True
    session, worker = session_with_worker(tmp_path, options=options)
    worker.deliver(session)
    before = [list(pile.cards) for pile in session.game.piles]
    session.new_game()
    assert worker.asked[-1][0] == "winnable-deal"
    return session, worker, before


def test_only_winnable_deals_says_how_long_it_took(tmp_path):
    session, worker, _ = asking_for_a_winnable_deal(tmp_path)
    try:
        asked = len(worker.asked)
        worker.deliver(session, 120)
        assert "A winnable deal, found in" in session.game.message
        assert " s (" in session.game.message
        # the line its search found: the indicator knows the deal winnable without a search
        # (a play-test: "Thinking..." again, and once "Can't tell" under "A winnable deal")
        assert session.indicator == "Winnable" and len(worker.asked) == asked
        assert session.solution and wins(session.game, [Move.parse(move) for move in session.solution])
    finally:
        worker.close()


def test_only_winnable_deals_that_finds_none_says_so_and_keeps_the_game(tmp_path):
    from kingalbert.app.solver_worker import Answer
    session, worker, before = asking_for_a_winnable_deal(tmp_path)
    try:
        session.on_answer(Answer(worker.job, "winnable-deal", {"seed": None, "seconds": 30.2, "tried": 14}))
        assert session.game.message == "No winnable deal found in 30 s (14 tried)"
        assert [list(pile.cards) for pile in session.game.piles] == before
    finally:
        worker.close()


def test_a_move_while_looking_for_a_winnable_deal_calls_the_new_deal_off_and_says_so(tmp_path):
    # (a play-test: a move during the search replaced it with the indicator's, and the new
    # deal never came, with not a word)
    session, worker, before = asking_for_a_winnable_deal(tmp_path)
    try:
        move = next(iter(session.game.legal_moves))
        session.play(move)
        assert session.game.message == "New game called off: the game was played on"
        assert worker.asked[-1][0] == "verdict" and session.game.history
        worker.deliver(session)
        assert session.game.history and session.game.message == "New game called off: the game was played on"
        session.new_game()                       # asked again, and left alone: the deal comes
        worker.deliver(session, 120)
        assert "A winnable deal, found in" in session.game.message and not session.game.history
    finally:
        worker.close()


def test_a_hint_to_turn_the_stock_says_how_often_and_what_for(tmp_path):
    """The solver plays a card from deep in a stock that goes round for ever as clicks and
    then the card: the hint counts the clicks and names the card they bring up."""
    from kingalbert.app.catalogue import bundled_games
    from kingalbert.engine.solver import solve
    from kingalbert.loaders import load
    path = next(path for path in bundled_games()["sol"] if path.stem == "klondike")
    ruleset = load(str(path))
    line = [str(move) for move in solve(Game(ruleset, 2, PLAIN), timeout=30).moves]
    clicks = next(i for i, move in enumerate(line) if move != line[0])
    assert line[0] == "click:deck" and clicks > 1 and line[clicks].startswith("waste>")
    ahead = Game(ruleset, 2, PLAIN)
    for move in line[:clicks]:
        ahead.play(move)
    card = ahead.pile("waste").cards[-1]
    session = Session(Game(ruleset, 2, PLAIN), Options(), autosave=tmp_path / "autosave.json", worker=None)
    session.solution = line
    session.show_hint()
    # (the only stock is "the stock", whatever the rule file calls it)
    assert session.game.message == f"Hint: click the stock {clicks} times, then play the {card.name}"
    assert session.hint is not None and session.hint.src == "deck"


def test_a_game_demo_wins_shows_no_verdict_and_demo_then_says_it_is_over(tmp_path):
    """The Winnable? line stayed "Winnable" after Demo's winning move (the verdict isn't
    asked again while Demo plays), and Demo on the won game asked the solver for a line
    and showed "Winnable" again."""
    session, worker = session_with_worker(tmp_path)
    try:
        worker.deliver(session)
        assert session.indicator == "Winnable"
        session.start_demo()
        now = 0
        while session.demo is not None:
            now += 10 ** 6
            session.demo_step(now)
        assert session.game.status == "won"
        assert session.indicator == ""
        # (a play-test: the game's words for the player's win, "Well done - you've won!")
        assert session.game.message == "Demo has won the game"
        asked = len(worker.asked)
        session.start_demo()
        assert session.game.message == "The game is over" and session.indicator == ""
        assert len(worker.asked) == asked and session.demo is None
    finally:
        worker.close()


def test_a_hint_names_a_pile_by_its_kind_and_by_name_only_among_several(tmp_path):
    from kingalbert.app.catalogue import bundled_games
    from kingalbert.loaders import load
    path = next(path for path in bundled_games()["ini"] if path.parent.name == "Klondike")
    ruleset = load(str(path))
    game = Game(ruleset, 1, PLAIN)
    session = Session(game, Options(), autosave=tmp_path / "autosave.json", worker=None)
    stock = next(pile for pile in game.piles if pile.role == "stock")
    column = next(pile for pile in game.piles if pile.role == "tableau")
    assert session._pile_words(stock) == f"the {ruleset.role_name('stock')}"
    assert session._pile_words(column) == f"the {ruleset.role_name('tableau')} {column.name}"
    assert "stock1" not in session._pile_words(stock)


def test_a_pile_named_by_its_kind_and_a_number_is_named_once(tmp_path):
    # (a play-test: SolKit's FreeCell hint said "to the empty cell cell1")
    from kingalbert.app.catalogue import bundled_games
    from kingalbert.loaders import load
    path = next(path for path in bundled_games()["sol"] if path.stem == "freecell")
    game = Game(load(str(path)), 1, PLAIN)
    session = Session(game, Options(), autosave=tmp_path / "autosave.json", worker=None)
    assert session._pile_words(game.pile("cell1")) == "the cell 1"
    assert session._pile_words(game.pile("col3")) == "the column col3"


def test_a_hint_names_a_pile_of_no_kind_by_its_name(tmp_path):
    """CardsWorkShop's stacks have no kinds but fanned ("column"), foundation and other: Aces Up's
    stock, its only other one, is "the Stock", not "the pile"; Golf's too, not "the pile Stock"."""
    from kingalbert.loaders import load
    games = Path(__file__).resolve().parents[2] / "kingalbert" / "games" / "cdl"
    for name in ("acesup.cdl", "golf.cdl"):
        game = Game(load(str(games / name)), 1, PLAIN)
        session = Session(game, Options(), autosave=tmp_path / "autosave.json", worker=None)
        assert session._pile_words(game.pile("Stock")) == "the Stock"



def test_a_hint_to_an_empty_pile_says_which(tmp_path):
    """Aces Up, deal 1, once the Three of Clubs and the Two of Diamonds are thrown away:
    the Seven of Diamonds may go to either empty column, and the hint says which."""
    from kingalbert.loaders import load
    ruleset = load(str(Path(__file__).resolve().parents[2] / "kingalbert" / "games" / "cdl" / "acesup.cdl"))
    game = Game(ruleset, 1, PLAIN)
    for move in ("click:C4", "click:C3"):
        game.play(move)
    session = Session(game, Options(), autosave=tmp_path / "autosave.json", worker=None)
    assert "C1>C3" in [str(move) for move in game.legal_moves]
    session._point_at(Move.parse("C1>C3"))
    assert game.message == f"Hint: Seven of Diamonds to the empty {ruleset.role_name('tableau')} C3"


def test_a_hint_to_click_a_card_names_it_as_a_player_would(tmp_path):
    """Aces Up, deal 1: the Three of Clubs is beaten by the Nine; the hint says "click the
    Three of Clubs" (it said "click Three of Clubs")."""
    from kingalbert.loaders import load
    ruleset = load(str(Path(__file__).resolve().parents[2] / "kingalbert" / "games" / "cdl" / "acesup.cdl"))
    game = Game(ruleset, 1, PLAIN)
    session = Session(game, Options(), autosave=tmp_path / "autosave.json", worker=None)
    assert "click:C4" in [str(move) for move in game.legal_moves]
    session._point_at(Move.parse("click:C4"))
    assert game.message == "Hint: click the Three of Clubs"


def test_a_hint_for_a_pair_names_the_card_on_top_too(tmp_path):
    """A pyramid card laid on its partner hides it: the hint to send the pair up named only the
    hidden card ("Seven of Clubs up to its foundation")."""
    from kingalbert.loaders import load
    games = Path(__file__).resolve().parents[2] / "kingalbert" / "games" / "pat"
    game = Game(load(str(games / "Pyramid.pat")), 14, PLAIN)
    game.play("p30>p28")
    lower, upper = (card.name for card in game.pile("p28").cards[-2:])
    session = Session(game, Options(), autosave=tmp_path / "autosave.json", worker=None)
    session.solution = ["p28:2>p3"]
    session.show_hint()
    assert session.game.message == f"Hint: {lower} with the {upper} on it up to its foundation"


def test_demo_on_a_position_proved_lost_says_so_at_once(tmp_path):
    """Demo searched again (Spider, Golf: "Thinking..." for many seconds) and then said only
    that the solver couldn't find a way; a position the indicator proved lost needs no search,
    and a search that ran out of time says so."""
    from kingalbert.app.solver_worker import Answer
    session, worker = session_with_worker(tmp_path, seed=6)       # deal 6: lost from the start
    try:
        worker.deliver(session)
        assert session.indicator == "Not winnable from here"
        asked = len(worker.asked)
        session.start_demo()
        assert session.game.message == "Demo: this position can't be won"
        assert len(worker.asked) == asked and session.demo is None
        session.demo_asked = True       # (as Demo asks where nothing is proved: its answer)
        session.on_answer(Answer(worker.job, "solution", {"verdict": "unknown", "moves": []}))
        assert session.game.message == "Demo: the solver found no winning line in time"
    finally:
        worker.close()


def test_demo_asked_while_the_indicator_thinks_gives_the_indicator_its_answer(tmp_path):
    """Demo's search calls off the indicator's, under way: when Demo's found no line in time,
    the indicator went on saying "Thinking..." for good (Aces Up); it says "Can't tell"."""
    from kingalbert.app.solver_worker import Answer
    session, worker = session_with_worker(tmp_path, seed=6)
    try:
        assert session.indicator == "Thinking..."
        session.start_demo()
        assert [kind for kind, _ in worker.asked] == ["verdict", "solution"]
        session.demo_asked = True       # (as Demo asks where nothing is proved: its answer)
        session.on_answer(Answer(worker.job, "solution", {"verdict": "unknown", "moves": []}))
        assert session.game.message == "Demo: the solver found no winning line in time"
        assert session.indicator == "Can't tell"
    finally:
        worker.close()


def test_a_hint_on_a_lost_position_says_it_is_lost_not_that_there_is_no_move(tmp_path):
    """YaZZle's Pyramid, deal 1: proved lost at once (a rank in the stock outnumbers its
    partners), where the search's bound leaves it no move to offer; Hint said "There is no
    move to hint at" while cards could still go up."""
    from kingalbert.app.catalogue import GAMES_DIR, GameRef, load_ruleset
    game = Game(load_ruleset(GameRef(path=str(GAMES_DIR / "yazzle" / "Pyramid" / "game.ini"))), 1, PLAIN)
    assert game.legal_moves
    worker = Recorder()
    session = Session(game, Options(), autosave=tmp_path / "autosave.json", worker=worker)
    try:
        session.show_hint()
        while session.game.message == "Hint: thinking...":
            worker.deliver(session)
        assert session.game.message == "Hint: this position can't be won" and session.hint is None
    finally:
        worker.close()


def test_a_hint_puts_a_card_up_first_where_the_line_known_turns_the_stock_first(tmp_path):
    """YaZZle's Forty Thieves: where the line the indicator knows starts with a turn of the
    stock while a card of the line can go up now, Hint asks the solver's process, which turns
    the line to put it up first (the line still wins: the indicator keeps it)."""
    from kingalbert.app.catalogue import GAMES_DIR, GameRef, load_ruleset
    from kingalbert.engine.solver.lines import wins
    from tests.engine.test_lines import turned_late
    ruleset = load_ruleset(GameRef(path=str(GAMES_DIR / "yazzle" / "FortyThieves" / "game.ini")))
    worker = Recorder()
    session = Session(Game(ruleset, 1, PLAIN), Options(), autosave=tmp_path / "autosave.json", worker=worker)
    try:
        worker.deliver(session)
        game = session.game
        late = [str(move) for move in turned_late(game, [Move.parse(text) for text in session.solution])]
        session.solution = late
        session.show_hint()
        assert worker.asked[-1][0] == "hint"
        worker.deliver(session)
        assert session.game.message.startswith("Hint: ") and "up to its foundation" in session.game.message
        assert game.pile(session.hint.dst).role == "foundation"
        assert wins(game, [Move.parse(text) for text in session.solution])
        assert session.indicator == "Winnable"
    finally:
        worker.close()


def test_auto_finish_ticked_on_a_sorted_position_finishes_the_game_as_one_move(tmp_path):
    """Every playing stack sorted, Auto finish off: ticking it did nothing until the next move
    (King Albert's help: the computer takes over once the cards are sorted and it is ticked)."""
    from tests.helpers.king_albert import ka
    up = {f"f{i + 1}": " ".join(f"{rank}{suit}" for rank in "A23456789TJ") for i, suit in enumerate("HCDS")}
    game = ka({**up, "t1": "KH QS", "t2": "KS QH", "t3": "KD QC", "t4": "KC QD"}, auto_stack=False)
    session = Session(game, Options(), autosave=tmp_path / "autosave.json", worker=None)
    assert not game.options["auto_finish"] and game.status == "playing"
    session.toggle_option("auto_stack")
    assert game.history == []                       # (another option: nothing moves)
    session.toggle_option("auto_finish")
    assert game.status == "won" and len(game.history) == 1
    game.undo()
    assert game.status == "playing" and len(game.pile("t1").cards) == 2


def test_a_game_chosen_with_only_winnable_deals_on_gets_a_winnable_deal(tmp_path):
    # (a play-test: choosing a game from Games dealt a random deal, the option ticked)
    from kingalbert.app.catalogue import GAMES_DIR
    options = Options()
    options.values["winnable_deals"] = True
    session, worker = session_with_worker(tmp_path, options=options)
    try:
        worker.deliver(session)
        session.open(str(GAMES_DIR / "sol" / "freecell.sol"))
        assert session.game.ruleset.name == "FreeCell" and worker.asked[-1][0] == "winnable-deal"
        assert session.game.message == "Looking for a winnable deal..."
        worker.deliver(session, 120)
        assert "A winnable deal, found in" in session.game.message
        assert session.game.ruleset.name == "FreeCell" and not session.game.history
    finally:
        worker.close()


def test_a_hint_or_demo_known_already_calls_the_new_deal_off_and_says_so(tmp_path):
    # (a play-test: a hint or Demo from the line known already left the search on, and the
    # new deal came over the game, a Demo in the middle of its moves; a Hint asked of the
    # solver called it off, but its own message came over the one that said so)
    for ask in ("hint", "demo"):
        session, worker, before = asking_for_a_winnable_deal(tmp_path / ask)
        try:
            assert session.solution, "the line of the deal is known (deal 3 is winnable)"
            session.show_hint() if ask == "hint" else session.start_demo()
            message = session.game.message
            assert message.startswith("New game called off: the game was played on. "), (ask, message)
            assert message.endswith("Demo: click to stop") if ask == "demo" else "Hint: " in message
            worker.deliver(session, 120)        # the deal the search found: not dealt
            assert [list(pile.cards) for pile in session.game.piles] == before, ask
            assert "A winnable deal" not in session.game.message
        finally:
            worker.close()


def test_a_click_while_demo_waits_for_its_line_calls_demo_off(tmp_path):
    # (a play-test: "Thinking..." could not be stopped, and Demo started seconds later)
    session, worker = session_with_worker(tmp_path, seed=3)
    try:
        worker.deliver(session)
        session.game.play(next(iter(session.game.legal_moves)))   # (off the line: Demo must ask)
        session.solution = None
        session.start_demo()
        assert worker.asked[-1][0] == "solution" and session.demo_on and session.demo is None
        # (Demo's own words: both message lines said "Thinking..." while the indicator searched)
        assert session.game.message == "Demo: thinking..."
        session.stop_demo()
        assert session.game.message == "Demo called off" and not session.demo_on
        worker.deliver(session, 120)
        assert session.demo is None and session.game.message == "Demo called off"
    finally:
        worker.close()
