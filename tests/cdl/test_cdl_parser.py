"""The CardsWorkShop parser: every statement and expression form, and error recovery."""
import pytest

from kingalbert.loaders.cdl import ast
from kingalbert.loaders.cdl.parser import parse
from kingalbert.loaders.cdl.scanner import scan
from kingalbert.loaders.cdl.tokens import T

HEADER = "game Test is 10 by 10;\n"


def parse_source(source):
    tokens, errors = scan(source)
    assert errors == []
    return parse(tokens)


def program(body, order="order A."):
    tree, errors = parse_source(HEADER + body + "\n" + order)
    assert errors == [], [e.message for e in errors]
    return tree


def body_of(statement):
    """Parse one statement as the body of a procedure and return its node."""
    tree = program(f"procedure P is {statement};")
    return tree.declarations[0].body


def expression(text):
    return body_of(f"x := {text}").value


# -- program layout ---------------------------------------------------------------
def test_header_and_order():
    tree = program("", order="order A, B C;.")
    assert tree.header.name.lexeme == "Test"
    assert (tree.header.width, tree.header.height) == (10, 10)
    assert [n.lexeme for n in tree.order.names] == ["A", "B", "C"]


def test_const_and_var_declarations():
    tree = program("const a := 1, b := a + 2; c = 3;\nvar x, y : integer; s : stack; f : Boolean;")
    const, var = tree.declarations
    assert [name.lexeme for name, _ in const.items] == ["a", "b", "c"]
    assert [[n.lexeme for n in g.names] for g in var.groups] == [["x", "y"], ["s"], ["f"]]
    assert [g.type.lexeme for g in var.groups] == ["integer", "stack", "Boolean"]


def test_stack_definition_fields_methods_and_inheritance():
    tree = program("""
stack W1 is
  X := 2; Y := 2; Direction := down; W := 2; H := 12;
  //*****
  Start is begin Pull 6 From D1; Turn [1..3] Side Up; end;
  Select(Spos : Index) is begin Pull 1 To D2; end;
end W1;
stack W2 from W1 is X := 4; SelectLeft from W1; end W2;
stack W3;""")
    w1, w2, w3 = tree.declarations
    assert [m.name.lexeme for m in w1.members] == ["X", "Y", "Direction", "W", "H", "Start", "Select"]
    select = w1.members[-1]
    assert [p.names[0].lexeme for p in select.params] == ["Spos"] and select.params[0].type.key == "index"
    assert w2.parent.lexeme == "W1" and w2.members[1].source.lexeme == "W1"
    assert w3.members is None


def test_routines_and_forward_declarations():
    tree = program("""
procedure D1(it : stack);
procedure D2;
function Higher(it : stack): card;
function Lower;
predicate Empty?(it : stack);
predicate AlternateColor?(c1, c2 : Card) is
  return (((c1 / 13) + (c2 / 13)) mod 2) = 1;
procedure DoShade(Spos : index; c1 : Card) is
var i, j : integer; s : stack;
begin
  [Spos]:=c1;
  Turn [Spos] side shaded;
  Turn [!] Side down;
end;""")
    d1, d2, higher, lower, empty, alt, shade = tree.declarations
    assert d1.body is None and len(d1.params) == 1
    assert d2.body is None and d2.params is None
    assert higher.return_type.key == "card" and lower.return_type is None
    assert empty.kind == "predicate"
    assert isinstance(alt.body, ast.Return)
    assert [g.type.key for g in shade.params] == ["index", "card"]
    assert [[n.key for n in g.names] for g in shade.locals] == [["i", "j"], ["s"]]
    assert len(shade.body.statements) == 3


# -- statements ---------------------------------------------------------------------
def test_add():
    node = body_of("Add Ace+Spade .. King+Diamond to C1")
    assert isinstance(node, ast.Add) and node.high is not None and node.dest.token.lexeme == "C1"
    assert body_of("add 5").high is None


def test_assignments():
    assert isinstance(body_of("x := 1").target, ast.Name)
    node = body_of("A1[3] := 5")
    assert isinstance(node.target, ast.Position) and node.target.stack.token.lexeme == "A1"
    assert body_of("[!] := 5").target.stack is None


def test_break_forms():
    assert body_of("break").procedure is False
    assert body_of("BREAK PROCEDURE").procedure is True


