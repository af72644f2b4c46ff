"""Transactions of CardsWorkShop games: ADJUST drags, what is listed, the limits."""
import json
import time

import pytest

from kingalbert.cli import main
from kingalbert.engine import Game
from kingalbert.engine.errors import IllegalMoveError, RuleFileError
from kingalbert.loaders.cdl import loads
from kingalbert.loaders.cdl.interpreter import Limits


def run(capsys, *argv):
    code = main([str(arg) for arg in argv])
    out, err = capsys.readouterr()
    return code, out, err


def cards(game, name):
    return [str(card) for card in game.pile(name).cards]


# -- ADJUST drags ----------------------------------------------------------------------
ADJUST = """game Adjust is 4 by 1;
stack S is X := 0; Y := 0;
  Start is Add Ace+Spade .. Three+Spade;
  SelectFrom(p : index) is if p = ! then Pull 1 To Cursor;
end S;
stack L is X := 1; Y := 0; SelectLeftTo(p : index) is Pull Cursor! From Cursor; end L;
stack R is X := 2; Y := 0; SelectRightTo(p : index) is Pull Cursor! From Cursor; end R;
{ an ADJUST-click on N puts a card of S there by itself }
stack N is X := 3; Y := 0; SelectRightFrom(p : index) is Pull 1 From S; end N;
order S L R N.
"""


def test_an_adjust_drag_is_listed_and_played(capsys, tmp_path):
    path = tmp_path / "adjust.cdl"
    path.write_text(ADJUST)
    code, out, _ = run(capsys, "moves", path)
    assert code == 0 and set(out.split()) == {"S>L", "adjust:S>R", "adjust:N"}
    code, out, err = run(capsys, "replay", path, "adjust:S>R")
    piles = {pile["name"]: pile["cards"] for pile in json.loads(out)["piles"]}
    assert code == 0 and piles["R"] == ["3S"] and piles["S"] == ["AS", "2S"]
    assert json.loads(out)["moves"] == ["adjust:S>R"]
    # SELECT does not reach R, ADJUST does not reach L; an ADJUST-click on S carries nothing away
    for refused in ("S>R", "adjust:S>L", "adjust:S"):
        code, _, err = run(capsys, "replay", path, refused)
        assert code == 3, refused


def test_adjust_drags_undo_and_the_click_is_still_the_click():
    game = Game(loads(ADJUST, "adjust.cdl"), 1)
    rules = game.ruleset
    assert [str(c) for c in rules.picked_up(game, game.pile("S"), 1, button="right")] == ["3S"]
    assert rules.picked_up(game, game.pile("S"), 2, button="right") is None
    game.play("adjust:S>R")
    game.play("adjust:N")
    assert cards(game, "R") == ["3S"] and cards(game, "N") == ["2S"]
    game.undo()
    game.undo()
    assert cards(game, "S") == ["AS", "2S", "3S"]
    assert [str(m) for m in game.legal_moves if m.kind == "adjust"] == ["adjust:S>R", "adjust:N"]


def test_other_games_refuse_adjust_drags():
    from kingalbert.engine.king_albert import KingAlbert
    game = Game(KingAlbert(), 1)
    with pytest.raises(IllegalMoveError, match="ADJUST"):
        game.play("adjust:r4>t4")
    assert game.ruleset.picked_up(game, game.pile("r4"), 1, button="right") is None


# -- what is listed is accepted ----------------------------------------------------------
RUNAWAY_VERDICT = """game Verdict is 3 by 1;
stack A is X := 0; Y := 0;
  Start is Add Ace+Spade .. Three+Spade;
  SelectFrom(p : index) is if p = ! then Pull 1 To Cursor;
  SelectTo(p : index) is Pull 1 From Cursor;
end A;
stack B from A is X := 1; Start is begin end; end B;
stack C from A is X := 2; Start is begin end; end C;
{ fails once B holds a card: win? runs away, loose? divides by zero }
predicate win? is begin while B! = 1 do begin end; return false end;
predicate loose? is return 1 / (2 - C!) = 5;
order A B C.
"""


