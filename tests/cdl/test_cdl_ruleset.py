"""CdlRuleset: transactions through the engine's Game, integrity?, win?/loose?, undo, help, layout."""
import pytest

from kingalbert.engine import Game
from kingalbert.engine.errors import IllegalMoveError, RuleFileError
from kingalbert.loaders.cdl import loads
from kingalbert.loaders.cdl.interpreter import Limits
from tests.helpers.cdl_programs import stock_onto_stacks

SOURCE = """game Bench is 5 by 3;
var count, pressed : integer;
    last : stack;
stack B; stack C; procedure EmptyB; procedure Forever;

stack A is
  X := 0; Y := 0; H := 3; Direction := down;
  Start is Add Ace+Spade .. Five+Spade;
  SelectFrom(p : index) is
    begin
      pressed := p;
      if p > 0 then Pull ! - p + 1 To Cursor;
    end;
  SelectTo(p : index) is Pull Cursor! From Cursor;
  Help is begin Clear 'A'; Write('A holds ', !, ' cards, the top one is the ', [!], '.'); Wait 'Empty B' EmptyB end;
end A;

stack B is
  X := 1; Y := 0;
  { B takes one card at a time, and counts them }
  SelectTo(p : index) is
    if Cursor! = 1 then
      begin
        Pull 1 From Cursor;
        count := count + 1;
        last := Self;
      end;
  SelectFrom(p : index) is if ! > 0 then Pull 1 To Cursor;
end B;

procedure EmptyB is Pull B! From B To C;

stack C is
  X := 2; Y := 0;
  Start is [0] := CrossCard;
end C;

stack D is
  X := 3; Y := 0;
  Start is Add King+Heart .. King+Heart;
  { one Select for everything: a press (nothing on the cursor) sends the card to C }
  Select(p : index) is
    if Cursor! = 0 then
      begin
        if ! > 0 then Pull 1 To C
      end
    else Pull Cursor! From Cursor;
  SelectRightFrom(p : index) is
    begin
      Pull 1 To B;
      Turn B[B!] side shaded;
    end;
end D;

stack E is
  X := 4; Y := 0;
  SelectLeftFrom(p : index) is while true do pressed := 1;
  SelectRightFrom(p : index) is Forever;
end E;

procedure Forever is Forever;

{ B may never hold three cards }
predicate integrity? is return B! < 3;
predicate win? is return A! = 0;
predicate loose? is return C! = 3;

order A B C D E.
"""


@pytest.fixture
def rules():
    return loads(SOURCE, "bench.cdl")


@pytest.fixture
def game(rules):
    return Game(rules, seed=1)


def cards(game, name):
    return [str(card) for card in game.pile(name).cards]


def test_deal_runs_start_methods_in_order(game):
    assert [pile.name for pile in game.piles] == ["A", "B", "C", "D", "E"]
    assert cards(game, "A") == ["AS", "2S", "3S", "4S", "5S"]
    assert cards(game, "D") == ["KH"]
    assert game.vars["cdl:bottoms"] == {"C": 157}
    assert game.vars["cdl:globals"] == {"count": 0, "pressed": 0, "last": None}


def test_drag_is_press_then_release(game):
    game.play("A>B")
    assert cards(game, "A") == ["AS", "2S", "3S", "4S"] and cards(game, "B") == ["5S"]
    assert game.vars["cdl:globals"] == {"count": 1, "pressed": 5, "last": "B"}


def test_drag_from_the_nth_card_presses_that_position(game):
    with pytest.raises(IllegalMoveError):
        game.play("A:3>B")            # three cards: B takes only one
    assert cards(game, "A") == ["AS", "2S", "3S", "4S", "5S"]
    game.play("A:3>D")                # D's Select takes what is on the cursor
    assert cards(game, "D") == ["KH", "3S", "4S", "5S"]
    assert game.vars["cdl:globals"]["pressed"] == 3


def test_cards_left_on_the_cursor_cancel_the_transaction(game):
    before = game.to_position()
    with pytest.raises(IllegalMoveError, match="^That can't go there$"):    # (one card: not "the cards")
        game.play("A>C")              # C has no To method
    assert game.to_position() == before and not game.can_undo