def test_clear_forms():
    assert body_of("clear").title is None
    node = body_of("clear 'Rules'")
    assert node.title.value == "Rules" and node.box is None
    node = body_of("clear 'Rules' at 1, 2 is 3 by 4")
    assert [part.value for part in node.box] == [1, 2, 3, 4]


def test_draw_flash_inverse_remove_shuffle():
    assert body_of("draw").stack is None
    assert body_of("draw A1").stack.token.lexeme == "A1"
    assert isinstance(body_of("flash A1[1..!]"), ast.Flash)
    assert isinstance(body_of("inverse [1..3]"), ast.Inverse)
    assert isinstance(body_of("remove A1[2]").interval, ast.Interval)
    assert body_of("shuffle").stack is None
    assert body_of("shuffle C1").stack.token.lexeme == "C1"


def test_if_with_and_without_else():
    node = body_of("if x = 1 then y := 2 else y := 3")
    assert isinstance(node, ast.If) and node.else_branch is not None
    assert body_of("if b then y := 2").else_branch is None


def test_move_and_pull():
    node = body_of("MOVE A1[2..4] TO A2[3]")
    assert node.interval.stack.token.lexeme == "A1" and node.dest.stack.token.lexeme == "A2"
    node = body_of("pull 1 from A to B")
    assert (node.source.token.lexeme, node.dest.token.lexeme) == ("A", "B")
    node = body_of("pull cursor! from cursor")
    assert isinstance(node.count, ast.Length) and node.dest is None
    assert body_of("pull 2 to B").source is None


def test_return_turn_wait_while_with_write_block_call():
    assert isinstance(body_of("return true"), ast.Return)
    node = body_of("turn it[it!] side up")
    assert node.side.token.key == "up" and isinstance(node.interval.low, ast.Length)
    node = body_of("wait 'OK' Done")
    assert node.title.value == "OK" and node.procedure.lexeme == "Done"
    assert isinstance(body_of("while x < 3 do x := x + 1"), ast.While)
    node = body_of("with it do if b then Turn it[it!] side up for A1, A2, A3, A4")
    assert node.var.lexeme == "it" and [s.token.lexeme for s in node.stacks] == ["A1", "A2", "A3", "A4"]
    node = body_of("write('a', 1, [!])")
    assert len(node.args) == 3
    node = body_of("begin x := 1; ; y := 2 end")
    assert len(node.statements) == 2
    node = body_of("DoShade(Spos, King+Spade)")
    assert isinstance(node, ast.CallStmt) and len(node.call.args) == 2
    assert body_of("Refresh").call.args == []


# -- expressions --------------------------------------------------------------------
def test_multiplication_binds_tighter_than_addition():
    node = expression("1 + 2 * 3")
    assert node.op.type is T.PLUS and node.right.op.type is T.STAR


def test_and_binds_tighter_than_or_and_both_are_logical():
    node = expression("a or b and c")
    assert isinstance(node, ast.Logical) and node.op.type is T.OR
    assert isinstance(node.right, ast.Logical) and node.right.op.type is T.AND


def test_comparison_is_lowest_and_not_is_highest():
    node = expression("not a = b")
    assert node.op.type is T.EQUAL and isinstance(node.left, ast.Unary)
    node = expression("a + 1 <= b mod 2")
    assert node.op.type is T.LESS_EQUAL


def test_left_to_right():
    node = expression("10 - 2 - 3")
    assert node.op.type is T.MINUS and node.left.op.type is T.MINUS


def test_length_forms():
    node = expression("A1!=13")
    assert node.op.type is T.EQUAL and isinstance(node.left, ast.Length)
    assert node.left.stack.token.lexeme == "A1"
    assert expression("!").stack is None


def test_card_forms_and_calls():
    node = expression("[!]")
    assert isinstance(node, ast.CardAt) and node.stack is None and isinstance(node.index, ast.Length)
    node = expression("S[i + 1]")
    assert node.stack.token.lexeme == "S" and isinstance(node.index, ast.Binary)
    node = expression("AlternateColor?(c1, [!])")
    assert isinstance(node, ast.Call) and len(node.args) == 2
    assert isinstance(expression("-(3)"), ast.Unary)


