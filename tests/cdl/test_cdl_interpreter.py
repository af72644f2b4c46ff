"""The CardsWorkShop interpreter: statements, expressions, CARD encoding, contexts, guards."""
import pytest

from kingalbert.engine.rng import Rng
from kingalbert.loaders.cdl import compile as compile_cdl
from kingalbert.loaders.cdl.errors import CdlRuntimeError
from kingalbert.loaders.cdl.interpreter import Interpreter, Limits, Output, State, card_name


class Run:
    """Compile a program, run its Start methods in ORDER order, keep the results."""

    def __init__(self, source, seed=1, limits=None):
        self.program = compile_cdl(source, "test.cdl")
        self.state = State.initial(self.program)
        self.output = Output()
        self.interpreter = Interpreter(self.program, self.state, Rng(seed), self.output, limits)
        for stack in self.program.order:
            if "start" in stack.methods:
                self.interpreter.run_method(stack, stack.methods["start"])

    def cards(self, name):
        return list(self.state.stacks[name.lower()])

    def var(self, name):
        return self.state.globals[name.lower()]

    def call(self, name, *args):
        return self.interpreter.call_routine(name.lower(), args)


def game(body, start="", decls="", stacks=("B", "D")):
    """A program with stack A (running ``start``) and more plain stacks."""
    others = "\n".join(f"stack {name} is X := {i + 1}; Y := 0; end {name};" for i, name in enumerate(stacks))
    return f"""game T is 10 by 4;
var n, m : integer; ok : boolean; s : stack; c : card; t : string;
{others}
{decls}
stack A is
  X := 0; Y := 1; W := 2; H := 3; Direction := down;
  Start is begin {start} end;
end A;
order {' '.join(stacks)} A."""


def run(start, decls="", **kw):
    return Run(game("", start, decls, **kw))


# -- expressions ----------------------------------------------------------------
@pytest.mark.parametrize("text, value", [
    ("1 + 2 * 3", 7), ("(1 + 2) * 3", 9), ("10 - 2 - 3", 5), ("17 / 5", 3), ("17 mod 5", 2),
    ("-7 / 2", -3), ("-7 mod 2", -1), ("- -4", 4), ("+5", 5), ("King + Heart", 25),
    ("Diamond + Ace", 39), ("DeckSizes", 52), ("EmptyCard", 156), ("CrossCard", 157),
    ("-32768", -32768), ("32767", 32767),
])
def test_arithmetic(text, value):
    assert run(f"n := {text}").var("n") == value


@pytest.mark.parametrize("text, value", [
    ("1 < 2", True), ("2 <= 1", False), ("3 <> 3", False), ("not (1 = 2)", True),
    ("true or false and false", True), ("(true or false) and false", False),
    ("not true = false", True), ("'abc' = 'abc'", True), ("A = A", True), ("A = B", False),
])
def test_booleans_and_comparisons(text, value):
    assert run(f"ok := {text}").var("ok") is value


def test_and_or_stop_as_soon_as_the_value_is_known():
    # [!] on an empty stack position 1 would fail; 1 / 0 would fail
    r = run("ok := (B! > 0) and (B[1] = 3); if (1 = 1) or (1 / 0 = 1) then n := 1")
    assert r.var("ok") is False and r.var("n") == 1


@pytest.mark.parametrize("text, message", [
    ("n := 32767 + 1", "Integer overflow"),
    ("n := -32767 - 2", "Integer overflow"),
    ("n := 200 * 200", "Integer overflow"),
    ("n := 1 / 0", "Division by zero"),
    ("n := 1 mod 0", "MOD by zero"),
])
def test_arithmetic_errors_stop_the_program(text, message):
    with pytest.raises(CdlRuntimeError) as info:
        run(text)
    assert message in info.value.message and info.value.line == 8


# -- the CARD encoding and stack statements ----------------------------------------
def test_add_range_to_context_and_to_named_stack():
    r = run("Add Ace+Spade .. Three+Spade; Add King+Diamond to B; Add 52")
    assert r.cards("A") == [0, 1, 2, 52] and r.cards("B") == [51]


def test_turn_sides_follow_the_encoding():
    r = run("Add Ace+Heart .. Four+Heart; Turn [1..4] side down; Turn [2] side up; Turn [3..4] side shaded")
    assert r.cards("A") == [13 + 52, 14, 15 + 104, 16 + 104]