def test_press_that_moves_cards_straight_to_a_stack_completes_at_release(game):
    game.play("click:D")
    assert cards(game, "D") == [] and cards(game, "C") == ["KH"]
    # a drag from D does the same, wherever it is released
    game.undo()
    game.play("D>A")
    assert cards(game, "C") == ["KH"] and cards(game, "A") == ["AS", "2S", "3S", "4S", "5S"]


def test_a_press_that_changes_nothing_is_refused(game):
    with pytest.raises(IllegalMoveError, match="Nothing happens"):
        game.play("click:C")


def test_adjust_uses_the_right_button_methods_and_shaded_cards_survive(game):
    game.play("adjust:D")
    assert cards(game, "B") == ["KH"]
    assert game.vars["cdl:shaded"] == {"B": [1]}
    assert game.ruleset.is_shaded(game, game.pile("B"), -1)
    game.undo()
    assert game.vars.get("cdl:shaded", {}) == {} and cards(game, "D") == ["KH"]


def test_integrity_false_undoes_the_transaction(game):
    game.play("A>B")
    game.play("A>B")
    before = game.to_position()
    with pytest.raises(IllegalMoveError, match="don't allow"):
        game.play("A>B")              # B would hold three cards
    assert game.to_position() == before
    assert game.vars["cdl:globals"]["count"] == 2


def test_win(game):
    for _ in range(5):
        game.play("A>D")
    assert game.status == "won"


def test_loss(game):
    game.play("click:D")
    assert game.status == "playing"
    rules = game.ruleset
    # fill C to three cards through the help box button (EmptyB moves B onto C)
    game.play("A>B")
    game.play("A>B")
    rules.help_text(game, game.pile("A"))
    rules.press_button(game, 0)
    assert cards(game, "C") == ["KH", "5S", "4S"]
    assert game.status == "lost"


def test_undo_back_to_the_deal_restores_globals_and_drawings(game):
    start = game.to_position()
    script = ["A>B", "click:D", "A:2>D", "A>D", "B>D"]
    positions = []
    for move in script:
        game.play(move)
        positions.append(game.to_position())
    assert game.vars["cdl:globals"]["count"] == 1
    for position in reversed(positions[:-1]):
        game.undo()
        assert game.to_position() == position
    game.undo()
    assert game.to_position() == start
    assert game.undo() is None
    for position in positions:
        game.redo()
        assert game.to_position() == position


def test_runaway_methods_stop_with_an_error_and_roll_back(rules):
    rules.limits = Limits(max_steps=20_000)
    game = Game(rules, seed=1)
    before = game.to_position()
    with pytest.raises(RuleFileError) as info:
        game.play("click:E")
    assert info.value.path == "bench.cdl" and info.value.line == 57
    assert "stopped" in info.value.message
    with pytest.raises(RuleFileError, match="nest"):
        game.play("adjust:E")
    assert game.to_position() == before
    game.play("A>B")                  # the game goes on
    assert cards(game, "B") == ["5S"]


def test_legal_moves(game):
    moves = {str(move) for move in game.legal_moves}
    assert moves == {"A>B", "A>D", "A:2>D", "A:3>D", "A:4>D", "A:5>D", "click:D", "adjust:D"}
    assert "A>B" in game.legal_moves and "A>C" not in game.legal_moves


def test_help_text_and_button(game):
    rules = game.ruleset
    box = rules.help_text(game, game.pile("A"))
    assert box.title == "A" and box.text == "A holds 5 cards, the top one is the Five of Spades."
    assert box.buttons == [("Empty B", "emptyb")]
    assert rules.help_text(game, game.pile("C")) is None
    game.play("A>B")
    rules.help_text(game, game.pile("A"))
    rules.press_button(game, 0)
    assert cards(game, "C") == ["5S"] and cards(game, "B") == []
    game.undo()
    assert cards(game, "B") == ["5S"]


def test_write_during_a_transaction_becomes_a_message():
    source = SOURCE.replace("        count := count + 1;", "        count := count + 1; Write('Well done');")
    game = Game(loads(source, "bench.cdl"), seed=1)
    game.play("A>B")
    assert game.message == "Well done"
    assert game.ruleset.take_messages(game) == ["Well done"]
    assert game.ruleset.take_messages(game) == []