# -- errors -------------------------------------------------------------------------
def errors_of(source):
    _, errors = parse_source(source)
    return [(e.line, e.message) for e in errors]


def test_missing_semicolon_is_reported_with_its_line():
    errors = errors_of(HEADER + "procedure P is\nbegin\n  x := 1\n  y := 2\nend;\norder A.")
    assert errors[0][0] == 4 and "Expect ';' between statements" in errors[0][1]


def test_one_run_reports_several_errors():
    source = HEADER + """procedure P is
begin
  x := ;
  pull from A;
  y := 2;
end;
procedure Q is x := );
order A."""
    errors = errors_of(source)
    assert [line for line, _ in errors] == [4, 5, 8]


def test_end_name_must_match():
    errors = errors_of(HEADER + "stack A is X := 1; end B;\norder A.")
    assert errors == [(2, "Stack A must end with 'END A', not 'END B', found 'B'.")]


def test_range_is_not_a_value():
    errors = errors_of(HEADER + "procedure P is x := A[1..2];\norder A.")
    assert errors and "range" in errors[0][1]


def test_semicolon_before_else_is_explained():
    errors = errors_of(HEADER + "procedure P is begin if a then x := 1; else x := 2 end;\norder A.")
    assert errors and "before ELSE" in errors[0][1]


def test_missing_final_dot_and_junk_after_it():
    assert "Expect '.'" in errors_of(HEADER + "order A")[0][1]
    assert "Nothing may follow" in errors_of(HEADER + "order A. x")[0][1]


def test_missing_header():
    errors = errors_of("stack A is X := 1; end A; order A.")
    assert errors[0][0] == 1 and "GAME" in errors[0][1]


@pytest.mark.parametrize("source", ["begin end", "if then", "with do for", ":= := :=", "end end end"])
def test_recovery_always_terminates(source):
    errors = errors_of(HEADER + "procedure P is " + source + ";\n" + source + "\norder A.")
    assert errors


DEEP = {
    "parentheses": lambda n: "n := " + "(" * n + "1" + ")" * n,
    "calls": lambda n: "n := " + "F(" * n + "1" + ")" * n,
    "positions": lambda n: "n := " + "A[" * n + "1" + "]" * n,
    "nots": lambda n: "ok := " + "not " * n + "true",
    "ifs": lambda n: "if ok then " * n + "n := 1",
    "blocks": lambda n: "begin " * n + "n := 1" + " end" * n,
}


def deep_program(form, n):
    body = DEEP[form](n)
    return ("game Deep is 2 by 1;\nvar n : integer; ok : boolean;\n"
            "function F(a : integer) : integer is return a;\n"
            f"stack A is X := 0; Y := 0; Start is begin n := 0; ok := true; Add 1;\n{body} end; end A;\norder A.")


@pytest.mark.parametrize("form", sorted(DEEP))
def test_deep_nesting_is_an_error_with_its_line_not_a_crash(form):
    from kingalbert.engine.errors import RuleFileError
    from kingalbert.loaders.cdl import compile as compile_cdl
    with pytest.raises(RuleFileError, match="nests too deeply") as info:
        compile_cdl(deep_program(form, 3000), "deep.cdl")
    assert info.value.line == 5


@pytest.mark.parametrize("form", sorted(DEEP))
def test_nesting_within_the_limit_compiles_and_runs(form):
    import sys

    from kingalbert.engine import Game
    from kingalbert.loaders.cdl import loads
    limit = sys.getrecursionlimit()
    game = Game(loads(deep_program(form, 90), "deep.cdl"), seed=1)
    assert game.ruleset.program.globals and sys.getrecursionlimit() == limit


@pytest.mark.parametrize("operator, count, value", [("+", 3000, 3000), ("*", 5000, 1), ("-", 99, -97)])
def test_a_flat_chain_of_operators_is_not_nesting(operator, count, value):
    """``1 + 1 + ... + 1``: however long, a chain is one level (only real nesting counts)."""
    from kingalbert.engine import Game
    from kingalbert.loaders.cdl import loads
    body = f"n := {f' {operator} '.join(['1'] * count)}; ok := (n = {value}) and true and true or false;"
    game = Game(loads(deep_program("ifs", 1).replace("n := 1", body), "flat.cdl"), seed=1)
    assert game.vars["cdl:globals"] == {"n": value, "ok": True}
