"""Hostile CardsWorkShop files: bounded, refused with FILE:LINE: message, never a crash."""
from pathlib import Path

import pytest

from kingalbert.cli import main
from kingalbert.engine import Game
from kingalbert.engine.errors import RuleFileError
from kingalbert.loaders.cdl import MAX_REPORTED, load, loads
from kingalbert.loaders.cdl import compile as compile_cdl
from kingalbert.loaders.cdl.interpreter import MAX_TEXT
from kingalbert.loaders.cdl.layoutcheck import MAX_STACKS
from tests.helpers.cdl_programs import stock_onto_stacks


def refused(text, name="hostile.cdl"):
    with pytest.raises(RuleFileError) as info:
        compile_cdl(text, name)
    return info.value


def test_a_huge_stack_is_refused_by_arithmetic():
    error = refused("game Huge is 10 by 10;\nstack A is\n  X := 0; Y := 0; W := 32767; H := 32767;\nend A;\norder A.")
    assert error.line == 3 and "does not fit" in error.message


@pytest.mark.parametrize("size, wanted", [(1000, "cannot be drawn"), (10000, "at most 1000 by 1000")])
def test_a_matrix_that_cannot_be_drawn_is_refused_at_load(size, wanted):
    text = f"game Big is {size} by {size};\nstack A is X := 0; Y := 0; end A;\norder A."
    error = refused(text)
    assert error.line == 1 and wanted in error.message


def test_a_big_matrix_with_big_stacks_can_be_drawn():
    text = "game Big is 1000 by 1000;\nstack A is X := 0; Y := 0; W := 500; H := 500; end A;\norder A."
    assert compile_cdl(text, "big.cdl").width == 1000


def test_overlaps_are_found_whatever_the_sizes():
    text = ("game O is 100 by 100;\nstack A is X := 0; Y := 0; W := 50; H := 50; end A;\n"
            "stack B is X := 60; Y := 0; W := 40; H := 100; end B;\n"
            "stack C is X := 10; Y := 49; W := 60; H := 2; end C;\norder A B C.")
    error = refused(text)
    assert error.line == 4 and "C overlaps stack A" in error.message