def test_moves_never_lists_a_move_that_replay_refuses(capsys, tmp_path):
    path = tmp_path / "verdict.cdl"
    path.write_text(RUNAWAY_VERDICT)
    code, out, _ = run(capsys, "moves", path)
    assert code == 0 and set(out.split()) == {"A>C"}       # A>B would make win? run away
    code, out, _ = run(capsys, "replay", path, "A>C")
    assert code == 0
    code, out, _ = run(capsys, "moves", path, "A>C")
    assert code == 0 and set(out.split()) == {"C>A"}       # A>C again: loose? divides by zero
    code, out, err = run(capsys, "replay", path, "A>B")
    # (refused, with the position before it: the program's failure rolls the move back)
    assert code == 3 and json.loads(out)["moves"] == [] and "verdict.cdl:10:" in err and "2,000,000 steps" in err
    code, out, err = run(capsys, "replay", path, "A>C", "A>C")
    assert code == 3 and json.loads(out)["moves"] == ["A>C"] and "verdict.cdl:11: Division by zero" in err


# -- limits that do not depend on the machine --------------------------------------------
def deep(levels, calls):
    return f"""game Deep is 2 by 1;
var n : integer;
function Deep(k : integer) : integer is
  if k = 0 then return 0 else return Deep(k - 1) + 1;
stack A is X := 0; Y := 0;
  Start is n := Deep({calls});
  SelectFrom(p : index) is n := Deep({levels});
end A;
stack B is X := 1; Y := 0; end B;
order A B."""


def test_calls_nest_200_deep_and_a_method_is_not_a_call():
    # Deep(199) is 200 calls inside one another (Deep(99) was stopped when a method counted)
    assert Game(loads(deep(5, 199), "deep.cdl"), 1).vars["cdl:globals"]["n"] == 199
    game = Game(loads(deep(199, 5), "deep.cdl"), 1)
    game.play("click:A")            # a method's own frame is not a call
    assert game.vars["cdl:globals"]["n"] == 199
    with pytest.raises(RuleFileError, match="Calls nest more than 200 deep") as info:
        Game(loads(deep(199, 200), "deep.cdl"), 1)
    assert info.value.line == 4 and info.value.runaway


def test_calls_nest_200_deep_even_inside_deeply_nested_statements():
    """Python's own stack is not what limits a program: 200 calls, each inside
    statements and expressions nested 90 deep, still run."""
    nesting = "if n >= 0 then " * 45
    parentheses = "(" * 40 + "Deep(k - 1)" + ")" * 40
    text = f"""game Deep is 2 by 1;
var n : integer;
function Deep(k : integer) : integer is
  begin {nesting} if k = 0 then return 0 else return {parentheses} + 1; end;
stack A is X := 0; Y := 0; Start is n := Deep(200); end A;
stack B is X := 1; Y := 0; end B;
order A B."""
    text = text.replace("Deep(200)", "Deep(199)")
    assert Game(loads(text, "deep.cdl"), 1).vars["cdl:globals"]["n"] == 199


LOOP = """game Loop is 2 by 1;
var m, n : integer;
stack A is X := 0; Y := 0;
  Start is begin
    m := 0;
    while m < {turns} do begin m := m + 1; n := 0; while n < 99 do n := n + 1 end
  end;
end A;
stack B is X := 1; Y := 0; end B;
order A B."""


def test_a_run_has_2_000_000_steps():
    # steps: the block, m := 0 and the WHILE (3), then per turn the turn, its block,
    # two assignments and the inner WHILE (5) and 99 inner turns of 2: 3 + 203 x 9852
    # = 1,999,959 steps run; one turn more needs 2,000,162
    game = Game(loads(LOOP.format(turns=9852), "loop.cdl"), 1)
    assert game.vars["cdl:globals"]["m"] == 9852
    with pytest.raises(RuleFileError, match="more than 2,000,000 steps") as info:
        Game(loads(LOOP.format(turns=9853), "loop.cdl"), 1)
    assert info.value.runaway and info.value.line == 6


def test_the_same_runaway_is_reported_alike_on_a_ten_times_slower_machine(monkeypatch):
    """The step budget decides, not the clock (30 s, a safety net): a machine ten
    times slower (a clock that runs ten times too fast) reports the same runaway."""
    assert Limits().max_seconds >= 30
    messages = []
    for factor in (1, 10):
        real = time.monotonic
        start = real()
        monkeypatch.setattr(time, "monotonic", lambda: start + (real() - start) * factor)  # noqa: B023  (set back below, in the same turn)
        with pytest.raises(RuleFileError) as info:
            Game(loads(LOOP.format(turns=20000), "loop.cdl"), 1)
        messages.append(str(info.value))
        monkeypatch.setattr(time, "monotonic", real)
    assert messages[0] == messages[1] and "2,000,000 steps" in messages[0]