def test_position_zero_is_the_empty_pile_drawing():
    r = run("n := [0]; [0] := CrossCard; m := [0]; Turn B[0] side up")
    assert r.var("n") == 156 and r.var("m") == 157
    assert r.state.bottoms["a"] == 157 and r.state.bottoms["b"] == 156


def test_shaded_drawing_from_the_help_files_doshade():
    decls = """procedure DoShade(Spos : index; c1 : Card) is
begin
  [Spos] := c1;
  Turn [Spos] side shaded;
  Turn [!] Side down;
end;"""
    r = run("DoShade(0, King + Spade); Add 5; Add 6; DoShade(1, Queen + Heart)", decls)
    # on an empty stack [!] is [0]: the drawing is shaded, then turned down
    assert r.state.bottoms["a"] == 12 + 52
    assert r.cards("A") == [24 + 104, 6 + 52]


def test_move_is_the_help_files_example():
    start = ("Add 13 to B; Add 5 to B; Add 8 to B; Add 3 to B; Add 2 to B; Add 4 to B;"
             "Add 1; Add 6; Add 9; MOVE B[2..4] TO A[3]")
    r = run(start)
    assert r.cards("B") == [13, 2, 4]
    assert r.cards("A") == [1, 6, 5, 8, 3, 9]


def test_move_to_the_end_and_to_the_same_stack():
    r = run("Add 1 .. 3 to B; Add 9; MOVE B[1..2] TO A[!+1]")
    assert r.cards("A") == [9, 1, 2] and r.cards("B") == [3]
    with pytest.raises(CdlRuntimeError, match="two different stacks"):
        run("Add 1 .. 3; MOVE A[1] TO A[2]")


def test_pull_keeps_order_and_uses_the_context():
    r = run("Add 1 .. 5 to B; Pull 3 From B; Pull 1 To B")
    assert r.cards("A") == [3, 4] and r.cards("B") == [1, 2, 5]
    with pytest.raises(CdlRuntimeError, match="Cannot pull 4 cards from B: it has 3"):
        run("Add 1 .. 3 to B; Pull 4 From B")


def test_inverse_remove_and_lengths():
    r = run("Add 0 .. 5; Inverse [2..5]; Remove [1]; n := !; m := B!; c := [!]")
    assert r.cards("A") == [4, 3, 2, 1, 5]
    assert (r.var("n"), r.var("m"), r.var("c")) == (5, 0, 5)


def test_positions_outside_the_stack_are_errors_with_their_line():
    with pytest.raises(CdlRuntimeError) as info:
        run("Add 1;\n n := [2]")
    assert info.value.line == 9 and "Position 2 is outside stack A" in info.value.message
    with pytest.raises(CdlRuntimeError, match="position 0"):
        run("Add 1; Remove [0..1]")


def test_empty_interval_does_nothing():
    r = run("Turn [1..!] side down; Inverse B[1..0]")
    assert r.cards("A") == []


def test_shuffle_uses_the_seeded_generator():
    one = Run(game("", "Add 0 .. 51; Shuffle"), seed=7)
    two = Run(game("", "Add 0 .. 51; Shuffle"), seed=7)
    three = Run(game("", "Add 0 .. 51; Shuffle"), seed=8)
    assert one.cards("A") == two.cards("A") != three.cards("A")
    assert sorted(one.cards("A")) == list(range(52))


def test_cards_off_the_table_are_refused():
    with pytest.raises(CdlRuntimeError, match="not a card"):
        run("Add EmptyCard")


# -- names, context, fields ----------------------------------------------------------
def test_fields_self_and_the_contextual_object_in_procedures():
    decls = """procedure Mark is begin n := X * 100 + Direction; s := Self; Add 7 end;"""
    r = run("Mark", decls)
    assert r.var("n") == 1 and r.var("s").name == "A" and r.cards("A") == [7]


def test_no_context_outside_methods():
    r = Run(game("", "", "predicate Size? is return ! = 0;"))
    with pytest.raises(CdlRuntimeError, match="no contextual stack"):
        r.call("Size?")


def test_stack_variables_and_parameters():
    decls = """function Count(it : stack) : integer is return it!;
procedure Fill(it : stack; k : integer) is Add 0 .. k - 1 to it;"""
    r = run("s := B; Fill(s, 4); n := Count(B) + Count(A)", decls)
    assert r.cards("B") == [0, 1, 2, 3] and r.var("n") == 4


def test_with_iterates_over_the_stacks_and_break_leaves_it():
    decls = "stack D is X := 3; Y := 0; end D;"
    r = run("with it do Add 1 to it for B, D; "
            "with it do begin n := n + 1; if it = B then break; end for D, B, D", decls)
    assert r.cards("B") == [1] and r.cards("D") == [1] and r.var("n") == 2