def test_layout_data(game):
    rules = game.ruleset
    assert rules.matrix == (5, 3)
    first = rules.stack_layout(game)[0]
    assert first == {"name": "A", "x": 0, "y": 0, "w": 1, "h": 3, "direction": "down", "bottom": 156}
    assert rules.stack_layout(game)[2]["bottom"] == 157
    assert rules.bottom_card(game, game.pile("C")) == "cross"
    layout = rules.layout(game, 71, 96)
    a, b = layout.view("A"), layout.view("B")
    assert a.dy > 0 and b.dy == 0 and b.x > a.x
    assert layout.width >= 5 * 71


def test_errors_in_the_file_name_the_file_and_line():
    with pytest.raises(RuleFileError) as info:
        loads("game X is 2 by 2;\nstack A is X := 0; Y := 0;\n  Start is Pull 1 From Nowhere;\nend A;\norder A.", "x.cdl")
    assert str(info.value) == "x.cdl:3: Undefined stack Nowhere."


def test_a_failing_win_predicate_undoes_the_transaction():
    source = SOURCE.replace("predicate win? is return A! = 0;",
                            "predicate win? is return A[5] = 0;")   # fails once A has fewer cards
    game = Game(loads(source, "bench.cdl"), seed=1)
    before = game.to_position()
    with pytest.raises(RuleFileError, match="Position 5 is outside stack A"):
        game.play("A>B")
    assert game.to_position() == before


def test_picked_up_tells_what_follows_the_pointer(game):
    rules = game.ruleset
    assert [str(c) for c in rules.picked_up(game, game.pile("A"), 2)] == ["4S", "5S"]
    assert rules.picked_up(game, game.pile("D")) == []        # D sends its card to C at once
    assert rules.picked_up(game, game.pile("C")) is None      # C answers no press
    assert len(game.pile("A").cards) == 5 and not game.can_undo


def test_when_win_and_loose_are_both_true_the_player_wins():
    source = SOURCE.replace("predicate loose? is return C! = 3;", "predicate loose? is return A! = 0;")
    game = Game(loads(source, "bench.cdl"), seed=1)
    for _ in range(4):
        game.play("A>D")
    assert game.status == "playing"
    game.play("A>D")
    assert game.ruleset.is_lost(game) and game.ruleset.is_won(game)
    assert game.status == "won"


RUNAWAY = """game R is 4 by 1;
stack A is X := 0; Y := 0;
  Start is Add Ace+Spade .. Six+Spade;
  { pressing the top card is a mistake of the program; the others work }
  SelectFrom(p : index) is begin if p = ! then Pull 99 To Cursor; Pull ! - p + 1 To Cursor end;
  SelectTo(p : index) is Pull Cursor! From Cursor;
end A;
stack B from A is X := 1; Start is Add Ace+Heart .. Six+Heart; end B;
stack E from A is X := 2; Start is begin end; end E;
stack F from A is X := 3; Start is begin end; end F;
{ runs away as soon as E holds a card }
predicate integrity? is begin while E! > 0 do begin end; return true end;
order A B E F.
"""


def test_legal_moves_try_a_runaway_release_once_per_stack_and_keep_the_other_moves():
    from kingalbert.loaders.cdl.errors import CdlRunawayError
    rules = loads(RUNAWAY, "runaway.cdl")
    rules.limits = Limits(max_steps=5_000)
    game = Game(rules, seed=1)
    stopped = []
    run = rules.machine._run

    def counting(*args):
        try:
            return run(*args)
        except CdlRunawayError:
            stopped.append(True)
            raise

    rules.machine._run = counting
    moves = {str(move) for move in game.legal_moves}
    # the ordinary error on the top card does not hide the presses below it
    assert {"A:2>B", "A:2>F", "B:6>A", "A:6>F"} <= moves
    assert not any(move.startswith(("A>", "B>")) for move in moves)
    assert not any(move.endswith(">E") for move in moves)
    # run once (not once per card, nor again from B: integrity? read only E's
    # length, so the run cache knows it runs away whatever else differs)
    assert len(stopped) == 1
    with pytest.raises(RuleFileError, match="stopped") as info:
        game.play("A:2>E")
    assert info.value.runaway
    assert [str(c) for c in game.pile("E").cards] == []