def many_stacks(count, columns=40):
    rows = -(-count // columns)
    lines = [f"game Many is {columns} by {rows};",
             "stack S0 is X := 0; Y := 0; Start is Add Ace+Spade .. King+Spade;",
             "  SelectFrom(p : index) is if (p = !) and (p > 0) then Pull 1 To Cursor;",
             "  SelectTo(p : index) is Pull 1 From Cursor;", "end S0;"]
    lines += [f"stack S{i} from S0 is X := {i % columns}; Y := {i // columns}; Start is begin end; end S{i};"
              for i in range(1, count)]
    lines.append("order " + " ".join(f"S{i}" for i in range(count)) + ".")
    return "\n".join(lines)


def test_listing_moves_of_many_stacks_runs_each_method_a_few_times():
    rules = loads(many_stacks(MAX_STACKS), "many.cdl")
    game = Game(rules, 1)
    runs = []
    run = rules.machine._run
    rules.machine._run = lambda *args: runs.append(args) or run(*args)
    moves = list(game.legal_moves)
    assert len(moves) == MAX_STACKS - 1         # the top card of S0 to any other stack
    assert len(runs) <= 3 * MAX_STACKS          # a press on each stack, a release on each
    error = refused(many_stacks(MAX_STACKS + 1))
    assert error.line == 1 and f"at most {MAX_STACKS} stacks" in error.message


@pytest.mark.parametrize("count", [20_000, pytest.param(2_000_000, marks=pytest.mark.slow)])
def test_syntax_errors_are_reported_by_the_first_twenty_and_a_count(count):
    text = "game E is 2 by 1;\n" + "@\n" * count
    error = refused(text)
    assert error.line == 2 and len(str(error)) < 5000
    assert str(error).count("Unexpected character") == MAX_REPORTED
    # every '@', and the ORDER list the program lacks
    assert f"and {count + 1 - MAX_REPORTED:,} more errors" in str(error)


WRITING = """game W is 2 by 1;
var n : integer;
stack A is X := 0; Y := 0;
  Start is begin n := 0; while n < 30000 do begin Write('{text}', n); n := n + 1 end end;
  SelectFrom(p : index) is begin Clear 'Box'; n := 0; while n < 1000 do begin Write('{text}'); n := n + 1 end end;
end A;
stack B is X := 1; Y := 0; end B;
order A B.
"""


def test_a_writing_loop_is_stopped_by_its_steps_with_a_line(capsys, tmp_path):
    path = tmp_path / "write.cdl"
    path.write_text(WRITING.format(text="x" * 1_000_000))
    assert main(["check", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out.startswith(f"error {path}:4: The program ran more than 2,000,000 steps")


def test_a_box_holds_at_most_64_kb_of_text():
    rules = loads(WRITING.format(text="y" * 1000).replace("n < 30000", "n < 3"), "w.cdl")
    game = Game(rules, 1)
    rules.help_text(game, game.pile("A"))
    game.play("click:A")            # a thousand WRITEs of 1,000 characters
    box = rules.help_box(game)
    assert box.title == "Box" and len(box.text) <= MAX_TEXT + 10 and box.text.endswith("[...]")


@pytest.mark.parametrize("content", [b"\x00\x01binary", b"GAME \xff\xfe\x00"])
def test_a_binary_file_is_an_error_of_no_line(tmp_path, content):
    # (as in every format: "FILE: ...", where a file can't be read as text at all; it was
    # "FILE:1: ...", found by a fuzzer)
    path = tmp_path / "bin.cdl"
    path.write_bytes(content)
    with pytest.raises(RuleFileError) as info:
        load(path)
    assert info.value.line is None and str(info.value).startswith(f"{path}: ")


def test_an_unreadable_file_is_an_error_of_no_line(tmp_path):
    with pytest.raises(RuleFileError) as info:
        load(tmp_path / "missing.cdl")
    assert info.value.line is None and str(info.value) == f"{tmp_path / 'missing.cdl'}: no such file"


CURSOR_LEFT = """game C is 2 by 1;
stack A is X := 0; Y := 0;
  Start is begin Add Ace+Spade .. Three+Spade; {pull} end;
end A;
stack B is X := 1; Y := 0;
  SelectFrom(p : index) is Pull 1 From A To B;
end B;
predicate integrity? is
  begin {integrity} return true end;
order A B.
"""


def test_cards_left_on_the_cursor_name_the_method_or_predicate():
    with pytest.raises(RuleFileError) as info:
        Game(loads(CURSOR_LEFT.format(pull="Pull 1 To Cursor;", integrity=""), "c.cdl"), 1)
    assert info.value.line == 3 and "Start method (line 3) must not leave cards on the CURSOR" in str(info.value)
    rules = loads(CURSOR_LEFT.format(pull="", integrity="if B! > 0 then Pull 1 From B To Cursor;"), "c.cdl")
    game = Game(rules, 1)
    with pytest.raises(RuleFileError) as info:
        game.play("click:B")
    assert info.value.line == 8 and "integrity? (line 8) must not leave cards" in str(info.value)
    assert not game.history


def test_a_number_of_thousands_of_digits_and_a_card_past_the_last_are_named_with_their_line():
    # (a play-test: 5,001 digits gave Python's own message with no line; Add 500 said "156")
    error = refused("game G is 10 by 10;\nstack A is\n  X := 0; Y := " + "9" * 5001 + ";\nend A;\norder A.")
    assert error.line == 3 and "is too big" in error.message and "5001 digits" in error.message
    assert len(error.message) < 200
    program = ("game G is 7 by 5;\nstack A;\nstack A is\n  X := 0; Y := 0;\n  Start is\n    begin\n"
               "      Add {} .. {};\n    end;\nend A;\norder A.")
    for first, last, named in ((500, 500, 500), (150, 170, 156), (-3, 2, -3)):
        with pytest.raises(RuleFileError) as info:
            Game(loads(program.format(first, last), "adds.cdl"), 1)
        assert info.value.line == 7 and f"{named} is not a card" in info.value.message


RUNAWAY_CLICK = """game R is 2 by 1;
var n : integer;
stack A is X := 0; Y := 0;
  Start is begin Add 0 .. 3; end;
  SelectFrom(p : index) is begin n := 0; while n >= 0 do n := 1 end;
end A;
stack B is X := 1; Y := 0; end B;
order A B.
"""


def test_a_move_whose_program_runs_away_is_refused_by_replay_with_the_position_before(capsys, tmp_path):
    # (a play-test: exit 1, "error FILE:LINE", and no position, as if the file could not load)
    import json
    path = tmp_path / "runaway.cdl"
    path.write_text(RUNAWAY_CLICK)
    assert main(["replay", str(path), "--seed", "1", "click:A"]) == 3
    out, err = capsys.readouterr()
    assert json.loads(out)["moves"] == [] and f"click:A: {path}:5:" in err and "steps" in err


def test_moves_names_the_moves_it_leaves_out_because_the_program_fails_in_them(capsys, tmp_path):
    # (a play-test: `moves` left a runaway press out without a word)
    path = tmp_path / "runaway.cdl"
    path.write_text(RUNAWAY_CLICK)
    assert main(["moves", str(path), "--seed", "1"]) == 0
    out, err = capsys.readouterr()
    assert "A" not in out.split()
    assert f"{path}:5:" in err and "steps" in err and err.count("\n") == 1


SOME_DEALS_FAIL = """game S is 2 by 1;
var x : integer;
stack A is X := 0; Y := 0;
  Start is begin Add Ace+Spade .. King+Spade; Shuffle; if [!] mod 2 = 0 then x := 1 / 0 end;
end A;
stack B is X := 1; Y := 0; end B;
order A B.
"""


def test_a_deal_the_program_fails_on_is_named_and_a_measurement_goes_on_past_it(capsys, tmp_path):
    # (a play-test: `deal` did not say which deal failed, and `solve --seeds` stopped at the
    # first such deal, without the others or its summary)
    path = tmp_path / "some.cdl"
    path.write_text(SOME_DEALS_FAIL)
    assert main(["solve", str(path), "--seeds", "0-9", "--timeout", "0.2"]) == 1
    lines = capsys.readouterr().out.splitlines()
    failed = [line for line in lines if " error " in line]
    assert len(lines) == 11 and failed and len(failed) < 10
    seed = int(failed[0].split()[0])
    assert failed[0] == f"{seed} error {path}:4: Division by zero (dealing deal {seed})"
    assert lines[-1].startswith("decided ") and f"failed {len(failed)})" in lines[-1]
    assert main(["deal", str(path), "--seed", str(seed)]) == 1
    assert f"(dealing deal {seed})" in capsys.readouterr().err


@pytest.mark.parametrize("where", ["release", "win"])
def test_a_chain_of_a_thousand_operators_is_solved_as_it_loads_and_plays(capsys, tmp_path, where):
    # (a fuzzer: 1 + 1 + ... + 1 in a release's condition, or Stock! + 0 + ... in win?,
    # loaded and played, and `solve` said "the command needs more nesting than it may use":
    # the search's reading of the text recursed once per operator)
    chain = " + ".join(["1"] * 1001)
    program = EVERY_RELEASE.replace("CONDITION", f"{chain} > 1" if where == "release" else "1 > 0")
    if where == "win":
        program = program.replace("return Stock! = 0;", "return Stock! + " + " + ".join(["0"] * 1000) + " = 0;")
    path = tmp_path / "chain.cdl"
    path.write_text(program)
    assert main(["solve", str(path), "--timeout", "5"]) == 0
    out = capsys.readouterr().out.split()
    assert out[0] == "winnable" and out[1:] == ["Stock>R1"] * 52


EVERY_RELEASE = stock_onto_stacks(1, "if CONDITION then Pull 1 From Cursor")


def test_a_history_may_press_only_a_button_a_wait_of_the_program_makes(capsys, tmp_path):
    # (a fuzzer: a saved game's `button:1=DealThree@Reserve` ran Canfield's stock procedure
    # with no box open, dealing three reserve cards to the waste; it replayed, saved, loaded)
    from kingalbert.app.catalogue import GAMES_DIR
    canfield = str(GAMES_DIR / "cdl" / "canfield.cdl")
    assert main(["replay", canfield, "--seed", "1", "button:1=DealThree@Reserve"]) == 3
    assert "No button of the game runs 'DealThree'" in capsys.readouterr().err
    buttons = str(Path(__file__).resolve().parents[1] / "app" / "data" / "buttons.cdl")
    assert main(["replay", buttons, "--seed", "1", "A>B", "button:1=EmptyB@A"]) == 0