def test_break_in_while_and_break_procedure_leave_the_procedure():
    decls = """procedure Loop is begin
  while true do begin n := n + 1; if n = 3 then break end;
  n := 100
end;
procedure Early is begin
  with it do begin m := m + 1; break procedure end for B, B;
  m := 100
end;"""
    r = run("Loop; Early", decls)
    assert r.var("n") == 3 and r.var("m") == 1


def test_functions_recursion_and_locals():
    decls = """function Fact(k : integer) : integer is
var r : integer;
begin
  if k <= 1 then r := 1 else r := k * Fact(k - 1);
  return r
end;
predicate AlternateColor?(c1, c2 : Card) is
  return (((c1 / 13) + (c2 / 13)) mod 2) = 1;"""
    r = run("n := Fact(7); ok := AlternateColor?(King + Spade, Ace + Heart)", decls)
    assert r.var("n") == 5040 and r.var("ok") is True
    assert r.call("AlternateColor?", 0, 26) is False


def test_function_without_return_is_an_error():
    r = Run(game("", "", "function F : integer is n := 1;"))
    with pytest.raises(CdlRuntimeError, match="ended without RETURN"):
        r.call("F")


def test_predicate_without_parentheses_in_an_expression():
    r = run("ok := not Empty?", "predicate Empty? is return ! = 0;")
    assert r.var("ok") is False


# -- output ---------------------------------------------------------------------------
def test_write_clear_wait_and_flash():
    decls = "procedure Done is n := 1;"
    r = run("Add King + Heart; Clear 'Rules' at 1, 2 is 3 by 4; "
            "Write('Top: ', [!], ', count ', !, ', ', true, '\\n'); c := [1]; Write(c, ' ', 5);"
            "Wait 'OK' Done; Flash [1..1]; Draw", decls)
    box = r.output.help
    assert box.title == "Rules" and box.box == (1, 2, 3, 4)
    assert box.text == "Top: King of Hearts, count 1, TRUE\nKing of Hearts 5"
    assert box.buttons == [("OK", "done")]
    assert ("flash", "A", 1, 1) in r.output.events
    r2 = run("Clear 'x'; Clear")
    assert r2.output.help.open is False


def test_card_names():
    assert card_name(0) == "Ace of Spades" and card_name(38) == "King of Clubs"
    assert card_name(39 + 52) == "Ace of Diamonds (face down)" and card_name(104) == "Ace of Spades (shaded)"
    assert card_name(156) == "green circle" and card_name(157) == "red cross"


# -- runaway guards --------------------------------------------------------------------
def test_endless_while_is_stopped():
    with pytest.raises(CdlRuntimeError) as info:
        run("while true do n := 1")
    assert info.value.line == 8 and "stopped" in info.value.message


def test_unbounded_recursion_is_stopped():
    with pytest.raises(CdlRuntimeError, match="nest"):
        run("Forever", "procedure Forever is Forever;")


def test_mutual_recursion_through_forward_declarations_is_stopped():
    decls = "predicate Odd?(k : integer);\npredicate Even?(k : integer) is return Odd?(k);\n" \
            "predicate Odd?(k : integer) is return Even?(k);"
    with pytest.raises(CdlRuntimeError, match="nest"):
        run("ok := Even?(1)", decls)


def test_time_limit_stops_a_long_loop():
    limits = Limits(max_steps=10**9, max_seconds=0.05)
    with pytest.raises(CdlRuntimeError, match="longer than"):
        Run(game("", "while n >= 0 do begin n := n + 1; n := n - 1 end"), limits=limits)


# -- a program reaches nothing outside its own state ------------------------------------
def test_python_names_are_just_undefined_cdl_names():
    from kingalbert.engine.errors import RuleFileError
    for name in ("__import__", "eval", "open", "os"):
        with pytest.raises(RuleFileError, match=f"Undefined name {name}"):
            compile_cdl(game("", f"n := {name}"), "t.cdl")


def test_the_package_has_no_way_out():
    import pathlib
    import re

    import kingalbert.loaders.cdl as package
    forbidden = re.compile(r"\b(eval|exec|__import__|open|subprocess|socket|os\.system|importlib)\s*[(.]")
    for path in pathlib.Path(package.__file__).parent.glob("*.py"):
        text = path.read_text()
        assert not forbidden.search(text), path.name
        assert "import pygame" not in text and "import os" not in text, path.name