def test_a_remembered_press_leaves_each_game_its_own_random_generator():
    """Listing works a press out once for what it reads; a press that doesn't shuffle
    must leave the game's generator as it was, not as it was in the game the press
    was first worked out in."""
    ruleset = loads(ADJUST, "adjust.cdl")
    first, second = Game(ruleset, 1), Game(ruleset, 1)
    second.rng.state = first.rng.state ^ 0x5A5A5A
    mine = second.rng.state
    for game in (first, second):
        game.play(next(m for m in game.legal_moves if m.src == "S" and m.dst == "L"))
    assert second.rng.state == mine


# -- what a remembered listing is keyed by -------------------------------------------------
MODES = """game Modes is 3 by 1;
var mode : integer; origin : stack;
stack S is X := 0; Y := 0;
  Start is Add Ace+Spade .. Three+Spade;
  SelectLeftFrom(p : index) is if p = ! then begin origin := Self; Pull 1 To Cursor; end;
end S;
stack D is X := 1; Y := 0;
  SelectLeftTo(p : index) is if (origin = S) and (mode = 1) then Pull 1 From Cursor;
end D;
stack E is X := 2; Y := 0;
  SelectLeftTo(p : index) is Pull 1 From Cursor;
end E;
order S D E.
"""


def test_a_listing_is_keyed_by_the_variables_its_releases_read_but_not_by_those_its_press_set():
    """D takes a card only in mode 1, from S (``origin``, which S's press sets): the listing
    S's presses and their releases make is remembered whatever ``origin`` was before the
    press, and told apart by ``mode``."""
    from kingalbert.loaders.cdl.transactions import View
    ruleset = loads(MODES, "modes.cdl")
    base = ruleset.read_state(Game(ruleset, 1))

    def drags(mode, before):
        state = base.copy()
        state.globals.update(mode=mode, origin=before)
        return sorted(str(move) for _, move, _, _ in ruleset.accepted(View(state), None, verdicts=False))

    e = ruleset.program.stacks["e"]
    assert drags(0, None) == ["S>E"]
    assert drags(1, None) == ["S>D", "S>E"]
    assert drags(1, e) == ["S>D", "S>E"] and drags(0, e) == ["S>E"]
    # S's listing, remembered by the values it read: the two modes, whatever ``origin`` was
    kept = [(shape[2], table) for kind, entries in ruleset.machine.cache.shapes.items() if kind[:2] == ("listing", "s")
            for shape, _, table in entries]
    assert {variables for variables, _ in kept} == {("mode",)} and sum(len(table) for _, table in kept) == 2


SHUFFLES = """game Shuffles is 2 by 1;
var k, m : integer;
stack A is X := 0; Y := 0;
  Start is begin
    Add Ace+Spade .. King+Diamond;
    k := 0;
    while k < {outer} do begin
      k := k + 1; m := 0;
      while m < 1000 do begin m := m + 1; {statement} end
    end
  end;
end A;
stack B is X := 1; Y := 0; end B;
order A B."""


@pytest.mark.parametrize("statement, per_turn", [("Shuffle", 4 + 52), ("Turn [1..!] side down", 4 + 26),
                                                 ("Inverse [1..!]", 4 + 6)])
def test_a_statement_over_a_whole_stack_costs_steps_by_its_cards(statement, per_turn):
    # (a fuzzer: `while true do Shuffle;` on 156 cards counted a step a shuffle, so only the
    # wall clock's 30 s stopped it; TURN over the stack took 12 s): a shuffle costs a step a
    # card, a turn one for two cards, an inverse one for eight (besides its own step)
    fits = int(1_950_000 / (1000 * per_turn + 6))
    game = Game(loads(SHUFFLES.format(outer=fits, statement=statement), "s.cdl"), 1)
    assert game.vars["cdl:globals"]["k"] == fits
    runs_away = int(2_050_000 / (1000 * per_turn)) + 1
    with pytest.raises(RuleFileError, match="more than 2,000,000 steps"):
        Game(loads(SHUFFLES.format(outer=runs_away, statement=statement), "s.cdl"), 1)