@pytest.mark.parametrize("area, card", [
    ((500, 300), (60, 90)),       # 100 x 100 cells: the height limits the card
    ((1000, 300), (60, 90)),      # wider cells do not make it taller
    ((500, 900), (92, 138)),      # 100 x 300 cells: the width limits it
])
def test_fit_layout_the_matrix_fills_the_area_and_the_card_is_the_biggest_2_3_frame(game, area, card):
    layout = game.ruleset.fit_layout(game, *area)
    assert (layout.width, layout.height) == area
    assert (layout.card_w, layout.card_h) == card
    assert layout.card_w * 3 == layout.card_h * 2
    cell_w, cell_h = area[0] // 5, area[1] // 3
    gap = max(4, min(cell_w, cell_h) // 12)
    # the smallest stacks are one cell: the card fits it, and the next 2:3 frame does not
    assert layout.card_w <= cell_w - gap and layout.card_h <= cell_h - gap
    assert layout.card_w + 2 > cell_w - gap or layout.card_h + 3 > cell_h - gap
    b, d = layout.view("B"), layout.view("D")
    assert (b.x, b.y) == (cell_w + gap // 2, gap // 2) and (d.x, d.y) == (3 * cell_w + gap // 2, gap // 2)
    assert layout.view("A").dy == layout.card_h // 4 and b.dy == b.dx == 0


def test_layout_direction_places_the_cards():
    source = """game L is 6 by 4;
stack U is X := 0; Y := 0; H := 4; Direction := up; end U;
stack G is X := 1; Y := 0; W := 3; Direction := left; end G;
stack R is X := 1; Y := 1; W := 3; Direction := right; end R;
stack O is X := 4; Y := 0; W := 2; H := 2; end O;
order U G R O."""
    rules = loads(source, "l.cdl")
    game = Game(rules, seed=1)
    layout = rules.fit_layout(game, 600, 400, gap=0)
    assert (layout.card_w, layout.card_h) == (66, 99)      # a 100 x 100 cell holds 66 x 99
    u, g, r, o = (layout.view(name) for name in "UGRO")
    assert (u.x, u.y + layout.card_h) == (0, 400)
    assert u.dy < 0 and u.dx == 0
    assert (g.x + layout.card_w, g.y) == (400, 0) and g.dx < 0
    assert (r.x, r.y) == (100, 100) and r.dx > 0
    assert (o.x, o.y, o.dx, o.dy) == (400, 0, 0, 0)
    # layout() picks an area of whole cells for cards of the usual height
    usual = rules.layout(game)
    assert usual.card_h == 96 and usual.card_w == 64
    assert usual.width % 6 == 0 and usual.height % 4 == 0


def test_a_deal_on_which_win_fails_is_an_error_of_the_file():
    source = SOURCE.replace("predicate win? is return A! = 0;", "predicate win? is return B[1] = 0;")
    with pytest.raises(RuleFileError, match="Position 1 is outside stack B") as info:
        Game(loads(source, "bench.cdl"), seed=1)
    assert info.value.line == SOURCE.splitlines().index("predicate win? is return A! = 0;") + 1


@pytest.mark.parametrize("change, message", [
    ({"cdl:globals": {"count": "many"}}, "count (INTEGER) cannot be 'many'"),
    ({"cdl:globals": {"count": 40000}}, "cannot be 40000"),
    ({"cdl:globals": {"last": "Nowhere"}}, "last (STACK)"),
    ({"cdl:globals": {"other": 1}}, "not a variable"),
    ({"cdl:shaded": {"A": [9]}}, "positions 1 to 5"),
    ({"cdl:shaded": {"Z": [1]}}, "not a stack"),
    ({"cdl:bottoms": {"C": 200}}, "from 0 to 157"),
    ({"cdl:bottoms": []}, "must be an object"),
])
def test_positions_with_variables_the_program_could_not_write_are_refused(game, change, message):
    from kingalbert.engine.errors import PositionError
    position = game.to_position()
    position["vars"].update(change)
    with pytest.raises(PositionError, match=message.replace("(", r"\(").replace(")", r"\)")):
        Game.from_position(game.ruleset, position)


def test_a_position_on_which_loose_fails_is_refused_and_a_good_one_loads_in_a_fresh_ruleset():
    from kingalbert.engine.errors import PositionError
    source = SOURCE.replace("predicate loose? is return C! = 3;", "predicate loose? is return C[1] = 0;")
    source = source.replace("Start is [0] := CrossCard;", "Start is begin [0] := CrossCard; Add Ace+Spade .. Ace+Spade "
                                                          "end;")
    game = Game(loads(source, "bench.cdl"), seed=1)
    position = game.to_position()
    assert [str(c) for c in game.pile("C").cards] == ["AS"]   # two Aces of Spades: two decks
    fresh = loads(source, "bench.cdl")
    assert Game.from_position(fresh, position).to_position() == position
    position["piles"][2]["cards"] = []
    with pytest.raises(PositionError, match="Position 1 is outside stack C"):
        Game.from_position(loads(source, "bench.cdl"), position)


def test_a_wait_button_runs_in_the_context_of_the_stack_whose_method_made_it():
    source = """game Box is 3 by 1;
stack S;
procedure Take is Pull 1 From S;
stack S is X := 0; Y := 0;
  Start is Add Ace+Spade .. Three+Spade;
end S;
stack P is X := 1; Y := 0;
  { a press only opens a box; its button pulls a card onto the stack that opened it }
  Select(p : index) is begin Clear 'Take a card?'; Wait 'Take' Take end;
  Help is begin Clear 'P'; Wait 'Take' Take end;
end P;
stack Q from P is X := 2; end Q;
order S P Q."""
    rules = loads(source, "box.cdl")
    game = Game(rules, seed=1)
    with pytest.raises(IllegalMoveError):
        game.play("click:Q")              # the box opens, but nothing changed: no transaction
    assert rules.help_box(game).buttons == [("Take", "take")]
    rules.press_button(game, 0)
    assert cards(game, "Q") == ["3S"] and cards(game, "P") == []
    rules.help_text(game, game.pile("P"))
    rules.press_button(game, 0)
    assert cards(game, "P") == ["2S"]
    game.undo()
    game.undo()
    assert cards(game, "S") == ["AS", "2S", "3S"]


def test_help_is_an_inspection_what_it_changes_is_thrown_away():
    source = SOURCE.replace("Help is begin Clear 'A';", "Help is begin Pull 1 To C; count := 9; Clear 'A';")
    game = Game(loads(source, "bench.cdl"), seed=1)
    before = game.to_position()
    box = game.ruleset.help_text(game, game.pile("A"))
    assert box.text == "A holds 4 cards, the top one is the Four of Spades."   # it ran after the PULL
    assert game.to_position() == before and not game.can_undo


EVERY_RELEASE_RUNS_AWAY = stock_onto_stacks(6, "while 1 = 1 do Turn [1..!] side down")


def test_a_listing_whose_releases_all_run_away_pays_the_whole_budget_once():
    # (a fuzzer: a drop that runs away on each of many stacks cost the whole step budget once
    # per stack, 1.3 s each: `moves` on 40 such stacks took 150 s, the desktop froze as long)
    from kingalbert.loaders.cdl.errors import CdlRunawayError
    from kingalbert.loaders.cdl.transactions import HURRIED_SHARE
    rules = loads(EVERY_RELEASE_RUNS_AWAY, "loop.cdl")
    rules.limits = rules.machine.limits = Limits(max_steps=40_000)
    game = Game(rules, seed=1)
    budgets = []
    run = rules.machine._run

    def counting(*args):
        try:
            return run(*args)
        except CdlRunawayError as error:
            budgets.append(int(error.message.split("more than ")[1].split(" steps")[0].replace(",", "")))
            raise
    rules.machine._run = counting
    assert list(game.legal_moves) == []
    # (with either button: ADJUST's release runs SelectTo too)
    assert len(budgets) >= 6 and budgets[0] == 40_000
    assert budgets[1:] == [40_000 // HURRIED_SHARE] * (len(budgets) - 1)
    failures = game.ruleset.unlisted_failures(game)
    assert len(failures) == 2 and all("loop.cdl:10:" in failure for failure in failures)
    # a move played has the whole budget, as ever
    budgets.clear()
    with pytest.raises(RuleFileError, match="stopped"):
        game.play("Stock>R4")
    assert budgets == [40_000] and not rules.machine.hurried
